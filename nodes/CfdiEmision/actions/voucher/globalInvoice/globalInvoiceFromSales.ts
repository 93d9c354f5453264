/**
 * Voucher → Create Global Invoice's voucher: the input items (one sale each) gathered into one
 * voucher to the general public with InformacionGlobal, after checking that they share one set of
 * settings, one period and distinct tickets; sales the service already documents are left out and
 * listed in the output. Nothing here sends a request (the reads are in priorDeclarations.ts).
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import {
	buildGlobalInvoice,
	globalInvoiceMoney,
	type GlobalInvoiceInput,
	type SaleInput,
} from './buildGlobalInvoice';
import type { KindInputError } from '../../../cfdi/kinds/taxRates';
import {
	kindInputFailure,
	readTaxRates,
	withRelationsAndLegends,
} from '../../../voucherInput/kindInputReaders';
import { globalInvoiceKey } from '../../../identity/businessKey';
import { parseDecimal, type Decimal } from '../../../cfdi/decimal';
import { lateGlobalInvoiceWarning, resolveGlobalPeriod, type GlobalPeriod } from './globalPeriod';
import { type PriorDeclarations, salesAlreadyDocumented } from './documentedSaleRules';
import { lineTotals } from '../../../cfdi/kinds/taxIncluded';
import {
	calendarNow,
	mexicoCityEpochMs,
	mexicoCityMonth,
	monthStartIso,
} from '../../../cfdi/mexicoTime';
import { BuiltVoucher } from '../../../voucherInput/builtVoucher';
import { issuerFromFields, voucherDateOption } from '../../../voucherInput/voucherBody';
import { runParameter } from '../../../execution/runParameters';

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
	'salesPerGlobalInvoice',
];

/**
 * How many sales one global invoice declares unless the node says otherwise: a published peer caps
 * a global invoice at 5,000 concepts and stamps asynchronously above 2 MB; 2,000 concepts keep the
 * XML near 1 MB (docs/global-invoices.md).
 */
export const DEFAULT_SALES_PER_GLOBAL_INVOICE = 2000;

/**
 * One global invoice has one period, one month, one year and one payment form (InformacionGlobal
 * and FormaPago are voucher members): when an expression gives another item another value, the
 * items belong to different invoices. They are refused instead of silently taking item 0's.
 */
