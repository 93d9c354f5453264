/**
 * Voucher → Create with Input Mode "Line Items", and an order's or lines' total against the
 * source's money (the reconciliation rule), through n8n-core's engine against the sandbox.
 *
 * Also covers: nodes/CfdiEmision/actions/voucher/invoice/lineItems.fields.ts (the line items fields these runs set).
 */
import type { IDataObject } from 'n8n-workflow';

import { corpusOrder, orderTotalling } from '../../../../../support/corpusOrder';
import { routes } from '../../../../../support/sandboxCredential';
import {
	lineItemsParams,
	orderParams,
	RECONCILED_LINES,
	useSandboxEngine,
} from '../../../../../support/nodeTestKit';

const kit = useSandboxEngine();

function sentBodies(): IDataObject[] {
	return routes(kit.sandbox, 'createVoucher').map(
		(request) => JSON.parse(request.body) as IDataObject,
	);
}

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
