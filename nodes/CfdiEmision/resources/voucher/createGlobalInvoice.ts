import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import {
	buildGlobalInvoice,
	lateGlobalInvoiceWarning,
	globalInvoiceMoney,
	MESES,
	PERIODICIDAD,
	type GlobalInvoiceInput,
	type SaleInput,
} from '../../cfdi';
import { catalogOptions } from '../../actions/common.fields';
import { showFor } from '../../actions/common.fields';
import {
	kindInputFailure,
	readTaxRates,
	taxRateFields,
	withRelationsAndLegends,
} from '../../actions/voucher/fields/voucherKind.fields';
import {
	checkWindow,
	globalInvoiceKey,
	ticketsInvoicedIndividually,
	type ListedVoucher,
} from '../../cfdi/businessKey';
import { RunSession } from '../../transport/transport';
import { findOnVoucherList } from '../../api/voucherList';
import {
	duplicateCheckModeOf,
	readStampingSettings,
	runStamping,
	stampFields,
} from '../../stamping';
import { BuiltVoucher, issuerFromFields, voucherField } from '../../voucherInput';

const OPERATION = 'createGlobalInvoice';
const show = showFor('voucher', [OPERATION]);

export const globalInvoiceFields: INodeProperties[] = [
	...stampFields([OPERATION]),
	voucherField('emisorRfc', show),
	voucherField('emisorNombre', show),
	voucherField('emisorRegimenFiscal', show),
	voucherField('serie', show),
	voucherField('lugarExpedicion', show, {
		description:
			"Postal code where the voucher is issued (lugarExpedicion); it is also the general public's fiscal postal code",
	}),
	{
		displayName: 'Periodicity',
		name: 'globalPeriodicity',
		type: 'options',
		options: catalogOptions(PERIODICIDAD),
		default: '04',
		description: 'The period the global invoice covers (periodicidad)',
		displayOptions: show,
	},
	{
		displayName: 'Month',
		name: 'globalMonth',
		type: 'options',
		options: catalogOptions(MESES),
		default: '01',
		description: 'The month of the sales (meses): 01-12, or 13-18 for a bimonthly period',
		displayOptions: show,
	},
	{
		displayName: 'Year',
		name: 'globalYear',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description:
			'The year of the sales (anio), the current or the previous one; 0: the current year in Mexico City',
		displayOptions: show,
	},
	voucherField('formaPago', show, {
		description: 'How the sales were paid (formaPago), e.g. 01 cash or 04 credit card',
	}),
	{
		displayName: 'Sale Ticket Number',
		name: 'saleTicket',
		type: 'string',
		required: true,
		default: '',
		placeholder: '={{ $json.ticket }}',
		description:
			"Each input item is one sale; map its ticket or receipt number, written as the concept's noIdentificacion",
		displayOptions: show,
	},
	{
		displayName: 'Sale Amount',
		name: 'saleAmount',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 2 },
		required: true,
		default: 0,
		placeholder: '={{ $json.total }}',
		description: "Map each sale's amount",
		displayOptions: show,
	},
	{
		displayName: 'Sale Amounts Include Taxes',
		name: 'salePricesIncludeTax',
		type: 'boolean',
		default: true,
		description:
			'Whether the sale amounts include their taxes, as a receipt shows them (otherwise taxes are added on top)',
		displayOptions: show,
	},
	...taxRateFields('sale', 'the sale', show),
	voucherField('descripcionFacturador', show),
];

/** The current year in Mexico City, where the voucher is issued. */
function currentYear(): number {
	return Number(
		new Intl.DateTimeFormat('en-US', { timeZone: 'America/Mexico_City', year: 'numeric' }).format(
			new Date(),
		),
	);
}

/** The settings that make the invoice rather than a sale: one value for every input item. */
const INVOICE_SETTINGS = [
	'emisorRfc',
	'emisorNombre',
	'emisorRegimenFiscal',
	'serie',
	'lugarExpedicion',
	'globalPeriodicity',
	'globalMonth',
	'globalYear',
	'formaPago',
	'descripcionFacturador',
];

function settingLabel(name: string): string {
	return globalInvoiceFields.find((field) => field.name === name)?.displayName ?? name;
}

