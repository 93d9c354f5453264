/**
 * What the run's settings allow: the stamping options and the output format, read once from the
 * first item like n8n's own node settings, and the run-wide refusal of n8n's Retry On Fail.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DEFAULT_RETRIES, DEFAULT_RETRY_DELAY_MS, RunSession } from '../api/sessionAndFailure';
import {
	LOCAL_ONLY,
	readRequestSettings,
	type RequestSettings,
} from '../execution/requestSettings';
import { runItems } from '../execution/runItems';
import type { OutputFormat } from './stampAnswer';

export const DEFAULT_STAMP_CONCURRENCY = 1;
export const DEFAULT_BUSY_RETRIES = DEFAULT_RETRIES;
export { DEFAULT_RETRY_DELAY_MS };

/** The operations that create a voucher: Create and one per voucher kind. */
export const CREATE_OPERATIONS = [
	'create',
	'createPaymentReceipt',
	'createCreditNote',
	'createGlobalInvoice',
];

/** The operations that send a voucher to be saved or stamped. */
export const STAMPING_OPERATIONS = [...CREATE_OPERATIONS, 'update'];

/** How a run stamps: read once from the first item's Options, like n8n's own node settings. */
export interface StampingSettings extends RequestSettings {
	/** Retries of answers that prove nothing was stored (FAC119 series busy, HTTP 429). */
	busyRetries: number;
	/** The first pause of every stamping retry; each further one doubles (the package's one back-off). */
	retryDelayMs: number;
}

/** Version 1 nodes keep the raw output they always had. */
export function readOutputFormat(ctx: IExecuteFunctions): OutputFormat {
	if (ctx.getNode().typeVersion < 1.1) return 'raw';
	return ctx.getNodeParameter('output', 0, 'simplified') === 'raw' ? 'raw' : 'simplified';
}

export function readStampingSettings(ctx: IExecuteFunctions): StampingSettings {
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	const int = (value: unknown, fallback: number, min: number) => {
		const n = Number(value);
		return Number.isFinite(n) && n >= min ? Math.floor(n) : fallback;
	};
	return {
		// Stamping never took its concurrency from Request Options > Batching: keep it so.
		...readRequestSettings(ctx, 'options', {
			concurrency: DEFAULT_STAMP_CONCURRENCY,
			batchingSetsConcurrency: false,
		}),
		busyRetries: int(options.busyRetries, DEFAULT_BUSY_RETRIES, 0),
		retryDelayMs: int(options.retryDelayMs, DEFAULT_RETRY_DELAY_MS, 0),
	};
}

/**
 * Why a run that stamps refuses n8n's Retry On Fail. n8n (WorkflowExecute) runs the whole node
 * again, for every input item, when the node throws, and, with Continue On Fail, when the first
 * output item is an error item. A second run knows nothing of the first: it stamps again what the
 * first run stamped, creates a second voucher where the first run's pending id was lost, and after a
 * timeout cannot know that the first request stamped. No per-item protocol survives that, so a
 * stamping run under Retry On Fail sends nothing at all.
 */
const WHY =
	"n8n's Retry On Fail runs the whole node again for every item after an error (with Continue On Fail, after an error on the first item), " +
	'so vouchers the first attempt stamped, or may have stamped before a timeout, would be stamped a second time.';

const WHAT_TO_DO =
	'Turn off "Retry On Fail" in the node\'s Settings. The node already retries what is safe by itself: Two-Phase stamping settles an unclear stamp by reading the pending voucher back and stamping the same id, ' +
	'and a busy series (FAC119) or rate limit (HTTP 429) is retried with growing pauses ("Busy Series Retries", "Retry Pause (Ms)"). ' +
	'Turn on "Continue On Fail" to get one result per item: a failed item\'s error says whether anything may have been stamped and gives the pending id to finish with Update. ' +
	'Saving as pending (Stamp off) is allowed with Retry On Fail: a pending voucher has no fiscal effect.';

/** Whether item `itemIndex` asks for a stamp; an unreadable setting counts as a stamp (the safe side). */
function wouldStamp(ctx: IExecuteFunctions, itemIndex: number): boolean {
	try {
		return ctx.getNodeParameter('stamp', itemIndex, true) !== false;
	} catch {
		return true;
	}
}

export function retryOnFailRefusal(ctx: IExecuteFunctions, itemIndex: number): NodeOperationError {
	return new NodeOperationError(
		ctx.getNode(),
		`Item ${itemIndex}: Stamping refused: "Retry On Fail" is on in the node's settings. Nothing was sent.`,
		{
			itemIndex,
			description: `Nothing was sent to the service for any item of this run, so nothing was stored or stamped. ${WHY} ${WHAT_TO_DO}`,
		},
	);
}

/**
 * Refuses, before any request, a run that would stamp while n8n's Retry On Fail is on: every item
 * gets the refusal (one error item each with Continue On Fail; otherwise the node stops). Returns
 * undefined when the run may go ahead (Retry On Fail off, or only pending saves).
 */
export async function refuseUnderRetryOnFail(
	ctx: IExecuteFunctions,
): Promise<INodeExecutionData[][] | undefined> {
	if (ctx.getNode().retryOnFail !== true) return undefined;
	const count = ctx.getInputData().length;
	if (!Array.from({ length: count }, (_, itemIndex) => wouldStamp(ctx, itemIndex)).some(Boolean))
		return undefined;
	return await runItems(ctx, LOCAL_ONLY, RunSession.fromNode, async (itemIndex) => {
		throw retryOnFailRefusal(ctx, itemIndex);
	});
}
