/**
 * The service's voucher writes and single reads: create (pending or stamped), change or stamp a
 * pending voucher, read one back by id (spec 4.1-4.3), cancel one by UUID (beyond the spec:
 * docs/spec-choices.md). Each sends its one
 * request through callService and parses its own answer; what the answer means (stamped, refused,
 * busy series) is the stamping protocol's to judge.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { parseJsonObject } from '../transport/responses';
import { callService, type RunSession } from '../transport/transport';
import { voucherPath, VOUCHERS_PATH } from './paths';

/** A voucher as the service takes it: the body, and the query members sent beside `emitir`. */
export interface VoucherWrite {
	body: IDataObject;
	qs: IDataObject;
}

/** An answer to a save or stamp: the operation result (spec 2.6), parsed strictly. */
function operationResult(body: unknown): IDataObject {
	return parseJsonObject(body, 'the voucher request');
}

/**
 * POST .../comprobantes: creates the voucher, stamped when `stamp` (emitir=true), else saved as
 * pending. A redirect is never its answer (callService reports it as unclear).
 */
export async function createVoucher(
	ctx: IExecuteFunctions,
	session: RunSession,
	voucher: VoucherWrite,
	stamp: boolean,
): Promise<IDataObject> {
	return await writeVoucher(ctx, session, 'POST', VOUCHERS_PATH, voucher, stamp);
}

/** One write of a voucher: its query with `emitir`, its body, and the operation result it answers. */
async function writeVoucher(
	ctx: IExecuteFunctions,
	session: RunSession,
	method: 'POST' | 'PUT',
	url: string,
	voucher: VoucherWrite,
	emitir: boolean,
	body: IDataObject = voucher.body,
): Promise<IDataObject> {
	const response = await callService(ctx, session, {
		method,
		url,
		qs: { ...voucher.qs, emitir },
		json: body,
		savesVoucher: true,
	});
	return operationResult(response.body);
}

/** PUT .../comprobantes/{id} with emitir=false: changes a pending voucher, stamps nothing. */
export async function updatePendingVoucher(
	ctx: IExecuteFunctions,
	session: RunSession,
	id: number,
	voucher: VoucherWrite,
): Promise<IDataObject> {
	return await writeVoucher(ctx, session, 'PUT', voucherPath(id), voucher, false);
}

/**
 * PUT .../comprobantes/{id} with emitir=true: stamps the pending voucher `id` with this body (its
 * id in the body too). A PUT on an id cannot create a second voucher, so it may go again.
 */
export async function stampPendingVoucher(
	ctx: IExecuteFunctions,
	session: RunSession,
	id: number,
	voucher: VoucherWrite,
): Promise<IDataObject> {
	return await writeVoucher(ctx, session, 'PUT', voucherPath(id), voucher, true, {
		...voucher.body,
		id,
	});
}

/**
 * GET .../comprobantes/{id}: one voucher as the service stores it (Voucher → Get, the stamping
 * protocol's read-back, a global invoice read to replace it). `what` names it in a malformed answer's error.
 */
export async function readVoucher(
	ctx: IExecuteFunctions,
	session: RunSession,
	id: number | string,
	what = 'the voucher lookup',
): Promise<IDataObject> {
	const response = await callService(ctx, session, { method: 'GET', url: voucherPath(id) });
	return parseJsonObject(response.body, what);
}

/** What a cancellation sends: the SAT motive, and the replacing voucher's UUID for motive 01. */
export interface CancellationBody extends IDataObject {
	motivo: string;
	folioSustitucion?: string;
}

/** DELETE .../comprobantes/{uuid}: asks the service to cancel a stamped voucher; its answer as sent. */
export async function cancelVoucher(
	ctx: IExecuteFunctions,
	session: RunSession,
	uuid: string,
	cancellation: CancellationBody,
): Promise<IDataObject> {
	const response = await callService(ctx, session, {
		method: 'DELETE',
		url: voucherPath(encodeURIComponent(uuid)),
		json: cancellation,
	});
	return parseJsonObject(response.body, 'the cancellation');
}
