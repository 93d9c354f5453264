/**
 * What the service already documents of a global invoice's sales (read before the invoice is built
 * by priorDeclarations.ts: the stamped global invoices of an overlapping period, their
 * tickets, and the vouchers whose folio is one of the tickets), and which of the run's sales they
 * already document.
 */
import type { SaleInput } from './buildGlobalInvoice';
import { decimalsOf } from '../../../cfdi/kinds/taxRates';
import { type Decimal } from '../../../cfdi/decimal';
import { type GlobalPeriod } from './globalPeriod';
import {
	declaredLeftOut,
	invoicedIndividually,
	invoicedLeftOut,
	ticketsDeclaredInGlobals,
	unrelatedNote,
	type DeclaredGlobal,
	type LeftOutSale,
	type ListedSale,
} from './documentedSaleRules';

/** What the service already documents of this run's sales: stamped global invoices and same-folio vouchers. */
export interface PriorDeclarations {
	globals: DeclaredGlobal[];
	listed: ListedSale[];
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
	const byFolio = new Map<string, ListedSale[]>();
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
		const runSale = { ticket, gross, currency, decimals: decimalsOf(currency) };
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
