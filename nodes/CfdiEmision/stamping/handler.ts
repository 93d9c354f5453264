import {
	NodeOperationError,
	sleep,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';

import {
	BusinessKeyError,
	contentKey,
	DEFAULT_CONTENT_WINDOW_HOURS,
	isGenericRfc,
	keyOfFolio,
	keyText,
	userKey,
	type BusinessKey,
	type DuplicateCheckMode,
} from '../cfdi';
import { operationFailed, toNodeError } from '../transport/errors';
import { ItemPlans, runItems, withItemIndex, type ItemOutcome } from '../execution/runItems';
import type { RunSession } from '../transport/transport';
import { voucherPath, VOUCHERS_PATH } from '../api/paths';
import type { VoucherRecord } from '../api/voucherRecords';
import { readOutputFormat, stampOutput, type OutputFormat } from './answer';
import { readStampingSettings, type StampingSettings } from './options';
import { refuseUnderRetryOnFail } from './retryOnFail';
import {
	BuiltVoucher,
	prepareVoucher,
	readIssuerDefaults,
	skippedItemOutput,
	withIssuerDefaults,
	withReconciliation,
	type IssuerDefaults,
	type PreparedVoucher,
} from '../voucherInput';
import { sendVoucher, type DoneAnswer, type SendVoucherContext } from './request';
import { SeriesQueue, seriesOf } from './seriesQueue';
import { stampPending } from './stampPending';
import {
	checkedOutcome,
	DuplicateCheck,
	duplicateCheckModeOf,
	saleFactsOf,
	stampedMeanwhileOutcome,
	uncheckedNote,
	type CheckedKey,
} from './duplicateCheck';
import { SaleStampedMeanwhile } from './saleStampedMeanwhile';

export type StampingMode = 'direct' | 'twoPhase';

/** Where an item's voucher goes: a new voucher, or the pending voucher with this id. */
export type VoucherTarget = { kind: 'create' } | { kind: 'update'; id: number };

/**
 * What a voucher operation gives the stamping handler; everything else (options, local checks,
 * the no-double-stamp protocol, retries, output, scheduling) is the handler's.
 */
export interface VoucherOperation {
	/**
	 * Builds one item's voucher from the node's parameters (fields, JSON, an order, a payment...).
	 * Local work only: throw a NodeOperationError naming the field and the fix, nothing is sent.
	 * A BuiltVoucher adds members to the output item, or skips the item (no body: nothing is sent).
	 */
	buildVoucher(ctx: IExecuteFunctions, itemIndex: number): IDataObject | BuiltVoucher;
	/** Where the item's voucher goes (read the id here, e.g. with readVoucherId). */
	target(ctx: IExecuteFunctions, itemIndex: number): VoucherTarget;
	/**
	 * One voucher for all the input items (a global invoice) instead of one per item: buildVoucher
	 * is then called once, with item 0, and reads every item itself; the output pairs with all items.
	 */
	aggregatesItems?: boolean;
	/**
	 * A step before the item's voucher is sent (after the duplicate check found it not stamped):
	 * may send other requests (a global invoice replaced), throw to stop the item, or answer members
	 * for the item's output. `generalPublic`: the general-public vouchers the Duplicate Check's list
	 * read met (undefined when the item had no check), which the step may update as it changes them.
	 */
	beforeSend?(
		ctx: IExecuteFunctions,
		job: StampJob,
		session: RunSession,
		generalPublic: VoucherRecord[] | undefined,
	): Promise<IDataObject | undefined>;
}

/** One item, ready to send: everything below is decided before any request. */
export interface StampJob {
	itemIndex: number;
	target: VoucherTarget;
	/** Stamp now (emitir=true), or only save as pending. */
	stamp: boolean;
	mode: StampingMode;
	voucher: PreparedVoucher;
	/** Members the body builder adds to the output item. */
	output: IDataObject;
	/** The sale's key and facts, and what to do when it is already stamped (absent: no check for this item). */
	duplicate?: CheckedKey & {
		mode: Exclude<DuplicateCheckMode, 'off'>;
		/** A self-invoice request: the voucher found must be this recipient's. */
		recipientRfc?: string;
	};
}

function describeVoucher(body: IDataObject): string {
	const receptor = (body.receptor ?? {}) as IDataObject;
	return [
		body.serie ? `series ${String(body.serie)}` : '',
		body.folio ? `folio ${String(body.folio)}` : '',
		receptor.rfc ? `recipient ${String(receptor.rfc)}` : '',
		body.total !== undefined ? `total ${String(body.total)}` : '',
	]
		.filter(Boolean)
		.join(', ');
}

function maybeStampedHint(body: IDataObject): string {
	return `The service may have stored or stamped this voucher although no success answer arrived. Before running this item again, look for it in the provider's portal (${describeVoucher(body) || 'same recipient and total'}); running it again blindly could stamp it twice. The Two-Phase stamping mode resolves this case by itself.`;
}

function maybeSavedHint(body: IDataObject): string {
	return `A pending (not stamped) voucher may have been saved (${describeVoucher(body)}); a pending voucher has no fiscal effect. Running the item again is safe, at worst it leaves an extra pending draft.`;
}

function maybeUpdatedHint(id: number): string {
	return `The service may have saved the changes to voucher ${id} although no success answer arrived. Check it with Voucher > Get (id ${id}).`;
}

/**
 * Reads and checks one item locally: target, Stamp, Stamping Mode, the voucher body and the CFDI
 * checks. Any problem throws here, before the item takes a turn to send anything. A setting unsafe
 * for the whole run (n8n's Retry On Fail) is refused earlier, by runStamping (retryOnFail.ts).
 */
export function planStampJob(
	ctx: IExecuteFunctions,
	operation: VoucherOperation,
	itemIndex: number,
	issuer: IssuerDefaults = {},
): StampJob | BuiltVoucher {
	const target = operation.target(ctx, itemIndex);
	const built = operation.buildVoucher(ctx, itemIndex);
	if (built instanceof BuiltVoucher && !built.body) return built;
	const stamp = ctx.getNodeParameter('stamp', itemIndex, true) as boolean;
	// A pending save is one harmless call; an update of a pending id is always settled by read-back.
	const mode: StampingMode =
		target.kind === 'update'
			? 'twoPhase'
			: stamp
				? (ctx.getNodeParameter('stampingMode', itemIndex, 'twoPhase') as StampingMode)
				: 'direct';
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	// The issuer remembered in the credential first: the duplicate check's key and the checks see it.
	let given = withIssuerDefaults(
		built instanceof BuiltVoucher ? (built.body as IDataObject) : built,
		issuer,
	);
	const keyed =
		target.kind === 'create'
			? duplicateKeyOf(
					ctx,
					itemIndex,
					given,
					built instanceof BuiltVoucher ? built.source.key : undefined,
				)
			: undefined;
	const recipientRfc = built instanceof BuiltVoucher ? built.source.recipientRfc : undefined;
	const duplicate = keyed && recipientRfc ? { ...keyed, recipientRfc } : keyed;
	// The key is found on the list by series and folio: a voucher without a folio carries the key's.
	if (duplicate?.key?.folio && !String(given.folio ?? '').trim())
		given = { ...given, folio: duplicate.key.folio };
	const prepared = prepareVoucher(
		ctx,
		itemIndex,
		given,
		stamp,
		options,
		{},
		built instanceof BuiltVoucher ? built.source : undefined,
	);
	const body = { ...prepared.body };
	// Create sends no id; the body id of an update must equal the id in the path (spec 4.3).
	if (target.kind === 'create') delete body.id;
	else body.id = target.id;
	const output = withReconciliation(
		ctx,
		built instanceof BuiltVoucher ? built.output : {},
		prepared.reconciliation,
	);
	// What was put as the SAT records it (the legal name's company type, spacing, case, codes).
	if (prepared.recipientChanges)
		output.recipientNormalized = prepared.recipientChanges as unknown as IDataObject[];
	const checked = duplicate
		? identityOf(ctx, itemIndex, duplicate, body, prepared.qs, stamp)
		: undefined;
	if (checked && 'folio' in checked && checked.folio) body.folio = checked.folio;
	if (checked && 'unchecked' in checked) output.duplicateCheck = uncheckedNote(checked.unchecked);
	return {
		itemIndex,
		target,
		stamp,
		mode,
		voucher: { ...prepared, body },
		output,
		...(checked && 'job' in checked ? { duplicate: checked.job } : {}),
	};
}

/** The key the item's Duplicate Check setting gives before the voucher is prepared (no key: decided after). */
type PlannedKey = {
	mode: Exclude<DuplicateCheckMode, 'off'>;
	key?: BusinessKey;
	/** A self-invoice request: the voucher found must be this recipient's. */
	recipientRfc?: string;
};

/**
 * The item's sale, with what the identity rule compares (its recipient and total, as sent), and
 * for a voucher without a key its content key, whose folio the voucher then carries. A voucher
 * to the general public without a key is not checked: identical sales to it are common.
 */
function identityOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	planned: PlannedKey,
	body: IDataObject,
	qs: IDataObject,
	stamp: boolean,
): { job: NonNullable<StampJob['duplicate']>; folio?: string } | { unchecked: string } | undefined {
	const sale = saleFactsOf(body);
	const dated = qs.noCalcularFecha === true || qs.noCalcularFecha === 'true';
	const base = {
		mode: planned.mode,
		sale,
		...(dated ? { dated } : {}),
		...(planned.recipientRfc ? { recipientRfc: planned.recipientRfc } : {}),
	};
	if (planned.key) return { job: { ...base, key: planned.key } };
	// A pending save without a key has no fiscal effect: a repeated one leaves only another draft.
	if (!stamp) return undefined;
	const hours = Number(
		ctx.getNodeParameter('duplicateCheckWindow', itemIndex, DEFAULT_CONTENT_WINDOW_HOURS),
	);
	const windowHours = Number.isFinite(hours) && hours > 0 ? hours : DEFAULT_CONTENT_WINDOW_HOURS;
	const now = Math.floor(Date.now() / 1000);
	const since = new Date((now - windowHours * 3_600) * 1000).toISOString();
	const own = keyOfFolio(
		body,
		`folio:${String(body.serie ?? '').trim()}-${String(body.folio ?? '').trim()}`,
		`the voucher's series, folio, recipient and total (no Duplicate Check Key), within ${windowHours} hours`,
	);
	if (own) return { job: { ...base, key: { ...own, since, exactSince: true } } };
	if (isGenericRfc(sale.recipientRfc))
		return {
			unchecked: `No check was made: the voucher has no Duplicate Check Key and no folio, and its recipient is the generic RFC ${sale.recipientRfc}, whose identical sales are common. Map a Duplicate Check Key (e.g. a ticket number) so that a re-run returns the first voucher instead of stamping again.`,
		};
	const { key, folio } = contentKey(body, now, windowHours);
	return { job: { ...base, key }, folio };
}

