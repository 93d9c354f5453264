import type { IExecuteFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { toNodeError } from '../../shared/errors';
import { ServiceCallError } from '../../shared/serviceError';
import { callService, type RunSession, type ServiceRequest } from '../../shared/transport';
import type { StampingSettings } from './stampingOptions';
import { readStampAnswer, rejectionError, SERIES_BUSY_CODE, type StampAnswer } from './stampResult';

export interface SendVoucherContext {
	itemIndex: number;
	session: RunSession;
	settings: StampingSettings;
	stampRequested: boolean;
	/** What to tell the user if the service may have acted although no success was seen. */
	ifMaybeDone: string;
}

/**
 * Sends a create or update request. Retries only answers that prove nothing was stored (series
 * busy, HTTP 429); a timeout, a broken connection or a 5xx is never retried here: the service
 * may have stored or stamped the voucher.
 */
export async function sendVoucher(ctx: IExecuteFunctions, request: ServiceRequest, context: SendVoucherContext): Promise<Extract<StampAnswer, { kind: 'done' }>> {
	const { itemIndex, settings } = context;
	const failure = {
		action: context.stampRequested ? 'stamp the voucher' : 'save the voucher',
		ifMaybeDone: context.ifMaybeDone,
	};
	for (let attempt = 0; ; attempt++) {
		const canRetry = attempt < settings.busyRetries;
		const pause = () => sleep(settings.retryDelayMs * 2 ** attempt);
		let answer: StampAnswer;
		try {
			const response = await callService(ctx, context.session, request);
			answer = readStampAnswer(response.body);
		} catch (error) {
			if (canRetry && error instanceof ServiceCallError && error.kind === 'http' && error.details.status === 429) {
				await pause();
				continue;
			}
			throw toNodeError(ctx, error, itemIndex, failure);
		}
		if (answer.kind === 'done') return answer;
		if (answer.kind === 'busy') {
			if (canRetry) {
				await pause();
				continue;
			}
			throw toNodeError(
				ctx,
				new ServiceCallError(`the series is still busy (${SERIES_BUSY_CODE}) after ${attempt + 1} attempts`, 'malformed'),
				itemIndex,
				{ action: failure.action },
			);
		}
		throw rejectionError(ctx, itemIndex, answer, context.stampRequested);
	}
}
