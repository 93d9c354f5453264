import type { IConnections, IDataObject, INode } from 'n8n-workflow';

import { cfdiNode, outputOf } from '../support/engine/engine';
import { invoiceVoucher } from '../support/vouchers';
import { receiptParams, stampInvoice } from '../support/kindsKit';
import { createParams, useSandboxEngine } from '../support/nodeTestKit';

const kit = useSandboxEngine();
const V11 = { typeVersion: 1.1 };
const UUID_SHAPE = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

function chain(nodes: INode[]): IConnections {
	const connections: IConnections = {};
	nodes.slice(0, -1).forEach(
		(node, index) =>
			(connections[node.name] = {
				main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]],
			}),
	);
	return connections;
}

/** Stamps invoices with these series/folio and recipients, in order (the list shows the newest first). */
async function stampSeveral(
	vouchers: Array<{ folio: string; rfc?: string; nombre?: string }>,
): Promise<string[]> {
	const uuids: string[] = [];
	for (const { folio, rfc, nombre } of vouchers) {
		const voucher = invoiceVoucher({ folio });
		if (rfc)
			Object.assign(voucher.receptor as IDataObject, {
				rfc,
				nombre,
				regimenFiscalReceptor: '612',
				usoCFDI: 'G03',
			});
		const { items, error } = await kit.engine.runNode(createParams(voucher), [{}], V11);
		if (error) throw error;
		uuids.push(String(items[0].json.uuid));
	}
	return uuids;
}

describe('version 1.1: voucher references default to the incoming item', () => {
	test('Create → XML → PDF → E-mail runs with no UUID typed anywhere', async () => {
		const nodes = [
			cfdiNode('Create', createParams(), V11),
			cfdiNode('XML', { resource: 'xml', operation: 'download' }, V11),
			cfdiNode('PDF', { resource: 'pdf', operation: 'getLink' }, V11),
			cfdiNode(
				'E-mail',
				{
					resource: 'email',
					operation: 'send',
					to: 'compras@robotica.example.com',
					subject: 'Your invoice',
					message: 'Attached.',
				},
				V11,
			),
		];
		const run = await kit.engine.runWorkflow(nodes, chain(nodes), [{ json: {} }]);
		expect(run.data.resultData.error).toBeUndefined();
		const uuid = String(outputOf(run, 'Create')[0].json.uuid);
		expect(uuid).toMatch(UUID_SHAPE);
		expect(outputOf(run, 'XML')[0].json.uuid).toBe(uuid);
		expect(outputOf(run, 'PDF')[0].json.uuid).toBe(uuid);
		expect(outputOf(run, 'E-mail')[0].json).toMatchObject({ uuid, sent: true });
		const routes = kit.sandbox.requests
			.filter((r) => r.server === 'api')
			.map((r) => `${r.route} ${r.pathname.split('/').pop()}`);
		expect(routes).toEqual(
			expect.arrayContaining([`downloadXml ${uuid}`, `sendEmail enviocorreo`]),
		);
	});

	test('Create pending → Update stamps the id of the incoming item', async () => {
		const nodes = [
			cfdiNode('Save', createParams(invoiceVoucher(), { stamp: false }), V11),
			cfdiNode(
				'Update',
				{
					resource: 'voucher',
					operation: 'update',
					inputMode: 'json',
					voucherJson: JSON.stringify(invoiceVoucher()),
				},
				V11,
			),
		];
		const run = await kit.engine.runWorkflow(nodes, chain(nodes), [{ json: {} }]);
		expect(run.data.resultData.error).toBeUndefined();
		const saved = outputOf(run, 'Save')[0].json;
		expect(saved).toMatchObject({ status: 'pending' });
		expect(saved).not.toHaveProperty('uuid');
		const updates = kit.sandbox.requests.filter((r) => r.route === 'updateVoucher');
		expect(updates.map((r) => r.pathname.split('/').pop())).toContain(String(saved.voucherId));
		expect(outputOf(run, 'Update')[0].json).toMatchObject({
			status: 'stamped',
			voucherId: saved.voucherId,
		});
	});

	test('a locator picked from the list, by UUID or by ID is read like the plain value of version 1', async () => {
		const [uuid] = await stampSeveral([{ folio: '501' }]);
		const byList = await kit.engine.runNode(
			{
				resource: 'voucher',
				operation: 'getStatus',
				uuid: { __rl: true, mode: 'list', value: uuid },
			},
			[{}],
			V11,
		);
		expect(byList.items[0].json).toMatchObject({ uuid, status: 'stamped', folio: '501' });
		const byUuid = await kit.engine.runNode(
			{
				resource: 'xml',
				operation: 'download',
				uuid: { __rl: true, mode: 'uuid', value: ` ${uuid.toLowerCase()} ` },
			},
			[{}],
			V11,
		);
		expect(byUuid.items[0].json.uuid).toBe(uuid);
		const version1 = await kit.engine.runNode({ resource: 'xml', operation: 'download', uuid }, [
			{},
		]);
		expect(version1.items[0].json.uuid).toBe(uuid);
		const saved = await kit.engine.runNode(
			createParams(invoiceVoucher(), { stamp: false }),
			[{}],
			V11,
		);
		const id = Number(saved.items[0].json.voucherId);
		const byId = await kit.engine.runNode(
			{
				resource: 'voucher',
				operation: 'get',
				voucherId: { __rl: true, mode: 'id', value: String(id) },
			},
			[{}],
			V11,
		);
		expect(byId.error).toBeUndefined();
		expect(kit.sandbox.requests.at(-1)?.pathname.endsWith(`/comprobantes/${id}`)).toBe(true);
	});

	test('an empty reference says what is missing, before any request', async () => {
		const { error } = await kit.engine.runNode(
			{ resource: 'pdf', operation: 'getLink' },
			[{ something: 'else' }],
			V11,
		);
		expect(error?.message).toBe('Item 0: UUID "" is not a voucher UUID.');
		expect(kit.sandbox.requests).toHaveLength(0);
	});
});