/**
 * The item's business key under its Duplicate Check setting: the Duplicate Check Key when given,
 * else the one its builder derived (an order, a payment, a period); no key yet when neither gives
 * one (the voucher's content then identifies it: identityOf); none when the check is off.
 */
function duplicateKeyOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	body: IDataObject,
	derived: BusinessKey | undefined,
): PlannedKey | undefined {
	const mode = duplicateCheckModeOf(ctx, itemIndex);
	if (mode === 'off') return undefined;
	const raw = ctx.getNodeParameter('duplicateCheckKey', itemIndex, '');
	const read = keyText(raw);
	if ('wrongType' in read)
		throw new NodeOperationError(
			ctx.getNode(),
			`Item ${itemIndex}: Duplicate Check Key is ${read.wrongType}, not text or a number`,
			{
				itemIndex,
				description: `The key is written as the voucher's folio, so it must be text or a number; ${read.wrongType} would become "${String(raw).slice(0, 40)}" and match every sale with such a key. Map one member, e.g. {{ $json.order.number }} instead of {{ $json.order }}. Nothing was sent.`,
			},
		);
	const given = read.text;
	if (!given) return derived?.folio ? { mode, key: derived } : { mode };
	try {
		const { key } = userKey(given, body);
		return { mode, key: derived?.since ? { ...key, since: derived.since } : key };
	} catch (error) {
		const fix = error instanceof BusinessKeyError ? error.fix : 'Check the Duplicate Check Key.';
		throw new NodeOperationError(ctx.getNode(), `Item ${itemIndex}: ${(error as Error).message}`, {
			itemIndex,
			description: `${fix} Nothing was sent.`,
		});
	}
}

