import type { IDataObject } from 'n8n-workflow';

import { invoiceVoucher } from '../../../support/vouchers';
import { createParams, useSandboxEngine } from '../../../support/nodeTestKit';
import { routes } from '../../../support/sandboxCredential';

// Each stamp holds its series for 40 ms in the sandbox, as the real service does (FAC119 meanwhile).
const kit = useSandboxEngine({ stampingTimeMs: 40 });

const SERIES = ['A', 'B', 'F', 'NC'];
/** 20 vouchers over four series, unevenly mixed (runs of the same series next to each other). */
const mixed = Array.from({ length: 20 }, (_, i) => ({
	voucher: invoiceVoucher({
		serie: SERIES[i < 6 ? 0 : i % 4],
		descripcionFacturador: `order ${i}`,
	}),
}));
const params = (extra: IDataObject = {}) => ({
	...createParams(),
	voucherJson: '={{ JSON.stringify($json.voucher) }}',
	// Scheduling is under test; the Duplicate Check (on by default) has its own tests.
	duplicateCheck: 'off',
	options: { concurrency: 4, retryDelayMs: 1 },
	...extra,
});

/** The order of the stamps the service granted, per series, as input positions. */
function stampOrderBySeries(): Record<string, number[]> {
	const order: Record<string, number[]> = {};
	for (const stamp of kit.sandbox.grantedStamps) {
		(order[stamp.serie] ??= []).push(
			Number(String(stamp.body.descripcionFacturador).replace('order ', '')),
		);
	}
	return order;
}

function inputOrderBySeries(): Record<string, number[]> {
	const order: Record<string, number[]> = {};
	mixed.forEach((item, i) => (order[String(item.voucher.serie)] ??= []).push(i));
	return order;
}

describe('series-aware stamping: one series at a time, different series in parallel', () => {
	test.each(['twoPhase', 'direct'])(
		'%s, concurrency 4 over mixed series: no FAC119, input order kept within each series, series stamped side by side',
		async (stampingMode) => {
			const { items, error } = await kit.engine.runNode(params({ stampingMode }), mixed);
			expect(error).toBeUndefined();
			expect(items.map((item) => item.json.status)).toEqual(mixed.map(() => 'stamped'));
			expect(items.map((item) => item.pairedItem)).toEqual(mixed.map((_, item) => ({ item })));
			expect(kit.sandbox.seriesBusyCount()).toBe(0);
			expect(kit.sandbox.stampCount()).toBe(20);
			expect(stampOrderBySeries()).toEqual(inputOrderBySeries());
			expect(kit.sandbox.peakBusySeries()).toBeGreaterThan(1);
			expect(kit.sandbox.peakBusySeries()).toBeLessThanOrEqual(4);
			expect(routes(kit.sandbox, 'token')).toHaveLength(1);
		},
	);

	test('one series at concurrency 4 goes strictly one at a time, in input order', async () => {
		const oneSeries = mixed.slice(0, 6);
		const { items } = await kit.engine.runNode(params(), oneSeries);
		expect(items.map((item) => item.json.status)).toEqual(oneSeries.map(() => 'stamped'));
		expect(kit.sandbox.seriesBusyCount()).toBe(0);
		expect(kit.sandbox.peakBusySeries()).toBe(1);
		expect(stampOrderBySeries()).toEqual({ A: [0, 1, 2, 3, 4, 5] });
	});

	test('an item that fails its local checks does not hold up its series; Continue On Fail keeps one result per item', async () => {
		const withBad = mixed
			.slice(0, 8)
			.map((item, i) => (i === 2 ? { voucher: { ...item.voucher, total: -1 } } : item));
		const { items } = await kit.engine.runNode(params(), withBad, { continueOnFail: true });
		expect(items.map((item) => (item.json.error ? 'error' : item.json.status))).toEqual([
			'stamped',
			'stamped',
			'error',
			'stamped',
			'stamped',
			'stamped',
			'stamped',
			'stamped',
		]);
		expect(String(items[2].json.error)).toContain('Item 2');
		expect(kit.sandbox.seriesBusyCount()).toBe(0);
		expect(stampOrderBySeries().A).toEqual([0, 1, 3, 4, 5]);
	});

	// Stopping half-way would leave the first items stamped, and running the workflow again after
	// the fix would stamp them a second time: every item is checked before the first is sent.
	test.each([1, 4])(
		'concurrency %i: without Continue On Fail, an item that fails its local checks stops the run before anything is sent, and the error names every bad item',
		async (concurrency) => {
			const withBad = mixed
				.slice(0, 8)
				.map((item, i) =>
					i === 3 || i === 6 ? { voucher: { ...item.voucher, total: -1 } } : item,
				);
			const { error, items } = await kit.engine.runNode(
				params({ options: { concurrency, retryDelayMs: 1 } }),
				withBad,
			);
			expect(items).toEqual([]);
			expect(error?.message).toMatch(/^Item 3: /);
			const description = String((error as { description?: string }).description);
			expect(description).toContain(
				'The other items were not sent either: without "Continue On Fail" the node checks every item before sending any. Item 6 fails its checks too.',
			);
			expect(description).toContain('Fix them and run again');
			expect(kit.sandbox.requests).toHaveLength(0);
			expect(kit.sandbox.stampCount()).toBe(0);
		},
	);

	test('without Continue On Fail, a batch of valid items is sent as before, and more than one bad item is listed', async () => {
		const manyBad = mixed
			.slice(0, 16)
			.map((item, i) => (i % 4 === 1 ? { voucher: { ...item.voucher, total: -1 } } : item));
		const { error } = await kit.engine.runNode(params(), manyBad);
		expect(error?.message).toMatch(/^Item 1: /);
		expect(String((error as { description?: string }).description)).toContain(
			'Items 5, 9, 13 fail their checks too.',
		);
		expect(kit.sandbox.requests).toHaveLength(0);

		const { items, error: none } = await kit.engine.runNode(params(), mixed.slice(0, 8));
		expect(none).toBeUndefined();
		expect(items.map((item) => item.json.status)).toEqual(mixed.slice(0, 8).map(() => 'stamped'));
	});
});
