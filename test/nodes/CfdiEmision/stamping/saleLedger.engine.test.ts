/**
 * Sums that never exceed the sale (issue 27 item 5), through n8n-core's engine against the sandbox:
 * credit notes against one invoice are summed with those already stamped (read from the list and
 * their XML's CfdiRelacionados) and with this run's; a payment receipt looks up each invoice and
 * installment it pays; a receipt for an invoice issued PUE is refused.
 *
 * Also covers:
 * nodes/CfdiEmision/cfdi/ledger.ts (through the engine; its pure tests: test/nodes/CfdiEmision/cfdi/ledger.test.ts).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { corpusOrder } from '../../../support/corpusOrder';
import { orderParams, useSandboxEngine } from '../../../support/nodeTestKit';
import { issuingCalls, receiptParams, stampInvoice } from '../../../support/kindsKit';

const kit = useSandboxEngine();
const V11 = { typeVersion: 1.1 };

function noteParams(invoice: string, extra: INodeParameters = {}): INodeParameters {
	return {
		resource: 'voucher',
		operation: 'createCreditNote',
		lugarExpedicion: '64000',
		serie: 'NC',
		creditedInvoices: { invoice: [{ uuid: invoice }] } as INodeParameters,
		...extra,
	};
}

const totalOf = (uuid: string) =>
	Number(
		(
			[...kit.sandbox.vouchers.values()].find((voucher) => voucher.uuid === uuid)
				?.body as IDataObject
		).total,
	);

describe('credit notes against one invoice never credit more than its total', () => {
	test('1,000.00 then another 1,000.00 on a 1,160.00 invoice: the second is refused with the three figures, nothing sent; 160.00 still fits', async () => {
		const invoice = await stampInvoice(kit.sandbox);
		expect(totalOf(invoice)).toBe(1160);
		const first = await kit.engine.runNode(
			noteParams(invoice, { creditAmount: 1000, duplicateCheckKey: 'R-1' }),
			[{}],
			V11,
		);
		expect(first.error).toBeUndefined();
		const firstUuid = String(first.items[0].json.uuid);
		kit.sandbox.clearLog();

		const second = await kit.engine.runNode(
			noteParams(invoice, { creditAmount: 1000, duplicateCheckKey: 'R-2' }),
			[{}],
			V11,
		);
		expect(second.items).toEqual([]);
		expect(second.error?.message).toBe(
			`Item 0: This credit note would credit more than invoice ${invoice} totals: already credited 1000.00 MXN (credit notes ${firstUuid} 1000.00 MXN), this credit note 1000.00 MXN, invoice total 1160.00 MXN.`,
		);
		expect(second.error?.description).toContain(
			'Nothing was sent. Credit at most 160.00 MXN (the invoice total less what is already credited)',
		);
		expect(issuingCalls(kit.sandbox)).toEqual([]);
		// What it read: the invoice's XML, the list, the earlier credit note's XML.
		expect(
			kit.sandbox.requests
				.filter((r) => r.route === 'downloadXml')
				.map((r) => r.pathname.split('/').pop()),
		).toEqual(expect.arrayContaining([invoice, firstUuid]));

		const rest = await kit.engine.runNode(
			noteParams(invoice, { creditAmount: 160, duplicateCheckKey: 'R-3' }),
			[{}],
			V11,
		);
		expect(rest.error).toBeUndefined();
		expect(rest.items[0].json.status).toBe('stamped');
	});

	test('two credit notes of 600.00 in one run on a 1,160.00 invoice: the first is stamped, the second refused counting the first', async () => {
		const invoice = await stampInvoice(kit.sandbox);
		kit.sandbox.clearLog();
		const { items, error } = await kit.engine.runNode(
			noteParams(invoice, { creditAmount: 600, duplicateCheckKey: '={{ $json.refund }}' }),
			[{ refund: 'R-10' }, { refund: 'R-11' }],
			{ ...V11, continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items[0].json.status).toBe('stamped');
		expect(String(items[1].json.error)).toBe(
			`Item 1: This credit note would credit more than invoice ${invoice} totals: already credited 600.00 MXN (credit notes ${String(items[0].json.uuid)} 600.00 MXN), this credit note 600.00 MXN, invoice total 1160.00 MXN.`,
		);
		expect(issuingCalls(kit.sandbox).filter((call) => call.route === 'createVoucher')).toHaveLength(
			1,
		);
	});

	test('a re-run of the same credit note is answered by the Duplicate Check with the first one, not refused', async () => {
		const invoice = await stampInvoice(kit.sandbox);
		const params = noteParams(invoice, { creditAmount: 1160, duplicateCheckKey: 'R-20' });
		const first = await kit.engine.runNode(params, [{}], V11);
		const again = await kit.engine.runNode(params, [{}], V11);
		expect(again.error).toBeUndefined();
		expect(again.items[0].json).toMatchObject({
			status: 'alreadyStamped',
			uuid: first.items[0].json.uuid,
		});
	});
});

describe('payment receipts: each invoice and installment once; none for a PUE invoice', () => {
	test('a receipt paying X#1 and Y#1 when X#1 already has a receipt: refused naming the installment, the invoice and that receipt', async () => {
		const x = await stampInvoice(kit.sandbox);
		const y = await stampInvoice(kit.sandbox);
		const paidX = await kit.engine.runNode(
			receiptParams([{ uuid: x, amountPaid: 580 }]),
			[{}],
			V11,
		);
		expect(paidX.error).toBeUndefined();
		const receipt = String(paidX.items[0].json.uuid);
		kit.sandbox.clearLog();

		const both = await kit.engine.runNode(
			receiptParams([
				{ uuid: x, amountPaid: 580 },
				{ uuid: y, amountPaid: 580 },
			]),
			[{}],
			V11,
		);
		expect(both.items).toEqual([]);
		expect(both.error?.message).toBe(
			`Item 0: This payment receipt pays what another receipt already pays: installment 1 of invoice ${x} is already paid by payment receipt ${receipt}.`,
		);
		expect(both.error?.description).toContain('give the next installment number');
		expect(issuingCalls(kit.sandbox)).toEqual([]);

		// Y alone is another sale: stamped.
		const paidY = await kit.engine.runNode(
			receiptParams([{ uuid: y, amountPaid: 580 }]),
			[{}],
			V11,
		);
		expect(paidY.items[0].json.status).toBe('stamped');
	});

	test("an order's payment receipt when its invoice was issued PUE: refused naming the invoice and its payment method, nothing sent", async () => {
		const invoiced = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		const invoice = String(invoiced.items[0].json.uuid);
		kit.sandbox.clearLog();
		const { items, error } = await kit.engine.runNode(
			orderParams({ orderDocument: 'paymentReceipt', invoiceUuid: invoice }),
			[{ ...corpusOrder('example-1'), updated_at: new Date().toISOString() }],
			V11,
		);
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			`Item 0: Invoice ${invoice} (A-1001) was issued with payment method PUE (paid in full when issued): it takes no payment receipt.`,
		);
		expect(issuingCalls(kit.sandbox)).toEqual([]);
	});
});
