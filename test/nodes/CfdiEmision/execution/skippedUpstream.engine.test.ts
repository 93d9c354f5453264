/**
 * Also covers: nodes/CfdiEmision/execution/runItems.ts, nodes/CfdiEmision/execution/itemParameters.ts (the item loop and the parameters each node of the chain reads).
 */
import type { IConnections, INodeParameters } from 'n8n-workflow';

import { cfdiNode, outputOf } from '../../../support/engine/engine';
import { routes } from '../../../support/sandboxCredential';
import { corpusOrder } from '../../../support/corpusOrder';
import { orderParams, useSandboxEngine } from '../../../support/nodeTestKit';

const kit = useSandboxEngine();

const createFromOrder = orderParams;

/** Create → XML → PDF → E-mail, each later node taking the UUID of the item it receives. */
const CHAIN: Array<[string, INodeParameters]> = [
	['Create', createFromOrder()],
	['XML', { resource: 'xml', operation: 'download', uuid: '={{ $json.uuid }}' }],
	['PDF', { resource: 'pdf', operation: 'getLink', uuid: '={{ $json.uuid }}', download: true }],
	[
		'E-mail',
		{
			resource: 'email',
			operation: 'send',
			uuid: '={{ $json.uuid }}',
			to: 'compras@robotica.example.com',
			subject: 'Your invoice',
			message: 'Attached.',
		},
	],
];

function chain(nodes: Array<[string, INodeParameters]>) {
	const connections: IConnections = {};
	nodes
		.slice(0, -1)
		.forEach(
			([name], index) =>
				(connections[name] = { main: [[{ node: nodes[index + 1][0], type: 'main', index: 0 }]] }),
		);
	return { nodes: nodes.map(([name, parameters]) => cfdiNode(name, parameters)), connections };
}

const SKIP_MESSAGE =
	'order #1016 was not invoiced: it has no complete recipient tax data (note attribute "RFC", "Razon social", "Regimen fiscal", "Codigo postal" missing).';

describe('an item skipped upstream does not break the chain', () => {
	test('Create → XML → PDF → E-mail with an order without tax data: green, the skipped item passed on by each node with why, the other one done', async () => {
		const { nodes, connections } = chain(CHAIN);
		const run = await kit.engine.runWorkflow(nodes, connections, [
			{ json: corpusOrder('no-tax-data-general-public') },
			{ json: corpusOrder('example-1') },
		]);
		expect(run.data.resultData.error).toBeUndefined();
		for (const name of ['XML', 'PDF', 'E-mail']) {
			const [skipped, done] = outputOf(run, name);
			expect(skipped.json).toMatchObject({
				status: 'skipped',
				skipped: { reason: 'noTaxData', message: SKIP_MESSAGE },
			});
			expect(skipped.binary).toBeUndefined();
			expect(done.json.uuid).toMatch(/^[0-9A-F-]{36}$/);
			const hints = run.data.resultData.runData[name][0].hints ?? [];
			expect(hints.map((hint) => hint.message)).toEqual([
				`Item 0 has no voucher UUID: a previous node skipped it (${SKIP_MESSAGE}). It is passed on unchanged; nothing was sent.`,
			]);
		}
		// One voucher, one XML, one PDF, one e-mail: nothing was asked for the skipped order.
		expect(routes(kit.sandbox, 'downloadXml')).toHaveLength(1);
		expect(kit.sandbox.emails).toHaveLength(1);
	});

	test('"Skipped Items: Drop" outputs nothing for the skipped order', async () => {
		const { items, error } = await kit.engine.runNode(createFromOrder({ skippedItems: 'drop' }), [
			corpusOrder('no-tax-data-general-public'),
			corpusOrder('example-1'),
		]);
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.status, item.pairedItem])).toEqual([
			['stamped', { item: 1 }],
		]);
	});

	test('Cancel and Get (by voucher id) pass a skipped item on too; an item with an empty UUID that was not skipped still fails', async () => {
		const skipped = {
			status: 'skipped',
			skipped: { reason: 'cancelled', message: 'order #9 was cancelled.' },
		};
		const cancel = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'cancel', uuid: '={{ $json.uuid }}', motive: '02' },
			[skipped],
		);
		expect(cancel.error).toBeUndefined();
		expect(cancel.items[0].json).toEqual(skipped);
		const get = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'get', voucherId: '={{ $json.idComprobante }}' },
			[skipped],
		);
		expect(get.error).toBeUndefined();
		expect(get.items[0].json).toEqual(skipped);
		expect(kit.sandbox.requests.filter((request) => request.server === 'api')).toHaveLength(0);

		const { error } = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download', uuid: '={{ $json.uuid }}' },
			[{ status: 'stamped' }],
		);
		expect(error?.message).toBe('Item 0: UUID "" is not a voucher UUID.');
	});
});
