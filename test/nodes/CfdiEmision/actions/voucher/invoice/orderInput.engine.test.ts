/**
 * Voucher → Create with Input Mode "Order", run through n8n-core's engine against the sandbox: the
 * request actually sent, the items returned, the errors shown. Line Items and the reconciliation
 * rule: orderInput.lineItems.engine.test.ts; an order's receipt and credit note:
 * orderInput.paidAndRefunded.engine.test.ts; example 1: orderInput.example1.engine.test.ts (Build
 * From Order: buildFromOrder.operation.engine.test.ts).
 * (The order fields as the editor shows them: order.fields.test.ts; the settings set in the node:
 * orderSettings.fields.engine.test.ts.)
 */
import type { IDataObject } from 'n8n-workflow';

import { corpusOrder } from '../../../../../support/corpusOrder';
import { routes } from '../../../../../support/sandboxCredential';
import { binaryBytes, orderParams, useSandboxEngine } from '../../../../../support/nodeTestKit';

import { sentBody } from '../../../../../support/kindsKit';
import { satCheckedTotal } from '../../../../../support/satLimits';
import { validateWithKinds } from '../../../../../support/kindFixtures';
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
