import type { ItemQueue } from '../execution/runItems';

/**
 * The series-aware order of stamping: the service refuses a second stamp on a series while one is
 * in progress (FAC119), so items of the same series go one at a time, in input order, while items
 * of different series run side by side. Items without a lane (e.g. one whose voucher could not be
 * built) start in input order without waiting for anything.
 *
 * An item's lane is asked for (`laneOf`, which builds the voucher unless it is built already: by
 * runItems' check of every item without Continue On Fail, or by runStamping's background
 * planning) only when the queue looks that far ahead.
 */
export class SeriesQueue implements ItemQueue {
	/** Items seen but not started, per series, each list in input order. */
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

/** The series an item stamps on: the voucher's `serie` (no series is a series of its own). */
export function seriesOf(body: { serie?: unknown }): string {
	return typeof body.serie === 'string'
		? body.serie.trim()
		: body.serie === undefined || body.serie === null
			? ''
			: String(body.serie);
}
