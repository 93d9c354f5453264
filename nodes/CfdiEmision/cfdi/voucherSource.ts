/**
 * What a voucher stands for, as its builder knows it: the money of its source (an order's total, the
 * money collected, an invoice's balance, a refund) and the business key that identifies the sale it
 * documents. Every builder (order, line items, global invoice, credit note, payment receipt) fills
 * them; the reconciliation rule compares `money` with the built voucher, and the duplicate check
 * looks for `key` before anything is stamped. Pure data, no n8n types.
 */

/** The money the voucher must equal, to the cent. */
export interface SourceMoney {
	/** Decimal text in the voucher's currency, e.g. "1160.00". */
	amount: string;
	currency: string;
	/** Where the figure comes from, worded for a user: "the order's total_price", "the invoice's balance". */
	from: string;
	/** The input member that gives the figure, for errors: "total_price", "expectedTotal", "amount". */
	field?: string;
	/** What the source's own parts say, when they disagree with its figure: where a difference comes from. */
	detail?: string;
	/** What to correct in the source when the totals differ, e.g. "the sale amounts". */
	fix?: string;
	/**
	 * The amount each concept stands for (decimal text, in concept order), when the source charged
	 * per line (a global invoice's sales): cents are then moved against these, not the built lines.
	 */
	lines?: string[];
}

/** The sale the voucher documents, so that it is invoiced once across executions. */
export interface BusinessKey {
	/** The key itself, stable across re-deliveries and re-runs, e.g. "order:5001" or "payment:<uuid>:2". */
	value: string;
	/** Where it comes from, worded for a user: "the order id", "Duplicate Check Key". */
	from: string;
	/** Series and folio the voucher will carry, when they identify it on the service's list. */
	serie?: string;
	folio?: string;
	/** When the sale happened (ISO date): a voucher for it is not older, so the list is read from there. */
	since?: string;
	/** `since` is the window's exact start (a content key's window), not a sale date to widen by a clock margin. */
	exactSince?: boolean;
	/**
	 * Another folio the same sale may carry on the list: a content key's folio as written before
	 * the lines were sorted (a voucher of several lines in another order than sorted). Looked for
	 * only when the key's own folio finds nothing.
	 */
	formerFolio?: string;
}

export interface VoucherSource {
	money?: SourceMoney;
	key?: BusinessKey;
	/**
	 * A buyer's self-invoice request: the sale's voucher found stamped is returned only when it is
	 * this recipient's (RFC); one of another recipient is refused, never handed to this buyer.
	 */
	recipientRfc?: string;
}