async function createTwoPhase(
	ctx: IExecuteFunctions,
	job: StampJob,
	context: SendVoucherContext,
): Promise<DoneAnswer> {
	const { body, qs } = job.voucher;
	const saved = await sendVoucher(
		ctx,
		{ method: 'POST', url: VOUCHERS_PATH, qs: { ...qs, emitir: false }, json: body },
		{ ...context, stampRequested: false, ifMaybeDone: maybeSavedHint(body) },
	);
	// A service that stamped anyway has done the job: never stamp it again.
	if (saved.status === 'stamped') return saved;
	const id = Number(saved.result.idComprobante);
	if (!Number.isInteger(id) || id <= 0) {
		throw operationFailed(
			ctx,
			context.itemIndex,
			`Saving the voucher as pending did not return a voucher id (idComprobante ${String(saved.result.idComprobante)})`,
			'The service answered the pending save in an unexpected way; nothing was stamped. A pending voucher may have been stored without its id reaching the node; it has no fiscal effect. Running the item again is safe (at worst it leaves an extra pending draft).',
		);
	}
	return await stampPending(ctx, id, body, qs, context);
}

/** Sends one planned item through the protocol: the only code that decides which calls go out. */
async function sendJob(
	ctx: IExecuteFunctions,
	job: StampJob,
	session: RunSession,
	settings: StampingSettings,
	whileSeriesBusy?: SendVoucherContext['whileSeriesBusy'],
): Promise<DoneAnswer> {
	const { body, qs } = job.voucher;
	const { target, stamp } = job;
	const context: SendVoucherContext = {
		itemIndex: job.itemIndex,
		session,
		settings,
		whileSeriesBusy,
		stampRequested: stamp,
		ifMaybeDone:
			target.kind === 'update'
				? maybeUpdatedHint(target.id)
				: stamp
					? maybeStampedHint(body)
					: maybeSavedHint(body),
	};
	if (target.kind === 'update') {
		if (stamp) return await stampPending(ctx, target.id, body, qs, context);
		return await sendVoucher(
			ctx,
			{
				method: 'PUT',
				url: voucherPath(target.id),
				qs: { ...qs, emitir: false },
				json: body,
			},
			context,
		);
	}
	if (job.mode === 'twoPhase') return await createTwoPhase(ctx, job, context);
	return await sendVoucher(
		ctx,
		{ method: 'POST', url: VOUCHERS_PATH, qs: { ...qs, emitir: stamp }, json: body },
		context,
	);
}

