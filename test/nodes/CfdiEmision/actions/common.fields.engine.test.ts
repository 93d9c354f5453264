import type { IConnections, INode } from 'n8n-workflow';

import { cfdiNode, outputOf } from '../../../support/engine/engine';
import { invoiceVoucher } from '../../../support/vouchers';

import { createParams, stampSeveral, useSandboxEngine } from '../../../support/nodeTestKit';

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
		const [uuid] = await stampSeveral(kit, [{ folio: '501' }]);
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
