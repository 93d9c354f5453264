import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { LOCAL_ONLY } from '../execution/requestSettings';
import { runItems } from '../execution/runItems';

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
	return await runItems(ctx, LOCAL_ONLY, async (itemIndex) => {
		throw retryOnFailRefusal(ctx, itemIndex);
	});
}
