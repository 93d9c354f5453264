/**
 * Voucher → Create with Input Mode "Order" and "Line Items", run through n8n-core's engine against
 * the sandbox: the request actually sent, the items returned, the errors shown. (Build From Order:
 * test/nodes/CfdiEmision/actions/voucher/buildFromOrder.operation.engine.test.ts.)
 *
 * Also covers: nodes/CfdiEmision/actions/voucher/fields/order.fields.ts, nodes/CfdiEmision/actions/voucher/fields/orderSettings.fields.ts, nodes/CfdiEmision/actions/voucher/fields/lineItems.fields.ts (the order, order settings and line items fields these runs set), nodes/CfdiEmision/voucherInput/inputKinds.ts (an order's receipt and credit note through the kinds table).
 */
import type { IConnections, IDataObject, INode } from 'n8n-workflow';

import {
	EXAMPLE_TABLES,
	type ExampleName,
	loadExample,
	LOOKUP_CUSTOMER,
	nodeNamed,
	reachableFrom,
	withCfdiCredential,
	withExtraSampleOrders,
} from '../../../support/examples';
import { dataTableStandIn, type TableRows } from '../../../support/dataTableStandIn';
import { standInNodeTypes } from '../../../support/standInNodes';
import {
	corpusOrder,
	orderTotalling,
	paidByDeposit,
	type Order,
} from '../../../support/corpusOrder';
import { CREDENTIAL_ID, Engine, outputOf } from '../../../support/engine/engine';
import { PackageNodeTypes } from '../../../support/engine/nodeTypes';
import { exampleCredential, routes } from '../../../support/sandboxCredential';
import {
	binaryBytes,
	lineItemsParams,
	orderParams,
	RECONCILED_LINES,
	useSandboxEngine,
} from '../../../support/nodeTestKit';

import { sentBody } from '../../../support/kindsKit';
import { satCheckedTotal } from '../../../support/satLimits';
import { validateWithKinds } from '../../../support/kindFixtures';
const kit = useSandboxEngine();

function sentBodies(): IDataObject[] {
	return routes(kit.sandbox, 'createVoucher').map(
		(request) => JSON.parse(request.body) as IDataObject,
	);
}

