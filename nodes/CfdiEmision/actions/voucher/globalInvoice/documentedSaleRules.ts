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
 * Pure: priorDeclarations.ts reads the list and the XML, salesAlreadyDocumented.ts applies these.
 */
import {
	compareDecimal,
	decimalToString,
	parseDecimal,
	roundDecimal,
	type Decimal,
} from '../../../cfdi/decimal';
import { GENERIC_NATIONAL_RFC } from '../../../cfdi/rfc';
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
export interface ListedSale {
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
	| { kind: 'invoiced'; voucher: ListedSale }
	/** Vouchers with the ticket as folio that are not this sale (another amount, another currency). */
	| { kind: 'unrelated'; vouchers: ListedSale[] }
	| { kind: 'none' };

/**
 * Whether the sale was invoiced to its customer: a stamped voucher (not cancelled, not pending),
 * not to the general public, with the ticket as folio, in the sale's currency, whose total is the
 * sale's amount (rounded to the currency's decimals). The oldest such voucher is the one reported.
 */
export function invoicedIndividually(sale: RunSale, listed: ListedSale[]): IndividualMatch {
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

export function invoicedLeftOut(sale: RunSale, voucher: ListedSale): LeftOutSale {
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
export function unrelatedNote(sale: RunSale, vouchers: ListedSale[]): string {
	const listed = vouchers
		.map(
			(voucher) =>
				`${voucher.uuid} (series ${fieldText(voucher.series) || '(none)'}, recipient ${fieldText(voucher.recipientRfc) || '(not listed)'}, total ${voucher.total ?? '(not listed)'})`,
		)
		.join(', ');
	return `Ticket ${fieldText(sale.ticket)} (${decimalToString(sale.gross, sale.decimals)} ${sale.currency}) is included: the voucher${vouchers.length > 1 ? 's' : ''} with folio ${fieldText(sale.ticket)} on the list (${listed}) ${vouchers.length > 1 ? 'are' : 'is'} not this sale (another total or currency). If the sale was invoiced to its customer after all, cancel this global invoice with motive 04 and stamp it again without the ticket.`;
}
