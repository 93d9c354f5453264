import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import type { RequestSettings } from './requestSettings';
import { skippedItemsHint, SkippedUpstream } from './skippedUpstream';

export interface ItemOutcome {
	items: INodeExecutionData[];
	/** A line for the error summary when a later item stops the run (e.g. "stamped UUID ..."). */
	doneNote?: string;
}

export type ItemHandler<S> = (itemIndex: number, session: S) => Promise<ItemOutcome>;

/**
 * Opens the run's session with the service (the caller's: the loop knows no service), once every
 * item's local part passed, and hands it to every item.
 */
export type OpenSession<S> = (ctx: IExecuteFunctions, settings: RequestSettings) => S;

function errorItem(error: Error, itemIndex: number): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	const description = (error as NodeApiError).description;
	if (description) json.description = description;
	const extra = (error as NodeApiError).context?.outcome as IDataObject | undefined;
	if (extra) Object.assign(json, extra);
	return { json, pairedItem: { item: itemIndex } };
}

/**
 * A failure of the whole node (before its item loop, e.g. the look-up an aggregating operation makes
 * for all its items) as one error item paired with every input item, for Continue On Fail: n8n
 * itself would pass the input items on unchanged, with nothing a workflow can route (no error).
 */
export function wholeNodeErrorItem(ctx: IExecuteFunctions, error: unknown): INodeExecutionData {
	const nodeError =
		error instanceof NodeApiError || error instanceof NodeOperationError
			? error
			: new NodeOperationError(ctx.getNode(), error as Error);
	const item = errorItem(nodeError, 0);
	item.json.failedBeforeItems = true;
	item.pairedItem = ctx.getInputData().map((_, itemIndex) => ({ item: itemIndex }));
	// The node error itself, for the caller to throw without Continue On Fail (not in the output).
	return { ...item, error: nodeError };
}

/** The error of one item as n8n shows it: a node error with the item's index. */
export function withItemIndex(
	ctx: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, {
		itemIndex,
		description:
			'An unexpected error inside the node, not an answer of the service. If this item sends a voucher or an e-mail, check its state (Voucher > Get or Get Status) before running it again, and report the message to the package maintainers.',
	});
}

/**
 * Which item starts next. The default takes items in input order; a policy may hold an item back
 * while another one it must not overlap with is running (LaneQueue).
 */
export interface ItemQueue {
	/** The next item to start; 'wait' until a running item finishes; 'done' when none is left. */
	take(): number | 'wait' | 'done';
	/** A started item has finished (successfully or not). */
	finished(itemIndex: number): void;
}

/**
 * The local part of each item (reading and checking its parameters, building what it sends), done
 * once per item and kept, with the error it gave if any. Operations with effects (stamping, e-mail,
 * cancellation) give it to runItems so that, without Continue On Fail, every item is checked
 * before any is sent.
 */
export class ItemPlans<T> {
	private readonly entries: Array<{ plan: T } | { error: unknown }>;

	constructor(
		readonly count: number,
		private readonly build: (itemIndex: number) => T,
	) {
		this.entries = new Array(count);
	}

	/** Whether the item's local part is done already. */
	has(itemIndex: number): boolean {
		return this.entries[itemIndex] !== undefined;
	}

	/** The item's plan, or the error its local checks gave; built on first use. */
	entry(itemIndex: number): { plan: T } | { error: unknown } {
		if (!this.entries[itemIndex]) {
			try {
				this.entries[itemIndex] = { plan: this.build(itemIndex) };
			} catch (error) {
				this.entries[itemIndex] = { error };
			}
		}
		return this.entries[itemIndex];
	}

	/** The item's plan; throws the error its local checks gave (raised at the item's turn). */
	get(itemIndex: number): T {
		const entry = this.entry(itemIndex);
		if ('error' in entry) throw entry.error;
		return entry.plan;
	}
}

function listItems(items: number[]): string {
	const shown = items.slice(0, 10).join(', ');
	return items.length > 10 ? `${shown} and ${items.length - 10} more` : shown;
}

/** Items checked between two pauses, so that a long batch does not hold n8n's event loop. */
const CHECKS_PER_PAUSE = 50;

/**
 * Without Continue On Fail one bad item stops the node. Every item is checked before the first is
 * sent, so that a run never stops half-done on a mistake it could have seen before sending: running
 * it again after the fix would stamp, e-mail or cancel its first items a second time.
 */
