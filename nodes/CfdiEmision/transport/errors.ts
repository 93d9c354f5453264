import type { IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { redactSecrets } from '../auth/secrets';
import { describePayloadTooLarge, PAYLOAD_TOO_LARGE_STATUS } from '../network/failures';
import { bodyText } from './responses';
import { ServiceCallError } from './serviceError';

export interface ServiceErrorEntry {
	codigo: string;
	mensaje: string;
}

/** The `errores` of an operation result; the spec does not show their shape, so accept what is seen. */
export function readErrores(value: unknown): ServiceErrorEntry[] {
	if (value === null || value === undefined) return [];
	const list = Array.isArray(value) ? value : [value];
	return list.map((entry) => {
		if (entry && typeof entry === 'object') {
			const e = entry as IDataObject;
			return {
				codigo: String(e.codigo ?? e.code ?? e.Codigo ?? ''),
				mensaje: String(e.mensaje ?? e.message ?? e.Mensaje ?? e.descripcion ?? JSON.stringify(e)),
			};
		}
		return { codigo: '', mensaje: String(entry) };
	});
}

export function formatErrores(errores: ServiceErrorEntry[]): string {
	return errores.map((e) => (e.codigo ? `${e.codigo}: ${e.mensaje}` : e.mensaje)).join('; ');
}

/** The most useful text of an error answer: OAuth, problem details, operation result or plain text. */
export function serviceMessage(body: unknown): string {
	const text = bodyText(body).trim();
	if (!text) return '';
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return /^\s*</.test(text) ? '' : text.slice(0, 300);
	}
	if (!parsed || typeof parsed !== 'object') return String(parsed);
	const data = parsed as IDataObject;
	const parts: string[] = [];
	if (data.errores) parts.push(formatErrores(readErrores(data.errores)));
	if (typeof data.title === 'string') parts.push(data.title);
	if (data.errors && typeof data.errors === 'object') {
		for (const [field, messages] of Object.entries(data.errors as IDataObject)) {
			parts.push(`${field}: ${Array.isArray(messages) ? messages.join(' ') : String(messages)}`);
		}
	}
	for (const key of ['message', 'mensaje', 'descripcion', 'error_description', 'error']) {
		if (typeof data[key] === 'string' && data[key]) parts.push(data[key] as string);
	}
	return parts.filter(Boolean).join(' ');
}

export interface FailureContext {
	/** What the item was doing, as a verb phrase: "stamp the voucher", "download the XML". */
	action: string;
	/** What to tell the user when the service may have acted although no success was seen. */
	ifMaybeDone?: string;
	/** The request only reads (or asks again for something harmless): repeating it changes nothing. */
	readOnly?: boolean;
	/** Extra members for the Continue On Fail error item. */
	outcome?: IDataObject;
}

const READ_ONLY_EFFECT =
	'Nothing was changed: this request only reads, so running the item again is safe.';
const UNKNOWN_EFFECT =
	'Whether the service acted on the request is not known: check before running the item again.';
const REFUSED_EFFECT = 'The service did not carry out the request.';

/** What a failure without a clear answer may have left behind, in the caller's words when it knows. */
function unclearEffect(context: FailureContext): string {
	return context.ifMaybeDone ?? (context.readOnly ? READ_ONLY_EFFECT : UNKNOWN_EFFECT);
}

function httpAdvice(status: number): string {
	if (status === 400)
		return `The service rejected the request as invalid; fix the fields it names. ${REFUSED_EFFECT}`;
	if (status === 401)
		return `The service rejected the access token even after signing in again. ${REFUSED_EFFECT} Check that the credential belongs to this environment.`;
	if (status === 403)
		return `The account may not act for this issuer. ${REFUSED_EFFECT} Leave "Issuer ID Override" empty to use the credential's issuer, or check the account's permissions.`;
	if (status === 404)
		return "Nothing was found at that address. Check the id or UUID, and the credential's environment and API path style.";
	if (status === PAYLOAD_TOO_LARGE_STATUS) return describePayloadTooLarge();
	if (status === 415) return `The service did not accept the content type. ${REFUSED_EFFECT}`;
	if (status === 429)
		return `The service is limiting the request rate. ${REFUSED_EFFECT} Lower the node's concurrency or try again later.`;
	if (status >= 500) return 'The service failed on its side.';
	if (status >= 400)
		return `${REFUSED_EFFECT} Check the credential's environment and API path style (a wrong path style often answers 404, 405 or 406).`;
	return 'The service answered with a status this node does not expect.';
}

