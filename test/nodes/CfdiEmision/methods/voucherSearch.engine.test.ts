import { stampSeveral, useSandboxEngine } from '../../../support/nodeTestKit';

const kit = useSandboxEngine();
const V11 = { typeVersion: 1.1 };

describe('From List: recent vouchers through the list endpoint', () => {
	test('searchable by series-folio, recipient and UUID; the value is the UUID (or the id)', async () => {
		const [first, second, third] = await stampSeveral(kit, [
			{ folio: '1001' },
			{ folio: '1002', rfc: 'PEGJ800101AB2', nombre: 'JUAN PÉREZ GARCÍA' },
			{ folio: '1003' },
		]);
		const all = await kit.engine.listSearch('searchStampedVouchers', {}, undefined, undefined, V11);
		expect(all.results.map((result) => result.value)).toEqual([third, second, first]);
		expect(all.results[1].name).toBe(
			`A-1002 · PEGJ800101AB2 JUAN PÉREZ GARCÍA · 1000.75 MXN · ${all.results[1].name.split(' · ')[3]} · ${second}`,
		);
		const list = kit.sandbox.requests.filter((r) => r.route === 'listVouchers');
		expect(list.length).toBeGreaterThan(0);
		expect(list[0].query).toMatchObject({ skip: '0', take: '100' });

		const bySeriesFolio = await kit.engine.listSearch(
			'searchStampedVouchers',
			{},
			'a-1002',
			undefined,
			V11,
		);
		expect(bySeriesFolio.results.map((result) => result.value)).toEqual([second]);
		const byRecipient = await kit.engine.listSearch(
			'searchStampedVouchers',
			{},
			'perez',
			undefined,
			V11,
		);
		expect(byRecipient.results.map((result) => result.value)).toEqual([second]);
		const byUuid = await kit.engine.listSearch(
			'searchStampedVouchers',
			{},
			first.slice(0, 8).toLowerCase(),
			undefined,
			V11,
		);
		expect(byUuid.results.map((result) => result.value)).toEqual([first]);

		const ids = await kit.engine.listSearch('searchVoucherIds', {}, '1003', undefined, V11);
		expect(ids.results).toHaveLength(1);
		expect(ids.results[0].value).toMatch(/^[1-9][0-9]*$/);
		const got = await kit.engine.runNode(
			{
				resource: 'voucher',
				operation: 'get',
				voucherId: { __rl: true, mode: 'list', value: ids.results[0].value },
			},
			[{}],
			V11,
		);
		expect(got.error).toBeUndefined();
	});
});
