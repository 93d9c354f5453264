/**
 * A sale's identity in the Duplicate Check (issue 27 items 1-3), through n8n-core's engine against
 * the sandbox: the request sent, the item returned, the error shown. A listed voucher is this sale's
 * only when series, folio AND recipient match (and the total, where the sale's is known); a voucher
 * without a key is identified by its content; the check decides only on a complete, readable list.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { invoiceVoucher } from '../../../support/vouchers';
import { json, useCheckSandbox, V11 } from './duplicateCheckKit';
import { corpusOrder, type Order } from '../../../support/corpusOrder';
import {
	createParams,
	fieldsInvoiceParams,
	lineItemsParams,
	orderParams,
	RECONCILED_LINES,
} from '../../../support/nodeTestKit';

/** The other shop's order #1001: another order id and another customer. */
function otherShopOrder(): Order {
	const order = corpusOrder('example-1');
	order.id = 9_900_000_000_001;
	order.note_attributes = [
		{ name: 'RFC', value: 'XOJI740919U48' },
		{ name: 'Razon social', value: 'INGRID XODAR JIMENEZ' },
		{ name: 'Regimen fiscal', value: '612' },
		{ name: 'Codigo postal', value: '88965' },
	];
	return order;
}

describe('two shops of one issuer, both with order #1001', () => {
	const { kit, stamped, routes } = useCheckSandbox();

	test("the second shop's order is a folio collision: it fails naming both sales and the fix; nothing is stamped, never the first shop's voucher", async () => {
		const first = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		expect(json(first.items)).toMatchObject({ status: 'stamped', recipientRfc: 'URE180429TM6' });
		const uuid = String(json(first.items).uuid);
		kit.sandbox.clearLog();
		const second = await kit.engine.runNode(orderParams(), [otherShopOrder()], V11);
		expect(second.items).toEqual([]);
		expect(second.error?.message).toContain(
			'Folio collision: series A folio 1001 already documents another sale',
		);
		expect(second.error?.message).toContain(`UUID ${uuid}`);
		expect(second.error?.message).toContain('recipient URE180429TM6, total 1508.00');
		expect(second.error?.message).toContain('recipient XOJI740919U48, total 1508.00');
		expect(second.error?.description).toContain('its own series');
		expect(routes()).toEqual(['listVouchers']);
		expect(stamped()).toHaveLength(1);
	});

	test('Fail mode: the same collision error', async () => {
		await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		const second = await kit.engine.runNode(
			orderParams({ duplicateCheck: 'fail' }),
			[otherShopOrder()],
			V11,
		);
		expect(second.error?.message).toContain('Folio collision');
		expect(stamped()).toHaveLength(1);
	});

	test('the multi-shop setup: a series per shop stamps both; each re-delivery returns its own voucher', async () => {
		const shopA = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		const shopB = await kit.engine.runNode(orderParams({ serie: 'B' }), [otherShopOrder()], V11);
		expect(json(shopB.items)).toMatchObject({ status: 'stamped', series: 'B', folio: '1001' });
		const againA = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		const againB = await kit.engine.runNode(orderParams({ serie: 'B' }), [otherShopOrder()], V11);
		expect(json(againA.items)).toMatchObject({
			status: 'alreadyStamped',
			uuid: json(shopA.items).uuid,
			recipientRfc: 'URE180429TM6',
		});
		expect(json(againB.items)).toMatchObject({
			status: 'alreadyStamped',
			uuid: json(shopB.items).uuid,
			recipientRfc: 'XOJI740919U48',
		});
		expect(stamped()).toHaveLength(2);
	});

	test('the multi-shop setup: Folio = Order ID (unique across shops) stamps both in one series', async () => {
		const params = orderParams({ orderOptions: { folio: 'orderId' } });
		const shopA = await kit.engine.runNode(params, [corpusOrder('example-1')], V11);
		const shopB = await kit.engine.runNode(params, [otherShopOrder()], V11);
		expect(json(shopA.items)).toMatchObject({ status: 'stamped', folio: '5829364210001' });
		expect(json(shopB.items)).toMatchObject({ status: 'stamped', folio: '9900000000001' });
		expect(stamped()).toHaveLength(2);
	});

	test("the same in one run: the second item fails as a collision, never answered with the first item's voucher", async () => {
		const { items, error } = await kit.engine.runNode(
			orderParams({ stampingMode: 'direct' }),
			[corpusOrder('example-1'), otherShopOrder()],
			V11,
		);
		expect(items).toEqual([]);
		expect(error?.message).toContain('Folio collision');
		expect(error?.message).toContain('Item 1');
		expect(stamped()).toHaveLength(1);
	});

	test('the same in one run under Continue On Fail: item 0 stamped, item 1 an error item', async () => {
		const { items } = await kit.engine.runNode(
			orderParams({ stampingMode: 'direct' }),
			[corpusOrder('example-1'), otherShopOrder()],
			{ ...V11, continueOnFail: true },
		);
		expect(json(items, 0).status).toBe('stamped');
		expect(String(json(items, 1).error)).toContain('Folio collision');
		expect(stamped()).toHaveLength(1);
	});
});

