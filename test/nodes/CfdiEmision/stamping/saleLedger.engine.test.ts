/**
 * Sums that never exceed the sale (issue 27 item 5), through n8n-core's engine against the sandbox:
 * credit notes against one invoice are summed with those already stamped (read from the list and
 * their XML's CfdiRelacionados) and with this run's; a payment receipt looks up each invoice and
 * installment it pays; a receipt for an invoice issued PUE is refused.
 *
 * Also covers:
 * nodes/CfdiEmision/ledger/ledger.ts (through the engine; its pure tests: test/nodes/CfdiEmision/ledger/ledger.test.ts).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { corpusOrder } from '../../../support/corpusOrder';
import { orderParams, useSandboxEngine } from '../../../support/nodeTestKit';
import {
	CUSTOMER_FIELDS,
	globalParams,
	ISSUER_FIELDS,
	issuingCalls,
	receiptParams,
	SALES,
	stampInvoice,
	creditNoteParams,
} from '../../../support/kindsKit';

const kit = useSandboxEngine();
const V11 = { typeVersion: 1.1 };

const noteParams = (invoice: string, extra: INodeParameters = {}): INodeParameters =>
	creditNoteParams([{ uuid: invoice }], extra);

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

/** Credit Note with "Read Related Invoices From Their XML" off: the invoice's figures typed in. */
function typedNoteParams(
	invoice: string,
	total: number,
	extra: INodeParameters = {},
): INodeParameters {
	return noteParams(invoice, {
		creditedInvoices: { invoice: [{ uuid: invoice, total }] } as INodeParameters,
		readRelatedXml: false,
		...ISSUER_FIELDS,
		...CUSTOMER_FIELDS,
		creditIvaRate: '0.16',
		...extra,
	});
}

const cancelParams = (uuid: string): INodeParameters => ({
	resource: 'voucher',
	operation: 'cancel',
	uuid,
	motive: '02',
});

