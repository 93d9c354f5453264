import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { operationFailed, toNodeError } from '../shared/errors';
import { parseJsonObject } from '../shared/responses';
import type { ServiceCallError } from '../shared/serviceError';
import { API_ROOT, callService } from '../shared/transport';
import { rejectionError } from './answer';
import { pause, requestVoucher, type DoneAnswer, type SendVoucherContext } from './request';

/** PUT attempts on one id after unclear failures; a PUT on the same id cannot create a voucher. */
const MAX_STAMP_ATTEMPTS = 3;
const READ_BACK_ATTEMPTS = 3;

type ReadBack = { stamped: true; uuid: string } | { stamped: false } | { failed: ServiceCallError | Error };

/** Reads the voucher back to learn whether an unclear stamp request took effect. */
async function readBack(ctx: IExecuteFunctions, id: number, context: SendVoucherContext): Promise<ReadBack> {
	let last: ServiceCallError | Error = new Error('not read');
	for (let attempt = 0; attempt < READ_BACK_ATTEMPTS; attempt++) {
		if (attempt > 0) await pause(context.settings, attempt - 1);
		try {
			const response = await callService(ctx, context.session, { method: 'GET', url: `${API_ROOT}/comprobantes/${id}` });
			const voucher = parseJsonObject(response.body, 'the voucher lookup');
			const uuid = typeof voucher.uuid === 'string' ? voucher.uuid : '';
			return uuid || Number(voucher.subEstatusId) === 2 ? { stamped: true, uuid } : { stamped: false };
		} catch (error) {
			last = error as Error;
		}
	}
	return { failed: last };
}

function recoveredAnswer(id: number, uuid: string): DoneAnswer {
	return {
		kind: 'done',
		status: 'stamped',
		result: { esValido: true, idComprobante: id, errores: null, uuid, subEstatusId: 2, descripcion: null },
	};
}

/** What to tell the user about voucher `id` when its state could not be settled. */
function checkHint(id: number): string {
	return `It may be stamped: check it with Voucher > Get (id ${id}) before doing anything else. Do not run Create again for this voucher; Update on id ${id} is safe, it cannot create a second voucher.`;
}

/**
 * Stamps a pending voucher by id (PUT ...?emitir=true) so that it is never stamped twice: after an
 * unclear failure it waits, reads the voucher back, and sends the PUT on the same id again only if
 * the voucher is still pending. Once an attempt was unclear, every later failure is reported with
 * the id to check.
 */
export async function stampPending(
	ctx: IExecuteFunctions,
	id: number,
	body: IDataObject,
	qs: IDataObject,
	context: SendVoucherContext,
): Promise<DoneAnswer> {
	const request = { method: 'PUT' as const, url: `${API_ROOT}/comprobantes/${id}`, qs: { ...qs, emitir: true }, json: { ...body, id } };
	const action = `stamp voucher ${id}`;
	let lastFailure: ServiceCallError | undefined;
	for (let attempt = 1; attempt <= MAX_STAMP_ATTEMPTS; attempt++) {
		let outcome: Awaited<ReturnType<typeof requestVoucher>> | undefined;
		let thrown: unknown;
		try {
			outcome = await requestVoucher(ctx, request, context);
		} catch (error) {
			thrown = error;
		}
		// Before any unclear attempt a definite failure is just that; after one, look first.
		if (thrown && !lastFailure) throw thrown;
		if (outcome?.kind === 'done') return outcome.answer;
		if (outcome?.kind === 'rejected' && !lastFailure) throw rejectionError(ctx, context.itemIndex, outcome.answer, id);
		if (outcome?.kind === 'unclear') lastFailure = outcome.failure;

		// Give a slow stamp time to finish before judging the voucher's state.
		await pause(context.settings, attempt - 1);
		const state = await readBack(ctx, id, context);
		if ('failed' in state) {
			throw toNodeError(ctx, lastFailure ?? state.failed, context.itemIndex, {
				action,
				ifMaybeDone: `Reading voucher ${id} back failed too (${state.failed.message}). ${checkHint(id)}`,
				outcome: { idComprobante: id },
			});
		}
		if (state.stamped) return recoveredAnswer(id, state.uuid);
		if (outcome?.kind === 'rejected') throw rejectionError(ctx, context.itemIndex, outcome.answer, id);
		if (thrown) {
			// requestVoucher already built the user-facing error; add what only this loop knows.
			const error = toNodeError(ctx, thrown, context.itemIndex, { action });
			error.description = [error.description, `Voucher ${id} is still pending after an earlier unclear attempt. ${checkHint(id)}`].filter(Boolean).join(' ');
			error.context.outcome = { ...(error.context.outcome as IDataObject | undefined), idComprobante: id };
			throw error;
		}
	}
	throw operationFailed(
		ctx,
		context.itemIndex,
		`Could not stamp voucher ${id}: ${lastFailure?.message ?? 'no usable answer'} on ${MAX_STAMP_ATTEMPTS} attempts; it is still pending`,
		`The voucher is saved as pending with idComprobante ${id} and was not stamped when last read. ${checkHint(id)}`,
		{ idComprobante: id, status: 'pending' },
	);
}
