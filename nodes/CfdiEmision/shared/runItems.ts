import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { RequestSettings } from './requestSettings';
import { RunSession } from './transport';

export interface ItemOutcome {
	items: INodeExecutionData[];
	/** A line for the error summary when a later item stops the run (e.g. "stamped UUID ..."). */
	doneNote?: string;
}

export type ItemHandler = (itemIndex: number, session: RunSession) => Promise<ItemOutcome>;

function errorItem(error: Error, itemIndex: number): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	const description = (error as NodeApiError).description;
	if (description) json.description = description;
	const extra = (error as NodeApiError).context?.outcome as IDataObject | undefined;
	if (extra) Object.assign(json, extra);
	return { json, pairedItem: { item: itemIndex } };
}

/** The error of one item as n8n shows it: a node error with the item's index. */
export function withItemIndex(ctx: IExecuteFunctions, error: unknown, itemIndex: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, {
		itemIndex,
		description: 'An unexpected error inside the node, not an answer of the service. If this item sends a voucher or an e-mail, check its state (Voucher > Get or Get Status) before running it again, and report the message to the package maintainers.',
	});
}

/**
 * Which item starts next. The default takes items in input order; a policy may hold an item back
 * while another one it must not overlap with is running (stamping/seriesQueue.ts).
 */
export interface ItemQueue {
	/** The next item to start; 'wait' until a running item finishes; 'done' when none is left. */
	take(): number | 'wait' | 'done';
	/** A started item has finished (successfully or not). */
	finished(itemIndex: number): void;
}

/** Input order, no constraint. */
export function inOrder(count: number): ItemQueue {
	let next = 0;
	return { take: () => (next < count ? next++ : 'done'), finished: () => undefined };
}

/**
 * Runs an operation for every input item with at most `settings.concurrency` items in flight, in
 * the order `queue` gives, keeping the output in input order with pairedItem set. With Continue On
 * Fail a failed item becomes an error item; without it, no new item starts after a failure, and
 * the error names what the run had already done, because n8n drops the output of a failed node.
 */
export async function runItems(
	ctx: IExecuteFunctions,
	settings: RequestSettings,
	handler: ItemHandler,
	queue: ItemQueue = inOrder(ctx.getInputData().length),
): Promise<INodeExecutionData[][]> {
	const input = ctx.getInputData();
	const session = RunSession.fromNode(ctx, settings);
	const outcomes: Array<ItemOutcome | undefined> = new Array(input.length);
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
			const nodeError = withItemIndex(ctx, error, itemIndex);
			if (ctx.continueOnFail()) {
				outcomes[itemIndex] = { items: [errorItem(nodeError, itemIndex)] };
			} else {
				// Keep the failure of the lowest item index (workers may fail out of order).
				const previous = stop.failure as Failure | undefined;
				if (!previous || itemIndex < previous.itemIndex) stop.failure = { itemIndex, error: nodeError };
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

	const { failure } = stop;
	if (failure) {
		const done = outcomes
			.map((outcome, itemIndex) => (outcome?.doneNote ? `item ${itemIndex}: ${outcome.doneNote}` : ''))
			.filter(Boolean);
		if (done.length) {
			const note = `Before this error the run had already completed: ${done.join('; ')}. Running the workflow again repeats those items; turn on "Continue On Fail" to get one result per item.`;
			failure.error.description = failure.error.description ? `${failure.error.description} ${note}` : note;
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
