/** Voucher → Create Global Invoice: its fields and its execute. */
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
	type KindInputError,
	MESES,
	PERIODICIDAD,
	type GlobalInvoiceInput,
	type SaleInput,
} from '../../cfdi';
import { catalogOptions } from '../common.fields';
import { showFor } from '../common.fields';
import {
	kindInputFailure,
	readTaxRates,
	withRelationsAndLegends,
} from '../../voucherInput/voucherKind';
import { checkWindow, globalInvoiceKey } from '../../cfdi/businessKey';
import { decimalsOf } from '../../cfdi/kinds/taxRates';
import { parseDecimal, type Decimal } from '../../cfdi/decimal';
import { GENERIC_NATIONAL_RFC } from '../../cfdi/rfc';
import {
	mexicoCityMonth,
	periodOfInformacionGlobal,
	periodStartIso,
	resolveGlobalPeriod,
	type GlobalPeriod,
} from '../../cfdi/kinds/globalPeriod';
import {
	declaredLeftOut,
	invoicedIndividually,
	invoicedLeftOut,
	ticketsDeclaredInGlobals,
	unrelatedNote,
	type DeclaredGlobal,
	type LeftOutSale,
	type ListedSale,
} from '../../cfdi/kinds/globalTickets';
import { lineTotals } from '../../cfdi/kinds/taxIncluded';
import { RunSession } from '../../transport/transport';
import { listVouchers } from '../../api/voucherList';
import { downloadVoucherXml } from '../../api/voucherXml';
import { duplicateCheckModeOf, readStampingSettings, runStamping } from '../../stamping';
import { BuiltVoucher, issuerFromFields } from '../../voucherInput';
import {
	duplicateCheck,
	duplicateCheckKey,
	duplicateCheckWindow,
	fiscalLegends,
	options,
	output,
	relatedVouchers,
	stamp,
	stampingMode,
	taxRateFields,
	voucherField,
} from './fields';

const OPERATION = 'createGlobalInvoice';
const show = showFor('voucher', [OPERATION]);

