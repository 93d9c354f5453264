import type { IDataObject, IExecuteFunctions, NodeApiError } from 'n8n-workflow';

import { readNetworkFailure } from '../network';
import { operationFailed, toNodeError } from '../shared/errors';
import { parseJsonObject } from '../shared/responses';
import { ServiceCallError } from '../shared/serviceError';
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

/** The voucher could not be read: it exists, whether it is stamped is not known. */
function unknownStateNote(id: number): string {
	return `Voucher ${id} exists, but whether it is stamped is not known: check it with Voucher > Get (id ${id}) before doing anything else. Do not run Create again for this item, it would create a second voucher; Update on id ${id} is safe, it cannot create a second voucher.`;
}

/**
 * The voucher is known to be pending: refused before any unclear attempt, or read back pending
 * after the last one. A timed-out attempt may still land at the service later, so say so.
 */
function pendingNote(id: number, how: 'refused' | 'readBack', lastTimedOut: boolean): string {
	const known =
		how === 'refused'
			? `Voucher ${id} stays saved as pending, not stamped: the refused request changed nothing.`
			: `Voucher ${id} is saved as pending and was still not stamped when read back after the last attempt.`;
	const late = lastTimedOut ? ` An attempt timed out, so a stamp still running at the service could finish later: check voucher ${id} with Voucher > Get before stamping it.` : '';
	return `${known} A pending voucher has no fiscal effect. Stamp it later with Voucher > Update on id ${id} (Stamp on), which cannot create a second voucher; do not run Create again for this item, it would create another voucher.${late}`;
}

/** A failure's reason as a clause: "the service answered HTTP 503", "No answer from the service (timed out)". */
function reasonOf(failure: ServiceCallError | Error): string {
	const text = failure instanceof ServiceCallError && failure.kind === 'http' ? `the service answered HTTP ${failure.details.status}` : failure.message;
	return text.replace(/\.$/, '');
}

function timedOut(failure: ServiceCallError | undefined): boolean {
	return !!failure?.details.code && readNetworkFailure({ code: failure.details.code })?.kind === 'timeout';
}

/** Adds what only the stamping loop knows (the pending id) to an error the request already worded. */
function withNote(ctx: IExecuteFunctions, error: unknown, itemIndex: number, action: string, note: string, id: number): NodeApiError {
	const nodeError = toNodeError(ctx, error, itemIndex, { action });
	nodeError.description = [nodeError.description, note].filter(Boolean).join(' ');
	nodeError.context.outcome = { ...(nodeError.context.outcome as IDataObject | undefined), idComprobante: id, status: 'pending' };
	return nodeError;
}

/**
 * Stamps a pending voucher by id (PUT ...?emitir=true) so that it is never stamped twice: after an
 * unclear failure it waits, reads the voucher back, and sends the PUT on the same id again only if
 * the voucher is still pending. Every failure names the id and says what is known about it.
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
	const pendingContext: SendVoucherContext = { ...context, pendingId: id };
	let lastFailure: ServiceCallError | undefined;
	let anyTimedOut = false;
	for (let attempt = 1; attempt <= MAX_STAMP_ATTEMPTS; attempt++) {
		let outcome: Awaited<ReturnType<typeof requestVoucher>> | undefined;
		let thrown: unknown;
		try {
			outcome = await requestVoucher(ctx, request, pendingContext);
		} catch (error) {
			thrown = error;
		}
		// Before any unclear attempt a definite failure is just that; after one, look first.
		if (thrown && !lastFailure) throw withNote(ctx, thrown, context.itemIndex, action, pendingNote(id, 'refused', false), id);
		if (outcome?.kind === 'done') return outcome.answer;
		if (outcome?.kind === 'rejected' && !lastFailure) throw rejectionError(ctx, context.itemIndex, outcome.answer, id);
		if (outcome?.kind === 'unclear') {
			lastFailure = outcome.failure;
			anyTimedOut ||= timedOut(lastFailure);
		}

		// Give a slow stamp time to finish before judging the voucher's state.
		await pause(context.settings, attempt - 1);
		const state = await readBack(ctx, id, context);
		if ('failed' in state) {
			throw toNodeError(ctx, lastFailure ?? state.failed, context.itemIndex, {
				action,
				ifMaybeDone: `Reading voucher ${id} back failed too (${reasonOf(state.failed)}). ${unknownStateNote(id)}`,
				outcome: { idComprobante: id },
			});
		}
		if (state.stamped) return recoveredAnswer(id, state.uuid);
		if (outcome?.kind === 'rejected') throw rejectionError(ctx, context.itemIndex, outcome.answer, id);
		if (thrown) throw withNote(ctx, thrown, context.itemIndex, action, pendingNote(id, 'readBack', anyTimedOut), id);
	}
	throw operationFailed(
		ctx,
		context.itemIndex,
		`Could not stamp voucher ${id}: ${MAX_STAMP_ATTEMPTS} attempts failed (last: ${reasonOf(lastFailure ?? new Error('no usable answer'))}); it is still pending`,
		pendingNote(id, 'readBack', anyTimedOut),
		{ idComprobante: id, status: 'pending' },
	);
}
