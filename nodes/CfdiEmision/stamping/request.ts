import type { IDataObject } from 'n8n-workflow';

import { backoff, ServiceCallError } from '../api/client';
import type { StampingService } from './service';
import { readStampAnswer, rejectionError, SERIES_BUSY_CODE, type StampAnswer } from './answer';
import type { StampingSettings } from './runSettings';

export type DoneAnswer = Extract<StampAnswer, { kind: 'done' }>;
export type RejectedAnswer = Extract<StampAnswer, { kind: 'rejected' }>;

export interface SendVoucherContext {
	itemIndex: number;
	/** The run's client of the service: every request and the node its errors name. */
	client: StampingService;
	settings: StampingSettings;
	stampRequested: boolean;
	/** What to tell the user if the service may have acted although no success was seen. */
	ifMaybeDone: string;
	/** The pending voucher a PUT stamps: it exists whatever this request does. */
	pendingId?: number;
	/**
	 * Called after a series-busy answer, before the retry: another stamp runs on this series, maybe
	 * the same sale from another execution. The duplicate check looks again and may throw to stop.
	 */
	whileSeriesBusy?: (context: SendVoucherContext) => Promise<void>;
}

const BUSY_ADVICE =
	'The service refuses a stamp while another stamp on the same series is running, so this request changed nothing. Items of one series already go one at a time within a run: another run, workflow or program is stamping on this series. Run the item again later, or raise "Busy Series Retries" or "Retry Pause (Ms)".';

/** One save or stamp through the client (api/vouchers.ts), answering the operation result it parsed. */
export type VoucherCall = () => Promise<IDataObject>;

/** How one create/update request ended, once retries of harmless answers are done. */
export type VoucherRequestOutcome =
	| { kind: 'done'; answer: DoneAnswer }
	| { kind: 'rejected'; answer: RejectedAnswer }
	/** No usable answer: the service may or may not have acted (timeout, reset, 5xx, garbled). */
	| { kind: 'unclear'; failure: ServiceCallError };

function actionOf(context: SendVoucherContext): string {
	return context.stampRequested ? 'stamp the voucher' : 'save the voucher';
}

/** The stamping protocol's pause before retry number `retry`, through the package's one back-off. */
export async function pause(settings: StampingSettings, retry: number): Promise<void> {
	await backoff(settings.retryDelayMs, retry);
}

/**
 * Sends a create or update request. Retries only answers that prove nothing was stored (series
 * busy FAC119, HTTP 429). Failures that prove nothing happened (sign-in, 4xx, unreachable) throw;
 * a timeout, a broken connection, a 5xx or an unreadable answer is returned as "unclear" and
 * never retried here: the service may have stored or stamped the voucher.
 */
export async function requestVoucher(
	call: VoucherCall,
	context: SendVoucherContext,
): Promise<VoucherRequestOutcome> {
	const { itemIndex, settings, client } = context;
	for (let attempt = 0; ; attempt++) {
		const canRetry = attempt < settings.busyRetries;
		let answer: StampAnswer;
		try {
			answer = readStampAnswer(await call(), context.stampRequested);
		} catch (error) {
			if (!(error instanceof ServiceCallError))
				throw client.nodeError(error, itemIndex, { action: actionOf(context) });
			if (canRetry && error.rateLimited) {
				await pause(settings, attempt);
				continue;
			}
			if (error.mayHaveTakenEffect || error.kind === 'malformed')
				return { kind: 'unclear', failure: error };
			throw client.nodeError(error, itemIndex, { action: actionOf(context) });
		}
		if (answer.kind === 'busy') {
			if (canRetry) {
				await pause(settings, attempt);
				await context.whileSeriesBusy?.(context);
				continue;
			}
			const left = context.pendingId
				? `voucher ${context.pendingId} stays pending`
				: 'nothing was stored';
			throw client.operationFailed(
				itemIndex,
				`Could not ${actionOf(context)}: the series is still busy (${SERIES_BUSY_CODE}) after ${attempt + 1} attempts; ${left}`,
				BUSY_ADVICE,
			);
		}
		return answer.kind === 'done' ? { kind: 'done', answer } : { kind: 'rejected', answer };
	}
}

/** One request, no recovery: an unclear outcome is an error that tells the user how to check. */
export async function sendVoucher(
	call: VoucherCall,
	context: SendVoucherContext,
): Promise<DoneAnswer> {
	const outcome = await requestVoucher(call, context);
	if (outcome.kind === 'done') return outcome.answer;
	if (outcome.kind === 'rejected')
		throw rejectionError(context.client.node, context.itemIndex, outcome.answer);
	throw context.client.nodeError(outcome.failure, context.itemIndex, {
		action: actionOf(context),
		ifMaybeDone: context.ifMaybeDone,
	});
}
