/**
 * Direct stamping (one call, POST ?emitir=true) of a new voucher whose sale the Duplicate Check
 * identifies.
 *
 * Why a page where people correct and resend wants this mode: the spec's create-and-stamp stores
 * nothing when the service refuses the voucher (spec 4.1 and its transitions), while Two-Phase's
 * pending save stays behind as a draft when its stamp is refused, and neither the spec nor the
 * sandbox lists pending vouchers, so the corrected attempt cannot find that draft to finish it: it
 * creates another voucher beside it with the same series and folio. Without the pending id an
 * unclear answer (timeout, broken connection, 5xx, unreadable) cannot be settled by reading the
 * voucher back; with the sale's key it is settled by looking the key up on the voucher list, as
 * the Duplicate Check does, and the request is never sent again. When the list does not show it,
 * the item fails saying the voucher may be stamped (needsAttention stampUnclear), and the next
 * run's Duplicate Check returns it once it is listed. Two-Phase stays the default: it settles an
 * unclear stamp by the voucher's id within the run, which the list cannot always do.
 */
import type { IDataObject } from 'n8n-workflow';

import { rejectionError } from './answer';
import { needsAttention } from './needsAttention';
import { pause, requestVoucher, type DoneAnswer, type SendVoucherContext } from './request';
import { SaleStampedMeanwhile } from './duplicateCheck';
import type { StampJob } from './plan';

/** List look-ups after an unclear answer, each after a pause that gives a slow stamp time to land. */
const LOOK_UPS = 3;

/** Looks the sale up on the list: throws SaleStampedMeanwhile when it is stamped (DuplicateCheck.recheck). */
export type LookUpSale = () => Promise<void>;

function recovered(voucher: IDataObject): DoneAnswer {
	return {
		kind: 'done',
		status: 'stamped',
		result: {
			esValido: true,
			idComprobante: Number(voucher.voucherId ?? voucher.idComprobante) || null,
			errores: null,
			uuid: String(voucher.uuid),
			subEstatusId: 2,
			descripcion: null,
		},
	};
}

export async function createAndStamp(
	job: StampJob,
	context: SendVoucherContext,
	lookUp: LookUpSale,
	describe: string,
): Promise<DoneAnswer> {
	const { client } = context;
	const outcome = await requestVoucher(async () => await client.createVoucher(job.voucher, true), {
		...context,
		stampRequested: true,
	});
	if (outcome.kind === 'done') return outcome.answer;
	// Refused: the service stored nothing, so the corrected data simply creates the voucher.
	if (outcome.kind === 'rejected')
		throw rejectionError(client.node, context.itemIndex, outcome.answer);
	let lookUpFailure: Error | undefined;
	for (let attempt = 0; attempt < LOOK_UPS; attempt++) {
		await pause(context.settings, attempt);
		try {
			await lookUp();
			lookUpFailure = undefined;
		} catch (error) {
			// Our own stamp, landed: the Duplicate Check found it before this item, so it is not an older one.
			if (error instanceof SaleStampedMeanwhile) return recovered(error.voucher);
			lookUpFailure = error as Error;
		}
	}
	const looked = lookUpFailure
		? `Looking the sale up on the voucher list failed (${lookUpFailure.message}).`
		: `The voucher list did not show it after ${LOOK_UPS} look-ups.`;
	const error = client.nodeError(outcome.failure, context.itemIndex, {
		action: 'stamp the voucher',
		ifMaybeDone: `The service may have stamped this voucher (${describe}) although no answer arrived. ${looked} Do not send it again under another key: run the item again later, its Duplicate Check returns the voucher if it was stamped and stamps it otherwise.`,
	});
	error.context.outcome = {
		...(error.context.outcome as IDataObject | undefined),
		...needsAttention(
			'stampUnclear',
			`The stamp of ${describe} got no clear answer and the voucher list does not show it yet: look it up with Voucher > Get Many before running the request again.`,
		),
	};
	return Promise.reject(error);
}