async function checkEveryItemFirst(
	ctx: IExecuteFunctions,
	plans: ItemPlans<unknown>,
): Promise<void> {
	const failing: number[] = [];
	for (let itemIndex = 0; itemIndex < plans.count; itemIndex++) {
		if (itemIndex > 0 && itemIndex % CHECKS_PER_PAUSE === 0) await sleep(0);
		const entry = plans.entry(itemIndex);
		// An item skipped upstream is passed on at its turn, not a failure.
		if ('error' in entry && !(entry.error instanceof SkippedUpstream)) failing.push(itemIndex);
	}
	if (!failing.length) return;
	const [first, ...others] = failing;
	const cause = (plans.entry(first) as { error: unknown }).error;
	const error =
		cause instanceof NodeApiError || cause instanceof NodeOperationError
			? withItemIndex(ctx, cause, first)
			: // Not one of the node's own checks (e.g. an expression n8n could not evaluate): still local.
				new NodeOperationError(ctx.getNode(), cause as Error, {
					itemIndex: first,
					description:
						"Reading this item's parameters failed before anything was sent. Check the fields and expressions of this item.",
				});
	// A single item's error already says that nothing was sent.
	if (plans.count === 1) throw error;
	const also =
		others.length === 1
			? ` Item ${others[0]} fails its checks too.`
			: others.length
				? ` Items ${listItems(others)} fail their checks too.`
				: '';
	const fix = others.length
		? 'Fix them and run again, or turn on "Continue On Fail" to send the valid items and get an error item for each of these.'
		: 'Fix it and run again, or turn on "Continue On Fail" to send the valid items and get an error item for this one.';
	const note = `The other items were not sent either: without "Continue On Fail" the node checks every item before sending any.${also} ${fix}`;
	error.description = error.description ? `${error.description} ${note}` : note;
	throw error;
}

/** Input order, no constraint. */
export function inOrder(count: number): ItemQueue {
	let next = 0;
	return { take: () => (next < count ? next++ : 'done'), finished: () => undefined };
}

/**
 * Items of the same lane one at a time, in input order, while items of different lanes run side by
 * side. Stamping's lanes are series: the service refuses a second stamp on a series while one is in
 * progress (FAC119). Items without a lane (e.g. one whose voucher could not be built) start in input
 * order without waiting for anything.
 *
 * An item's lane is asked for (`laneOf`, which may build the item's local part unless it is built
 * already: by the check of every item without Continue On Fail, or by an operation's background
 * planning) only when the queue looks that far ahead.
 */
export class LaneQueue implements ItemQueue {
	/** Items seen but not started, per lane, each list in input order. */
	private readonly lanes = new Map<string, number[]>();

	private readonly free: number[] = [];

	private readonly busy = new Set<string>();

	private readonly laneOfRunning = new Map<number, string>();

	/** Items below this index have had their lane asked for. */
	private seen = 0;

	constructor(
		private readonly count: number,
		private readonly laneOf: (itemIndex: number) => string | undefined,
	) {}

	take(): number | 'wait' | 'done' {
		// Every unseen item comes after every seen one: the lowest startable seen item goes first.
		const ready = this.lowestReady();
		if (ready !== undefined) return this.start(ready);
		while (this.seen < this.count) {
			const itemIndex = this.seen++;
			const lane = this.laneOf(itemIndex);
			if (lane === undefined) this.free.push(itemIndex);
			else this.lanes.set(lane, [...(this.lanes.get(lane) ?? []), itemIndex]);
			if (lane === undefined || !this.busy.has(lane)) return this.start({ itemIndex, lane });
		}
		return this.free.length || [...this.lanes.values()].some((items) => items.length)
			? 'wait'
			: 'done';
	}

	finished(itemIndex: number): void {
		const lane = this.laneOfRunning.get(itemIndex);
		if (lane === undefined) return;
		this.laneOfRunning.delete(itemIndex);
		this.busy.delete(lane);
	}

	private lowestReady(): { itemIndex: number; lane?: string } | undefined {
		let best: { itemIndex: number; lane?: string } | undefined = this.free.length
			? { itemIndex: this.free[0] }
			: undefined;
		for (const [lane, items] of this.lanes) {
			if (!items.length || this.busy.has(lane)) continue;
			if (!best || items[0] < best.itemIndex) best = { itemIndex: items[0], lane };
		}
		return best;
	}

	private start({ itemIndex, lane }: { itemIndex: number; lane?: string }): number {
		if (lane === undefined) {
			this.free.splice(this.free.indexOf(itemIndex), 1);
			return itemIndex;
		}
		const items = this.lanes.get(lane) ?? [];
		items.splice(items.indexOf(itemIndex), 1);
		this.busy.add(lane);
		this.laneOfRunning.set(itemIndex, lane);
		return itemIndex;
	}
}