describe('Create with Input Mode "Order"', () => {
	test("example 1's order: the body sent is the order's voucher (1,300.00 + 208.00 = 1,508.00) and the output carries the order's totals", async () => {
		const { items, error } = await kit.engine.runNode(orderParams({ stampingMode: 'direct' }), [
			corpusOrder('example-1'),
		]);
		expect(error).toBeUndefined();
		const [body] = sentBodies();
		expect(body).toMatchObject({
			serie: 'A',
			folio: '1001',
			formaPago: '04',
			metodoPago: 'PUE',
			moneda: 'MXN',
			subTotal: 1300,
			total: 1508,
			emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
			receptor: {
				rfc: 'URE180429TM6',
				usoCFDI: 'G03',
				regimenFiscalReceptor: '601',
				domicilioFiscalReceptor: '65000',
			},
			impuestos: { totalImpuestosTrasladados: 208 },
		});
		expect(
			(body.conceptos as IDataObject[]).map((c) => [
				c.claveProdServ,
				c.cantidad,
				c.valorUnitario,
				c.importe,
			]),
		).toEqual([
			['43211706', '2', 500, 1000],
			['26121609', '1', 300, 300],
		]);
		const [stored] = [...kit.sandbox.vouchers.values()];
		expect(items).toEqual([
			{
				json: expect.objectContaining({
					status: 'stamped',
					uuid: stored.uuid,
					order: {
						id: 5829364210001,
						name: '#1001',
						orderNumber: 1001,
						email: 'compras@robotica.example.com',
						document: 'invoice',
						orderTotal: 1508,
						voucherTotal: 1508,
						metodoPago: 'PUE',
						notes: [],
					},
				}),
				pairedItem: { item: 0 },
			},
		]);
	});

	test('order → voucher → stamp → XML → PDF → e-mail, each step through the node', async () => {
		const order = corpusOrder('line-discount-taxed-shipping');
		const { items: stamped } = await kit.engine.runNode(orderParams(), [order]);
		const uuid = String(stamped[0].json.uuid);
		expect(stamped[0].json).toMatchObject({
			status: 'stamped',
			order: { orderTotal: 3296.2, voucherTotal: 3296.2 },
		});
		const [stored] = [...kit.sandbox.vouchers.values()];
		expect(stored.stampCount).toBe(1);
		expect(stored.body.total).toBe(3296.2);

		const { items: xml } = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download', uuid },
			[{}],
		);
		const text = binaryBytes(xml[0]).toString('utf8');
		expect(text).toContain(`UUID="${uuid}"`);
		expect(text).toContain('Total="3296.20"');
		expect(text).toContain('ClaveProdServ="78102203"');

		const { items: pdf } = await kit.engine.runNode(
			{ resource: 'pdf', operation: 'getLink', uuid, download: true },
			[{}],
		);
		expect(binaryBytes(pdf[0]).subarray(0, 5).toString('latin1')).toBe('%PDF-');

		const { items: mail } = await kit.engine.runNode(
			{
				resource: 'email',
				operation: 'send',
				uuid,
				to: order.email,
				subject: `Your invoice for order ${order.name}`,
				message: 'Attached.',
			},
			[{}],
		);
		expect(mail[0].json).toMatchObject({ sent: true, to: order.email });
		expect(kit.sandbox.emails.map((email) => [email.body.para, email.body.cfdi.uuid])).toEqual([
			[order.email, uuid],
		]);
	});

	test('every corpus order stamps in one run, each body passing the local checks, with totals equal to the order totals', async () => {
		const keys = [
			'order-discount-across',
			'zero-rate-food',
			'exempt-books',
			'border-8',
			'usd-presentment',
			'tax-excluded',
			'gift-card-only',
			'many-lines',
			'pending-bank-deposit',
		];
		const { items, error } = await kit.engine.runNode(orderParams(), keys.map(corpusOrder));
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.status)).toEqual(keys.map(() => 'stamped'));
		const totals = keys.map((key) => {
			const order = corpusOrder(key);
			return Number(order.total_price_set?.presentment_money?.amount ?? order.total_price);
		});
		expect(items.map((item) => (item.json.order as IDataObject).voucherTotal)).toEqual(totals);
		const stamps = routes(kit.sandbox, 'updateVoucher').map(
			(request) => JSON.parse(request.body) as IDataObject,
		);
		expect(stamps.map((body) => body.total)).toEqual(totals);
		for (const body of stamps) expect(validateWithKinds(body).errors).toEqual([]);
		expect(stamps.find((body) => body.moneda === 'USD')).toMatchObject({ tipoCambio: 17.250058 });
		expect(stamps.find((body) => body.folio === '1015')).toMatchObject({
			formaPago: '99',
			metodoPago: 'PPD',
		});
	});

	test('without tax data, "Skip the Item" (the default): no request, an output item that says why', async () => {
		const { items, error } = await kit.engine.runNode(orderParams(), [
			corpusOrder('no-tax-data-general-public'),
			corpusOrder('example-1'),
		]);
		expect(error).toBeUndefined();
		expect(items[0]).toEqual({
			json: {
				order: {
					id: 5829364210016,
					name: '#1016',
					orderNumber: 1016,
					email: 'cliente16@example.com',
					document: 'invoice',
					orderTotal: 598,
					notes: [],
				},
				status: 'skipped',
				skipped: {
					reason: 'noTaxData',
					message:
						'order #1016 was not invoiced: it has no complete recipient tax data (note attribute "RFC", "Razon social", "Regimen fiscal", "Codigo postal" missing).',
					missing: ['RFC', 'Razon social', 'Regimen fiscal', 'Codigo postal'],
				},
			},
			pairedItem: { item: 0 },
		});
		expect(items[1].json.status).toBe('stamped');
		expect(sentBodies().map((body) => body.folio)).toEqual(['1001']);
	});

	test('without Continue On Fail, a skipped order does not count as a failure, an unreadable one stops the run before anything is sent', async () => {
		const broken = corpusOrder('example-1');
		broken.line_items[1].tax_lines[0].rate = 0.06;
		const { error } = await kit.engine.runNode(orderParams(), [
			corpusOrder('example-1'),
			corpusOrder('no-tax-data-general-public'),
			broken,
		]);
		expect(error?.message).toMatch(/^Item 2: /);
		expect(error?.description).toContain('The other items were not sent either');
		expect(error?.description).not.toContain('Item 1 ');
		expect(kit.sandbox.requests).toHaveLength(0);
	});

	test('without tax data, "Invoice the General Public": XAXX010101000 with the informacionGlobal of the order month', async () => {
		const { items } = await kit.engine.runNode(
			orderParams({ withoutTaxData: 'generalPublic', stampingMode: 'direct' }),
			[corpusOrder('no-tax-data-general-public')],
		);
		expect(items[0].json.status).toBe('stamped');
		const [body] = sentBodies();
		expect(body.receptor).toEqual({
			rfc: 'XAXX010101000',
			nombre: 'PUBLICO EN GENERAL',
			usoCFDI: 'S01',
			regimenFiscalReceptor: '616',
			domicilioFiscalReceptor: '64000',
		});
		expect(body.informacionGlobal).toEqual({ periodicidad: '01', meses: '11', anio: 2026 });
		expect((items[0].json.order as IDataObject).notes).toEqual([
			expect.stringContaining('issued to the general public'),
		]);
	});

	test('without tax data, "Fail": an error naming the missing attributes and the fix; nothing sent', async () => {
		const { error } = await kit.engine.runNode(orderParams({ withoutTaxData: 'fail' }), [
			corpusOrder('no-tax-data-general-public'),
		]);
		expect(error?.message).toBe(
			'Item 0: order #1016 has no complete recipient tax data: note attribute "RFC", "Razon social", "Regimen fiscal", "Codigo postal" is missing.',
		);
		expect(error?.description).toContain('Without Tax Data');
		expect(error?.description).toContain('Nothing was sent.');
		expect(kit.sandbox.requests).toHaveLength(0);
	});

	test('Continue On Fail: an unreadable order becomes an error item naming the member; the others stamp', async () => {
		const broken = corpusOrder('example-1');
		broken.line_items[1].tax_lines[0].rate = 0.06;
		const { items, error } = await kit.engine.runNode(
			orderParams(),
			[corpusOrder('zero-rate-food'), broken, corpusOrder('border-8')],
			{ continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.status ?? 'error')).toEqual([
			'stamped',
			'error',
			'stamped',
		]);
		expect(items[1].json.error).toBe(
			'Item 1: line_items[1].tax_lines[0].rate 0.06 is not an IVA rate; IVA is charged at 0.16, 0.08 (border region) or 0.',
		);
		expect(items[1].json.description).toContain('Settings → Taxes and duties');
		expect(sentBodies().map((body) => body.folio)).toEqual(['1005', '1007']);
	});

	test('settings from the node: gateway table, recipient data from a lookup, note attribute names, shop currency, folio from the order name', async () => {
		const order = corpusOrder('usd-presentment');
		order.note_attributes = [{ name: 'tax_id', value: 'URE180429TM6' }];
		order.payment_gateway_names = ['Kueski Pay'];
		const { items, error } = await kit.engine.runNode(
			orderParams({
				stampingMode: 'direct',
				paymentForms: { gateway: [{ name: 'Kueski Pay', formaPago: '31' }] },
				recipientData: {
					rfc: 'URE180429TM6',
					nombre: 'Universidad Robotica Española',
					regimenFiscalReceptor: '601',
					domicilioFiscalReceptor: '65000',
				},
				orderOptions: {
					currency: 'shop',
					folio: 'orderName',
					rfcAttribute: 'tax_id, RFC',
					defaultUsoCfdi: 'I04',
				},
			}),
			[order],
		);
		expect(error).toBeUndefined();
		expect(sentBodies()[0]).toMatchObject({
			folio: '1008',
			formaPago: '31',
			metodoPago: 'PUE',
			moneda: 'MXN',
			total: 2240.61,
			receptor: { rfc: 'URE180429TM6', nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', usoCFDI: 'I04' },
		});
		expect(items[0].json.order).toMatchObject({ orderTotal: 2240.61, voucherTotal: 2240.61 });
	});

	test("an order of 100.01 no base reaches with its IVA rounded to nearest: the invoice sent is 100.01 exactly (86.21 + IVA 13.80, rounded up within the SAT's limits), the note says so; before: 100.00", async () => {
		const order = corpusOrder('rounding-two-lines');
		order.line_items = order.line_items.slice(0, 1);
		order.total_price = '100.01';
		const { items } = await kit.engine.runNode(orderParams(), [order]);
		expect(items[0].json).toMatchObject({
			status: 'stamped',
			order: { orderTotal: 100.01, voucherTotal: 100.01 },
		});
		expect((items[0].json.order as IDataObject).roundingNote).toBeUndefined();
		expect((items[0].json.order as IDataObject).notes).toEqual([
			'line_items[0]: its IVA is 13.80 (86.21 × 0.16 = 13.7936, rounded up: the SAT accepts either rounding), so the line carries exactly what was charged.',
		]);
		const sent = sentBody(kit.sandbox) as IDataObject;
		expect(sent.total).toBe(100.01);
		expect(satCheckedTotal(sent as never).toFixed(2)).toBe('100.01');
	});
});

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