describe('the same recipient, another total: the sale changed after its invoice', () => {
	const { kit, stamped } = useCheckSandbox();
	const lines = (quantity: number) => [{ ...RECONCILED_LINES[0], quantity }, RECONCILED_LINES[1]];
	const params = (extra: INodeParameters = {}) =>
		lineItemsParams({ lineItemsOptions: { folio: 'T-55' }, ...extra });

	test('Return Existing: alreadyStamped with both totals and what to do, in the message and the output', async () => {
		const first = await kit.engine.runNode(params(), [{ lines: lines(2) }], V11);
		expect(json(first.items)).toMatchObject({ status: 'stamped', total: 1508 });
		const edited = await kit.engine.runNode(params(), [{ lines: lines(3) }], V11);
		const item = json(edited.items);
		expect(item).toMatchObject({
			status: 'alreadyStamped',
			uuid: json(first.items).uuid,
			duplicateCheck: { totalChanged: { invoiced: '1508.00', now: '2088.00' } },
		});
		expect(String(item.message)).toContain('invoiced by UUID');
		expect(String(item.message)).toContain('now totals 2088.00');
		expect(String(item.message)).toContain('additional invoice');
		expect(stamped()).toHaveLength(1);
	});

	test('Fail: an error giving both totals', async () => {
		await kit.engine.runNode(params(), [{ lines: lines(2) }], V11);
		const edited = await kit.engine.runNode(
			params({ duplicateCheck: 'fail' }),
			[{ lines: lines(3) }],
			V11,
		);
		expect(edited.error?.message).toContain('for 1508.00, but the sale now totals 2088.00');
		expect(stamped()).toHaveLength(1);
	});
});

describe('Duplicate Check Key: text or a number', () => {
	const { kit } = useCheckSandbox();

	test.each([
		['an object', '={{ $json.order }}', 'an object'],
		['a list', '={{ $json.list }}', 'a list'],
		['a boolean', '={{ true }}', 'a boolean'],
	])(
		'a key that is %s is refused naming the field and the type; nothing is sent',
		async (_, key, type) => {
			const { error } = await kit.engine.runNode(
				createParams(invoiceVoucher(), { duplicateCheckKey: key }),
				[{ order: { number: 1 }, list: [1] }],
				V11,
			);
			expect(error?.message).toBe(`Item 0: Duplicate Check Key is ${type}, not text or a number`);
			expect(error?.description).toContain('Nothing was sent');
			expect(kit.sandbox.requests).toHaveLength(0);
		},
	);

	test('a number is a key', async () => {
		const { items } = await kit.engine.runNode(
			createParams(invoiceVoucher(), { duplicateCheckKey: '={{ $json.n }}' }),
			[{ n: 77 }],
			V11,
		);
		expect(json(items)).toMatchObject({ status: 'stamped', folio: '77' });
	});
});

