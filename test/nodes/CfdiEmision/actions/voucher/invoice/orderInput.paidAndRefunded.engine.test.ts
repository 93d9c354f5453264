/**
 * Voucher → Create with Input Mode "Order" for a paid or refunded order, through n8n-core's engine
 * against the sandbox: the payment receipt and the credit note of the order's invoice, and examples
 * 8 and 9 run as shipped.
 *
 * Also covers: nodes/CfdiEmision/voucherInput/inputKinds.ts (an order's receipt and credit note through the kinds table).
 */
import type { IConnections, IDataObject, INode } from 'n8n-workflow';

import {
	EXAMPLE_TABLES,
	type ExampleName,
	loadExample,
	reachableFrom,
	withCfdiCredential,
} from '../../../../../support/examples';
import { dataTableStandIn, type TableRows } from '../../../../../support/dataTableStandIn';
import { standInNodeTypes } from '../../../../../support/standInNodes';
import { corpusOrder, paidByDeposit, type Order } from '../../../../../support/corpusOrder';
import { CREDENTIAL_ID, Engine, outputOf } from '../../../../../support/engine/engine';
import { PackageNodeTypes } from '../../../../../support/engine/nodeTypes';
import { exampleCredential, routes } from '../../../../../support/sandboxCredential';
import { binaryBytes, orderParams, useSandboxEngine } from '../../../../../support/nodeTestKit';

const kit = useSandboxEngine();

function sentBodies(): IDataObject[] {
	return routes(kit.sandbox, 'createVoucher').map(
		(request) => JSON.parse(request.body) as IDataObject,
	);
}

describe("Paid and refunded orders: payment receipt and credit note of the order's invoice", () => {
	async function stampedInvoiceOf(order: Order): Promise<string> {
		const { items, error } = await kit.engine.runNode(orderParams(), [order]);
		if (error) throw error;
		return String(items[0].json.uuid);
	}

	test('a payment receipt for an order still pending (no money received) is refused before any request', async () => {
		const { error } = await kit.engine.runNode(
			orderParams({
				orderDocument: 'paymentReceipt',
				invoiceUuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
			}),
			[corpusOrder('pending-bank-deposit')],
		);
		expect(error?.message).toBe(
			'Item 0: order #1015 has no successful payment (financial_status "pending", no successful sale or capture transaction): a payment receipt records money actually received.',
		);
		expect(sentBodies()).toEqual([]);
	});

	test('an order invoiced PPD while pending, then paid by bank deposit: its payment receipt is stamped, related to the invoice', async () => {
		const pending = corpusOrder('pending-bank-deposit');
		const uuid = await stampedInvoiceOf(pending);
		const invoice = [...kit.sandbox.vouchers.values()].find((voucher) => voucher.uuid === uuid);
		expect(invoice?.body).toMatchObject({ metodoPago: 'PPD', formaPago: '99', total: 20199 });

		const paid = paidByDeposit(pending, '2026-11-25T10:00:00-06:00');
		const { items, error } = await kit.engine.runNode(
			orderParams({ orderDocument: 'paymentReceipt', invoiceUuid: '={{ $json.invoiceUuid }}' }),
			[{ ...paid, invoiceUuid: uuid }],
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			status: 'stamped',
			order: { document: 'paymentReceipt', orderTotal: 20199, voucherTotal: 20199 },
		});
		const receipt = [...kit.sandbox.vouchers.values()].find(
			(voucher) => voucher.uuid === items[0].json.uuid,
		);
		expect(receipt?.body).toMatchObject({
			tipoDeComprobante: 'P',
			folio: '1015-P1',
			moneda: 'XXX',
		});
		const pago = (receipt?.body.complemento as IDataObject).complementoPago20 as IDataObject;
		expect((pago.pago as IDataObject[])[0]).toMatchObject({
			formaDePagoP: '03',
			monto: 20199,
			doctoRelacionado: [expect.objectContaining({ idDocumento: uuid, impSaldoInsoluto: 0 })],
		});
		const { items: xml } = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download', uuid: String(items[0].json.uuid) },
			[{}],
		);
		expect(binaryBytes(xml[0]).toString('utf8')).toContain(`IdDocumento="${uuid}"`);
	});

	test('a partial refund: its credit note is stamped, related to the invoice as a return of goods', async () => {
		const order = corpusOrder('partial-refund');
		const uuid = await stampedInvoiceOf(order);
		order.note_attributes.push({ name: 'CFDI UUID', value: uuid });
		// Shoes and their shipping refunded: two concepts, so the refund is reached to the cent.
		order.refunds[0].order_adjustments = [
			{ id: 1, kind: 'shipping_refund', amount: '-149.00', tax_amount: '-20.55' },
		];
		order.refunds[0].transactions[0].amount = '1953.05';
		const { items, error } = await kit.engine.runNode(
			orderParams({ orderDocument: 'creditNote', serie: 'NC' }),
			[order],
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			status: 'stamped',
			order: { document: 'creditNote', orderTotal: 1953.05, voucherTotal: 1953.05 },
		});
		const note = [...kit.sandbox.vouchers.values()].find(
			(voucher) => voucher.uuid === items[0].json.uuid,
		);
		expect(note?.body).toMatchObject({
			tipoDeComprobante: 'E',
			serie: 'NC',
			folio: '1021-R1',
			formaPago: '04',
			metodoPago: 'PUE',
			total: 1953.05,
			receptor: { usoCFDI: 'G02' },
		});
		expect(note?.body.cfdiRelacionados).toEqual([
			{ tipoRelacion: '03', cfdiRelacionado: [{ uuid }] },
		]);
		const { items: xml } = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download', uuid: String(items[0].json.uuid) },
			[{}],
		);
		expect(binaryBytes(xml[0]).toString('utf8')).toContain(`UUID="${uuid}"`);
	});

	test('a credit note without the invoice UUID is refused before any request, saying where to give it', async () => {
		const { error } = await kit.engine.runNode(orderParams({ orderDocument: 'creditNote' }), [
			corpusOrder('partial-refund'),
		]);
		expect(error?.message).toContain('does not say which invoice the credit note refers to');
		expect(error?.description).toContain('Invoice UUID');
		expect(kit.sandbox.requests).toHaveLength(0);
	});
});

