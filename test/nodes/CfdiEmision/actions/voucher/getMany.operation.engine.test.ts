/**
 * Also covers: nodes/CfdiEmision/api/voucherFilters.ts (the list filters Get Many sends).
 */
import type { INodeParameters } from 'n8n-workflow';

import { startSandbox } from '../../../../../sandbox';
import { apiClient, type ApiClient, validVoucher } from '../../../../support/sandboxHelpers';
import { Engine } from '../../../../support/engine/engine';
import { useSandboxEngine } from '../../../../support/nodeTestKit';
import { routes, sandboxCredential } from '../../../../support/sandboxCredential';

const kit = useSandboxEngine();
const HOUR_MS = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const getMany = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'voucher',
	operation: 'getMany',
	startDate: iso(Date.now() - HOUR_MS),
	...extra,
});

async function stampMany(
	api: ApiClient,
	count: number,
	voucher = (i: number) => validVoucher({ folio: String(i) }),
): Promise<string[]> {
	const uuids: string[] = [];
	for (let i = 0; i < count; i++) uuids.push((await api.stamp(voucher(i))).uuid);
	return uuids;
}

describe('voucher: get many', () => {
	let api: ApiClient;
	beforeEach(async () => {
		api = await apiClient(kit.sandbox);
	});

	test('Return All over 250 vouchers: every voucher once, paged with skip/take until the announced count', async () => {
		const uuids = await stampMany(api, 250);
		const { items, error } = await kit.engine.runNode(getMany({ returnAll: true }), [{}]);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(250);
		expect(new Set(items.map((item) => item.json.uuid))).toEqual(new Set(uuids));
		expect(
			items.every((item) => item.pairedItem && (item.pairedItem as { item: number }).item === 0),
		).toBe(true);
		const pages = routes(kit.sandbox, 'listVouchers');
		expect(pages.map((page) => [page.query.skip, page.query.take])).toEqual([
			['0', '100'],
			['100', '100'],
			['200', '100'],
		]);
		// Newest first, as the service lists them.
		expect(items[0].json).toMatchObject({ uuid: uuids[249], folio: '249', status: 'stamped' });
	});

	test('Limit stops at that many vouchers', async () => {
		const uuids = await stampMany(api, 130);
		const { items } = await kit.engine.runNode(getMany({ limit: 30 }), [{}]);
		expect(items.map((item) => item.json.uuid)).toEqual(uuids.slice(100).reverse());
		expect(routes(kit.sandbox, 'listVouchers')).toHaveLength(1);
	});

	test('sends the date range as Unix seconds; a date without a time includes that whole day; empty End Date is now', async () => {
		await kit.engine.runNode(
			getMany({ startDate: '2024-05-01T10:00:00-06:00', endDate: '2024-05-03T00:00:00.000Z' }),
			[{}],
		);
		await kit.engine.runNode(getMany({ startDate: '2024-05-01', endDate: '2024-05-01' }), [{}]);
		const before = Math.floor(Date.now() / 1000);
		await kit.engine.runNode(getMany({ startDate: '2024-05-01T00:00:00Z' }), [{}]);
		const [exact, wholeDay, untilNow] = routes(kit.sandbox, 'listVouchers').map((r) => r.query);
		expect(exact).toEqual({
			finicial: String(Date.UTC(2024, 4, 1, 16) / 1000),
			ffinal: String(Date.UTC(2024, 4, 3) / 1000),
			nocomprobante: '0',
			tipoConfirmacionId: '0',
			skip: '0',
			take: '100',
		});
		expect(Number(wholeDay.ffinal) - Number(wholeDay.finicial)).toBe(86_399);
		expect(Number(untilNow.ffinal)).toBeGreaterThanOrEqual(before);
	});

	test('filters on status, series and recipient; Limit counts only the vouchers kept', async () => {
		const named = {
			receptor: {
				rfc: 'URE180429TM6',
				nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
				usoCFDI: 'G03',
				regimenFiscalReceptor: '601',
				domicilioFiscalReceptor: '65000',
			},
		};
		const [a1, , f1] = await stampMany(api, 3, (i) =>
			validVoucher({ serie: i === 2 ? 'F' : 'A', folio: String(i) }),
		);
		const named1 = (await api.stamp(validVoucher({ ...named, serie: 'F' }))).uuid;
		await kit.engine.runNode({ resource: 'voucher', operation: 'cancel', uuid: a1 }, [{}]);
		await kit.engine.runNode({ resource: 'voucher', operation: 'cancel', uuid: named1 }, [{}]);

		const status = async (filters: INodeParameters) =>
			(await kit.engine.runNode(getMany({ returnAll: true, filters }), [{}])).items.map((item) => [
				item.json.uuid,
				item.json.status,
			]);
		expect(await status({ status: 'cancelled' })).toEqual([[a1, 'cancelled']]);
		expect(await status({ status: 'pendingAcceptance' })).toEqual([[named1, 'pendingAcceptance']]);
		expect(await status({ series: 'F', recipientRfc: 'xaxx010101000' })).toEqual([[f1, 'stamped']]);
		const limited = await kit.engine.runNode(
			getMany({ limit: 1, filters: { status: 'stamped' } }),
			[{}],
		);
		expect(limited.items.map((item) => item.json.uuid)).toEqual([f1]);
	});

	test('one run per input item, each with its own range', async () => {
		await stampMany(api, 2);
		const now = Date.now();
		const { items } = await kit.engine.runNode(
			getMany({ startDate: '={{ $json.from }}', endDate: '={{ $json.to }}' }),
			[
				{ from: iso(now - HOUR_MS), to: '' },
				{ from: iso(now - 3 * HOUR_MS), to: iso(now - 2 * HOUR_MS) },
			],
		);
		expect(items.map((item) => (item.pairedItem as { item: number }).item)).toEqual([0, 0]);
		expect(
			routes(kit.sandbox, 'listVouchers').map(
				(r) => Number(r.query.ffinal) - Number(r.query.finicial),
			),
		).toEqual([expect.any(Number), 3600]);
	});

	test.each([
		[{ startDate: '={{ $json.missing }}' }, 'Item 0: "Start Date" is empty.'],
		[{ startDate: 'last tuesday' }, 'Item 0: "Start Date" "last tuesday" is not a date.'],
		[
			{ startDate: '2024-05-02', endDate: '2024-05-01T00:00:00Z' },
			'Item 0: "Start Date" is after "End Date".',
		],
	])('refuses %j before anything is sent', async (extra, message) => {
		kit.sandbox.clearLog();
		const { error } = await kit.engine.runNode(getMany(extra), [{}]);
		expect(error?.message).toBe(message);
		expect(kit.sandbox.requests).toEqual([]);
	});

	test('a list answer that is not a list is an error, not an empty result', async () => {
		kit.sandbox.injectFault({ route: 'listVouchers', kind: 'html' });
		const { error } = await kit.engine.runNode(getMany(), [{}]);
		expect(error?.message).toMatch(
			/^Item 0: Could not list the vouchers: The service answered the voucher list with an HTML page/,
		);
	});
});