const globalInvoiceFields: INodeProperties[] = [
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
			"The year of the sales (anio), the current or the previous one; 0: the year of the period (in January, December is last year's). A period that has not started is refused.",
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

/** Voucher → Create Global Invoice: its fields in the order the editor shows them (Voucher.resource.ts shows them for it). */
export const description: INodeProperties[] = [
	stamp(),
	stampingMode(),
	...duplicateCheck(),
	duplicateCheckKey(),
	duplicateCheckWindow(),
	...globalInvoiceFields,
	relatedVouchers,
	fiscalLegends,
	options,
	output,
];

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

/** What the service already documents of this run's sales: stamped global invoices and same-folio vouchers. */
interface PriorDeclarations {
	globals: DeclaredGlobal[];
	listed: ListedSale[];
}

const NO_PRIOR: PriorDeclarations = { globals: [], listed: [] };

function periodInput(ctx: IExecuteFunctions) {
	return {
		periodicidad: ctx.getNodeParameter('globalPeriodicity', 0, '04') as string,
		meses: ctx.getNodeParameter('globalMonth', 0, '01') as string,
		anio: ctx.getNodeParameter('globalYear', 0, 0) as number,
	};
}

/** The period of the node's Periodicity, Month and Year (0: the period's year), checked to have started. */
function periodOf(ctx: IExecuteFunctions): GlobalPeriod {
	try {
		return resolveGlobalPeriod(periodInput(ctx), mexicoCityMonth(new Date()));
	} catch (error) {
		const refused = error as KindInputError;
		throw new NodeOperationError(ctx.getNode(), `Item 0: ${refused.message}`, {
			itemIndex: 0,
			description: `${refused.fix ?? 'Check Periodicity, Month and Year.'} Nothing was sent to the service.`,
		});
	}
}

/** The period when it exists, else undefined (the build refuses it, naming the field). */
function periodIfValid(ctx: IExecuteFunctions): GlobalPeriod | undefined {
	try {
		return resolveGlobalPeriod(periodInput(ctx), mexicoCityMonth(new Date()));
	} catch {
		return undefined;
	}
}

const ticketsOf = (ctx: IExecuteFunctions): string[] =>
	ctx
		.getInputData()
		.map((_, itemIndex) => String(ctx.getNodeParameter('saleTicket', itemIndex, '') ?? '').trim());

/**
 * One pass over the service's list for the period (from its first day, less the three days a voucher
 * may be dated before it is stamped, to now): the vouchers whose folio is one of the tickets (sales
 * perhaps invoiced to their customer), and the global invoices stamped to the general public, whose
 * XML gives their period and tickets (Concepto NoIdentificacion). The SAT documents a sale once:
 * either to its customer or in one global invoice. A global invoice carrying this run's own series
 * and folio is this run stamped before: the duplicate check answers with it, its XML is not read.
 */
async function priorDeclarations(
	ctx: IExecuteFunctions,
	period: GlobalPeriod,
): Promise<PriorDeclarations> {
	if (duplicateCheckModeOf(ctx, 0) === 'off') return NO_PRIOR;
	const tickets = ticketsOf(ctx);
	const wanted = new Set(tickets.filter(Boolean));
	if (!wanted.size) return NO_PRIOR;
	const serie = String(ctx.getNodeParameter('serie', 0, '') ?? '').trim();
	const ownFolio = globalInvoiceKey(period, [...wanted], { serie }).key.folio;
	const window = checkWindow([periodStartIso(period)], Math.floor(Date.now() / 1000), 0);
	const session = RunSession.fromNode(ctx, readStampingSettings(ctx));
	const isGeneralPublic = (rfc: unknown) =>
		String(rfc ?? '')
			.trim()
			.toUpperCase() === GENERIC_NATIONAL_RFC;
	const records = await listVouchers(ctx, session, window, {
		accept: (record) =>
			record.status !== 'cancelled' &&
			(wanted.has(String(record.folio ?? '').trim()) ||
				(isGeneralPublic(record.recipientRfc) && record.status !== 'pending')),
	});
	const globals: DeclaredGlobal[] = [];
	for (const record of records) {
		if (!isGeneralPublic(record.recipientRfc) || !record.uuid) continue;
		const sameRun =
			String(record.series ?? '')
				.trim()
				.toUpperCase() === serie.toUpperCase() && String(record.folio ?? '').trim() === ownFolio;
		if (sameRun) continue;
		const { cfdi } = await downloadVoucherXml(ctx, session, record.uuid, 0, {
			action: `read the tickets of global invoice ${record.uuid}`,
			subject: `global invoice ${record.uuid}`,
			consequence:
				"Nothing was stamped: without that invoice's tickets the node cannot tell which sales it already declares, and a sale must be declared once. Run again; if it repeats, check that voucher's XML, or set Duplicate Check to Off to stamp without this check.",
		});
		const declared = cfdi.informacionGlobal && periodOfInformacionGlobal(cfdi.informacionGlobal);
		if (!declared) continue;
		globals.push({
			uuid: cfdi.uuid ?? record.uuid,
			serie: cfdi.serie,
			folio: cfdi.folio,
			period: declared,
			tickets: cfdi.conceptIds,
		});
	}
	return { globals, listed: records.filter((record) => !isGeneralPublic(record.recipientRfc)) };
}

/**
 * The sales of the input already documented, each with its item: declared in a stamped global
 * invoice of an overlapping period, or invoiced to its customer (same folio and same amount; a
 * voucher with the folio but another amount is not this sale, and the note says so).
 */
function salesAlreadyDocumented(
	sales: SaleInput[],
	period: GlobalPeriod,
	prior: PriorDeclarations,
	grossOf: (index: number) => Decimal | undefined,
): { leftOut: Array<LeftOutSale & { itemIndex: number }>; notes: string[] } {
	const declared = ticketsDeclaredInGlobals(
		sales.map((sale) => sale.ticket),
		period,
		prior.globals,
	);
	const leftOut: Array<LeftOutSale & { itemIndex: number }> = [];
	const notes: string[] = [];
	const currency = 'MXN';
	sales.forEach((sale, itemIndex) => {
		const ticket = sale.ticket.trim();
		const global = declared.get(ticket);
		if (global) {
			leftOut.push({ itemIndex, ...declaredLeftOut(ticket, global) });
			return;
		}
		const gross = grossOf(itemIndex);
		if (!gross) return;
		const runSale = { ticket, gross, currency, decimals: decimalsOf(currency) };
		const match = invoicedIndividually(runSale, prior.listed);
		if (match.kind === 'invoiced')
			leftOut.push({ itemIndex, ...invoicedLeftOut(runSale, match.voucher) });
		else if (match.kind === 'unrelated') notes.push(unrelatedNote(runSale, match.vouchers));
	});
	return { leftOut, notes };
}

function globalInvoiceOf(ctx: IExecuteFunctions, prior: PriorDeclarations): BuiltVoucher {
	const get = <T>(name: string, fallback: T, itemIndex = 0) =>
		ctx.getNodeParameter(name, itemIndex, fallback) as T;
	checkOneSetOfSettings(ctx, get);
	const period = periodOf(ctx);
	const allSales: SaleInput[] = ctx.getInputData().map((_, itemIndex) => ({
		ticket: String(get('saleTicket', '', itemIndex) ?? ''),
		amount: get<number | string>('saleAmount', 0, itemIndex),
		priceIncludesTax: get('salePricesIncludeTax', true, itemIndex),
		taxes: readTaxRates((name) => get(name, undefined, itemIndex), 'sale'),
	}));
	checkUniqueTickets(ctx, allSales);
	const header = {
		emisor: issuerFromFields(ctx, 0) as never,
		lugarExpedicion: get('lugarExpedicion', ''),
		serie: get('serie', ''),
		descripcionFacturador: get('descripcionFacturador', ''),
		formaPago: get('formaPago', '01'),
		periodicidad: period.periodicidad,
		meses: period.meses,
		anio: period.anio,
	};
	let saleItems = allSales.map((_, itemIndex) => itemIndex);
	const failed = (error: unknown) =>
		kindInputFailure(ctx, 0, error, (field) => {
			const sale = /sales\[(\d+)\]\.(\w+)/.exec(field);
			return sale
				? `Sale of input item ${saleItems[Number(sale[1])] ?? sale[1]} (${sale[2] === 'ticket' ? 'Sale Ticket Number' : 'Sale Amount'})`
				: 'Sales';
		});
	// What each sale totals with its taxes (an individual invoice of it would total the same).
	let grossOf: (index: number) => Decimal | undefined = () => undefined;
	if (prior.listed.length) {
		let lines: Decimal[];
		try {
			lines = lineTotals(buildGlobalInvoice({ ...header, sales: allSales }));
		} catch (error) {
			throw failed(error);
		}
		grossOf = (index) =>
			(allSales[index].priceIncludesTax ?? true)
				? parseDecimal(allSales[index].amount)
				: lines[index];
	}
	const { leftOut, notes } = salesAlreadyDocumented(allSales, period, prior, grossOf);
	const leftOutItems = new Set(leftOut.map((sale) => sale.itemIndex));
	saleItems = saleItems.filter((itemIndex) => !leftOutItems.has(itemIndex));
	const sales = saleItems.map((itemIndex) => allSales[itemIndex]);
	const output: IDataObject = {
		...(leftOut.length
			? {
					leftOut: leftOut.map((sale) => ({
						itemIndex: sale.itemIndex,
						ticket: sale.ticket,
						reason:
							sale.reason === 'declaredInGlobalInvoice'
								? 'already declared in a global invoice of an overlapping period'
								: 'already invoiced to its customer',
						message: sale.message,
						uuid: sale.uuid,
						serie: sale.serie,
						folio: sale.folio,
						...(sale.period ? { period: sale.period } : {}),
						...(sale.reason === 'invoicedToCustomer'
							? { recipientRfc: sale.recipientRfc ?? null, total: sale.total ?? null }
							: {}),
					})),
				}
			: {}),
		...(notes.length ? { globalInvoiceNotes: notes } : {}),
	};
	if (!sales.length) {
		return new BuiltVoucher(undefined, {
			...output,
			status: 'skipped',
			skipped: {
				reason: 'alreadyInvoiced',
				message:
					'Every sale of the input is already documented (invoiced to its customer or declared in a global invoice of an overlapping period); no global invoice is needed.',
			},
		});
	}
	try {
		const input: GlobalInvoiceInput = { ...header, sales };
		const voucher = buildGlobalInvoice(input);
		const body = withRelationsAndLegends(ctx, 0, voucher as IDataObject);
		const { key } = globalInvoiceKey(
			period,
			sales.map((sale) => sale.ticket),
			body,
		);
		// Stamped more than 24 hours after the period closed: said in the output (the SAT's deadline).
		const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
		const sealedAt =
			options.noCalcularFecha === true && typeof options.fecha === 'string' && options.fecha
				? Date.parse(`${options.fecha}-06:00`)
				: Date.now();
		const late = lateGlobalInvoiceWarning(
			{ periodicidad: period.periodicidad, meses: period.meses, anio: period.anio },
			sealedAt,
		);
		if (late) output.deadlineWarning = late;
		// The money collected (Σ sales): the reconciliation rule moves cents between sales to reach it.
		return new BuiltVoucher(body, output, {
			key: { ...key, since: periodStartIso(period) },
			money: globalInvoiceMoney(input, voucher),
		});
	} catch (error) {
		throw failed(error);
	}
}

/**
 * Voucher → Create Global Invoice: all the input items (one sale each) gathered into one voucher
 * to the general public with InformacionGlobal, stamped through the one stamping handler. The period
 * must have started (Year 0: the period's year). With the duplicate check on, sales already
 * documented are left out and listed in the output: declared in a stamped global invoice of an
 * overlapping period (read from its XML), or invoiced to their customer (same folio and amount); a
 * global invoice already stamped for the same period and sales is returned instead of a second one.
 */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	// A period that does not exist is refused by the build, through the stamping handler.
	const period = periodIfValid(ctx);
	const prior = period ? await priorDeclarations(ctx, period) : NO_PRIOR;
	return await runStamping(ctx, {
		buildVoucher: (context) => globalInvoiceOf(context, prior),
		target: () => ({ kind: 'create' }),
		aggregatesItems: true,
	});
}
