/**
 * What a setting's expression gives, read as the user meant it (issue 39 item 6), through n8n's
 * engine against the sandbox: a number setting holding a boolean is refused by name before any
 * request (before: Number(true) = 1, silently); a number an expression computed with float noise
 * (100 × 1.16 = 115.99999999999999) is the number it stands for in a line's price, a credit amount
 * and an Expected Total, as it already was for a Sale Amount (globalInvoice.numbers.engine.test.ts).
 */
import type { INodeParameters } from 'n8n-workflow';

import { invoiceVoucher } from '../../../support/vouchers';
import { creditNoteParams, issuingCalls, sentBody, stampInvoice } from '../../../support/kindsKit';
import {
	createParams,
	fieldsInvoiceParams,
	lineItemsParams,
	useSandboxEngine,
} from '../../../support/nodeTestKit';

const kit = useSandboxEngine();

const refusalOf = (error: unknown) =>
	(error as { context?: { outcome?: { refusal?: unknown } } } | undefined)?.context?.outcome
		?.refusal;

/** One line of 116.00 (no taxes) typed in the Fields mode, its money from `price`. */
function oneLineFields(price: string): INodeParameters {
	const line = {
		claveProdServ: '43232408',
		cantidad: '1',
		claveUnidad: 'H87',
		descripcion: 'Keyboard',
	};
	return fieldsInvoiceParams(
		[{ ...line, valorUnitario: price, importe: price, objetoImp: '01' }],
		price,
		{
			stampingMode: 'direct',
			duplicateCheck: 'off',
		},
	);
}

describe('a number setting refuses a boolean by name, before any request', () => {
	test('Options > Busy Series Retries from an expression giving true (before: 1 retry, stamped)', async () => {
		const { error } = await kit.engine.runNode(
			createParams(invoiceVoucher(), { options: { busyRetries: '={{ $json.retry }}' } }),
			[{ retry: true }],
		);
		expect(error?.message).toBe('Item 0: "Options > Busy Series Retries" is true, not a number.');
		expect(String((error as { description?: string }).description)).toContain(
			'Nothing was sent to the service.',
		);
		expect(refusalOf(error)).toMatchObject({
			by: 'localCheck',
			sent: false,
			field: 'Options > Busy Series Retries',
			path: 'options.busyRetries',
			code: 'NOT_A_NUMBER',
			value: true,
		});
		expect(issuingCalls(kit.sandbox)).toEqual([]);
	});

	test("a line's Unit Price from an expression giving false names the line (before: a price of 0)", async () => {
		const params = oneLineFields('116');
		const lines = params.conceptos as { concepto: INodeParameters[] };
		lines.concepto.push({ ...lines.concepto[0], valorUnitario: '={{ $json.free }}' });
		const { error } = await kit.engine.runNode(params, [{ free: false }]);
		expect(error?.message).toBe(
			'Item 0: "Line Items > Line Item 2 > Unit Price" is false, not a number.',
		);
		expect(refusalOf(error)).toMatchObject({
			field: 'Line Items > Line Item 2 > Unit Price',
			path: 'conceptos.concepto[1].valorUnitario',
			code: 'NOT_A_NUMBER',
			value: false,
		});
		expect(issuingCalls(kit.sandbox)).toEqual([]);
	});
});

describe('float noise from an expression is the number it stands for', () => {
	test("a line's price, its amount and the totals of 100 × 1.16 (115.99999999999999) are sent as 116", async () => {
		expect(100 * 1.16).toBe(115.99999999999999);
		const { items, error } = await kit.engine.runNode(oneLineFields('={{ $json.net * 1.16 }}'), [
			{ net: 100 },
		]);
		expect(error).toBeUndefined();
		expect(items[0].json.status).toBe('stamped');
		const sent = sentBody(kit.sandbox) as {
			subTotal: number;
			total: number;
			conceptos: Array<{ valorUnitario: number; importe: number }>;
		};
		expect([sent.conceptos[0].valorUnitario, sent.conceptos[0].importe]).toEqual([116, 116]);
		expect([sent.subTotal, sent.total]).toEqual([116, 116]);
	});

	test('a Credit Amount of 100 × 1.16 is a credit note of 116.00', async () => {
		const uuid = await stampInvoice(kit.sandbox);
		const { items, error } = await kit.engine.runNode(
			creditNoteParams([{ uuid }], { creditAmount: '={{ $json.net * 1.16 }}' }),
			[{ net: 100 }],
		);
		expect(error).toBeUndefined();
		expect(items[0].json.status).toBe('stamped');
		// The node's create call (the invoice's came first, through the API client).
		const creates = issuingCalls(kit.sandbox).filter((call) => call.route === 'createVoucher');
		expect((JSON.parse(creates[creates.length - 1].body) as { total: number }).total).toBe(116);
	});

	test('an Expected Total of 100 × 1.16 meets lines charged 116.00', async () => {
		const { items, error } = await kit.engine.runNode(
			lineItemsParams({
				stampingMode: 'direct',
				lineItemsOptions: { expectedTotal: '={{ $json.net * 1.16 }}' },
			}),
			[
				{
					net: 100,
					lines: [
						{
							quantity: 1,
							unitPrice: '116.00',
							taxRate: '16%',
							priceIncludesTax: true,
							description: 'Keyboard',
						},
					],
				},
			],
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			status: 'stamped',
			lineItems: { orderTotal: 116, voucherTotal: 116 },
		});
	});
});