/**
 * One global invoice has one period, one month, one year and one payment form (InformacionGlobal
 * and FormaPago are voucher members): when an expression gives another item another value, the
 * items belong to different invoices. They are refused instead of silently taking item 0's.
 */
function checkOneSetOfSettings(
	ctx: IExecuteFunctions,
	get: <T>(name: string, fallback: T, itemIndex?: number) => T,
): void {
	const count = ctx.getInputData().length;
	for (const name of INVOICE_SETTINGS) {
		const first = JSON.stringify(get<unknown>(name, ''));
		for (let itemIndex = 1; itemIndex < count; itemIndex++) {
			const value = JSON.stringify(get<unknown>(name, '', itemIndex));
			if (value === first) continue;
			throw new NodeOperationError(
				ctx.getNode(),
				`Item ${itemIndex}: ${settingLabel(name)} is ${value}, but item 0 has ${first}; one global invoice has one ${settingLabel(name)}.`,
				{
					itemIndex,
					description: `Give every sale of the invoice the same ${settingLabel(name)} (a fixed value rather than an expression that changes per item), or split the sales into one run per ${settingLabel(name)}. Nothing was sent to the service.`,
				},
			);
		}
	}
}

/** A sale is in a global invoice once: a ticket number given twice is a sale counted twice. */
function checkUniqueTickets(ctx: IExecuteFunctions, sales: SaleInput[]): void {
	const seen = new Map<string, number>();
	sales.forEach((sale, itemIndex) => {
		const ticket = sale.ticket.trim();
		if (ticket === '') return;
		const earlier = seen.get(ticket);
		if (earlier === undefined) {
			seen.set(ticket, itemIndex);
			return;
		}
		throw new NodeOperationError(
			ctx.getNode(),
			`Item ${itemIndex}: Sale Ticket Number ${JSON.stringify(ticket)} is also the ticket of item ${earlier}; a sale goes into a global invoice once.`,
			{
				itemIndex,
				description:
					'Remove the repeated sale (e.g. with a Remove Duplicates node before this one), or give each sale its own ticket number. Nothing was sent to the service.',
			},
		);
	});
}

/** A sale already invoiced to its customer, left out of the global invoice. */
interface InvoicedSale {
	itemIndex: number;
	ticket: string;
	voucher: ListedVoucher;
}

/** The first day of the period's first month (meses 13-18 are two-month periods), ISO. */
function periodStart(anio: number, meses: string): string {
	const month = Number(meses) > 12 ? (Number(meses) - 12) * 2 - 1 : Number(meses);
	return `${anio}-${String(month || 1).padStart(2, '0')}-01T00:00:00-06:00`;
}

function yearOf(ctx: IExecuteFunctions): number {
	return (ctx.getNodeParameter('globalYear', 0, 0) as number) || currentYear();
}

/**
 * The sales of the input already invoiced one by one (a voucher whose folio is the ticket number,
 * not to the general public), read from the service's list in one pass over the period: the SAT
 * documents a sale once, either to its customer or in the global invoice.
 */
async function salesInvoicedIndividually(ctx: IExecuteFunctions): Promise<InvoicedSale[]> {
	if (duplicateCheckModeOf(ctx, 0) === 'off') return [];
	const tickets = ctx
		.getInputData()
		.map((_, itemIndex) => String(ctx.getNodeParameter('saleTicket', itemIndex, '') ?? '').trim());
	const wanted = [...new Set(tickets.filter(Boolean))];
	if (!wanted.length) return [];
	const window = checkWindow(
		[periodStart(yearOf(ctx), ctx.getNodeParameter('globalMonth', 0, '01') as string)],
		Math.floor(Date.now() / 1000),
		0,
	);
	const session = RunSession.fromNode(ctx, readStampingSettings(ctx));
	const found = await findOnVoucherList(
		ctx,
		session,
		wanted.map((folio) => ({ folio })),
		window,
		{ firstMatchOnly: false },
	);
	const invoiced = ticketsInvoicedIndividually(wanted, found.flat() as unknown as ListedVoucher[]);
	return tickets.flatMap((ticket, itemIndex) => {
		const voucher = invoiced.get(ticket);
		return voucher ? [{ itemIndex, ticket, voucher }] : [];
	});
}

