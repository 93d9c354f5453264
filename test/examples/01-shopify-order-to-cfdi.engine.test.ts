import type { IConnections, IDataObject, INode } from 'n8n-workflow';

import {
	EXAMPLE_TABLES,
	loadExample,
	reachableFrom,
	withCfdiCredential,
} from '../support/examples';
import { CREDENTIAL_ID, Engine, outputOf } from '../support/engine/engine';
import { PackageNodeTypes } from '../support/engine/nodeTypes';
import { exampleCredential } from '../support/sandboxCredential';
import { dataTableStandIn, type TableRows } from '../support/dataTableStandIn';
import { standInNodeTypes } from '../support/standInNodes';
import { useSandboxEngine } from '../support/nodeTestKit';

const kit = useSandboxEngine();

/** n8n's trigger types the editor's "Execute workflow" prefers over others (findTriggerNodeToAutoSelect, n8n 2.8). */
const AUTO_SELECT_PRIORITY: Record<string, number> = {
	'n8n-nodes-base.formTrigger': 10,
	'n8n-nodes-base.webhook': 9,
	'n8n-nodes-base.scheduleTrigger': 7,
	'n8n-nodes-base.manualTrigger': 6,
};

describe('Example 1 from "Try it" on a fresh n8n (issue 18 item 9)', () => {
	test('the editor\'s default Execute runs "Try it: sample order": the Shopify trigger ships disabled', () => {
		const shipped = loadExample('shopify');
		const triggers = shipped.nodes.filter((node) => /trigger/i.test(node.type) && !node.disabled);
		// n8n picks the enabled trigger of the highest priority; other community/app triggers rank 8, above the manual trigger.
		const priority = (type: string) => AUTO_SELECT_PRIORITY[type] ?? 8;
		const picked = [...triggers].sort((a, b) => priority(b.type) - priority(a.type))[0];
		expect(picked.name).toBe('Try it: sample order');
		expect(shipped.nodes.find((node) => node.name === 'Shopify: order created')?.disabled).toBe(
			true,
		);
	});

	test('with no data table at all, Try it creates customer_tax_data and cfdi_invoices, stamps the sample order, e-mails it and remembers it: green', async () => {
		const tables: TableRows = {};
		class FreshEngine extends Engine {
			override readonly nodeTypes = new PackageNodeTypes({
				...standInNodeTypes,
				'n8n-nodes-base.dataTable': dataTableStandIn(tables),
			});
		}
		const engine = new FreshEngine();
		engine.setCredential(exampleCredential(kit.sandbox));
		const workflow = reachableFrom(
			withCfdiCredential(loadExample('shopify'), { id: CREDENTIAL_ID, name: 'CFDI sandbox' }),
			'Try it: sample order',
		);
		const run = await engine.runWorkflow(
			workflow.nodes as unknown as INode[],
			workflow.connections as unknown as IConnections,
			[{ json: {} }],
		);
		expect(run.data.resultData.error).toBeUndefined();
		expect(Object.keys(tables).sort()).toEqual([
			EXAMPLE_TABLES.cfdiInvoices.name,
			EXAMPLE_TABLES.customerTaxData.name,
		]);
		const [created] = outputOf(run, 'Create and stamp');
		expect([(created.json.order as IDataObject).name, created.json.status]).toEqual([
			'#1001',
			'stamped',
		]);
		expect(outputOf(run, 'E-mail to customer').map((item) => item.json.sent)).toEqual([true]);
		// What the service did: the order stamped once under that UUID, and that voucher e-mailed to the buyer.
		expect(
			[...kit.sandbox.vouchers.values()].map((voucher) => [voucher.state, voucher.uuid]),
		).toEqual([['stamped', created.json.uuid]]);
		expect(kit.sandbox.emails.map((email) => [email.body.cfdi.uuid, email.body.para])).toEqual([
			[created.json.uuid, (created.json.order as IDataObject).email],
		]);
		expect(tables[EXAMPLE_TABLES.cfdiInvoices.name]).toEqual([
			{ orderId: 5829364210001, orderName: '#1001', uuid: created.json.uuid, metodoPago: 'PUE' },
		]);
	});

	test('before: the same run without the table nodes fails on a missing data table (what a newcomer saw)', async () => {
		const tables: TableRows = {};
		class FreshEngine extends Engine {
			override readonly nodeTypes = new PackageNodeTypes({
				...standInNodeTypes,
				'n8n-nodes-base.dataTable': dataTableStandIn(tables),
			});
		}
		const engine = new FreshEngine();
		engine.setCredential(exampleCredential(kit.sandbox));
		const shipped = withCfdiCredential(loadExample('shopify'), {
			id: CREDENTIAL_ID,
			name: 'CFDI sandbox',
		});
		// Try it wired straight to the sample order, as the example was before.
		shipped.connections['Try it: sample order'] = {
			main: [[{ node: 'Sample Shopify order', type: 'main', index: 0 }]],
		};
		const workflow = reachableFrom(shipped, 'Try it: sample order');
		const run = await engine.runWorkflow(
			workflow.nodes as unknown as INode[],
			workflow.connections as unknown as IConnections,
			[{ json: {} }],
		);
		expect(run.data.resultData.error?.message).toMatch(/does not exist/);
	});
});