/**
 * Stamps a voucher a step of an item needs besides the item's own (a global invoice's replacement),
 * through the same protocol: saved pending, then stamped by read-back (two-phase), or the pending
 * voucher `pendingId` finished. Answers the service's result (uuid, idComprobante).
 */
export async function stampStepVoucher(
	ctx: IExecuteFunctions,
	session: RunSession,
	itemIndex: number,
	body: IDataObject,
	pendingId?: number,
): Promise<DoneAnswer> {
	const settings = readStampingSettings(ctx);
	const job: StampJob = {
		itemIndex,
		target: pendingId ? { kind: 'update', id: pendingId } : { kind: 'create' },
		stamp: true,
		mode: 'twoPhase',
		voucher: { body: pendingId ? { ...body, id: pendingId } : body, qs: {} },
		output: {},
	};
	return await sendJob(ctx, job, session, settings);
}

function outcomeOf(job: StampJob, answer: DoneAnswer, format: OutputFormat): ItemOutcome {
	const shape = {
		format,
		body: job.voucher.body,
		updatedId: job.target.kind === 'update' ? job.target.id : undefined,
	};
	const json = { ...stampOutput(answer, job.voucher.validation, shape), ...job.output };
	const stamped = answer.status === 'stamped';
	const doneNote =
		job.target.kind === 'update'
			? stamped
				? `stamped voucher ${job.target.id} as UUID ${String(json.uuid)}`
				: `updated pending voucher ${job.target.id}`
			: stamped
				? `stamped UUID ${String(json.uuid)}`
				: `saved pending voucher ${String(json.idComprobante ?? json.voucherId)}`;
	return { items: [{ json }], doneNote };
}