function checkOneSetOfSettings(
	ctx: IExecuteFunctions,
	settingLabel: (name: string) => string,
): void {
	const count = ctx.getInputData().length;
	for (const name of INVOICE_SETTINGS) {
		// runParameter reads a value without an expression once per run: then every item agrees.
		const first = JSON.stringify(runParameter<unknown>(ctx, name, 0, ''));
		for (let itemIndex = 1; itemIndex < count; itemIndex++) {
			const value = JSON.stringify(runParameter<unknown>(ctx, name, itemIndex, ''));
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
		return resolveGlobalPeriod(periodInput(ctx), mexicoCityMonth());
	} catch (error) {
		const refused = error as KindInputError;
		throw new NodeOperationError(ctx.getNode(), `Item 0: ${refused.message}`, {
			itemIndex: 0,
			description: `${refused.fix ?? 'Check Periodicity, Month and Year.'} Nothing was sent to the service.`,
		});
	}
}

/** The period when it exists, else undefined (the build refuses it, naming the field). */
export function periodIfValid(ctx: IExecuteFunctions): GlobalPeriod | undefined {
	try {
		return resolveGlobalPeriod(periodInput(ctx), mexicoCityMonth());
	} catch {
		return undefined;
	}
}

/** A period's sales as global invoices: the input items each one gathers, and each one's voucher. */
export interface GlobalInvoiceParts {
	itemsPerVoucher: number[][];
	vouchers: BuiltVoucher[];
}

/** Earlier parts of this period under this series (folio G<year><month>-<periodicity>-P<n>-...). */
function earlierPartsOf(prior: PriorDeclarations, period: GlobalPeriod, serie: string): number {
	const prefix = `G${period.anio}${period.meses}-${period.periodicidad}-P`;
	const uuids = new Set<string>();
	for (const global of prior.globals) {
		const sameSeries =
			String(global.serie ?? '')
				.trim()
				.toUpperCase() === serie.toUpperCase();
		const samePeriod =
			global.period.periodicidad === period.periodicidad &&
			global.period.meses === period.meses &&
			Number(global.period.anio) === Number(period.anio);
		if (sameSeries && samePeriod && String(global.folio ?? '').startsWith(prefix))
			uuids.add(global.uuid.toUpperCase());
	}
	return uuids.size;
}

/** The sales per invoice the node asks for, checked: a whole number of at least 1. */
function salesPerInvoice(ctx: IExecuteFunctions): number {
	const value = ctx.getNodeParameter(
		'salesPerGlobalInvoice',
		0,
		DEFAULT_SALES_PER_GLOBAL_INVOICE,
	) as unknown;
	// A boolean is refused where every number setting is read (actions/numberSettings.ts).
	const count = Number(value);
	if (Number.isInteger(count) && count >= 1) return count;
	throw new NodeOperationError(
		ctx.getNode(),
		`Item 0: Sales Per Global Invoice is ${JSON.stringify(value)}, not a whole number of at least 1.`,
		{
			itemIndex: 0,
			description: `Give how many sales one global invoice may declare, e.g. ${DEFAULT_SALES_PER_GLOBAL_INVOICE}. Nothing was sent to the service.`,
		},
	);
}

/**
 * Voucher → Create Global Invoice's vouchers: the input items (one sale each) gathered into global
 * invoices to the general public with InformacionGlobal, at most Sales Per Global Invoice sales each,
 * in input order. Sales already documented (elsewhere, or in an earlier run's part of this period)
 * are left out and listed on the first invoice's output, and each invoice's output lists the sales
 * it declares (declaredSales); a run stopped after some parts therefore
 * resumes with the same next part (same sales, same folio), and the Duplicate Check finds it if it
 * was sent. Local work only.
 */
export function globalInvoiceParts(
	ctx: IExecuteFunctions,
	prior: PriorDeclarations,
	settingLabel: (name: string) => string,
): GlobalInvoiceParts {
	const get = <T>(name: string, fallback: T, itemIndex = 0) =>
		ctx.getNodeParameter(name, itemIndex, fallback) as T;
	checkOneSetOfSettings(ctx, settingLabel);
	const perInvoice = salesPerInvoice(ctx);
	const period = periodOf(ctx);
	const allSales: SaleInput[] = ctx.getInputData().map((_, itemIndex) => ({
		ticket: String(get('saleTicket', '', itemIndex) ?? ''),
		// An expression's float noise (100 × 1.16) is gone already (actions/numberSettings.ts).
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
	const failedFor = (saleItems: number[]) => (error: unknown) =>
		kindInputFailure(
			ctx,
			saleItems[0] ?? 0,
			error,
			(field) => {
				const sale = /sales\[(\d+)\]\.(\w+)/.exec(field);
				return sale
					? `Sale of input item ${saleItems[Number(sale[1])] ?? sale[1]} (${saleFieldName(field)})`
					: 'Sales';
			},
			(field) => (/^sales\[\d+\]\./.test(field) ? saleFieldName(field) : null),
		);
	const saleFieldName = (field: string) =>
		field.endsWith('.ticket') ? 'Sale Ticket Number' : 'Sale Amount';
	const allItems = allSales.map((_, itemIndex) => itemIndex);
	// What each sale totals with its taxes (an individual invoice of it would total the same).
	let grossOf: (index: number) => Decimal | undefined = () => undefined;
	if (prior.listed.length) {
		let lines: Decimal[];
		try {
			lines = lineTotals(buildGlobalInvoice({ ...header, sales: allSales }));
		} catch (error) {
			throw failedFor(allItems)(error);
		}
		grossOf = (index) =>
			(allSales[index].priceIncludesTax ?? true)
				? parseDecimal(allSales[index].amount)
				: lines[index];
	}
	const { leftOut, notes, periodFolioTaken } = salesAlreadyDocumented(
		allSales,
		period,
		prior,
		grossOf,
	);
	const leftOutItems = new Set(leftOut.map((sale) => sale.itemIndex));
	const saleItems = allItems.filter((itemIndex) => !leftOutItems.has(itemIndex));
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
	if (!saleItems.length) {
		const skipped = new BuiltVoucher(undefined, {
			...output,
			status: 'skipped',
			skipped: {
				reason: 'alreadyInvoiced',
				message:
					'Every sale of the input is already documented (invoiced to its customer or declared in a global invoice of an overlapping period); no global invoice is needed.',
			},
		});
		return { itemsPerVoucher: [allItems], vouchers: [skipped] };
	}
	const chunks: number[][] = [];
	for (let start = 0; start < saleItems.length; start += perInvoice)
		chunks.push(saleItems.slice(start, start + perInvoice));
	// Parts are numbered after those an earlier run stamped, so a resumed run repeats no folio.
	const earlierParts = earlierPartsOf(prior, period, String(header.serie ?? '').trim());
	const parted = chunks.length > 1 || earlierParts > 0;
	// Stamped more than 24 hours after the period closed: said in the output (the SAT's deadline).
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	const fecha = voucherDateOption(options);
	const sealedAt = fecha ? mexicoCityEpochMs(fecha) : calendarNow();
	const late = lateGlobalInvoiceWarning(
		{ periodicidad: period.periodicidad, meses: period.meses, anio: period.anio },
		sealedAt,
	);
	const vouchers = chunks.map((items, position) => {
		const sales = items.map((itemIndex) => allSales[itemIndex]);
		const part = earlierParts + position + 1;
		try {
			const input: GlobalInvoiceInput = { ...header, sales };
			const voucher = buildGlobalInvoice(input);
			const body = withRelationsAndLegends(ctx, 0, voucher as IDataObject);
			const { key } = globalInvoiceKey(
				period,
				sales.map((sale) => sale.ticket),
				body,
				parted ? { part } : { periodFolioTaken },
			);
			const partOutput: IDataObject = position === 0 ? { ...output } : {};
			// The sales this invoice declares, as given (the owner finds an order in it): one small row each.
			partOutput.declaredSales = sales.map((sale) => ({
				ticket: sale.ticket,
				amount: sale.amount,
			}));
			if (parted)
				partOutput.globalInvoicePart = {
					part,
					parts: earlierParts + chunks.length,
					sales: sales.length,
					firstTicket: sales[0].ticket,
					lastTicket: sales[sales.length - 1].ticket,
				};
			if (late) partOutput.deadlineWarning = late;
			// The money collected (Σ sales): the reconciliation rule moves cents between sales to reach it.
			return new BuiltVoucher(body, partOutput, {
				key: { ...key, since: monthStartIso(period.anio, period.firstMonth) },
				money: globalInvoiceMoney(input, voucher),
			});
		} catch (error) {
			throw failedFor(items)(error);
		}
	});
	// The sales left out are listed on the first invoice's output, and pair with it.
	const itemsPerVoucher = chunks.map((items) => [...items]);
	itemsPerVoucher[0] = [...itemsPerVoucher[0], ...leftOutItems].sort((a, b) => a - b);
	return { itemsPerVoucher, vouchers };
}