describe('voucher: get many, other service behaviours', () => {
	async function withSandbox(
		options: Parameters<typeof startSandbox>[0],
		body: (
			engine: Engine,
			api: ApiClient,
			requests: () => Array<{ skip: string; take: string }>,
		) => Promise<void>,
	): Promise<void> {
		const sandbox = await startSandbox(options);
		try {
			const engine = new Engine();
			engine.setCredential(sandboxCredential(sandbox));
			await body(engine, await apiClient(sandbox), () =>
				routes(sandbox, 'listVouchers').map((r) => ({ skip: r.query.skip, take: r.query.take })),
			);
		} finally {
			await sandbox.close();
		}
	}

	test('bare-array framing: pages until an empty page', async () => {
		await withSandbox({ listFraming: 'array' }, async (engine, api, requests) => {
			const uuids = await stampMany(api, 250);
			const { items } = await engine.runNode(getMany({ returnAll: true }), [{}]);
			expect(new Set(items.map((item) => item.json.uuid))).toEqual(new Set(uuids));
			expect(items).toHaveLength(250);
			expect(requests().map((r) => r.skip)).toEqual(['0', '100', '200', '250']);
		});
	});

	test('a service that serves smaller pages than asked: still every voucher once', async () => {
		await withSandbox({ listFraming: 'array', maxListTake: 40 }, async (engine, api, requests) => {
			const uuids = await stampMany(api, 250);
			const { items } = await engine.runNode(getMany({ returnAll: true }), [{}]);
			expect(items).toHaveLength(250);
			expect(new Set(items.map((item) => item.json.uuid))).toEqual(new Set(uuids));
			expect(requests()).toHaveLength(8);
		});
	});
});
