/**
 * Sends a stamped voucher by e-mail through the service (spec 4.7, POST .../enviocorreo): the
 * service mails its XML and PDF. An HTTP 429 (nothing sent) goes again after the package's back-off.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { backoff } from '../network/backoff';
import { parseJsonBody } from '../transport/responses';
import { ServiceCallError } from '../transport/serviceError';
import { callService, type RunSession, type ServiceRequest } from '../transport/transport';
import { EMAIL_PATH } from './paths';

/** What the e-mail request carries (spec 4.7). */
export interface VoucherEmail extends IDataObject {
	para: string;
	asunto: string;
	mensaje: string;
	cc: string;
	responderA: string;
	cfdi: { uuid: string };
}

/** Retries of a rate-limited send: how many, and the first pause. */
export interface RateLimitRetry {
	retries: number;
	firstDelayMs: number;
}

/**
 * Sends again after HTTP 429 (nothing was sent), pausing through the package's one back-off; any
 * other failure, or a 429 after the last retry, is thrown as the service gave it.
 */
async function callRetryingRateLimit(
	ctx: IExecuteFunctions,
	session: RunSession,
	request: ServiceRequest,
	retry: RateLimitRetry,
) {
	for (let attempt = 0; ; attempt++) {
		const outcome = await callService(ctx, session, request).then(
			(response) => ({ response }),
			(error: unknown) => ({ error }),
		);
		if ('response' in outcome) return outcome.response;
		const rateLimited = outcome.error instanceof ServiceCallError && outcome.error.rateLimited;
		if (!rateLimited || attempt >= retry.retries) throw outcome.error;
		await backoff(retry.firstDelayMs, attempt);
	}
}

/** Sends the e-mail; the service answers `true` when it took it, anything else is unclear ('malformed'). */
export async function sendVoucherEmail(
	ctx: IExecuteFunctions,
	session: RunSession,
	email: VoucherEmail,
	retry: RateLimitRetry,
): Promise<void> {
	const response = await callRetryingRateLimit(
		ctx,
		session,
		{ method: 'POST', url: EMAIL_PATH, json: email },
		retry,
	);
	const sent = parseJsonBody(response.body, 'the e-mail request');
	if (sent !== true) {
		throw new ServiceCallError(
			`the service answered ${JSON.stringify(sent)} instead of true`,
			'malformed',
		);
	}
}
