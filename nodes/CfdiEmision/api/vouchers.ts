/**
 * The service's single voucher reads and its cancel: read one back by id (spec 4.3), cancel one by
 * UUID (beyond the spec: docs/spec-choices.md), each one request through callService parsing its own
 * answer. The writes that save or stamp a voucher are the run's client's only (api/runClient.ts).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { parseJsonObject } from '../transport/responses';
import { callService, type RunSession } from '../transport/transport';
import { voucherPath } from './paths';

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