describe('a voucher without a key is identified by its content', () => {
	const { kit, stamped, routes } = useCheckSandbox();

	test('the same JSON voucher executed three times: one invoice; the 2nd and 3rd return it with a note on stamping a deliberate second', async () => {
		const params = createParams(invoiceVoucher());
		const runs = [];
		for (let run = 0; run < 3; run++) runs.push(await kit.engine.runNode(params, [{}], V11));
		expect(runs.map((run) => json(run.items).status)).toEqual([
			'stamped',
			'alreadyStamped',
			'alreadyStamped',
		]);
		expect(json(runs[2].items).uuid).toBe(json(runs[0].items).uuid);
		expect(stamped()).toHaveLength(1);
		// The content's fingerprint is written as the folio, so that the list shows it.
		const [create] = kit.sandbox.requests.filter((request) => request.route === 'createVoucher');
		expect(JSON.parse(create.body).folio).toMatch(/^C-[0-9A-F]{8}$/);
		expect((json(runs[1].items).duplicateCheck as IDataObject).note).toContain(
			'map a Duplicate Check Key that tells the sales apart',
		);
		// The window: a day back from now, and the 14 hours the list's unknown zone may shift it.
		const list = kit.sandbox.requests.find((request) => request.route === 'listVouchers');
		expect(Number(list?.query.finicial)).toBeGreaterThanOrEqual(
			Date.now() / 1000 - 86_400 - 14 * 3_600 - 120,
		);
	});

	test('the same form (Fields mode) executed three times: one invoice', async () => {
		const voucher = invoiceVoucher();
		const params = fieldsInvoiceParams(voucher.conceptos as unknown[], 1000.75);
		for (let run = 0; run < 3; run++) await kit.engine.runNode(params, [{}], V11);
		expect(stamped()).toHaveLength(1);
	});

	test('other content (another line) is another sale; a window of 0 hours falls back to a day', async () => {
		await kit.engine.runNode(createParams(invoiceVoucher()), [{}], V11);
		const other = invoiceVoucher({ total: 1100.75, subTotal: 1100.75 });
		(other.conceptos as IDataObject[])[0] = {
			...(other.conceptos as IDataObject[])[0],
			cantidad: '2',
			valorUnitario: 400,
			importe: 800,
		};
		const second = await kit.engine.runNode(createParams(other), [{}], V11);
		expect(json(second.items).status).toBe('stamped');
		expect(stamped()).toHaveLength(2);
	});

	test('Off: stamped again (a deliberate second one)', async () => {
		await kit.engine.runNode(createParams(invoiceVoucher()), [{}], V11);
		const again = await kit.engine.runNode(
			createParams(invoiceVoucher(), { duplicateCheck: 'off' }),
			[{}],
			V11,
		);
		expect(json(again.items).status).toBe('stamped');
		expect(stamped()).toHaveLength(2);
	});

	test('a JSON voucher with its own folio and no key: series + folio + recipient + total within the window', async () => {
		const voucher = invoiceVoucher({ folio: 'F-9' });
		const first = await kit.engine.runNode(createParams(voucher), [{}], V11);
		kit.sandbox.clearLog();
		const again = await kit.engine.runNode(createParams(voucher), [{}], V11);
		expect(json(again.items)).toMatchObject({
			status: 'alreadyStamped',
			uuid: json(first.items).uuid,
		});
		// The twin's XML is read for the fiscal fields its folio does not tell (payment form, CFDI use).
		expect(routes()).toEqual(['listVouchers', 'downloadXml']);
	});

	test('Line Items without folio under Return Existing: the content identifies the sale too', async () => {
		const first = await kit.engine.runNode(lineItemsParams(), [{ lines: RECONCILED_LINES }], V11);
		const again = await kit.engine.runNode(lineItemsParams(), [{ lines: RECONCILED_LINES }], V11);
		expect(json(again.items)).toMatchObject({
			status: 'alreadyStamped',
			uuid: json(first.items).uuid,
		});
		expect(stamped()).toHaveLength(1);
	});

	test('the general public without a key: stamped, and the output says no check was made and why', async () => {
		const voucher = invoiceVoucher({
			receptor: {
				rfc: 'XAXX010101000',
				nombre: 'PUBLICO EN GENERAL',
				usoCFDI: 'S01',
				regimenFiscalReceptor: '616',
				domicilioFiscalReceptor: '64000',
			},
			informacionGlobal: { periodicidad: '01', meses: '11', anio: 2026 },
		});
		const { items, error } = await kit.engine.runNode(createParams(voucher), [{}], V11);
		expect(error).toBeUndefined();
		expect(json(items)).toMatchObject({
			status: 'stamped',
			duplicateCheck: { checked: false, reason: expect.stringContaining('No check was made') },
		});
	});
});
