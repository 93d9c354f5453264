/**
 * Which sales of a global invoice were already documented, so that each sale is declared once
 * (the SAT's global CFDI guide: a sale goes either to its customer's invoice or into the global
 * invoice of its period, and once):
 *
 * - **declared in another global invoice** of an overlapping period: its ticket is one of that
 *   invoice's concepts (Concepto NoIdentificacion in the stamped XML). A daily run that overlaps
 *   the previous one must not declare the shared tickets a second time.
 * - **invoiced to its customer**: a listed voucher, not to the general public, whose folio is the
 *   ticket number **and** whose total is the sale's amount. A folio alone is not enough: another
 *   series may number its invoices like the tickets, and leaving a sale out because of an unrelated
 *   invoice leaves it undeclared.
 *
 * Pure: priorDeclarations.ts reads the list and the XML; `salesAlreadyDocumented` below applies
 * these rules to the run's sales.
 */
import {
	compareDecimal,
	decimalToString,
	parseDecimal,
	roundDecimal,
	type Decimal,
} from '../../../cfdi/decimal';
import { GENERIC_NATIONAL_RFC } from '../../../cfdi/rfc';
import { amountDecimals } from '../../../cfdi/catalogs/moneda';
import type { SaleInput } from './buildGlobalInvoice';
import { periodsOverlap, describePeriod, type GlobalPeriod } from './globalPeriod';
import { fieldText } from '../../../cfdi/fieldText';

/** A stamped global invoice as its XML tells it. */
export interface DeclaredGlobal {
	uuid: string;
	serie?: string;
	folio?: string;
	period: GlobalPeriod;
	/** The NoIdentificacion of its concepts, trimmed. */
	tickets: string[];
}

/** Why a sale is left out of the global invoice, for the output. */
export interface LeftOutSale {
	ticket: string;
	reason: 'declaredInGlobalInvoice' | 'invoicedToCustomer';
	message: string;
	uuid: string;
	serie: string | null;
	folio: string | null;
	/** The global invoice's period, for a ticket declared in one. */
	period?: string;
	recipientRfc?: string | null;
	total?: string | null;
}

/**
 * The tickets already declared in another stamped global invoice whose period overlaps this one.
 * A global invoice holding exactly this run's tickets is the same invoice run again: that is left to
 * the duplicate check (it answers with that invoice), not reported as every ticket left out.
 */
export function ticketsDeclaredInGlobals(
	tickets: string[],
	period: GlobalPeriod,
	globals: DeclaredGlobal[],
): Map<string, DeclaredGlobal> {
	const wanted = new Set(tickets.map(fieldText).filter(Boolean));
	const found = new Map<string, DeclaredGlobal>();
	for (const global of globals) {
		if (!periodsOverlap(period, global.period)) continue;
		const declared = new Set(global.tickets.map(fieldText).filter(Boolean));
		const sameRun = declared.size === wanted.size && [...wanted].every((t) => declared.has(t));
		if (sameRun) continue;
		for (const ticket of declared)
			if (wanted.has(ticket) && !found.has(ticket)) found.set(ticket, global);
	}
	return found;
}

export function declaredLeftOut(ticket: string, global: DeclaredGlobal): LeftOutSale {
	const where = [global.serie && `series ${global.serie}`, global.folio && `folio ${global.folio}`]
		.filter(Boolean)
		.join(' ');
	return {
		ticket,
		reason: 'declaredInGlobalInvoice',
		message: `Ticket ${ticket} is already declared in global invoice ${global.uuid}${where ? ` (${where})` : ''} for ${describePeriod(global.period)}, whose period overlaps this one; it is left out so the sale is declared once.`,
		uuid: global.uuid,
		serie: global.serie ?? null,
		folio: global.folio ?? null,
		period: describePeriod(global.period),
	};
}