describe('Create with Input Mode "Line Items"', () => {
	test('a sheet row with its lines: the recipient and payment fields of the Fields mode, prices with tax', async () => {
		const row = {
			lines: [
				{
					quantity: 2,
					unitPrice: '580.00',
					taxRate: '16%',
					priceIncludesTax: true,
					sku: 'KB-01',
					description: 'Mechanical keyboard',
				},
				{
					quantity: 1,
					unitPrice: 348,
					taxRate: 0.16,
					priceIncludesTax: 'yes',
					description: 'USB-C cable',
				},
			],
		};
		const { items, error } = await kit.engine.runNode(
			lineItemsParams({
				stampingMode: 'direct',
				lineItemsOptions: { folio: 'S-1', expectedTotal: '1508.00' },
			}),
			[row],
		);
		expect(error).toBeUndefined();
		expect(sentBodies()[0]).toMatchObject({
			folio: 'S-1',
			formaPago: '03',
			subTotal: 1300,
			total: 1508,
			receptor: { rfc: 'URE180429TM6' },
		});
		expect((sentBodies()[0].conceptos as IDataObject[])[0]).toMatchObject({
			claveProdServ: '43211706',
			noIdentificacion: 'KB-01',
			valorUnitario: 500,
		});
		expect(items[0].json).toMatchObject({
			status: 'stamped',
			lineItems: { orderTotal: 1508, voucherTotal: 1508 },
		});
	});

	test('a bad line is refused before any request, naming it', async () => {
		const { error } = await kit.engine.runNode(
			{
				...orderParams({ inputMode: 'lineItems', lineItems: '={{ $json.lines }}' }),
				receptorRfc: 'URE180429TM6',
				receptorNombre: 'X',
				receptorDomicilioFiscal: '65000',
			},
			[
				{
					lines: [
						{ quantity: 1, unitPrice: 10, description: 'ok' },
						{ quantity: -1, unitPrice: 10, description: 'bad' },
					],
				},
			],
		);
		expect(error?.message).toBe('Item 0: lines[1].quantity -1 is not a quantity above 0.');
		expect(kit.sandbox.requests).toHaveLength(0);
	});
});

