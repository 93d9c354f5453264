/**
 * The duplicate check (issue 19), through n8n-core's engine against the sandbox: the same sale
 * delivered again in a separate execution gives the first voucher back (alreadyStamped) and sends
 * nothing; the same for a refund, a payment and a global invoice; a sale already invoiced to its
 * customer is left out of the global invoice; two executions at the same moment give one voucher or
 * a twin reported on the item, or the sale stamped meanwhile by another execution returned
 * (SaleStampedMeanwhile).
 */
import type { IDataObject } from 'n8n-workflow';
import { invoiceVoucher } from '../../../support/vouchers';
import { corpusOrder } from '../../../support/corpusOrder';
import { createParams, orderParams } from '../../../support/nodeTestKit';
import { json, useCheckSandbox, V11 } from './duplicateCheckKit';

const { kit, stamped, routes: routesOf } = useCheckSandbox();

/** The zone of the list's dates is not known: every read reaches 14 hours further each way (issue 39). */
const ZONE_MARGIN = 14 * 3_600;

describe('Duplicate Check: the same sale in separate executions is stamped once', () => {
	test('an order delivered twice: one invoice; the second run returns its UUID as alreadyStamped and sends nothing but the list read', async () => {
		const first = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		expect(first.error).toBeUndefined();
		expect(json(first.items)).toMatchObject({ status: 'stamped' });
		const uuid = String(json(first.items).uuid);
		// Before: one list read for the run's keys; after: one for twins.
		expect(routesOf()).toEqual(['listVouchers', 'createVoucher', 'updateVoucher', 'listVouchers']);

		kit.sandbox.clearLog();
		const second = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		expect(second.error).toBeUndefined();
		expect(routesOf()).toEqual(['listVouchers']);
		expect(json(second.items)).toMatchObject({
			status: 'alreadyStamped',
			uuid,
			// Version 1.1's simplified output: the key names of a stamped item and of Get Status.
			voucherId: expect.any(Number),
			series: 'A',
			folio: '1001',
			message: expect.stringContaining('A-1001 is already stamped'),
			duplicateCheck: { key: 'order:5829364210001', keyFrom: 'the order' },
			order: { id: 5829364210001, document: 'invoice' },
		});
		expect(stamped()).toHaveLength(1);
	});

	test("the list read asks for the window from the order date (less a 30-minute clock margin, and the list's 14-hour zone margin both ways) and pages with skip/take", async () => {
		await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		const [list, after] = kit.sandbox.requests.filter(
			(request) => request.route === 'listVouchers',
		);
		// After stamping, the twin look-up reads only the days a voucher stamped meanwhile can carry.
		expect(Number(after.query.finicial)).toBeGreaterThanOrEqual(
			Math.floor(Date.now() / 1000) - 3 * 86_400 - ZONE_MARGIN - 600,
		);
		const orderDate = Math.floor(Date.parse(String(corpusOrder('example-1').created_at)) / 1000);
		// A voucher of the sale is stamped after it, dated by the service at its stamp (issue 27 item 9).
		expect(Number(list.query.finicial)).toBe(orderDate - 30 * 60 - ZONE_MARGIN);
		expect(Number(list.query.ffinal)).toBeGreaterThan(Date.now() / 1000 + ZONE_MARGIN);
		expect(Number(list.query.ffinal)).toBeLessThanOrEqual(
			Date.now() / 1000 + 30 * 60 + ZONE_MARGIN,
		);
		expect(list.query).toMatchObject({ skip: '0', take: '100' });
	});

	test('Fail: the second delivery is an error naming the voucher found; nothing is sent', async () => {
		const first = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		kit.sandbox.clearLog();
		const second = await kit.engine.runNode(
			orderParams({ duplicateCheck: 'fail' }),
			[corpusOrder('example-1')],
			V11,
		);
		expect(second.error?.message).toContain('already stamped');
		expect(second.error?.message).toContain(String(json(first.items).uuid));
		expect(second.error?.message).toContain('series A folio 1001');
		expect(routesOf()).toEqual(['listVouchers']);
		expect(stamped()).toHaveLength(1);
	});

	test('Off: no list read, the order is stamped again; a version 1 node without the setting checks (Return Existing in every version)', async () => {
		const first = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		kit.sandbox.clearLog();
		const second = await kit.engine.runNode(
			orderParams({ duplicateCheck: 'off' }),
			[corpusOrder('example-1')],
			V11,
		);
		expect(json(second.items).status).toBe('stamped');
		expect(routesOf()).not.toContain('listVouchers');
		expect(stamped()).toHaveLength(2);
		// A version 1 node without the setting: the list is read and the first voucher returned.
		kit.sandbox.clearLog();
		const v1 = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')]);
		// The oldest of the two stamped vouchers of the sale, with the twin named.
		expect(json(v1.items)).toMatchObject({
			status: 'alreadyStamped',
			uuid: json(first.items).uuid,
		});
		expect(routesOf()).toEqual(['listVouchers']);
		expect(stamped()).toHaveLength(2);
	});

	test('the same order twice in one run: stamped once, the second item returns it; one list read before', async () => {
		const { items, error } = await kit.engine.runNode(
			orderParams({ stampingMode: 'direct' }),
			[corpusOrder('example-1'), corpusOrder('example-1')],
			V11,
		);
		expect(error).toBeUndefined();
		expect(json(items, 0).status).toBe('stamped');
		expect(json(items, 1)).toMatchObject({ status: 'alreadyStamped', uuid: json(items, 0).uuid });
		expect(routesOf()).toEqual(['listVouchers', 'createVoucher', 'listVouchers']);
		expect(stamped()).toHaveLength(1);
	});

	test('many orders in one run: one list read before stamping them all, one after', async () => {
		const orders = Array.from({ length: 5 }, (_, index) => ({
			...corpusOrder('example-1'),
			id: 7000 + index,
			order_number: 2001 + index,
			name: `#${2001 + index}`,
		}));
		const { items, error } = await kit.engine.runNode(
			orderParams({ stampingMode: 'direct' }),
			orders,
			V11,
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.status)).toEqual(Array(5).fill('stamped'));
		expect(routesOf().filter((route) => route === 'listVouchers')).toHaveLength(2);
		kit.sandbox.clearLog();
		const again = await kit.engine.runNode(orderParams({ stampingMode: 'direct' }), orders, V11);
		expect(again.items.map((item) => item.json.status)).toEqual(Array(5).fill('alreadyStamped'));
		expect(routesOf()).toEqual(['listVouchers']);
	});

	test('a list read that fails before stamping stops the item with nothing sent; one that fails after keeps the stamped voucher and says the twin look-up failed', async () => {
		kit.sandbox.injectFault({ route: 'listVouchers', kind: 'status', status: 503 });
		const before = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		expect(before.error?.message).toContain(
			'Could not look for an earlier voucher of this sale on the voucher list (Duplicate Check): the service answered HTTP 503',
		);
		expect(before.error?.description).toContain('Nothing was sent for this item');
		expect(routesOf()).toEqual(['listVouchers']);
		expect(stamped()).toHaveLength(0);

		kit.sandbox.clearLog();
		kit.sandbox.injectFault({ route: 'listVouchers', kind: 'status', status: 503, after: 1 });
		const after = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		expect(after.error).toBeUndefined();
		expect(json(after.items)).toMatchObject({
			status: 'stamped',
			duplicate: {
				key: 'order:5829364210001',
				unchecked: expect.stringContaining('look-up for a twin'),
			},
		});
		expect(stamped()).toHaveLength(1);
	});

	test('a cancelled voucher does not count: the order is stamped again after its invoice was cancelled', async () => {
		const first = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		const uuid = String(json(first.items).uuid);
		const cancel = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'cancel', uuid, motive: '02' },
			[{}],
		);
		expect(cancel.error).toBeUndefined();
		// An invoice above 1,000 MXN to a company: the recipient must accept the cancellation.
		expect(json(cancel.items).status).toBe('pendingAcceptance');
		// Awaiting the recipient's acceptance it still counts (valid until accepted); accepted, it does not.
		const waiting = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		expect(json(waiting.items)).toMatchObject({ status: 'alreadyStamped', uuid });
		kit.sandbox.resolveCancellation(uuid, 'accepted');
		const second = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		expect(json(second.items).status).toBe('stamped');
		expect(json(second.items).uuid).not.toBe(uuid);
	});
});

