import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

/**
 * What earlier tries of this node's current run did, so that n8n's Retry On Fail never repeats an
 * effect that cannot be looked up afterwards (an e-mail) or that should be looked up first (a
 * cancellation).
 *
 * n8n's Retry On Fail (WorkflowExecute in n8n-core) calls the node again, with the same input items
 * and the same run index, when a try throws, and with Continue On Fail when the first output item is
 * an error item. Each try gets a fresh context, but the execution's node context
 * (`getContext('node')`) is one object inside the run's execution data: it lives exactly as long as
 * the execution, in the process that runs it (in queue mode one worker runs the whole execution,
 * its tries included), and is saved with it. Workflow static data would outlive the execution (a
 * later execution would skip its own e-mails), and a variable in the module would be invisible to
 * anything that reloads the execution.
 *
 * An item's effect is written down before its request goes out ("unclear"), then settled: "done"
 * with the item the try returned, or removed when the answer proves nothing happened. Only the
 * current run index is kept (a loop running the node again starts afresh), so the record is never
 * larger than one run's items.
 */
export type EarlierTry =
	{ state: 'done'; json: IDataObject } | { state: 'unclear'; reason: string };

interface StoredItem {
	/** What the effect was aimed at (e.g. the UUID and addresses): a different target is a different effect. */
	target: string;
	state: 'done' | 'unclear';
	json?: IDataObject;
	reason?: string;
}

interface StoredRun {
	runIndex: number;
	/** How many tries of this run have started, this one included. */
	tries: number;
	items: Record<string, StoredItem>;
}

const KEY = 'cfdiEffectsOfEarlierTries';

export class EarlierTries {
	private constructor(private readonly run: StoredRun) {}

	/**
	 * The record of this run's tries, or undefined when Retry On Fail is off (then n8n never runs the
	 * node twice with the same run index, and nothing is written into the execution).
	 */
	static open(ctx: IExecuteFunctions): EarlierTries | undefined {
		if (ctx.getNode().retryOnFail !== true) return undefined;
		const context = ctx.getContext('node');
		const runIndex = currentRunIndex(ctx);
		const stored = context[KEY] as StoredRun | undefined;
		const run: StoredRun =
			stored && stored.runIndex === runIndex && typeof stored.items === 'object'
				? stored
				: { runIndex, tries: 0, items: {} };
		run.tries += 1;
		context[KEY] = run;
		return new EarlierTries(run);
	}

	/** 1 on the first try, 2 and more when n8n's Retry On Fail runs the node again. */
	get tryNumber(): number {
		return this.run.tries;
	}

	/** What an earlier try of this run did for the item, when it aimed at the same target. */
	earlier(itemIndex: number, target: string): EarlierTry | undefined {
		const item = this.run.items[itemIndex];
		if (!item || item.target !== target) return undefined;
		if (item.state === 'done') return { state: 'done', json: item.json ?? {} };
		return { state: 'unclear', reason: item.reason ?? 'no answer was seen' };
	}

	/** Written before the request goes out: from here on a retry must not assume it did not happen. */
	sending(itemIndex: number, target: string): void {
		this.run.items[itemIndex] = {
			target,
			state: 'unclear',
			reason: 'the try stopped before its answer was seen',
		};
	}

	/** The request may have taken effect, but no success was seen. */
	unclear(itemIndex: number, target: string, reason: string): void {
		this.run.items[itemIndex] = { target, state: 'unclear', reason };
	}

	done(itemIndex: number, target: string, json: IDataObject): void {
		this.run.items[itemIndex] = { target, state: 'done', json };
	}

	/** The answer proves nothing happened: a retry may send the request again. */
	nothingHappened(itemIndex: number): void {
		delete this.run.items[itemIndex];
	}
}

/** The run index n8n gives this run of the node (the same for every try of it). */
function currentRunIndex(ctx: IExecuteFunctions): number {
	try {
		const runIndex = Number(ctx.getWorkflowDataProxy(0).$runIndex);
		return Number.isInteger(runIndex) && runIndex >= 0 ? runIndex : 0;
	} catch {
		return 0;
	}
}