const V11 = { typeVersion: 1.1 };

describe("An order's or lines' total against the source's money (the reconciliation rule)", () => {
	test('an order whose lines do not add up to total_price (version 1.1): the item fails with both figures and the fix; nothing is sent', async () => {
		const { items, error } = await kit.engine.runNode(
			orderParams(),
			[orderTotalling('1608.00')],
			V11,
		);
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			"Item 0: The voucher total is 1508.00 MXN but the order's total_price is 1608.00: 100.00 less than the source, more than per-line tax rounding explains (at most 0.02 here). The source's lines, shipping and taxes add up to 1508.00, not 1608.00: 100.00 is in the source itself.",
		);
		expect((error as any)?.description).toContain(
			"Correct the source so that its figures agree (the order's line items, shipping, taxes and total_price)",
		);
		expect((error as any)?.description).toContain(
			'Nothing was sent. The figure comes from total_price.',
		);
		expect(sentBodies()).toEqual([]);
	});

	test("Validate answers such an order as Create does: needsAttention orderData (the shop's data), never a refusal a page would show the buyer (before: a TOTALS_DIFFER refusal)", async () => {
		const created = await kit.engine.runNode(orderParams(), [orderTotalling('1608.00')], {
			...V11,
			continueOnFail: true,
		});
		const { items } = await kit.engine.runNode(
			orderParams({ operation: 'validate' }),
			[orderTotalling('1608.00')],
			V11,
		);
		expect(items[0].json.valid).toBe(false);
		expect(items[0].json).not.toHaveProperty('refusal');
		expect(created.items[0].json).not.toHaveProperty('refusal');
		expect(items[0].json.needsAttention).toEqual(created.items[0].json.needsAttention);
		expect(items[0].json.needsAttention).toMatchObject({ reason: 'orderData' });
		expect(sentBodies()).toEqual([]);
	});

	test('the same order with Continue On Fail: an error item for it, the good order beside it is stamped', async () => {
		const { items, error } = await kit.engine.runNode(
			orderParams(),
			[orderTotalling('1608.00'), corpusOrder('example-1')],
			{ ...V11, continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items[0].json.error).toMatch(/the order's total_price is 1608\.00/);
		expect(items[1].json).toMatchObject({
			status: 'stamped',
			order: { orderTotal: 1508, voucherTotal: 1508 },
		});
		expect(sentBodies().map((body) => body.total)).toEqual([1508]);
	});

	test('a node saved as version 1 refuses such an order too (safety is not versioned); its note joins the order notes only when Stamp With Note is chosen', async () => {
		const { items, error } = await kit.engine.runNode(orderParams(), [orderTotalling('1608.00')]);
		expect(items).toEqual([]);
		expect(error?.message).toMatch(
			/^Item 0: The voucher total is 1508\.00 MXN but the order's total_price is 1608\.00/,
		);
		expect(sentBodies()).toEqual([]);
		const noted = await kit.engine.runNode(
			orderParams({ options: { whenTotalsDiffer: 'stampWithNote' } }),
			[orderTotalling('1608.00')],
		);
		expect(noted.items[0].json).toMatchObject({
			status: 'stamped',
			order: { orderTotal: 1608, voucherTotal: 1508 },
		});
		const notes = (noted.items[0].json.order as IDataObject).notes as string[];
		expect(notes[notes.length - 1]).toMatch(
			/^Stamped as built \(When Totals Differ: Stamp With Note\)\. The voucher total is 1508\.00 MXN but the order's total_price is 1608\.00/,
		);
		expect(noted.items[0].json.reconciliation).toBeUndefined();
	});

	test('Line Items with an Expected Total the lines do not reach: refused; with "Stamp With Note" stamped and the note in the output', async () => {
		const refused = await kit.engine.runNode(
			lineItemsParams({ lineItemsOptions: { expectedTotal: '1500.00' } }),
			[{ lines: RECONCILED_LINES }],
			V11,
		);
		expect(refused.error?.message).toMatch(
			/^Item 0: The voucher total is 1508\.00 MXN but Expected Total is 1500\.00: 8\.00 more than the source/,
		);
		expect(sentBodies()).toEqual([]);

		const noted = await kit.engine.runNode(
			lineItemsParams({
				lineItemsOptions: { expectedTotal: '1500.00' },
				options: { whenTotalsDiffer: 'stampWithNote' },
			}),
			[{ lines: RECONCILED_LINES }],
			V11,
		);
		expect(noted.error).toBeUndefined();
		expect(noted.items[0].json).toMatchObject({
			status: 'stamped',
			reconciliation: {
				outcome: 'stampedWithNote',
				sourceTotal: '1500.00',
				voucherTotal: '1508.00',
				from: 'Expected Total',
			},
		});
		expect(sentBodies()[0].total).toBe(1508);
	});
});

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