export interface RunItemsOptions {
	/** The order items start in (default: input order). */
	queue?: ItemQueue;
	/** The items' local parts: without Continue On Fail all are checked before anything is sent. */
	plans?: ItemPlans<unknown>;
}

/**
 * Runs an operation for every input item with at most `settings.concurrency` items in flight, in
 * the order `queue` gives, keeping the output in input order with pairedItem set. With Continue On
 * Fail a failed item becomes an error item; without it, every item's local part (`plans`) is
 * checked before anything is sent, no new item starts after a failure, and the error names what
 * the run had already done, because n8n drops the output of a failed node. `openSession` opens
 * the run's session with the service after those checks (api/sessionAndFailure.ts RunSession.fromNode).
 */
export async function runItems<S>(
	ctx: IExecuteFunctions,
	settings: RequestSettings,
	openSession: OpenSession<S>,
	handler: ItemHandler<S>,
	options: RunItemsOptions = {},
): Promise<INodeExecutionData[][]> {
	const input = ctx.getInputData();
	const { queue = inOrder(input.length), plans } = options;
	if (plans && !ctx.continueOnFail()) await checkEveryItemFirst(ctx, plans);
	const session = openSession(ctx, settings);
	const outcomes: Array<ItemOutcome | undefined> = new Array(input.length);
	const skips: SkippedUpstream[] = [];
	type Failure = { itemIndex: number; error: NodeApiError | NodeOperationError };
	const stop: { failure?: Failure } = {};
	// Workers the queue asked to wait; any finished item wakes them all to ask again.
	let sleepers: Array<() => void> = [];
	const wakeAll = () => {
		const woken = sleepers;
		sleepers = [];
		for (const wake of woken) wake();
	};

	const runOne = async (itemIndex: number) => {
		try {
			const outcome = await handler(itemIndex, session);
			for (const item of outcome.items) item.pairedItem ??= { item: itemIndex };
			outcomes[itemIndex] = outcome;
		} catch (error) {
			if (error instanceof SkippedUpstream) {
				// Skipped by a previous node (no voucher): passed on unchanged, with why in the hints.
				skips.push(error);
				outcomes[itemIndex] = {
					items: [{ json: input[itemIndex].json, pairedItem: { item: itemIndex } }],
				};
				return;
			}
			const nodeError = withItemIndex(ctx, error, itemIndex);
			if (ctx.continueOnFail()) {
				outcomes[itemIndex] = { items: [errorItem(nodeError, itemIndex)] };
			} else {
				// Keep the failure of the lowest item index (workers may fail out of order).
				const previous = stop.failure as Failure | undefined;
				if (!previous || itemIndex < previous.itemIndex)
					stop.failure = { itemIndex, error: nodeError };
			}
		} finally {
			queue.finished(itemIndex);
			wakeAll();
		}
	};
	const worker = async () => {
		while (!stop.failure) {
			const next = queue.take();
			if (next === 'done') return;
			if (next === 'wait') await new Promise<void>((resolve) => sleepers.push(resolve));
			else await runOne(next);
		}
	};
	const workers = Math.max(1, Math.min(Math.floor(settings.concurrency) || 1, input.length));
	await Promise.all(Array.from({ length: workers }, worker));
	wakeAll();
	if (skips.length)
		ctx.addExecutionHints({
			message: skippedItemsHint(skips.sort((a, b) => a.itemIndex - b.itemIndex)),
			location: 'outputPane',
		});

	const { failure } = stop;
	if (failure) {
		const done = outcomes
			.map((outcome, itemIndex) =>
				outcome?.doneNote ? `item ${itemIndex}: ${outcome.doneNote}` : '',
			)
			.filter(Boolean);
		if (done.length) {
			const note = `Before this error the run had already completed: ${done.join('; ')}. Running the workflow again repeats those items; turn on "Continue On Fail" to get one result per item.`;
			failure.error.description = failure.error.description
				? `${failure.error.description} ${note}`
				: note;
		}
		throw failure.error;
	}
	return [outcomes.flatMap((outcome) => outcome?.items ?? [])];
}

export type Operation = (ctx: IExecuteFunctions) => Promise<INodeExecutionData[][]>;

/** n8n calls a custom operation with the execute context as `this`. */
export function asCustomOperations<T extends Record<string, Operation>>(operations: T) {
	return Object.fromEntries(
		Object.entries(operations).map(([name, operation]) => [
			name,
			async function (this: IExecuteFunctions) {
				return await operation(this);
			},
		]),
	) as Record<keyof T, (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>>;
}
