/**
 * The ledger's refusals (ledger/ledgerRules.ts) beyond the single-invoice cases of ledger.test.ts: a
 * note on several invoices, notes without a rate, a ticket credited in full, an invoice no longer
 * live, and the fields and figures each refusal names. decimal.js is the oracle of the sums. A
 * receipt's refusals (more than owed, one invoice twice, installments): ledgerRules.payments.test.ts.
 */
import Decimal from 'decimal.js';

import { Ledger, type LedgerDocument } from '../../../../nodes/CfdiEmision/ledger/ledger';
import {
	creditRefusal,
	liveInvoiceRefusal,
} from '../../../../nodes/CfdiEmision/ledger/ledgerRules';
import { parseDecimal } from '../../../../nodes/CfdiEmision/cfdi/decimal';
import { ledgerInvoice, ledgerNote } from '../../../support/ledgerDocuments';

const A = 'AAAAAAAA-1111-4111-8111-111111111111';
const B = 'BBBBBBBB-2222-4222-8222-222222222222';
const d = (text: string) => parseDecimal(text) as NonNullable<ReturnType<typeof parseDecimal>>;

const invoice = ledgerInvoice;
const note = (uuid: string, total: string, extra: Partial<LedgerDocument> = {}) =>
	ledgerNote(uuid, total, [A], extra);