/** A voucher as the service's list shows it (the members compared here). */
export interface ListedVoucherFacts {
	uuid: string;
	status: string;
	date?: string | null;
	series: string | null;
	folio: string | null;
	recipientRfc?: string | null;
	total?: number | string | null;
	currency?: string | null;
}

/** A sale of the run: its ticket and what the customer paid (with taxes). */
export interface RunSale {
	ticket: string;
	/** The sale's amount with its taxes, as an individual invoice of it would total. */
	gross: Decimal;
	currency: string;
	decimals: number;
}

export type IndividualMatch =
	| { kind: 'invoiced'; voucher: ListedVoucherFacts }
	/** Vouchers with the ticket as folio that are not this sale (another amount, another currency). */
	| { kind: 'unrelated'; vouchers: ListedVoucherFacts[] }
	| { kind: 'none' };

/**
 * Whether the sale was invoiced to its customer: a stamped voucher (not cancelled, not pending),
 * not to the general public, with the ticket as folio, in the sale's currency, whose total is the
 * sale's amount (rounded to the currency's decimals). The oldest such voucher is the one reported.
 */
export function invoicedIndividually(sale: RunSale, listed: ListedVoucherFacts[]): IndividualMatch {
	const ticket = fieldText(sale.ticket);
	const candidates = listed
		.filter(
			(voucher) =>
				fieldText(voucher.folio) === ticket &&
				voucher.status !== 'cancelled' &&
				voucher.status !== 'pending' &&
				fieldText(voucher.uuid) !== '' &&
				fieldText(voucher.recipientRfc).toUpperCase() !== GENERIC_NATIONAL_RFC,
		)
		.sort((a, b) =>
			fieldText(a.date) < fieldText(b.date) ? -1 : fieldText(a.date) > fieldText(b.date) ? 1 : 0,
		);
	if (!candidates.length) return { kind: 'none' };
	const expected = roundDecimal(sale.gross, sale.decimals);
	const same = candidates.find((voucher) => {
		const currency = fieldText(voucher.currency).toUpperCase();
		if (currency && currency !== sale.currency.toUpperCase()) return false;
		const total = parseDecimal(voucher.total);
		return (
			total !== undefined && compareDecimal(roundDecimal(total, sale.decimals), expected) === 0
		);
	});
	return same ? { kind: 'invoiced', voucher: same } : { kind: 'unrelated', vouchers: candidates };
}

export function invoicedLeftOut(sale: RunSale, voucher: ListedVoucherFacts): LeftOutSale {
	return {
		ticket: fieldText(sale.ticket),
		reason: 'invoicedToCustomer',
		message: `Ticket ${fieldText(sale.ticket)} (${decimalToString(sale.gross, sale.decimals)} ${sale.currency}) is already invoiced to its customer ${fieldText(voucher.recipientRfc) || '(RFC not listed)'}: voucher ${voucher.uuid}, folio ${fieldText(voucher.folio)}, total ${fieldText(voucher.total)}; it is left out so the sale is declared once.`,
		uuid: voucher.uuid,
		serie: voucher.series,
		folio: voucher.folio,
		recipientRfc: voucher.recipientRfc ?? null,
		total: voucher.total === undefined || voucher.total === null ? null : String(voucher.total),
	};
}

/** The note for a ticket whose number is another voucher's folio but whose amount is not that voucher's. */
export function unrelatedNote(sale: RunSale, vouchers: ListedVoucherFacts[]): string {
	const listed = vouchers
		.map(
			(voucher) =>
				`${voucher.uuid} (series ${fieldText(voucher.series) || '(none)'}, recipient ${fieldText(voucher.recipientRfc) || '(not listed)'}, total ${voucher.total ?? '(not listed)'})`,
		)
		.join(', ');
	return `Ticket ${fieldText(sale.ticket)} (${decimalToString(sale.gross, sale.decimals)} ${sale.currency}) is included: the voucher${vouchers.length > 1 ? 's' : ''} with folio ${fieldText(sale.ticket)} on the list (${listed}) ${vouchers.length > 1 ? 'are' : 'is'} not this sale (another total or currency). If the sale was invoiced to its customer after all, cancel this global invoice with motive 04 and stamp it again without the ticket.`;
}