describe('the ledger in every setting (issue 33 item 3)', () => {
	test('(a) an MXN credit note on a USD invoice counts, converted into USD: 134.00 USD already credited, 1,160.00 USD more refused', async () => {
		const invoice = await stampInvoice(kit.sandbox, { moneda: 'USD', tipoCambio: 17 });
		// A note in MXN (figures typed in): 2,278.00 MXN, at the rate that takes MXN to USD for this
		// invoice (its TipoCambio 17.00, the note itself carries none), is 134.00 USD.
		const mxn = await kit.engine.runNode(
			typedNoteParams(invoice, 50_000, {
				moneda: 'MXN',
				creditAmount: 2278,
				duplicateCheckKey: 'R-MXN',
			}),
			[{}],
			V11,
		);
		expect(mxn.error).toBeUndefined();
		const mxnUuid = String(mxn.items[0].json.uuid);
		kit.sandbox.clearLog();
		const usd = await kit.engine.runNode(
			noteParams(invoice, { creditAmount: 1160, duplicateCheckKey: 'R-USD' }),
			[{}],
			V11,
		);
		expect(usd.items).toEqual([]);
		expect(usd.error?.message).toBe(
			`Item 0: This credit note would credit more than invoice ${invoice} totals: already credited 134.00 USD (credit notes ${mxnUuid} 134.00 USD from 2278.00 MXN), this credit note 1160.00 USD, invoice total 1160.00 USD.`,
		);
		expect(usd.error?.description).toContain('Credit at most 1026.00 USD');
		expect(usd.error?.description).toContain('Field: Amount (total), value 1160');
		expect(issuingCalls(kit.sandbox)).toEqual([]);
	});

	test('(b) a cancelled invoice takes no credit note and an invoice in cancellation no receipt: refused naming the invoice and its state, nothing sent', async () => {
		const invoice = await stampInvoice(kit.sandbox);
		// 1,160.00 MXN to a named recipient: the cancellation waits for the recipient.
		const cancel = await kit.engine.runNode(cancelParams(invoice), [{}]);
		expect(cancel.items[0].json).toMatchObject({ status: 'pendingAcceptance' });
		kit.sandbox.clearLog();
		const paid = await kit.engine.runNode(
			receiptParams([{ uuid: invoice, amountPaid: 100 }]),
			[{}],
			V11,
		);
		expect(paid.error?.message).toBe(
			`Item 0: Invoice ${invoice} is in cancellation (awaiting the recipient or the SAT): a payment receipt cannot relate it.`,
		);
		expect(paid.error?.description).toContain('Wait until the cancellation');
		expect(paid.error?.description).toContain(`value ${invoice}`);
		expect(issuingCalls(kit.sandbox)).toEqual([]);

		kit.sandbox.resolveCancellation(invoice, 'accepted');
		for (const params of [
			noteParams(invoice, { creditAmount: 100, duplicateCheckKey: 'R-30' }),
			typedNoteParams(invoice, 1160, { creditAmount: 100, duplicateCheckKey: 'R-31' }),
		]) {
			const credited = await kit.engine.runNode(params, [{}], V11);
			expect(credited.error?.message).toBe(
				`Item 0: Invoice ${invoice} is cancelled: a credit note cannot relate it.`,
			);
			expect(credited.error?.description).toContain('Relate the invoice that replaced it');
		}
		expect(issuingCalls(kit.sandbox)).toEqual([]);
	});

	test('(c) two credit notes on one ticket of a global invoice in one run: the second sees the first (58.00 ticket, 40.00 + 40.00)', async () => {
		const globalRun = await kit.engine.runNode(globalParams(), SALES);
		const global = String(globalRun.items[0].json.uuid);
		kit.sandbox.clearLog();
		const { items, error } = await kit.engine.runNode(
			{
				resource: 'voucher',
				operation: 'createCreditNote',
				serie: 'NC',
				formaPago: '04',
				creditedInvoices: { invoice: [{ uuid: global }] } as INodeParameters,
				globalSaleTicket: 'T-0002',
				creditAmount: 40,
				duplicateCheckKey: '={{ $json.refund }}',
				options: { noCalcularFecha: true, fecha: '2024-06-10T10:00:00' },
			},
			[{ refund: 'R-40' }, { refund: 'R-41' }],
			{ ...V11, continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items[0].json.status).toBe('stamped');
		expect(String(items[1].json.error)).toBe(
			`Item 1: This credit note would credit more than ticket T-0002 of global invoice ${global} holds: already credited 40.00 MXN, this credit note 40.00 MXN, ticket amount 58.00 MXN.`,
		);
		expect(issuingCalls(kit.sandbox).filter((call) => call.route === 'createVoucher')).toHaveLength(
			1,
		);
	});

	test('(d) "Read Related Invoices From Their XML" off: two credit notes of 600.00 on a 1,160.00 invoice, the second refused all the same', async () => {
		const invoice = await stampInvoice(kit.sandbox);
		const first = await kit.engine.runNode(
			typedNoteParams(invoice, 1160, { creditAmount: 600, duplicateCheckKey: 'R-50' }),
			[{}],
			V11,
		);
		expect(first.error).toBeUndefined();
		kit.sandbox.clearLog();
		const second = await kit.engine.runNode(
			typedNoteParams(invoice, 1160, { creditAmount: 600, duplicateCheckKey: 'R-51' }),
			[{}],
			V11,
		);
		expect(second.error?.message).toBe(
			`Item 0: This credit note would credit more than invoice ${invoice} totals: already credited 600.00 MXN (credit notes ${String(first.items[0].json.uuid)} 600.00 MXN), this credit note 600.00 MXN, invoice total 1160.00 MXN.`,
		);
		expect(issuingCalls(kit.sandbox)).toEqual([]);
	});

	test('(e) a stale Previous Balance (1,160.00 after 1,000.00 was paid) is refused naming the real balance, 160.00', async () => {
		const invoice = await stampInvoice(kit.sandbox);
		const first = await kit.engine.runNode(
			receiptParams([{ uuid: invoice, amountPaid: 1000 }]),
			[{}],
			V11,
		);
		expect(first.error).toBeUndefined();
		kit.sandbox.clearLog();
		const stale = await kit.engine.runNode(
			receiptParams([{ uuid: invoice, amountPaid: 160, installment: 2, previousBalance: 1160 }]),
			[{}],
			V11,
		);
		expect(stale.items).toEqual([]);
		expect(stale.error?.message).toBe(
			`Item 0: The previous balance 1160.00 MXN of invoice ${invoice} (installment 2) is not what is owed: its receipts already paid 1000.00 MXN of 1160.00 MXN, so the balance is 160.00 MXN.`,
		);
		expect(stale.error?.description).toContain('Set the previous balance to 160.00 MXN');
		expect(stale.error?.description).toContain(
			'Related Invoices › invoice 1 › Previous Balance (complemento.complementoPago20.pago[0].doctoRelacionado[0].impSaldoAnt), value 1160.00',
		);
		// The structured refusal every local check gives (before: none).
		expect((stale.error as { context?: { outcome?: unknown } }).context?.outcome).toMatchObject({
			refusal: {
				by: 'localCheck',
				sent: false,
				field: 'Related Invoices › invoice 1 › Previous Balance',
				path: 'complemento.complementoPago20.pago[0].doctoRelacionado[0].impSaldoAnt',
				code: 'PREVIOUS_BALANCE_STALE',
				value: '1160.00',
				fix: expect.stringContaining('Set the previous balance to 160.00 MXN'),
			},
		});
		expect(issuingCalls(kit.sandbox)).toEqual([]);

		const right = await kit.engine.runNode(
			receiptParams([{ uuid: invoice, amountPaid: 160, installment: 2, previousBalance: 160 }]),
			[{}],
			V11,
		);
		expect(right.items[0].json.status).toBe('stamped');
	});

	test('(f) installment 1 again for another amount is refused naming both amounts; for the same amount it is a re-run (alreadyStamped)', async () => {
		const invoice = await stampInvoice(kit.sandbox);
		const first = await kit.engine.runNode(
			receiptParams([{ uuid: invoice, amountPaid: 1000 }]),
			[{}],
			V11,
		);
		const receipt = String(first.items[0].json.uuid);
		kit.sandbox.clearLog();
		const other = await kit.engine.runNode(
			receiptParams([{ uuid: invoice, amountPaid: 160 }]),
			[{}],
			V11,
		);
		expect(other.items).toEqual([]);
		expect(other.error?.message).toBe(
			`Item 0: Installment 1 of invoice ${invoice} is already paid by payment receipt ${receipt} for 1000.00 MXN; this receipt pays 160.00 MXN as the same installment.`,
		);
		expect(other.error?.description).toContain(
			'give installment 2 with the previous balance 160.00 MXN',
		);
		expect(issuingCalls(kit.sandbox)).toEqual([]);

		const again = await kit.engine.runNode(
			receiptParams([{ uuid: invoice, amountPaid: 1000 }]),
			[{}],
			V11,
		);
		expect(again.error).toBeUndefined();
		expect(again.items[0].json).toMatchObject({ status: 'alreadyStamped', uuid: receipt });
	});
});
