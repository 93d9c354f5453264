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

function withItemIndex(ctx: IExecuteFunctions, error: unknown, itemIndex: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

/**
 * Runs an operation for every input item with at most `settings.concurrency` items in flight, keeping the
 * output in input order with pairedItem set. With Continue On Fail a failed item becomes an error
 * item; without it, no new item starts after a failure, and the error names what the run had
 * already done, because n8n drops the output of a failed node.
 */
export async function runItems(ctx: IExecuteFunctions, settings: RequestSettings, handler: ItemHandler): Promise<INodeExecutionData[][]> {
	const input = ctx.getInputData();
	const session = RunSession.fromNode(ctx, settings);
	const outcomes: Array<ItemOutcome | undefined> = new Array(input.length);
	let next = 0;
	type Failure = { itemIndex: number; error: NodeApiError | NodeOperationError };
	const stop: { failure?: Failure } = {};

	const worker = async () => {
		while (!stop.failure && next < input.length) {
			const itemIndex = next++;
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
					if (previous && previous.itemIndex < itemIndex) continue;
					stop.failure = { itemIndex, error: nodeError };
				}
			}
		}
	};
	const workers = Math.max(1, Math.min(Math.floor(settings.concurrency) || 1, input.length));
	await Promise.all(Array.from({ length: workers }, worker));

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