/**
 * The one per-item handler of every operation that saves or stamps a voucher: plan each item
 * locally, send it through the no-double-stamp protocol, map the answer to the output item.
 * Items are scheduled by series (SeriesQueue): the same series one at a time in input order,
 * different series in parallel up to Concurrency, so a run never collides with itself (FAC119).
 *
 * How a new voucher kind plugs in: write its operation file in resources/voucher/ with its fields
 * and an execute that returns `runStamping(ctx, { buildVoucher, target })`, where `buildVoucher`
 * turns the item's parameters into the voucher body and `target` says create or update which id.
 * Add the operation's name to STAMPING_OPERATIONS (stamping/options.ts) and pass it to
 * stampFields() so it gets the same Stamp, Stamping Mode and Options fields.
 */
export async function runStamping(
	ctx: IExecuteFunctions,
	operation: VoucherOperation,
): Promise<INodeExecutionData[][]> {
	// n8n's Retry On Fail would send again what this run stamps: refused before any request.
	const refused = await refuseUnderRetryOnFail(ctx);
	if (refused) return refused;
	const settings = readStampingSettings(ctx);
	// The issuer's data remembered in the credential, for vouchers whose issuer fields are empty.
	const issuer = await readIssuerDefaults(ctx);
	const format = readOutputFormat(ctx);
	const inputCount = ctx.getInputData().length;
	const count = operation.aggregatesItems ? Math.min(inputCount, 1) : inputCount;
	// An item is planned (built and checked locally) before its turn: its series decides when it may
	// go. A planning error is kept and raised at the item's turn; without Continue On Fail, runItems
	// checks every item before sending any.
	const plans = new ItemPlans<StampJob | BuiltVoucher>(count, (itemIndex) =>
		planStampJob(ctx, operation, itemIndex, issuer),
	);
	// Each item that starts plans one more item in the background, in the idle time while answers
	// are awaited, so that a series whose stamp has just finished sends its next voucher at once
	// instead of building it first. Planning sends nothing; it stops when the run ends. (Without
	// Continue On Fail runItems has already planned every item, and this returns at once.)
	let firstUnplanned = 0;
	let runEnded = false;
	const planOneAhead = async () => {
		while (firstUnplanned < count && plans.has(firstUnplanned)) firstUnplanned++;
		if (firstUnplanned >= count) return;
		await sleep(0);
		if (!runEnded && !plans.has(firstUnplanned)) plans.entry(firstUnplanned);
	};
	const queue = new SeriesQueue(count, (itemIndex) => {
		const entry = plans.entry(itemIndex);
		return 'plan' in entry && !(entry.plan instanceof BuiltVoucher)
			? seriesOf(entry.plan.voucher.body)
			: undefined;
	});
	// Every item's key, for the one list pass of the check (plans the items not planned yet: local work).
	const check = new DuplicateCheck(ctx, () => {
		const keys: CheckedKey[] = [];
		for (let itemIndex = 0; itemIndex < count; itemIndex++) {
			const entry = plans.entry(itemIndex);
			if ('plan' in entry && !(entry.plan instanceof BuiltVoucher) && entry.plan.duplicate)
				keys.push(entry.plan.duplicate);
		}
		return keys;
	});
	const stampedThisRun: Array<CheckedKey & { uuid: string; output: IDataObject }> = [];
	let runSession: RunSession | undefined;
	const withPairing = (outcome: ItemOutcome): ItemOutcome => {
		if (operation.aggregatesItems) {
			for (const item of outcome.items)
				item.pairedItem = Array.from({ length: inputCount }, (_, item) => ({ item }));
		}
		return outcome;
	};
	try {
		const output = await runItems(
			ctx,
			settings,
			async (itemIndex, session) => {
				void planOneAhead();
				runSession = session;
				let job = plans.get(itemIndex);
				// A skipped item (e.g. an order without tax data) is passed on with why; nothing is sent.
				if (job instanceof BuiltVoucher)
					return { items: skippedItemOutput(ctx, itemIndex, job.output) };
				// The duplicate check, before the item's first request: a sale already stamped is
				// returned (or refused) and nothing is sent; a pending voucher of it is finished.
				if (job.duplicate) {
					const found = await check.before(session, job.duplicate).catch((error: unknown) => {
						const nodeError = toNodeError(ctx, error, itemIndex, {
							action:
								'look for an earlier voucher of this sale on the voucher list (Duplicate Check)',
						});
						nodeError.description =
							`${nodeError.description ?? ''} Nothing was sent for this item. To stamp without the look-up, set Duplicate Check to Off.`.trim();
						throw nodeError;
					});
					const answered = checkedOutcome(ctx, job, found);
					if (answered) return withPairing(answered);
					if (found.kind === 'pending' && found.voucher.voucherId)
						job = {
							...job,
							target: { kind: 'update', id: found.voucher.voucherId },
							mode: 'twoPhase',
							voucher: {
								...job.voucher,
								body: { ...job.voucher.body, id: found.voucher.voucherId },
							},
						};
				}
				const stepOutput = operation.beforeSend
					? await operation.beforeSend(
							ctx,
							job,
							session,
							job.duplicate ? check.generalPublic : undefined,
						)
					: undefined;
				if (stepOutput) job = { ...job, output: { ...job.output, ...stepOutput } };
				const duplicate = job.duplicate;
				// While its series is busy (maybe with this very sale, from another execution), look again.
				const whileSeriesBusy = duplicate
					? (context: SendVoucherContext) => check.recheck(session, duplicate, context.pendingId)
					: undefined;
				const sent = await sendJob(ctx, job, session, settings, whileSeriesBusy).then(
					(answer) => ({ answer }),
					(error: unknown) => ({ error }),
				);
				if ('error' in sent) {
					if (sent.error instanceof SaleStampedMeanwhile)
						return withPairing(stampedMeanwhileOutcome(job, sent.error, format));
					throw withItemIndex(ctx, sent.error, itemIndex);
				}
				const outcome = outcomeOf(job, sent.answer, format);
				const [stampedItem] = outcome.items;
				if (job.duplicate && stampedItem?.json.status === 'stamped') {
					check.stamped(job.duplicate, stampedItem.json);
					stampedThisRun.push({
						...job.duplicate,
						uuid: String(stampedItem.json.uuid),
						output: stampedItem.json,
					});
				}
				return withPairing(outcome);
			},
			{ queue, plans },
		);
		// Twins: another execution may have stamped the same sale at the same moment; one pass over
		// the list for the keys this run stamped reports them on the items.
		if (runSession && stampedThisRun.length) await check.afterRun(runSession, stampedThisRun);
		return output;
	} finally {
		runEnded = true;
	}
}
