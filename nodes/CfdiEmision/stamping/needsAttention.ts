/**
 * Outcomes only the shop can resolve, as one stable member of the item (`needsAttention`), so a
 * workflow can route them (an If on it, then an alert to the owner) instead of telling a buyer to
 * check data that is right. A run that ends without an error shows as Succeeded in n8n's list, so
 * without this the owner never learns that a buyer is waiting. Also the editor's execution hints
 * for items answered with an existing voucher, left out, or needing the owner.
 */
import type { IDataObject, INodeExecutionData, NodeExecutionHint } from 'n8n-workflow';

/**
 * - saleInGlobalInvoice: the sale is in a stamped global invoice (Sale in a Global Invoice: Fail),
 *   or that invoice's cancellation awaits acceptance, or two global invoices disagree about it;
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
	| 'globalInvoiceRelated'
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

/**
 * Marks the items whose twins the run reported (the Duplicate Check's look-ups write `duplicate`
 * or `duplicateCheck.alsoStamped`): keeping one and cancelling the other is the shop's decision.
 */
export function markTwins(items: INodeExecutionData[]): void {
	for (const { json } of items) {
		if (json.needsAttention) continue;
		const after = json.duplicate as IDataObject | undefined;
		const cancel = Array.isArray(after?.cancel) ? (after.cancel as string[]) : [];
		if (cancel.length) {
			Object.assign(
				json,
				needsAttention(
					'twinStamped',
					String(
						after?.message ?? `This sale has another stamped voucher: cancel ${cancel.join(', ')}.`,
					),
				),
			);
			continue;
		}
		const check = json.duplicateCheck as IDataObject | undefined;
		if (Array.isArray(check?.alsoStamped) && check.alsoStamped.length)
			Object.assign(json, needsAttention('twinStamped', String(check.twinNote ?? '')));
	}
}

function count(items: number, one: string, many: string): string {
	return items === 1 ? one : many.replace('{n}', String(items));
}

/**
 * The notices above the node's output: items answered with an existing voucher (nothing stamped
 * for them), items left out (skipped), and items the shop must act on. The item's JSON says the
 * same; the hint is where a person looking at the run sees it.
 */
export function outcomeHints(items: INodeExecutionData[]): NodeExecutionHint[] {
	const hints: NodeExecutionHint[] = [];
	const existing: number[] = [];
	const skipped: Array<{ item: number; why: string }> = [];
	const attention: Array<{ item: number; why: string }> = [];
	items.forEach(({ json, pairedItem }, position) => {
		const paired = Array.isArray(pairedItem) ? pairedItem[0] : pairedItem;
		const item = typeof paired === 'object' && paired ? paired.item : position;
		if (json.status === 'alreadyStamped' || json.status === 'alreadyPending') existing.push(item);
		const skip = json.skipped as IDataObject | undefined;
		if (json.status === 'skipped' && skip)
			skipped.push({ item, why: String(skip.reason ?? skip.message ?? 'skipped') });
		const owner = json.needsAttention as IDataObject | undefined;
		if (owner) attention.push({ item, why: String(owner.reason) });
	});
	if (existing.length)
		hints.push({
			message: `${count(existing.length, `Item ${existing[0]} was`, `Items ${existing.join(', ')} were`)} answered with an existing voucher (status alreadyStamped or alreadyPending): nothing was stamped for ${count(existing.length, 'it', 'them')}, and the UUID given is the earlier voucher's (see duplicateCheck in the item).`,
			type: 'info',
			location: 'outputPane',
		});
	if (skipped.length)
		hints.push({
			message: `${count(skipped.length, 'One item was', '{n} items were')} left out, nothing sent: ${skipped
				.slice(0, 10)
				.map((entry) => `item ${entry.item} (${entry.why})`)
				.join(', ')}. The item's skipped member says why.`,
			type: 'info',
			location: 'outputPane',
		});
	if (attention.length)
		hints.push({
			message: `${count(attention.length, 'One item needs', '{n} items need')} the shop's action: ${attention
				.slice(0, 10)
				.map((entry) => `item ${entry.item} (${entry.why})`)
				.join(
					', ',
				)}. The item's needsAttention member says what to do; route it with an If on needsAttention to alert the owner.`,
			type: 'warning',
			location: 'outputPane',
		});
	return hints;
}
