import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ValidationResult } from '../cfdi';
import { formatErrores, operationFailed, readErrores, type ServiceErrorEntry } from '../shared/errors';
import { parseJsonObject } from '../shared/responses';
import { ServiceCallError } from '../shared/serviceError';

export type VoucherStatus = 'stamped' | 'pending';

/** The provider's "series busy, try later" code: transient, nothing stored. */
export const SERIES_BUSY_CODE = 'FAC119';

export type StampAnswer =
	| { kind: 'done'; result: IDataObject; status: VoucherStatus }
	| { kind: 'busy'; errores: ServiceErrorEntry[] }
	| { kind: 'rejected'; result: IDataObject; errores: ServiceErrorEntry[] };

/**
 * Reads an operation result (spec 2.6). esValido false with errores is a failure whatever the HTTP
 * status; esValido false without errores is the documented pending save. A stamp answer that says
 * esValido true without a UUID throws a 'malformed' ServiceCallError: the caller treats it as unclear.
 */
export function readStampAnswer(body: unknown, stampRequested: boolean): StampAnswer {
	const result = parseJsonObject(body, 'the voucher request');
	const errores = readErrores(result.errores);
	if (result.esValido === true && typeof result.uuid === 'string' && result.uuid) {
		return { kind: 'done', result, status: 'stamped' };
	}
	if (errores.length) {
		if (errores.every((e) => e.codigo === SERIES_BUSY_CODE)) return { kind: 'busy', errores };
		return { kind: 'rejected', result, errores };
	}
	if (stampRequested && result.esValido === true) {
		// Success-shaped but without its UUID: the voucher may well be stamped, so this is unclear, not a refusal.
		const id = Number(result.idComprobante) > 0 ? ` for idComprobante ${String(result.idComprobante)}` : '';
		throw new ServiceCallError(`the service answered that the voucher is valid (esValido true) but sent no UUID${id}, so it may have been stamped`, 'malformed', { body: result });
	}
	if (stampRequested) {
		// A stamp was asked for and none came back: a failure, even without errores.
		const why = typeof result.descripcion === 'string' && result.descripcion ? result.descripcion : 'the answer has no UUID';
		return { kind: 'rejected', result, errores: [{ codigo: '', mensaje: `not stamped: ${why}` }] };
	}
	return { kind: 'done', result, status: 'pending' };
}

/** The error for a voucher the service refused, listing every code it returned. */
export function rejectionError(ctx: IExecuteFunctions, itemIndex: number, answer: Extract<StampAnswer, { kind: 'rejected' }>, knownId?: number) {
	const id = knownId ?? (Number(answer.result.idComprobante) || 0);
	const stored = id > 0 ? ` The voucher is stored as pending with idComprobante ${id}: fix it and use Update.` : ' Nothing was stored: fix the voucher and run again.';
	return operationFailed(
		ctx,
		itemIndex,
		`The service refused the voucher: ${formatErrores(answer.errores)}`,
		`Each code names the rule that failed (CFDI40xxx codes are SAT rules, FACxxx codes are the provider's).${stored}`,
		{ errores: answer.errores as unknown as IDataObject[], idComprobante: id || null, status: 'rejected' },
	);
}

/** Output item of create/update: the operation result, a readable status, and local findings if any. */
export function stampOutput(answer: Extract<StampAnswer, { kind: 'done' }>, validation?: ValidationResult): IDataObject {
	const output: IDataObject = { ...answer.result, status: answer.status };
	if (validation) output.validation = validation as unknown as IDataObject;
	return output;
}
