/**
 * Example 1 (examples/01-shopify-order-to-cfdi.json), a Shopify order to its CFDI, through
 * n8n-core's engine against the sandbox as shipped.
 */
import type { IConnections, IDataObject, INode } from 'n8n-workflow';

import {
	EXAMPLE_TABLES,
	loadExample,
	LOOKUP_CUSTOMER,
	nodeNamed,
	reachableFrom,
	withCfdiCredential,
	withExtraSampleOrders,
} from '../../../../../support/examples';
import { dataTableStandIn, type TableRows } from '../../../../../support/dataTableStandIn';
import { standInNodeTypes } from '../../../../../support/standInNodes';
import { CREDENTIAL_ID, Engine, outputOf } from '../../../../../support/engine/engine';
import { PackageNodeTypes } from '../../../../../support/engine/nodeTypes';
import { exampleCredential } from '../../../../../support/sandboxCredential';
import { binaryBytes, useSandboxEngine } from '../../../../../support/nodeTestKit';

const kit = useSandboxEngine();

describe('Example 1 (examples/01-shopify-order-to-cfdi.json) through the engine', () => {
	const tables: TableRows = {};
	class ExampleEngine extends Engine {
		override readonly nodeTypes = new PackageNodeTypes({
			...standInNodeTypes,
			'n8n-nodes-base.dataTable': dataTableStandIn(tables),
		});
	}

	test('its real path has no Code node; "Try it" stamps the sample order at 1,300.00 + 208.00 = 1,508.00 and e-mails it, a lookup customer too; an order without tax data stops at "Stamped only"', async () => {
		const shipped = loadExample('shopify');
		const realPath = reachableFrom(shipped, 'Shopify: order created');
		expect(realPath.nodes.filter((node) => node.type === 'n8n-nodes-base.code')).toEqual([]);
		expect(nodeNamed(shipped, 'Create and stamp').parameters).toMatchObject({
			inputMode: 'order',
			order: '={{ $json }}',
		});

		const engine = new ExampleEngine();
		engine.setCredential(exampleCredential(kit.sandbox));
		tables[EXAMPLE_TABLES.customerTaxData.name] = [{ ...LOOKUP_CUSTOMER }];
		tables[EXAMPLE_TABLES.cfdiInvoices.name] = [];
		const workflow = reachableFrom(
			withCfdiCredential(withExtraSampleOrders(shipped), {
				id: CREDENTIAL_ID,
				name: 'CFDI sandbox',
			}),
			'Try it: sample order',
		);
		const run = await engine.runWorkflow(
			workflow.nodes as unknown as INode[],
			workflow.connections as unknown as IConnections,
			[{ json: {} }],
		);
		expect(run.data.resultData.error).toBeUndefined();

		const created = outputOf(run, 'Create and stamp').map((item) => item.json);
		// n8n's Merge puts the orders it enriched from the table first.
		expect(created.map((item) => [(item.order as IDataObject).name, item.status])).toEqual([
			['#1002', 'stamped'],
			['#1001', 'stamped'],
			['#1003', 'skipped'],
		]);
		const byName = (name: string) =>
			created.find((item) => (item.order as IDataObject).name === name) as IDataObject;
		expect(byName('#1001').order).toMatchObject({ orderTotal: 1508, voucherTotal: 1508 });
		const stored = (uuid: unknown) =>
			[...kit.sandbox.vouchers.values()].find((voucher) => voucher.uuid === uuid);
		const sample = stored(byName('#1001').uuid);
		expect(sample?.body).toMatchObject({
			subTotal: 1300,
			total: 1508,
			impuestos: { totalImpuestosTrasladados: 208 },
			receptor: { rfc: 'URE180429TM6' },
		});
		expect(stored(byName('#1002').uuid)?.body.receptor).toEqual({
			rfc: LOOKUP_CUSTOMER.rfc,
			nombre: LOOKUP_CUSTOMER.legalName,
			usoCFDI: LOOKUP_CUSTOMER.cfdiUse,
			regimenFiscalReceptor: LOOKUP_CUSTOMER.taxRegime,
			domicilioFiscalReceptor: LOOKUP_CUSTOMER.postalCode,
		});
		expect(
			[...kit.sandbox.vouchers.values()].map((voucher) => [voucher.state, voucher.stampCount]),
		).toEqual([
			['stamped', 1],
			['stamped', 1],
		]);

		expect(outputOf(run, 'Stamped only')).toHaveLength(2);
		const mails = outputOf(run, 'E-mail to customer').map((item) => [
			item.json.sent,
			item.json.to,
			item.json.subject,
		]);
		expect(mails).toEqual([
			[true, LOOKUP_CUSTOMER.email, 'Tu factura del pedido #1002'],
			[true, 'compras@robotica.example.com', 'Tu factura del pedido #1001'],
		]);
		// The invoices table now names each order's invoice, for the paid and refunded workflows.
		expect(tables[EXAMPLE_TABLES.cfdiInvoices.name]).toEqual([
			{ orderId: 5829364210002, orderName: '#1002', uuid: byName('#1002').uuid, metodoPago: 'PUE' },
			{ orderId: 5829364210001, orderName: '#1001', uuid: byName('#1001').uuid, metodoPago: 'PUE' },
		]);
		expect(
			outputOf(run, 'Download XML').every((item) =>
				binaryBytes(item)
					.toString('utf8')
					.includes(`UUID="${String(item.json.uuid)}"`),
			),
		).toBe(true);
	});
});