describe('Duplicate Check Key', () => {
	test('JSON mode: the key is written as the folio and found on the next run', async () => {
		const params = createParams(invoiceVoucher({ serie: 'A' }), {
			duplicateCheckKey: '={{ $json.orderNumber }}',
		});
		const first = await kit.engine.runNode(params, [{ orderNumber: 'SO-77' }], V11);
		expect(first.error).toBeUndefined();
		const create = kit.sandbox.requests.find((request) => request.route === 'createVoucher');
		expect(JSON.parse(String(create?.body))).toMatchObject({ serie: 'A', folio: 'SO-77' });
		const second = await kit.engine.runNode(params, [{ orderNumber: 'SO-77' }], V11);
		expect(json(second.items)).toMatchObject({
			status: 'alreadyStamped',
			uuid: json(first.items).uuid,
			duplicateCheck: { key: 'SO-77', keyFrom: 'Duplicate Check Key' },
		});
		expect(stamped()).toHaveLength(1);
	});

	test('a key that differs from the folio the voucher carries is refused before any request, naming the field', async () => {
		const { error } = await kit.engine.runNode(
			createParams(invoiceVoucher({ folio: '100' }), { duplicateCheckKey: 'SO-77' }),
			[{}],
			V11,
		);
		expect(error?.message).toContain(
			'Duplicate Check Key "SO-77" differs from the voucher\'s folio "100"',
		);
		expect(kit.sandbox.requests).toHaveLength(0);
	});

	test('JSON mode without a key or folio: the content identifies the sale (issue 27 item 2; tested in test/nodes/CfdiEmision/stamping/duplicateCheck.match.engine.test.ts)', async () => {
		const { error } = await kit.engine.runNode(createParams(invoiceVoucher()), [{}], V11);
		expect(error).toBeUndefined();
		expect(routesOf()[0]).toBe('listVouchers');
	});
});
describe('Two executions of the same order at the same moment', () => {
	/**
	 * Both executions read the list before either has stamped, so both go on; the sandbox's stamping
	 * time (the series lock) makes them overlap the way two workers would. The measured outcome:
	 * either one invoice, or two with the twin reported on an item, never two in silence.
	 */
	/** Two executions of the same order at the same moment; their output items and the invoices of folio 1001 in the sandbox. */
	async function sameOrderAtOnce(stampingMode: string, stampingTimeMs: number) {
		kit.sandbox.setStampingTime(stampingTimeMs);
		const params = orderParams({ stampingMode });
		const runs = await Promise.all([
			kit.engine.runNode(params, [corpusOrder('example-1')], V11),
			kit.engine.runNode(params, [corpusOrder('example-1')], V11),
		]);
		const outputs = runs.map((run) => {
			expect(run.error).toBeUndefined();
			return json(run.items);
		});
		return { outputs, invoices: stamped().filter((voucher) => voucher.body.folio === '1001') };
	}

	test.each([
		['twoPhase', 150],
		['direct', 150],
	])(
		'stamping mode %s, stamping time %i ms: the second stamp finds the series busy, looks again and returns the first voucher',
		async (stampingMode, stampingTimeMs) => {
			const { outputs, invoices } = await sameOrderAtOnce(stampingMode, stampingTimeMs);
			expect(invoices).toHaveLength(1);
			expect(outputs.map((output) => output.uuid)).toEqual([invoices[0].uuid, invoices[0].uuid]);
			const second = outputs.find((output) => output.status === 'alreadyStamped');
			expect(second?.duplicateCheck).toMatchObject({ meanwhile: true });
			// Two-phase: the second execution's pending voucher stays pending (no fiscal effect), named on the item.
			if (stampingMode === 'twoPhase') {
				const leftPending = (second?.duplicateCheck as IDataObject).leftPending as number;
				expect(kit.sandbox.vouchers.get(leftPending)?.state).toBe('pending');
			}
		},
	);

	test.each([['twoPhase'], ['direct']])(
		'stamping mode %s, both runs look before either stamps: two invoices, never in silence',
		async (stampingMode) => {
			// Ordered, not timed: both look-ups before the stamps reach the service before it answers
			// either, and both look-ups after the run before it answers either (each after its stamp).
			kit.sandbox.holdRequests('listVouchers', 2);
			kit.sandbox.holdRequests('listVouchers', 2);
			const { outputs, invoices } = await sameOrderAtOnce(stampingMode, 0);
			expect(invoices).toHaveLength(2);
			const [older, newer] = [...invoices].sort((a, b) => a.id - b.id);
			// Each item names the twin: keep the older, cancel the newer.
			for (const output of outputs)
				expect(output.duplicate).toMatchObject({
					keep: older.uuid,
					cancel: [{ uuid: newer.uuid, motive: '02' }],
				});
			const statusOf = (uuid: unknown) => outputs.find((output) => output.uuid === uuid)?.status;
			expect([statusOf(older.uuid), statusOf(newer.uuid)]).toEqual(['stamped', 'stampedTwin']);
		},
	);
});
