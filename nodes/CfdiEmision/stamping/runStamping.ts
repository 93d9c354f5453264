/** runStamping: the one per-item handler of Create, Update and every voucher kind (the no-double-stamp protocol). */
import {
	NodeApiError,
	NodeOperationError,
	sleep,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';

import { toGeneralPublic } from '../cfdi/rfc';
import { RunSession, toNodeError } from '../api/sessionAndFailure';
import { RunClient } from '../api/runClient';
import type { VoucherRecord } from '../api/voucherRecords';
import { ItemPlans, LaneQueue, runItems, type ItemOutcome } from '../execution/runItems';
import { RunParameters } from '../execution/runParameters';
import { markTwins, outcomeHints } from './stampAnswer';
import { readOutputFormat, readStampingSettings, refuseUnderRetryOnFail } from './runSettings';
import { skippedItemOutput } from '../execution/skippedUpstream';
import { BuiltVoucher } from '../voucherInput/builtVoucher';
import { withValues, type DataRefusal } from '../voucherInput/dataRefusal';
import { readIssuerDefaults } from '../voucherInput/issuerDefaults';
import {
	forgetDraft,
	rememberDraft,
	rememberedDraft,
	type NodeStaticData,
	type SendVoucherContext,
} from './sendVoucher';
import { outcomeOf, sendJob } from './sendJob';
import { DuplicateCheck, SaleStampedMeanwhile, type CheckedItem } from './duplicateCheck';
import { checkedOutcome, stampedMeanwhileOutcome } from './duplicateOutcome';
import { SaleLedger } from './saleLedger';
import type { StampingService } from './stampingService';
import { RunVoucherList } from './runVoucherList';
import {
	planStampJob,
	updating,
	type RelatingDocuments,
	type VoucherOperation,
} from './planStampJob';
import type { CheckedKey, StampJob } from './stampJob';

/** The service's refusal names codes, not values: the values are the body's that was sent. */
function withRefusedValues<T extends { context: IDataObject }>(error: T, body: IDataObject): T {
	const outcome = error.context.outcome as IDataObject | undefined;
	if (outcome?.refusal)
		outcome.refusal = withValues(
			outcome.refusal as unknown as DataRefusal,
			body,
		) as unknown as IDataObject;
	return error;
}

/**
 * The one per-item handler of every operation that saves or stamps a voucher: plan each item
 * locally, send it through the no-double-stamp protocol, map the answer to the output item.
 * Items are scheduled by series (LaneQueue): the same series one at a time in input order,
 * different series in parallel up to Concurrency, so a run never collides with itself (FAC119).
 *
 * How a new voucher kind plugs in: write its operation file in actions/voucher/<kind>/ with its fields
 * and an execute that returns `runStamping(ctx, { buildVoucher, target })`, where `buildVoucher`
 * turns the item's parameters into the voucher body and `target` says create or update which id.
 * Add the operation's name to CREATE_OPERATIONS (stamping/runSettings.ts) and list the stamping fields
 * of actions/voucher/fields (Stamp, Stamping Mode, Duplicate Check, Options) in its description.
 */
export async function runStamping(
	ctx: IExecuteFunctions,
	operation: VoucherOperation,
): Promise<INodeExecutionData[][]> {
	// n8n's Retry On Fail would send again what this run stamps: refused before any request.
	const refused = await refuseUnderRetryOnFail(ctx);
	if (refused) return refused;
	const format = readOutputFormat(ctx);
	const settings = readStampingSettings(ctx);
	// Per-item parameters through one reader (one read per run where they hold no expression).
	const parameters = new RunParameters(ctx);
	// Where a refused Two-Phase stamp's draft is remembered (sendVoucher.ts).
	const nodeData: NodeStaticData = () => ctx.getWorkflowStaticData('node');
	// The issuer's data remembered in the credential, for vouchers whose issuer fields are empty.
	const issuer = await readIssuerDefaults(ctx);
	const inputCount = ctx.getInputData().length;
	// A global invoice gathers items into one voucher per part: one turn (and one output) per voucher.
	const gathered = inputCount > 0 ? operation.itemsPerVoucher?.(ctx) : undefined;
	const count = gathered ? gathered.length : inputCount;
	// An item is planned (built and checked locally) before its turn: its series decides when it may
	// go. A planning error is kept and raised at the item's turn; without Continue On Fail, runItems
	// checks every item before sending any.
	const plans = new ItemPlans<StampJob | BuiltVoucher>(count, (itemIndex) =>
		planStampJob(ctx, parameters, operation, itemIndex, issuer),
	);
	// Each item that starts plans one more in the background, while answers are awaited, so a series
	// whose stamp has just finished sends its next voucher at once. Planning sends nothing; it stops
	// when the run ends (without Continue On Fail runItems has planned every item already).
	let firstUnplanned = 0;
	let runEnded = false;
	const planOneAhead = async () => {
		while (firstUnplanned < count && plans.has(firstUnplanned)) firstUnplanned++;
		if (firstUnplanned >= count) return;
		await sleep(0);
		if (!runEnded && !plans.has(firstUnplanned)) plans.entry(firstUnplanned);
	};
	// Credit notes and payment receipts: the run's ledger of what their invoices already have
	// (saleLedger.ts). Its list read is the run's one, shared with the Duplicate Check.
	const ledger = operation.ledger ?? new SaleLedger(new RunVoucherList());
	ledger.use(count, (itemIndex) => operation.relatedXml?.(itemIndex));
	// Every item's key, for the one list pass of the check (plans the items not planned yet: local work).
	const check = new DuplicateCheck(() => {
		const keys: CheckedKey[] = [];
		for (let itemIndex = 0; itemIndex < count; itemIndex++) {
			const entry = plans.entry(itemIndex);
			if ('plan' in entry && !(entry.plan instanceof BuiltVoucher) && entry.plan.duplicate)
				keys.push(entry.plan.duplicate);
		}
		return keys;
	}, ledger.list);
	const stampedThisRun: Array<CheckedKey & { uuid: string; output: IDataObject }> = [];
	// Only the general public's vouchers under the key of a sale that may be in a global invoice:
	// none of this sale to another recipient; beforeSend finds them as global invoices holding it.
	const heldByGeneralPublic = (found: CheckedItem, itemIndex: number): CheckedItem =>
		found.kind === 'collision' &&
		found.vouchers.every((voucher) => toGeneralPublic(voucher.recipientRfc)) &&
		operation.mayBeInGlobalInvoice?.(ctx, itemIndex)
			? { kind: 'none' }
			: found;
	// The run's one client of the service, made at the first item from the session runItems opens.
	let runClient: StampingService | undefined;
	const clientOf = (session: RunSession) => (runClient ??= new RunClient(ctx, session));
	// The ledger's answer to "which live documents relate this voucher" (before motive 04 cancels it).
	const relatingOf =
		(client: StampingService, itemIndex: number): RelatingDocuments =>
		async (uuid, known) =>
			await ledger.relating(client, itemIndex, uuid, known);
	// The operation's step after a stamp (or one found on a re-run): its members join the item.
	const afterStamped = async (
		job: StampJob,
		client: StampingService,
		json: IDataObject,
		generalPublic: VoucherRecord[] | undefined,
	) => {
		const more = await operation.afterStamped?.(
			ctx,
			job,
			{ client, settings },
			generalPublic,
			relatingOf(client, job.itemIndex),
		);
		if (more) Object.assign(json, more);
	};
	const withPairing = (outcome: ItemOutcome, itemIndex: number): ItemOutcome => {
		if (gathered) {
			for (const item of outcome.items)
				item.pairedItem = (gathered[itemIndex] ?? []).map((input) => ({ item: input }));
		}
		return outcome;
	};
	// One stamp per series at a time, in input order (the service's FAC119); series side by side.
	const queue = new LaneQueue(count, (itemIndex) => {
		const entry = plans.entry(itemIndex);
		return 'plan' in entry && !(entry.plan instanceof BuiltVoucher) ? entry.plan.series : undefined;
	});
	try {
		const output = await runItems(
			ctx,
			settings,
			RunSession.fromNode,
			async (itemIndex, session) => {
				void planOneAhead();
				const client = clientOf(session);
				let job = plans.get(itemIndex);
				// A skipped item (e.g. an order without tax data) is passed on with why; nothing is sent.
				if (job instanceof BuiltVoucher)
					return withPairing({ items: skippedItemOutput(ctx, itemIndex, job.output) }, itemIndex);
				// A receipt's installment already paid for another amount is a new payment: refused
				// before the Duplicate Check could answer it with the other receipt.
				await ledger.beforeDuplicateCheck(client, job);
				// The duplicate check, before the item's first request: a sale already stamped is
				// returned (or refused) and nothing is sent; a pending voucher of it is finished.
				if (job.duplicate) {
					const found = await check.before(client, job.duplicate).catch((error: unknown) => {
						const nodeError = toNodeError(ctx, error, itemIndex, {
							action:
								'look for an earlier voucher of this sale on the voucher list (Duplicate Check)',
						});
						nodeError.description =
							`${nodeError.description ?? ''} Nothing was sent for this item. To stamp without the look-up, set Duplicate Check to Off.`.trim();
						throw nodeError;
					});
					const answered = checkedOutcome(
						client.node,
						job,
						heldByGeneralPublic(found, itemIndex),
						format,
					);
					if (answered) {
						const [item] = answered.items;
						if (item?.json.status === 'alreadyStamped')
							await afterStamped(job, client, item.json, check.generalPublic);
						return withPairing(answered, itemIndex);
					}
					if (found.kind === 'pending' && found.voucher.voucherId)
						job = { ...updating(job, found.voucher.voucherId), mode: 'twoPhase' };
				}
				// A refused Two-Phase stamp of this sale left a pending draft: stamp that one, corrected.
				const draftId = rememberedDraft(nodeData, job);
				if (draftId) job = updating(job, draftId);
				const stepOutput = operation.beforeSend
					? await operation.beforeSend(
							ctx,
							job,
							{ client, settings },
							job.duplicate ? check.generalPublic : undefined,
							relatingOf(client, itemIndex),
						)
					: undefined;
				if (stepOutput) job = { ...job, output: { ...job.output, ...stepOutput } };
				// What is already credited or paid on the invoice, read now that the item will be sent.
				await ledger.check(client, job);
				const duplicate = job.duplicate;
				// While its series is busy (maybe with this very sale, from another execution), look again.
				const whileSeriesBusy = duplicate
					? (context: SendVoucherContext) => check.recheck(client, duplicate, context.pendingId)
					: undefined;
				// A new voucher of an identified sale: looked up by its key if its stamp goes unanswered.
				const lookUpSale =
					duplicate && job.target.kind === 'create'
						? async () => await check.recheck(client, duplicate)
						: undefined;
				const sent = await sendJob(job, client, settings, whileSeriesBusy, lookUpSale).then(
					(answer) => ({ answer }),
					(error: unknown) => ({ error }),
				);
				if ('error' in sent) {
					if (sent.error instanceof SaleStampedMeanwhile)
						return withPairing(stampedMeanwhileOutcome(job, sent.error, format), itemIndex);
					// Any other error is worded by runItems (withItemIndex): it carries no outcome to read here.
					if (!(sent.error instanceof NodeApiError || sent.error instanceof NodeOperationError))
						throw sent.error;
					const failed = withRefusedValues(sent.error, job.voucher.body);
					const left = failed.context.outcome as IDataObject | undefined;
					if (
						job.mode === 'twoPhase' &&
						left?.status === 'rejected' &&
						Number(left.idComprobante) > 0
					)
						rememberDraft(nodeData, job, Number(left.idComprobante));
					throw operation.whenRefused ? operation.whenRefused(failed, job) : failed;
				}
				const outcome = outcomeOf(job, sent.answer, format);
				const [stampedItem] = outcome.items;
				// Stamped now, or by another execution (alreadyStamped): either way nothing is left to do.
				const isStamped = sent.answer.status !== 'pending';
				if (isStamped) forgetDraft(nodeData, job);
				if (isStamped) ledger.stamped(itemIndex, stampedItem.json.uuid);
				else ledger.notStamped(itemIndex);
				if (job.duplicate && stampedItem?.json.status === 'stamped') {
					check.stamped(job.duplicate, stampedItem.json);
					stampedThisRun.push({
						...job.duplicate,
						uuid: String(stampedItem.json.uuid),
						output: stampedItem.json,
					});
				}
				if (isStamped)
					await afterStamped(
						job,
						client,
						stampedItem.json,
						job.duplicate ? check.generalPublic : undefined,
					);
				return withPairing(outcome, itemIndex);
			},
			{ queue, plans },
		);
		// Twins: another execution may have stamped the same sale at the same moment; one pass over
		// the list for the keys this run stamped reports them on the items.
		if (runClient && stampedThisRun.length)
			await check.afterRun(runClient, stampedThisRun, operation.kinds.weighTwins);
		markTwins(output[0] ?? []);
		const hints = outcomeHints(output[0] ?? []);
		if (hints.length) ctx.addExecutionHints(...hints);
		return output;
	} finally {
		runEnded = true;
	}
}
