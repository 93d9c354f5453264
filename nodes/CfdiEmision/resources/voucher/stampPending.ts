import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { operationFailed, toNodeError } from '../../shared/errors';
import { parseJsonObject } from '../../shared/responses';
import type { ServiceCallError } from '../../shared/serviceError';
import { API_ROOT, callService } from '../../shared/transport';
import { pause, requestVoucher, type DoneAnswer, type SendVoucherContext } from './sendVoucher';
import { rejectionError } from './stampResult';

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

/**
 * Stamps a pending voucher by id (PUT ...?emitir=true) so that it is never stamped twice: after an
 * unclear failure it reads the voucher back; stamped means done, pending means the PUT is sent
 * again on the same id.
 */
export async function stampPending(
	ctx: IExecuteFunctions,
	id: number,
	body: IDataObject,
	qs: IDataObject,
	context: SendVoucherContext,
): Promise<DoneAnswer> {
	const request = { method: 'PUT' as const, url: `${API_ROOT}/comprobantes/${id}`, qs: { ...qs, emitir: true }, json: { ...body, id } };
	let lastFailure: ServiceCallError | undefined;
	for (let attempt = 1; attempt <= MAX_STAMP_ATTEMPTS; attempt++) {
		const outcome = await requestVoucher(ctx, request, context);
		if (outcome.kind === 'done') return outcome.answer;
		if (outcome.kind === 'rejected' && !lastFailure) throw rejectionError(ctx, context.itemIndex, outcome.answer);

		// Unclear, or refused after an unclear attempt (e.g. "already stamped"): look before acting.
		if (outcome.kind === 'unclear') lastFailure = outcome.failure;
		const state = await readBack(ctx, id, context);
		if ('failed' in state) {
			throw toNodeError(ctx, lastFailure ?? state.failed, context.itemIndex, {
				action: `stamp voucher ${id}`,
				ifMaybeDone: `Reading voucher ${id} back to check failed too (${state.failed.message}). It may be stamped: check with Voucher > Get (id ${id}); running Update on id ${id} is safe, it cannot create a second voucher.`,
				outcome: { idComprobante: id },
			});
		}
		if (state.stamped) return recoveredAnswer(id, state.uuid);
		if (outcome.kind === 'rejected') throw rejectionError(ctx, context.itemIndex, outcome.answer);
	}
	throw operationFailed(
		ctx,
		context.itemIndex,
		`Could not stamp voucher ${id}: ${lastFailure?.message ?? 'no usable answer'} on ${MAX_STAMP_ATTEMPTS} attempts; it is still pending`,
		`The voucher is saved as pending with idComprobante ${id} and is not stamped. Run Update on id ${id} later; it cannot create a second voucher.`,
		{ idComprobante: id, status: 'pending' },
	);
}