/**
 * Builds the error the user sees for a failed call: what happened, to which item, and what to do.
 * Without an item index (the polling trigger) the message names no item.
 */
export function toNodeError(
	ctx: Pick<IExecuteFunctions, 'getNode'>,
	error: unknown,
	itemIndex: number | undefined,
	context: FailureContext,
): NodeApiError {
	if (error instanceof NodeApiError) return error;
	const failure =
		error instanceof ServiceCallError
			? error
			: new ServiceCallError(String((error as Error)?.message ?? error), 'auth');
	let message: string;
	const advice: string[] = [];
	switch (failure.kind) {
		case 'auth':
			message = `Could not sign in to the CFDI service to ${context.action}: ${failure.message}`;
			advice.push(
				'Nothing was sent to the issuing API. Open the credential and use its Test button to check the sign-in.',
			);
			break;
		case 'unreachable':
			message = `Could not ${context.action}: ${failure.message}`;
			advice.push(
				"The request did not reach the service, so nothing happened there. Check the credential's environment or Base URL.",
			);
			break;
		case 'ambiguous':
			message = `Could not ${context.action}: ${failure.message}`;
			advice.push(unclearEffect(context));
			break;
		case 'redirect':
			message = `Could not ${context.action}: ${failure.message}`;
			advice.push(failure.details.advice ?? '');
			break;
		case 'malformed':
			message = `Could not ${context.action}: ${failure.message}`;
			// A garbled success answer may still mean the service acted.
			advice.push(unclearEffect(context));
			break;
		case 'http': {
			const status = failure.details.status ?? 0;
			const detail = serviceMessage(failure.details.body);
			message = `Could not ${context.action}: the service answered HTTP ${status}${detail ? ` (${detail})` : ''}`;
			advice.push(httpAdvice(status));
			if (failure.mayHaveTakenEffect || status < 400) advice.push(unclearEffect(context));
			break;
		}
	}
	return wordedError(
		ctx,
		message,
		advice.filter(Boolean).join(' '),
		itemIndex,
		context.outcome,
		failure.kind === 'http' ? String(failure.details.status) : undefined,
	);
}

/**
 * Every error the node words for a call reaches the user through here: the text is checked once
 * more for token-shaped secrets (an answer was already redacted of the credential's own values in
 * the transport), so a message or description never carries one, nor the log lines n8n writes of it.
 */
function wordedError(
	ctx: Pick<IExecuteFunctions, 'getNode'>,
	rawMessage: string,
	rawDescription: string,
	itemIndex: number | undefined,
	outcome?: IDataObject,
	httpCode?: string,
): NodeApiError {
	const message = redactSecrets(rawMessage, []);
	const description = redactSecrets(rawDescription, []);
	const nodeError = new NodeApiError(ctx.getNode(), { message, description } as JsonObject, {
		message: itemIndex === undefined ? message : `Item ${itemIndex}: ${message}`,
		description,
		itemIndex,
		httpCode,
	});
	if (outcome) nodeError.context.outcome = outcome;
	return nodeError;
}

/** An error for an answer that arrived fine but says the operation failed (e.g. esValido false). */
export function operationFailed(
	ctx: Pick<IExecuteFunctions, 'getNode'>,
	itemIndex: number,
	message: string,
	description: string,
	outcome?: IDataObject,
): NodeApiError {
	return wordedError(ctx, message, description, itemIndex, outcome);
}