function globalInvoiceOf(ctx: IExecuteFunctions, invoiced: InvoicedSale[]): BuiltVoucher {
	const get = <T>(name: string, fallback: T, itemIndex = 0) =>
		ctx.getNodeParameter(name, itemIndex, fallback) as T;
	checkOneSetOfSettings(ctx, get);
	const allSales: SaleInput[] = ctx.getInputData().map((_, itemIndex) => ({
		ticket: String(get('saleTicket', '', itemIndex) ?? ''),
		amount: get<number | string>('saleAmount', 0, itemIndex),
		priceIncludesTax: get('salePricesIncludeTax', true, itemIndex),
		taxes: readTaxRates((name) => get(name, undefined, itemIndex), 'sale'),
	}));
	checkUniqueTickets(ctx, allSales);
	// Sales already invoiced to their customer are left out (salesInvoicedIndividually).
	const leftOut = new Set(invoiced.map((sale) => sale.itemIndex));
	const saleItems = allSales
		.map((_, itemIndex) => itemIndex)
		.filter((itemIndex) => !leftOut.has(itemIndex));
	const sales = saleItems.map((itemIndex) => allSales[itemIndex]);
	const output: IDataObject = invoiced.length
		? {
				leftOut: invoiced.map((sale) => ({
					itemIndex: sale.itemIndex,
					ticket: sale.ticket,
					reason: 'already invoiced to its customer',
					uuid: sale.voucher.uuid,
					serie: sale.voucher.series,
					folio: sale.voucher.folio,
					recipientRfc: sale.voucher.recipientRfc ?? null,
				})),
			}
		: {};
	if (!sales.length) {
		return new BuiltVoucher(undefined, {
			...output,
			status: 'skipped',
			skipped: {
				reason: 'alreadyInvoiced',
				message:
					'Every sale of the input is already invoiced to its customer; no global invoice is needed.',
			},
		});
	}
	try {
		const periodicidad = get('globalPeriodicity', '04');
		const meses = get('globalMonth', '01');
		const anio = yearOf(ctx);
		const input: GlobalInvoiceInput = {
			emisor: issuerFromFields(ctx, 0) as never,
			lugarExpedicion: get('lugarExpedicion', ''),
			serie: get('serie', ''),
			descripcionFacturador: get('descripcionFacturador', ''),
			formaPago: get('formaPago', '01'),
			periodicidad,
			meses,
			anio,
			sales,
		};
		const voucher = buildGlobalInvoice(input);
		const body = withRelationsAndLegends(ctx, 0, voucher as IDataObject);
		const { key } = globalInvoiceKey(
			{ periodicidad, meses, anio },
			sales.map((sale) => sale.ticket),
			body,
		);
		// Stamped more than 24 hours after the period closed: said in the output (the SAT's deadline).
		const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
		const sealedAt =
			options.noCalcularFecha === true && typeof options.fecha === 'string' && options.fecha
				? Date.parse(`${options.fecha}-06:00`)
				: Date.now();
		const late = lateGlobalInvoiceWarning({ periodicidad, meses, anio }, sealedAt);
		if (late) output.deadlineWarning = late;
		// The money collected (Σ sales): the reconciliation rule moves cents between sales to reach it.
		return new BuiltVoucher(body, output, {
			key: { ...key, since: periodStart(anio, meses) },
			money: globalInvoiceMoney(input, voucher),
		});
	} catch (error) {
		throw kindInputFailure(ctx, 0, error, (field) => {
			const sale = /sales\[(\d+)\]\.(\w+)/.exec(field);
			return sale
				? `Sale of input item ${saleItems[Number(sale[1])] ?? sale[1]} (${sale[2] === 'ticket' ? 'Sale Ticket Number' : 'Sale Amount'})`
				: 'Sales';
		});
	}
}

/**
 * Voucher → Create Global Invoice: all the input items (one sale each) gathered into one voucher
 * to the general public with InformacionGlobal, stamped through the one stamping handler. With the
 * duplicate check on, sales already invoiced to their customer are left out (listed in the output),
 * and a global invoice already stamped for the period is returned instead of a second one.
 */
export async function createGlobalInvoice(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const invoiced = await salesInvoicedIndividually(ctx);
	return await runStamping(ctx, {
		buildVoucher: (context) => globalInvoiceOf(context, invoiced),
		target: () => ({ kind: 'create' }),
		aggregatesItems: true,
	});
}