describe('From List: recent vouchers through the list endpoint', () => {
	test('searchable by series-folio, recipient and UUID; the value is the UUID (or the id)', async () => {
		const [first, second, third] = await stampSeveral([
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

describe('version 1.1 output: simplified by default, raw on request, version 1 unchanged', () => {
	test('Create leads with the status and uses the key names of Get Status', async () => {
		const { items } = await kit.engine.runNode(
			createParams(invoiceVoucher({ folio: '77' })),
			[{}],
			V11,
		);
		const json = items[0].json;
		expect(Object.keys(json)).toEqual([
			'status',
			'uuid',
			'voucherId',
			'series',
			'folio',
			'recipientRfc',
			'recipientName',
			'subtotal',
			'total',
			'currency',
			'message',
		]);
		expect(json).toMatchObject({
			status: 'stamped',
			series: 'A',
			folio: '77',
			recipientRfc: 'URE180429TM6',
			recipientName: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
			total: 1000.75,
			currency: 'MXN',
		});
		expect(json.message).toBe('Stamped A-77 for URE180429TM6: 1000.75 MXN.');
		const status = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'getStatus' },
			[json],
			V11,
		);
		// One name per concept: what Create says is what Get Status says.
		for (const key of [
			'status',
			'uuid',
			'voucherId',
			'series',
			'folio',
			'recipientRfc',
			'total',
			'currency',
		])
			expect(status.items[0].json[key]).toEqual(json[key]);
	});

	test('a pending save says so and gives the voucher id', async () => {
		const { items } = await kit.engine.runNode(
			createParams(invoiceVoucher(), { stamp: false }),
			[{}],
			V11,
		);
		expect(items[0].json).toMatchObject({
			status: 'pending',
			voucherId: expect.any(Number),
		});
		// Not stamped: no UUID member at all, rather than uuid: null.
		expect(items[0].json).not.toHaveProperty('uuid');
		expect(items[0].json.message).toBe(
			`Saved a series A voucher for URE180429TM6: 1000.75 MXN as pending voucher ${items[0].json.voucherId} (not stamped: stamp it with Update).`,
		);
	});

	test('Output = Raw, and version 1, give the service answer as before', async () => {
		const raw = await kit.engine.runNode(
			createParams(invoiceVoucher(), { output: 'raw' }),
			[{}],
			V11,
		);
		const version1 = await kit.engine.runNode(createParams(), [{}]);
		for (const { items } of [raw, version1]) {
			expect(Object.keys(items[0].json)).toEqual([
				'esValido',
				'idComprobante',
				'errores',
				'uuid',
				'subEstatusId',
				'descripcion',
				'status',
			]);
			expect(items[0].json).toMatchObject({ esValido: true, status: 'stamped' });
		}
	});

	test("a payment receipt shows each invoice's balance left", async () => {
		const invoice = await stampInvoice(kit.sandbox);
		const { items, error } = await kit.engine.runNode(
			receiptParams([{ uuid: invoice, amountPaid: 580 }]),
			[{}],
			V11,
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ status: 'stamped', total: 580, currency: 'MXN' });
		expect(items[0].json.invoices).toEqual([
			{
				uuid: invoice,
				series: expect.anything(),
				folio: expect.anything(),
				installment: 1,
				previousBalance: 1160,
				paid: 580,
				balanceLeft: 580,
				currency: 'MXN',
			},
		]);
	});
});