/** What the service already documents of this run's sales: stamped global invoices and same-folio vouchers. */
export interface PriorDeclarations {
	globals: DeclaredGlobal[];
	listed: ListedVoucherFacts[];
	/**
	 * The stamped global invoice under this monthly or bimonthly period's own series and folio: this
	 * run stamped before when it holds every sale not documented elsewhere, else another set of sales.
	 */
	periodGlobal?: DeclaredGlobal;
	/** A cancelled voucher carries the period's own series and folio: a new one takes a folio of its own. */
	periodFolioCancelled?: boolean;
}

export const NO_PRIOR: PriorDeclarations = { globals: [], listed: [] };

/**
 * The sales of the input already documented, each with its item: declared in a stamped global
 * invoice of an overlapping period, or invoiced to its customer (same folio and same amount; a
 * voucher with the folio but another amount is not this sale, and the note says so).
 */
export function salesAlreadyDocumented(
	sales: SaleInput[],
	period: GlobalPeriod,
	prior: PriorDeclarations,
	grossOf: (index: number) => Decimal | undefined,
): {
	leftOut: Array<LeftOutSale & { itemIndex: number }>;
	notes: string[];
	periodFolioTaken: boolean;
} {
	const declared = ticketsDeclaredInGlobals(
		sales.map((sale) => sale.ticket),
		period,
		prior.globals,
	);
	const leftOut: Array<LeftOutSale & { itemIndex: number }> = [];
	const notes: string[] = [];
	const currency = 'MXN';
	// The listed vouchers by folio, once: each sale looks only at those carrying its ticket.
	const byFolio = new Map<string, ListedVoucherFacts[]>();
	for (const voucher of prior.listed) {
		const folio = String(voucher.folio ?? '').trim();
		const same = byFolio.get(folio);
		if (same) same.push(voucher);
		else byFolio.set(folio, [voucher]);
	}
	sales.forEach((sale, itemIndex) => {
		const ticket = sale.ticket.trim();
		const global = declared.get(ticket);
		if (global) {
			leftOut.push({ itemIndex, ...declaredLeftOut(ticket, global) });
			return;
		}
		const gross = grossOf(itemIndex);
		if (!gross) return;
		const runSale = { ticket, gross, currency, decimals: amountDecimals(currency) };
		const match = invoicedIndividually(runSale, byFolio.get(ticket) ?? []);
		if (match.kind === 'invoiced')
			leftOut.push({ itemIndex, ...invoicedLeftOut(runSale, match.voucher) });
		else if (match.kind === 'unrelated') notes.push(unrelatedNote(runSale, match.vouchers));
	});
	// The period's own global invoice holding every sale left to declare is this run stamped before
	// (the duplicate check answers with it); lacking some, it holds other sales: those it holds are
	// left out, and the rest need a global invoice with a folio of its own.
	const own = prior.periodGlobal;
	const documented = new Set(leftOut.map((sale) => sale.itemIndex));
	const remaining = sales
		.map((sale, itemIndex) => ({ ticket: sale.ticket.trim(), itemIndex }))
		.filter((sale) => !documented.has(sale.itemIndex));
	const held = new Set(own?.tickets.map((ticket) => String(ticket).trim()));
	if (!own || remaining.every((sale) => held.has(sale.ticket)))
		return { leftOut, notes, periodFolioTaken: !own && prior.periodFolioCancelled === true };
	for (const sale of remaining)
		if (held.has(sale.ticket))
			leftOut.push({ itemIndex: sale.itemIndex, ...declaredLeftOut(sale.ticket, own) });
	leftOut.sort((a, b) => a.itemIndex - b.itemIndex);
	return { leftOut, notes, periodFolioTaken: true };
}
