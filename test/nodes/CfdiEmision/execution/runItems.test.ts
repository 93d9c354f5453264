import { LaneQueue } from '../../../../nodes/CfdiEmision/execution/runItems';

/** Runs the queue with `workers` slots, finishing items in start order; returns the start order and the most of one lane at once. */
function simulate(series: Array<string | undefined>, workers: number) {
	const asked: number[] = [];
	const queue = new LaneQueue(series.length, (itemIndex) => {
		asked.push(itemIndex);
		return series[itemIndex];
	});
	const started: number[] = [];
	const running: number[] = [];
	let sameSeriesOverlap = 0;
	for (;;) {
		while (running.length < workers) {
			const next = queue.take();
			if (typeof next !== 'number') break;
			started.push(next);
			running.push(next);
			const lane = series[next];
			if (lane !== undefined && running.filter((i) => series[i] === lane).length > 1)
				sameSeriesOverlap++;
		}
		if (!running.length) {
			expect(queue.take()).toBe('done');
			return { started, asked, sameSeriesOverlap };
		}
		queue.finished(running.shift() as number);
	}
}

describe('LaneQueue (stamping: one lane per series)', () => {
	test('one slot: exactly input order, each lane asked for only when reached', () => {
		const { started, asked } = simulate(['A', 'A', 'B', undefined, 'A'], 1);
		expect(started).toEqual([0, 1, 2, 3, 4]);
		expect(asked).toEqual([0, 1, 2, 3, 4]);
	});

	test('four slots: never two items of one series at once, input order kept within each series', () => {
		const series = ['A', 'A', 'A', 'B', 'C', 'A', 'B', undefined, 'D', 'C', 'A', 'D'];
		const { started, sameSeriesOverlap } = simulate(series, 4);
		expect(sameSeriesOverlap).toBe(0);
		expect(started.slice().sort((a, b) => a - b)).toEqual(series.map((_, i) => i));
		for (const lane of ['A', 'B', 'C', 'D']) {
			const order = started.filter((i) => series[i] === lane);
			expect(order).toEqual(order.slice().sort((a, b) => a - b));
		}
		// B, C and the item without a series do not wait behind the run of A's.
		expect(started.slice(0, 4)).toEqual([0, 3, 4, 7]);
	});

	test('a busy series makes the queue wait, not finish', () => {
		const queue = new LaneQueue(2, () => 'A');
		expect(queue.take()).toBe(0);
		expect(queue.take()).toBe('wait');
		queue.finished(0);
		expect(queue.take()).toBe(1);
		queue.finished(1);
		expect(queue.take()).toBe('done');
	});
});