describe('creditRefusal', () => {
	test('a note relating an invoice that could not be read: refused naming it, nothing summed', () => {
		const ledger = new Ledger();
		ledger.put(invoice(A, '100.00'));
		expect(creditRefusal(ledger, note('NEW', '1.00', { credits: [A, B] }))).toEqual({
			status: 'invoiceUnknown',
			message: `Invoice ${B} the credit note relates could not be read.`,
			fix: 'Nothing was sent. Check the UUID of the related invoice.',
			field: 'cfdiRelacionados',
			value: B,
		});
	});

	test('a note relating a cancelled invoice: refused at the relation, saying a credit note cannot relate it', () => {
		const ledger = new Ledger();
		ledger.put(invoice(A, '100.00'));
		ledger.put(invoice(B, '100.00', { state: 'cancelled' }));
		expect(creditRefusal(ledger, note('NEW', '1.00', { credits: [A, B] }))).toMatchObject({
			status: 'invoiceCancelled',
			message: `Invoice ${B} is cancelled: a credit note cannot relate it.`,
			field: 'cfdiRelacionados',
			value: B,
		});
	});

	test('a note on two invoices credits up to both totals together, each earlier note once', () => {
		const ledger = new Ledger();
		ledger.put(invoice(A, '100.00'));
		ledger.put(invoice(B, '50.00'));
		ledger.put(note('N-BOTH', '30.00', { credits: [A, B] }));
		ledger.put(note('N-B', '20.00', { credits: [B] }));
		const limit = new Decimal('100.00').plus('50.00').minus('30.00').minus('20.00');
		expect(
			creditRefusal(ledger, note('NEW', limit.toFixed(2), { credits: [A, B] })),
		).toBeUndefined();
		const refusal = creditRefusal(
			ledger,
			note('NEW', limit.plus('0.01').toFixed(2), { credits: [A, B] }),
		);
		expect(refusal?.message).toBe(
			`This credit note would credit more than invoices ${A}, ${B} total: already credited 50.00 MXN (credit notes N-BOTH 30.00 MXN, N-B 20.00 MXN), this credit note 100.01 MXN, invoice total 150.00 MXN.`,
		);
		expect(refusal?.figures).toEqual({
			alreadyCredited: '50.00',
			invoiceTotal: '150.00',
			currency: 'MXN',
		});
		expect(refusal).toMatchObject({ field: 'total', value: '100.01' });
	});

	test("a note on a USD and an MXN invoice: the MXN invoice's earlier notes counted in USD at their own conversion", () => {
		const ledger = new Ledger();
		ledger.put(invoice(A, '100.00', { currency: 'USD', exchangeRate: d('20.00') }));
		ledger.put(invoice(B, '2000.00'));
		ledger.put(note('N-B', '400.00', { credits: [B] }));
		// 100 USD + 2000 MXN (100 USD at the invoice's rate) less 400 MXN (20 USD): 180 USD left.
		const note180 = note('NEW', '180.00', {
			credits: [A, B],
			currency: 'USD',
			exchangeRate: d('20.00'),
		});
		expect(creditRefusal(ledger, note180)).toBeUndefined();
		const refusal = creditRefusal(ledger, { ...note180, total: d('180.01') });
		expect(refusal?.message).toContain(
			'already credited 20.00 USD (credit notes N-B 20.00 USD from 400.00 MXN)',
		);
	});

	test('a note on an MXN and a USD invoice without TipoCambio: the totals cannot be summed, refused naming that invoice', () => {
		const ledger = new Ledger();
		ledger.put(invoice(A, '100.00'));
		ledger.put(invoice(B, '50.00', { currency: 'USD' }));
		expect(creditRefusal(ledger, note('NEW', '1.00', { credits: [A, B] }))).toEqual({
			status: 'exchangeRateMissing',
			message: `Invoice ${B} is in USD and invoice ${A} in MXN, and no exchange rate converts one into the other: their totals cannot be summed.`,
			fix: 'Nothing was sent. Issue one credit note per invoice currency.',
			field: 'cfdiRelacionados',
			value: B,
		});
	});

	test('a note in USD on an MXN invoice with no TipoCambio: refused naming tipoCambio', () => {
		const ledger = new Ledger();
		ledger.put(invoice(A, '100.00'));
		expect(creditRefusal(ledger, note('NEW', '1.00', { currency: 'USD' }))).toMatchObject({
			status: 'exchangeRateMissing',
			message: `The credit note is in USD and invoice ${A} in MXN, and no exchange rate converts one into the other.`,
			fix: "Nothing was sent. Give the exchange rate (TipoCambio, MXN per unit of the currency) of the note, or issue it in the invoice's currency.",
			field: 'tipoCambio',
			value: '',
		});
		ledger.put(invoice(A, '100.00', { currency: 'USD' }));
		expect(creditRefusal(ledger, note('NEW', '1.00', { exchangeRate: d('17.5') }))?.value).toBe(
			'17.5',
		);
	});

	test('an earlier note without a rate: what is credited cannot be summed, refused naming that note', () => {
		const ledger = new Ledger();
		ledger.put(invoice(A, '100.00'));
		ledger.put(note('N-USD', '1.00', { currency: 'USD', label: "this run's item 3" }));
		expect(creditRefusal(ledger, note('NEW', '1.00'))).toEqual({
			status: 'exchangeRateMissing',
			message: `Credit note this run's item 3 on invoice ${A} is in USD without an exchange rate to MXN: what is already credited cannot be summed.`,
			fix: 'Nothing was sent. Check that credit note (XML > Download); the sum needs its TipoCambio.',
		});
	});

	test('an invoice credited in full: the fix says so instead of an amount', () => {
		const ledger = new Ledger();
		ledger.put(invoice(A, '100.00'));
		ledger.put(note('N-1', '100.00'));
		const refusal = creditRefusal(ledger, note('NEW', '0.01'));
		expect(refusal?.fix).toBe(
			'Nothing was sent. The invoice is credited in full already; cancel a credit note that was wrong first if a new one is needed.',
		);
		expect(refusal?.message).toContain(
			`more than invoice ${A} totals: already credited 100.00 MXN (credit notes N-1 100.00 MXN), this credit note 0.01 MXN`,
		);
	});

	test('an MXN note on a USD invoice: its converted amount and its own, both shown', () => {
		const ledger = new Ledger();
		ledger.put(invoice(A, '10.00', { currency: 'USD', exchangeRate: d('17.00') }));
		const refusal = creditRefusal(ledger, note('NEW', '171.00'));
		// decimal.js: 171 ÷ 17 = 10.0588… → 10.06 USD
		expect(new Decimal(171).div(17).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2)).toBe(
			'10.06',
		);
		expect(refusal?.message).toBe(
			`This credit note would credit more than invoice ${A} totals: already credited 0.00 USD, this credit note 10.06 USD (171.00 MXN converted), invoice total 10.00 USD.`,
		);
		expect(refusal?.fix).toContain('Credit at most 10.00 USD');
	});

	test('a ticket credited in full: refused with the figures, the fix says so; another ticket still fits', () => {
		const ledger = new Ledger();
		ledger.put(
			invoice(A, '174.00', { global: true, tickets: { 'T-1': d('116.00'), 'T-2': d('58.00') } }),
		);
		ledger.put(note('N-1', '116.00', { tickets: { 'T-1': d('116.00') } }));
		const refusal = creditRefusal(ledger, note('NEW', '1.00', { tickets: { 'T-1': d('1.00') } }));
		expect(refusal).toMatchObject({
			status: 'creditExceedsTicket',
			fix: 'Nothing was sent. Ticket T-1 is credited in full already; cancel a credit note that was wrong first if a new one is needed.',
			field: 'total',
			value: '1.00',
			figures: { ticket: 'T-1', alreadyCredited: '116.00', ticketAmount: '116.00' },
		});
		expect(
			creditRefusal(
				ledger,
				note('NEW', '58.00', { tickets: { 'T-2': d('58.00'), 'T-9': d('1') } }),
			),
		).toBeUndefined();
		// A note on a ticket of an invoice that is not global is held to the invoice total only.
		const plain = new Ledger();
		plain.put(invoice(A, '174.00', { tickets: { 'T-1': d('116.00') } }));
		expect(
			creditRefusal(plain, note('NEW', '120.00', { tickets: { 'T-1': d('120.00') } })),
		).toBeUndefined();
	});

	test('a ticket partly credited: the fix gives what is left', () => {
		const ledger = new Ledger();
		ledger.put(invoice(A, '116.00', { global: true, tickets: { 'T-1': d('116.00') } }));
		ledger.put(note('N-1', '16.00', { tickets: { 'T-1': d('16.00') } }));
		expect(
			creditRefusal(ledger, note('NEW', '100.01', { tickets: { 'T-1': d('100.01') } }))?.fix,
		).toBe(
			'Nothing was sent. Credit at most 100.00 MXN on ticket T-1, or cancel a credit note that was wrong first.',
		);
	});
});

describe('liveInvoiceRefusal', () => {
	test('cancelled and in cancellation: each its status, words and fix; valid and pending: none', () => {
		const cancelled = liveInvoiceRefusal(invoice(A, '1', { state: 'cancelled' }), 'a credit note');
		expect(cancelled).toMatchObject({
			status: 'invoiceCancelled',
			message: `Invoice ${A} is cancelled: a credit note cannot relate it.`,
			figures: { invoice: A, state: 'cancelled' },
		});
		expect(cancelled?.fix).toContain(`relation 04 to ${A}`);
		const pending = liveInvoiceRefusal(
			invoice(A, '1', { state: 'inCancellation' }),
			'a payment receipt',
		);
		expect(pending).toMatchObject({
			status: 'invoiceInCancellation',
			message: `Invoice ${A} is in cancellation (awaiting the recipient or the SAT): a payment receipt cannot relate it.`,
		});
		expect(pending?.fix).toContain(`Wait until the cancellation of ${A} is accepted or rejected`);
		expect(liveInvoiceRefusal(invoice(A, '1', { state: 'pending' }), 'x')).toBeUndefined();
		expect(liveInvoiceRefusal(invoice(A, '1'), 'x')).toBeUndefined();
	});
});
