/**
 * The Duplicate Check whatever zone the voucher list writes its dates in (issue 39 item 3), through
 * n8n-core's engine against the sandbox: the list is not in the spec, so its `fecha` may be UTC's
 * wall clock, another zone's, or a clock hours off. The same voucher run three times is stamped once
 * and the re-runs answered `alreadyStamped`, with and without a Duplicate Check Key; a content
 * twin's 24 hours are counted from its stamp (FechaTimbrado), not from the listed date.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { mexicoCityDateTime } from '../../../../sandbox/clock';
import type { ListDates } from '../../../../sandbox';
import { corpusOrder } from '../../../support/corpusOrder';
import { createParams, orderParams, useSandboxEngine } from '../../../support/nodeTestKit';
import { invoiceVoucher } from '../../../support/vouchers';

const V11 = { typeVersion: 1.1 };
const HOUR_MS = 3_600_000;
const json = (items: INodeExecutionData[], index = 0) => items[index]?.json as IDataObject;

const kit = useSandboxEngine();
const stamped = () =>
	[...kit.sandbox.vouchers.values()].filter((voucher) => voucher.state === 'stamped');
const creates = () =>
	kit.sandbox.requests.filter((request) => request.route === 'createVoucher').length;

/** A stamped voucher as if stamped `hours` ago: its Fecha, and the SAT's FechaTimbrado in its XML. */
function stampedHoursAgo(uuid: unknown, hours: number): void {
	const voucher = stamped().find((one) => one.uuid === uuid);
	if (!voucher?.xml) throw new Error(`no stamped voucher ${String(uuid)}`);
	const then = mexicoCityDateTime(Date.now() - hours * HOUR_MS);
	voucher.fecha = then;
	voucher.xml = voucher.xml
		.replace(/ Fecha="[^"]*"/, ` Fecha="${then}"`)
		.replace(/ FechaTimbrado="[^"]*"/, ` FechaTimbrado="${then}"`);
}

/** An order placed 10 minutes ago in Mexico City (its window starts there, less a clock margin). */
const recentOrder = (): IDataObject => ({
	...corpusOrder('example-1'),
	created_at: `${mexicoCityDateTime(Date.now() - 10 * 60_000)}-06:00`,
});

const ZONES: Array<[string, ListDates]> = [
	['UTC (+6 h), compared as written', { offsetHours: 6 }],
	['UTC (+6 h), compared as the instant', { offsetHours: 6, filterBy: 'instant' }],
	['+14 h', { offsetHours: 14 }],
	['-8 h', { offsetHours: -8 }],
];

describe('the same voucher run three times is stamped once, whatever zone the list writes', () => {
	for (const [zone, dates] of ZONES)
		test.each([
			[
				'with a Duplicate Check Key',
				() => createParams(invoiceVoucher(), { duplicateCheckKey: 'K-3391' }),
			],
			['without a key (its content)', () => createParams(invoiceVoucher())],
			['an order placed 10 minutes ago (its order key)', () => orderParams()],
		])(`list dates in ${zone}: %s`, async (_how, params) => {
			kit.sandbox.setListDates(dates);
			const runs: IDataObject[] = [];
			for (let run = 0; run < 3; run++) {
				const { items, error } = await kit.engine.runNode(params(), [recentOrder()], V11);
				expect(error).toBeUndefined();
				runs.push(json(items));
			}
			// Before: stamped three times (each re-run found only after stamping, as stampedTwin).
			expect(runs.map((run) => run.status)).toEqual([
				'stamped',
				'alreadyStamped',
				'alreadyStamped',
			]);
			expect(runs[1].uuid).toBe(runs[0].uuid);
			expect(runs[2].uuid).toBe(runs[0].uuid);
			expect(stamped()).toHaveLength(1);
			expect(creates()).toBe(1);
		});
});

describe("a content twin's age is its stamp's (FechaTimbrado), not its listed date", () => {
	test('48 hours old, listed at +14 h (34 hours ago, within reach of the widened read): a new sale is stamped', async () => {
		kit.sandbox.setListDates({ offsetHours: 14 });
		const old = await kit.engine.runNode(createParams(invoiceVoucher()), [{}], V11);
		stampedHoursAgo(json(old.items).uuid, 48);
		const { items, error } = await kit.engine.runNode(createParams(invoiceVoucher()), [{}], V11);
		expect(error).toBeUndefined();
		expect(json(items)).toMatchObject({ status: 'stamped' });
		expect(json(items).uuid).not.toBe(json(old.items).uuid);
		expect(stamped()).toHaveLength(2);
	});

	test('48 hours old with a 36-hour window, listed at +14 h (34 hours ago, inside the window by the listed date): a new sale is stamped', async () => {
		kit.sandbox.setListDates({ offsetHours: 14 });
		const params = createParams(invoiceVoucher(), { duplicateCheckWindow: 36 });
		const old = await kit.engine.runNode(params, [{}], V11);
		stampedHoursAgo(json(old.items).uuid, 48);
		const { items, error } = await kit.engine.runNode(params, [{}], V11);
		expect(error).toBeUndefined();
		// Before: alreadyStamped with the 48-hour-old invoice.
		expect(json(items)).toMatchObject({ status: 'stamped' });
		expect(stamped()).toHaveLength(2);
	});

	test('20 hours old, listed at -8 h (28 hours ago, outside the window by the listed date): the re-run is answered with it', async () => {
		kit.sandbox.setListDates({ offsetHours: -8 });
		const old = await kit.engine.runNode(createParams(invoiceVoucher()), [{}], V11);
		stampedHoursAgo(json(old.items).uuid, 20);
		kit.sandbox.clearLog();
		const { items, error } = await kit.engine.runNode(createParams(invoiceVoucher()), [{}], V11);
		expect(error).toBeUndefined();
		// Before: stamped a second time.
		expect(json(items)).toMatchObject({ status: 'alreadyStamped', uuid: json(old.items).uuid });
		expect(creates()).toBe(0);
		expect(stamped()).toHaveLength(1);
	});
});
