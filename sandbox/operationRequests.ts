/** How the create/update and e-mail requests are bound and checked (400/415) before the state machine sees them. */
import type { Call, Reply } from './http';
import {
	bindBoolean,
	bindJsonObject,
	type BindingErrors,
	emailTypeErrors,
	isObject,
	queryValue,
	toNumber,
	voucherTypeErrors,
} from './modelBinding';
import { isJsonMediaType, unsupportedMediaType, validationProblem } from './replies';
import type { VoucherBody } from './types';

const EMAIL_PATTERN = /^[^\s@,;<>()]+@[^\s@,;<>()]+\.[^\s@,;<>()]+$/;

/** Content type, query and body binding shared by create and update (400/415 on failure). */
export function bindVoucherRequest(
	call: Call,
	pathId?: number,
): { voucher: VoucherBody; emitir: boolean; noCalcularFecha: boolean } | { reply: Reply } {
	if (!isJsonMediaType(call.headers['content-type'])) return { reply: unsupportedMediaType() };
	const errors: BindingErrors = {};
	const emitir = bindBoolean(queryValue(call.searchParams, 'emitir'), 'emitir', true);
	if ('error' in emitir) errors.emitir = [emitir.error];
	const noCalcularFecha = bindBoolean(
		queryValue(call.searchParams, 'noCalcularFecha'),
		'noCalcularFecha',
		false,
	);
	if ('error' in noCalcularFecha) errors.noCalcularFecha = [noCalcularFecha.error];
	const bound = bindJsonObject(call.body, 'Comprobante');
	if ('errors' in bound) {
		Object.assign(errors, bound.errors);
	} else {
		Object.assign(errors, voucherTypeErrors(bound.value));
		if (pathId !== undefined && !errors['$.id']) {
			const bodyId = toNumber(bound.value.id);
			if (bodyId === undefined)
				errors.id = ['The id field is required and must equal the id in the path.'];
			else if (bodyId !== pathId)
				errors.id = [
					`The id in the body (${bodyId}) does not match the id in the path (${pathId}).`,
				];
		}
	}
	if (
		'errors' in bound ||
		'error' in emitir ||
		'error' in noCalcularFecha ||
		Object.keys(errors).length > 0
	) {
		return { reply: validationProblem(errors) };
	}
	// The service owns the id: one sent on create is ignored, and the path id rules on update.
	const voucher: VoucherBody = { ...bound.value };
	delete voucher.id;
	return { voucher, emitir: emitir.value, noCalcularFecha: noCalcularFecha.value };
}

/** The e-mail request's body and its checks (415, 400 with each field's fault) before the voucher is looked up. */
export function bindEmailRequest(
	call: Call,
): { body: Record<string, unknown>; uuid: string } | { reply: Reply } {
	if (!isJsonMediaType(call.headers['content-type'])) return { reply: unsupportedMediaType() };
	const bound = bindJsonObject(call.body, 'EnvioCorreo');
	if ('errors' in bound) return { reply: validationProblem(bound.errors) };
	const body = bound.value;
	const errors = emailTypeErrors(body);
	if (Object.keys(errors).length > 0) return { reply: validationProblem(errors) };

	if (typeof body.para !== 'string' || body.para.trim() === '')
		errors.para = ['The para field is required.'];
	else if (!isEmailList(body.para))
		errors.para = [`'${body.para}' is not a valid e-mail address or comma-separated list of them.`];
	for (const field of ['asunto', 'mensaje'] as const) {
		if (typeof body[field] !== 'string') errors[field] = [`The ${field} field is required.`];
	}
	if (typeof body.cc === 'string' && body.cc.trim() !== '' && !isEmailList(body.cc)) {
		errors.cc = [`'${body.cc}' is not a valid e-mail address or comma-separated list of them.`];
	}
	if (
		typeof body.responderA === 'string' &&
		body.responderA.trim() !== '' &&
		!EMAIL_PATTERN.test(body.responderA.trim())
	) {
		errors.responderA = [`'${body.responderA}' is not a valid e-mail address.`];
	}
	const uuid = isObject(body.cfdi) ? body.cfdi.uuid : undefined;
	if (typeof uuid !== 'string' || uuid.trim() === '')
		errors['cfdi.uuid'] = ['The cfdi.uuid field is required.'];
	if (Object.keys(errors).length > 0) return { reply: validationProblem(errors) };
	return { body, uuid: uuid as string };
}

function isEmailList(value: string): boolean {
	const items = value.split(',').map((item) => item.trim());
	return items.length > 0 && items.every((item) => EMAIL_PATTERN.test(item));
}
