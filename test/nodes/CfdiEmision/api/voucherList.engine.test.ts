/**
 * The finder of a voucher on the service's list (api/voucherList.ts), run inside n8n's real
 * execution context against the sandbox's list (date window, skip/take paging, optional uuid).
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox, type SandboxOptions } from '../../../../sandbox';
import { Engine, outputOf, shutdownEngine } from '../../../support/engine/engine';
import { routes, sandboxCredential } from '../../../support/sandboxCredential';
import { apiClient, validVoucher } from '../../../support/sandboxHelpers';
import {
	FINDER_PROBE_TYPE,
	probeNode,
	voucherFinderProbe,
} from '../../../support/voucherFinderProbe';
import type { VoucherListKey } from '../../../../nodes/CfdiEmision/api/voucherList';

afterAll(shutdownEngine);

const now = () => Math.floor(Date.now() / 1000);
const aroundNow = () => ({ from: now() - 3600, to: now() + 3600 });

describe.each([['summary'], ['array']] as const)(
	'finder of a voucher on the list (%s framing)',
	(listFraming) => {
		let sandbox: Sandbox;
		let engine: Engine;
		let stamped: Array<{ id: number; uuid: string }>;

		beforeAll(async () => {
			sandbox = await startSandbox({ listFraming } as SandboxOptions);
			engine = new Engine({ nodeTypes: { [FINDER_PROBE_TYPE]: voucherFinderProbe } });
			engine.setCredential(sandboxCredential(sandbox));
			const api = await apiClient(sandbox);
			stamped = [];
			// 230 vouchers: the list is newest first, 100 a page, so the oldest sit on the third page.
			for (let i = 0; i < 230; i++)
				stamped.push(
					await api.stamp(validVoucher({ serie: i % 2 ? 'B' : 'A', folio: String(7000 + i) })),
				);
		}, 120_000);
		afterAll(async () => await sandbox.close());
		beforeEach(() => sandbox.clearLog());

		async function find(
			keys: VoucherListKey[],
			window = aroundNow(),
			allMatches = false,
		): Promise<IDataObject[][]> {
			const run = await engine.runWorkflow([probeNode(keys, window, allMatches)], {}, [
				{ json: {} },
			]);
			const error = run.data.resultData.error;
			if (error) throw error;
			return outputOf(run, 'Probe').map((item) => item.json.matches as IDataObject[]);
		}

		test('by id, by series + folio and by UUID in one pass; paging stops once every key has its voucher', async () => {
			const [byId, bySeriesFolio, byUuid, missing] = await find([
				{ voucherId: stamped[20].id },
				{ series: 'b', folio: ' 7001 ' },
				{ uuid: stamped[40].uuid.toLowerCase() },
				{ series: 'A', folio: '7001' },
			]);
			expect(byId).toEqual([
				expect.objectContaining({
					voucherId: stamped[20].id,
					uuid: stamped[20].uuid,
					folio: '7020',
					series: 'A',
					status: 'stamped',
				}),
			]);
			expect(bySeriesFolio).toEqual([
				expect.objectContaining({ voucherId: stamped[1].id, uuid: stamped[1].uuid }),
			]);
			expect(byUuid).toEqual([expect.objectContaining({ voucherId: stamped[40].id })]);
			expect(missing).toEqual([]);
			// A key that is never found makes the finder read the whole window; a bare array announces no
			// count, so the end is the empty page after the last (a short page may only be the service's cap).
			const pages = [
				['0', '100', undefined],
				['100', '100', undefined],
				['200', '100', undefined],
				...(listFraming === 'array' ? [['230', '100', undefined]] : []),
			];
			expect(
				routes(sandbox, 'listVouchers').map((r) => [r.query.skip, r.query.take, r.query.uuid]),
			).toEqual(pages);
		});

		test('stops paging as soon as every key is found', async () => {
			const [recent] = await find([{ voucherId: stamped[229].id }]);
			expect(recent).toEqual([expect.objectContaining({ uuid: stamped[229].uuid })]);
			expect(routes(sandbox, 'listVouchers')).toHaveLength(1);
			sandbox.clearLog();
			// The second key sits on the second page: two pages, not three.
			const [first, second] = await find([
				{ voucherId: stamped[150].id },
				{ series: 'A', folio: '7100' },
			]);
			expect(first).toEqual([expect.objectContaining({ uuid: stamped[150].uuid })]);
			expect(second).toEqual([expect.objectContaining({ uuid: stamped[100].uuid })]);
			expect(routes(sandbox, 'listVouchers').map((r) => r.query.skip)).toEqual(['0', '100']);
		});

		test('one UUID key is narrowed by the service (uuid in the query)', async () => {
			const [found] = await find([{ uuid: stamped[3].uuid }]);
			expect(found).toEqual([expect.objectContaining({ voucherId: stamped[3].id, folio: '7003' })]);
			expect(routes(sandbox, 'listVouchers').map((r) => r.query.uuid)).toEqual([stamped[3].uuid]);
		});

		test('the date window is sent as epoch seconds and a voucher outside it is not found', async () => {
			const past = { from: now() - 10 * 86_400, to: now() - 5 * 86_400 };
			const [found] = await find([{ voucherId: stamped[229].id }], past);
			expect(found).toEqual([]);
			const [request] = routes(sandbox, 'listVouchers');
			expect(request.query).toMatchObject({
				finicial: String(past.from),
				ffinal: String(past.to),
				skip: '0',
			});
		});

		test('all matches of a key when asked (every voucher of series B), and a key with no member matches nothing', async () => {
			const [seriesB, empty] = await find([{ series: 'B' }, {}], aroundNow(), true);
			expect(seriesB).toHaveLength(115);
			expect(new Set(seriesB.map((r) => r.uuid))).toEqual(
				new Set(stamped.filter((_, i) => i % 2).map((s) => s.uuid)),
			);
			expect(empty).toEqual([]);
		});
	},
);
