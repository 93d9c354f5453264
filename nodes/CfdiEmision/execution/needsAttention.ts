/**
 * An item's `needsAttention` member: an outcome only the shop can resolve, one stable member a
 * workflow routes on (an If on it, then an alert to the owner). Written by the voucher's input
 * (an order that cannot become a voucher) and by the stamping protocol (stamping/stampAnswer.ts).
 */
import type { IDataObject } from 'n8n-workflow';

/**
 * - saleInGlobalInvoice: the sale is in a stamped global invoice (Sale in a Global Invoice: Fail),
 *   or that invoice's cancellation awaits acceptance, or two global invoices disagree about it;
 * - saleInGlobalInvoiceUnclear: a valid general-public voucher names the sale's ticket in a concept
 *   that is not a global invoice's sale line (a product SKU): nothing written, the shop checks it;
 * - globalInvoiceRelated: Replace the Global Invoice, but a live document (a credit note) relates
 *   the global invoice, so motive 04 could not cancel it: nothing stamped until it is cancelled;
 * - folioCollision: the key's series and folio are another recipient's voucher;
 * - duplicateCheckUndecided: the list could not tell whether the sale is stamped;
 * - twinStamped: the sale has more than one stamped voucher (one to cancel);
 * - stampUnclear: a stamp got no clear answer and the list does not show it yet;
 * - invoicedToAnotherRfc: a buyer asks for a sale already invoiced to another RFC (cancel it first);
 * - orderData: the order (the shop's record) cannot become a voucher, or its figures cannot be met
 *   to the cent: the buyer can correct nothing.
 */
export type AttentionReason =
	| 'saleInGlobalInvoice'
	| 'saleInGlobalInvoiceUnclear'
	| 'globalInvoiceRelated'
	| 'globalInvoiceHalfReplaced'
	| 'folioCollision'
	| 'duplicateCheckUndecided'
	| 'twinStamped'
	| 'stampUnclear'
	| 'invoicedToAnotherRfc'
	| 'orderData';

export interface NeedsAttention {
	reason: AttentionReason;
	/** What happened and what the shop does next, in the node's words. */
	message: string;
}

/** The outcome member for an error or an item: `{ needsAttention: { reason, message } }`. */
export function needsAttention(reason: AttentionReason, message: string): IDataObject {
	return { needsAttention: { reason, message } };
}