describe('Examples 8 and 9 (order paid → payment receipt, refund → credit note) through the engine', () => {
	const tables: TableRows = {};
	class ExampleEngine extends Engine {
		override readonly nodeTypes = new PackageNodeTypes({
			...standInNodeTypes,
			'n8n-nodes-base.dataTable': dataTableStandIn(tables),
		});
	}

	async function runFrom(engine: Engine, example: ExampleName, start: string) {
		const workflow = reachableFrom(
			withCfdiCredential(loadExample(example), { id: CREDENTIAL_ID, name: 'CFDI sandbox' }),
			start,
		);
		const run = await engine.runWorkflow(
			workflow.nodes as unknown as INode[],
			workflow.connections as unknown as IConnections,
			[{ json: {} }],
		);
		expect(run.data.resultData.error).toBeUndefined();
		return run;
	}

	function stored(uuid: unknown) {
		return [...kit.sandbox.vouchers.values()].find((voucher) => voucher.uuid === uuid);
	}

	test('example 8: Try it 1 invoices a pending order PPD and remembers it; Try it 2 (paid) stamps its payment receipt and e-mails it', async () => {
		tables[EXAMPLE_TABLES.cfdiInvoices.name] = [];
		const engine = new ExampleEngine();
		engine.setCredential(exampleCredential(kit.sandbox));
		for (const path of reachableFrom(loadExample('orderPaid'), 'Shopify: order paid').nodes)
			expect(path.type).not.toBe('n8n-nodes-base.code');

		const first = await runFrom(engine, 'orderPaid', 'Try it 1: invoice a pending order');
		const [invoiced] = outputOf(first, 'Invoice it (PPD)');
		expect(stored(invoiced.json.uuid)?.body).toMatchObject({
			metodoPago: 'PPD',
			formaPago: '99',
			total: 2320,
			serie: 'A',
			folio: '1101',
		});
		expect(tables[EXAMPLE_TABLES.cfdiInvoices.name]).toEqual([
			{ orderId: 5829364210101, orderName: '#1101', uuid: invoiced.json.uuid, metodoPago: 'PPD' },
		]);

		const second = await runFrom(engine, 'orderPaid', 'Try it 2: the order is paid');
		const [receipt] = outputOf(second, 'Payment receipt');
		expect(receipt.json).toMatchObject({
			status: 'stamped',
			order: { document: 'paymentReceipt', orderTotal: 2320, voucherTotal: 2320 },
		});
		const body = stored(receipt.json.uuid)?.body as IDataObject;
		expect(body).toMatchObject({ tipoDeComprobante: 'P', serie: 'P', folio: '1101-P1' });
		const pago = ((body.complemento as IDataObject).complementoPago20 as { pago: IDataObject[] })
			.pago[0];
		expect(pago).toMatchObject({
			fechaPago: '2026-11-27T16:05:00',
			formaDePagoP: '03',
			monto: 2320,
		});
		expect(pago.doctoRelacionado).toEqual([
			expect.objectContaining({
				idDocumento: invoiced.json.uuid,
				serie: 'A',
				folio: '1101',
				impSaldoAnt: 2320,
				impPagado: 2320,
				impSaldoInsoluto: 0,
			}),
		]);
		expect(
			outputOf(second, 'E-mail to customer').map((item) => [item.json.sent, item.json.subject]),
		).toEqual([[true, 'Comprobante de pago del pedido #1101']]);
	});

	test("example 9: Try it 1 invoices example 1's sample order; Try it 2 (one keyboard refunded) stamps a credit note of 580.00 related as a return", async () => {
		tables[EXAMPLE_TABLES.cfdiInvoices.name] = [];
		const engine = new ExampleEngine();
		engine.setCredential(exampleCredential(kit.sandbox));
		const first = await runFrom(engine, 'orderRefunded', 'Try it 1: invoice the sample order');
		const [invoiced] = outputOf(first, 'Invoice it');
		expect(stored(invoiced.json.uuid)?.body).toMatchObject({ total: 1508, metodoPago: 'PUE' });

		const second = await runFrom(engine, 'orderRefunded', 'Try it 2: one keyboard refunded');
		const [note] = outputOf(second, 'Credit note');
		expect(note.json).toMatchObject({
			status: 'stamped',
			order: { document: 'creditNote', orderTotal: 580, voucherTotal: 580 },
		});
		expect(stored(note.json.uuid)?.body).toMatchObject({
			tipoDeComprobante: 'E',
			serie: 'NC',
			folio: '1001-R1',
			formaPago: '04',
			subTotal: 500,
			total: 580,
			impuestos: { totalImpuestosTrasladados: 80 },
			cfdiRelacionados: [{ tipoRelacion: '03', cfdiRelacionado: [{ uuid: invoiced.json.uuid }] }],
		});
		expect(outputOf(second, 'E-mail to customer').map((item) => item.json.sent)).toEqual([true]);
	});
});
