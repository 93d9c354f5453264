/**
 * Motive 04 half-done: the buyer's invoice failed after the replacement global invoice was stamped
 * (Sale in a Global Invoice: Replace the Global Invoice). Both global invoices are then valid and
 * declare the period's other sales twice until the shop acts, so the error says so.
 */
import type { IDataObject } from 'n8n-workflow';

import { fieldText as text } from '../../../cfdi/fieldText';
import { needsAttention } from '../../../execution/needsAttention';
import type { StampJob } from '../../../stamping/stampJob';

/** The error of the buyer's invoice, naming both global invoices, what each declares and the two ways to settle it. */
export function withHalfReplaced<E extends { context: IDataObject }>(error: E, job: StampJob): E {
	const global = job.output.globalInvoice as IDataObject | undefined;
	const replaced = global?.replaced as IDataObject | undefined;
	const replacement = global?.replacement as IDataObject | null | undefined;
	if (!replaced?.uuid || !replacement?.uuid) return error;
	const ticket = text(job.duplicate?.key.folio ?? job.voucher.body.folio) || 'this sale';
	const others = ((replacement.tickets as string[] | undefined) ?? []).join(', ');
	const left = (error.context.outcome as IDataObject | undefined) ?? {};
	const before = (left.needsAttention as { message?: string } | undefined)?.message;
	error.context.outcome = {
		...left,
		globalInvoice: {
			...global,
			declares: {
				[String(replaced.uuid)]: [ticket, ...(replacement.tickets as string[])],
				[String(replacement.uuid)]: replacement.tickets,
			},
		},
		...needsAttention(
			'globalInvoiceHalfReplaced',
			`${before ? `${before} ` : ''}Motive 04 stopped half-way: global invoice ${String(replaced.uuid)} (${String(replaced.period ?? '')}) declares sales ${[ticket, others].filter(Boolean).join(', ')} and its replacement ${String(replacement.uuid)} (folio ${String(replacement.folio ?? '')}) declares ${others}, both valid, while the buyer's invoice of sale ${ticket} was refused. Either the buyer corrects the data and the request runs again (it stamps the buyer's invoice, then cancels ${String(replaced.uuid)} with motive 04), or cancel the replacement ${String(replacement.uuid)} (Voucher → Cancel, motive 02) if the buyer will not be invoiced.`,
		),
	};
	return error;
}
