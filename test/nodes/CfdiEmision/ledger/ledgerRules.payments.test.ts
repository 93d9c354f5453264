/**
 * The ledger's refusals of a payment receipt (ledger/ledgerRules.ts: paymentRefusal,
 * installmentConflictRefusal): a receipt that pays more than owed, a stale previous balance, one
 * invoice listed twice, an invoice unread, cancelled or issued PUE, and installments receipted
 * already or used for another amount, with the fields and figures each refusal names. decimal.js is
 * the oracle of the sums. The credit notes' and live invoices' refusals: ledgerRules.test.ts.
 */
import Decimal from 'decimal.js';

import { Ledger } from '../../../../nodes/CfdiEmision/ledger/ledger';
import {
	installmentConflictRefusal,
	paymentRefusal,
} from '../../../../nodes/CfdiEmision/ledger/ledgerRules';
import { parseDecimal } from '../../../../nodes/CfdiEmision/cfdi/decimal';
import { ledgerInvoice, ledgerReceipt } from '../../../support/ledgerDocuments';

const A = 'AAAAAAAA-1111-4111-8111-111111111111';
const B = 'BBBBBBBB-2222-4222-8222-222222222222';
const d = (text: string) => parseDecimal(text) as NonNullable<ReturnType<typeof parseDecimal>>;

const invoice = ledgerInvoice;

type Paid = {
	invoice?: string;
	installment: number;
	previous?: string;
	amount: string;
	path?: string;
};
const receipt = (uuid: string, paid: Paid[]) =>
	ledgerReceipt(
		uuid,
		paid.map((entry) => ({
			invoice: entry.invoice ?? A,
			installment: entry.installment,
			previous: entry.previous === undefined ? undefined : d(entry.previous),
			amount: d(entry.amount),
			...(entry.path ? { path: entry.path } : {}),
		})),
	);

describe('paymentRefusal', () => {
	test('more than owed: refused with the balance, the total and what is paid, at the field of the amount', () => {
		const ledger = new Ledger();
		ledger.put(invoice(A, '1160.00'));
		ledger.put(receipt('R-1', [{ installment: 1, previous: '1160.00', amount: '1000.00' }]));
		const path = 'complemento.complementoPago20.pago[0].doctoRelacionado[0]';
		expect(
			paymentRefusal(ledger, receipt('NEW', [{ installment: 2, amount: '160.00', path }])),
		).toBeUndefined();
		expect(
			paymentRefusal(ledger, receipt('NEW', [{ installment: 2, amount: '160.01', path }])),
		).toEqual({
			status: 'paymentExceedsBalance',
			message: `This receipt pays 160.01 MXN on invoice ${A}, which owes 160.00 MXN (total 1160.00 MXN, already paid 1000.00 MXN).`,
			fix: 'Nothing was sent. Pay at most 160.00 MXN on this invoice.',
			field: `${path}.impPagado`,
			value: '160.01',
		});
	});

	test('a stale previous balance with too much paid: the fix asks for both, at the field of the balance', () => {
		const ledger = new Ledger();
		ledger.put(invoice(A, '1160.00'));
		ledger.put(receipt('R-1', [{ installment: 1, previous: '1160.00', amount: '1000.00' }]));
		const refusal = paymentRefusal(
			ledger,
			receipt('NEW', [{ installment: 2, previous: '1160.00', amount: '1160.00' }]),
		);
		expect(refusal).toMatchObject({
			status: 'previousBalanceStale',
			fix: "Nothing was sent. Set the previous balance to 160.00 MXN and pay at most that, or leave it to the invoice's XML.",
			field: 'doctoRelacionado.impSaldoAnt',
			value: '1160.00',
			figures: { invoice: A, balance: '160.00', paid: '1000.00' },
		});
	});

	test('a stale previous balance paying exactly what is owed: the fix asks only for the balance', () => {
		const ledger = new Ledger();
		ledger.put(invoice(A, '1160.00'));
		ledger.put(receipt('R-1', [{ installment: 1, previous: '1160.00', amount: '1000.00' }]));
		const refusal = paymentRefusal(
			ledger,
			receipt('NEW', [{ installment: 2, previous: '1160.00', amount: '160.00' }]),
		);
		expect(refusal).toMatchObject({
			status: 'previousBalanceStale',
			message: `The previous balance 1160.00 MXN of invoice ${A} (installment 2) is not what is owed: its receipts already paid 1000.00 MXN of 1160.00 MXN, so the balance is 160.00 MXN.`,
			fix: "Nothing was sent. Set the previous balance to 160.00 MXN, or leave it to the invoice's XML.",
		});
	});

	test('one invoice listed twice in a receipt: the second listing starts where the first left off, in installment order', () => {
		const ledger = new Ledger();
		ledger.put(invoice(A, '1000.00'));
		const twice = receipt('NEW', [
			{ installment: 2, previous: '600.00', amount: '600.00' },
			{ installment: 1, previous: '1000.00', amount: '400.00' },
		]);
		expect(paymentRefusal(ledger, twice)).toBeUndefined();
		const over = receipt('NEW', [
			{ installment: 1, previous: '1000.00', amount: '400.00' },
			{ installment: 2, previous: '600.00', amount: '600.01' },
		]);
		expect(paymentRefusal(ledger, over)?.message).toBe(
			`This receipt pays 600.01 MXN on invoice ${A}, which owes ${new Decimal(1000).minus(400).toFixed(2)} MXN (total 1000.00 MXN, already paid 0 MXN).`.replace(
				'already paid 0 MXN',
				'already paid 0.00 MXN',
			),
		);
	});

	test('the refusal is of the first invoice at fault; a USD invoice speaks USD', () => {
		const ledger = new Ledger();
		ledger.put(invoice(A, '100.00', { currency: 'USD', exchangeRate: d('17') }));
		ledger.put(invoice(B, '50.00', { metodoPago: 'pue' }));
		expect(
			paymentRefusal(ledger, receipt('NEW', [{ installment: 1, amount: '100.01' }]))?.fix,
		).toBe('Nothing was sent. Pay at most 100.00 USD on this invoice.');
		const path = 'complemento.complementoPago20.pago[0].doctoRelacionado[1]';
		expect(
			paymentRefusal(
				ledger,
				receipt('NEW', [
					{ installment: 1, amount: '1' },
					{ invoice: B, installment: 1, amount: '1', path },
				]),
			),
		).toMatchObject({
			status: 'invoicePaidInFull',
			message: `Invoice ${B} was issued with payment method PUE (paid in full when issued): it takes no payment receipt.`,
			field: `${path}.idDocumento`,
			value: B,
		});
		expect(
			paymentRefusal(
				ledger,
				receipt('NEW', [
					{ invoice: 'CCCCCCCC-3333-4333-8333-333333333333', installment: 1, amount: '1' },
				]),
			),
		).toMatchObject({
			field: 'doctoRelacionado.idDocumento',
			value: 'CCCCCCCC-3333-4333-8333-333333333333',
		});
		ledger.put(invoice(A, '100.00', { state: 'cancelled' }));
		expect(paymentRefusal(ledger, receipt('NEW', [{ installment: 1, amount: '1' }]))).toMatchObject(
			{
				status: 'invoiceCancelled',
				field: 'doctoRelacionado.idDocumento',
				value: A,
			},
		);
	});

	test('an invoice unread, cancelled or issued PUE: each refusal in full, at the paid document', () => {
		const ledger = new Ledger();
		const C = 'CCCCCCCC-3333-4333-8333-333333333333';
		ledger.put(invoice(A, '100.00', { state: 'cancelled' }));
		ledger.put(invoice(B, '50.00', { metodoPago: 'PUE', name: 'F-12' }));
		const path = 'complemento.complementoPago20.pago[0].doctoRelacionado[0]';
		const paying = (uuid: string) =>
			paymentRefusal(
				ledger,
				receipt('NEW', [{ invoice: uuid, installment: 1, amount: '1', path }]),
			);
		expect(paying(C)).toEqual({
			status: 'invoiceUnknown',
			message: `Invoice ${C} the receipt pays could not be read.`,
			fix: 'Nothing was sent. Check the UUID of the paid invoice.',
			field: `${path}.idDocumento`,
			value: C,
		});
		expect(paying(A)?.message).toBe(
			`Invoice ${A} is cancelled: a payment receipt cannot relate it.`,
		);
		expect(paying(B)).toEqual({
			status: 'invoicePaidInFull',
			message: `Invoice ${B} (F-12) was issued with payment method PUE (paid in full when issued): it takes no payment receipt.`,
			fix: 'Nothing was sent. Only an invoice issued PPD (paid later) takes payment receipts; for a PUE invoice the payment is already recorded in it.',
			field: `${path}.idDocumento`,
			value: B,
		});
	});

	test('two installments receipted already: both named, and the fix', () => {
		const ledger = new Ledger();
		ledger.put(invoice(A, '1160.00'));
		ledger.put(invoice(B, '580.00'));
		ledger.put(receipt('R-1', [{ installment: 1, amount: '1000.00' }]));
		ledger.put(receipt('R-2', [{ invoice: B, installment: 1, amount: '580.00' }]));
		const refusal = paymentRefusal(
			ledger,
			receipt('NEW', [
				{ installment: 1, amount: '1000.00' },
				{ invoice: B, installment: 1, amount: '580.00' },
			]),
		);
		expect(refusal).toMatchObject({
			status: 'installmentReceipted',
			message: `This payment receipt pays what another receipt already pays: installment 1 of invoice ${A} is already paid by payment receipt R-1; installment 1 of invoice ${B} is already paid by payment receipt R-2.`,
			fix: 'Nothing was sent. An installment of an invoice is receipted once: give the next installment number with the balance the earlier receipt left, or cancel the earlier receipt first if it was wrong.',
		});
	});

	test('an installment receipted again for the same amount: named with the other receipt, at the installment field', () => {
		const ledger = new Ledger();
		ledger.put(invoice(A, '1160.00'));
		ledger.put(receipt('R-1', [{ installment: 1, previous: '1160.00', amount: '1000.00' }]));
		const path = 'complemento.complementoPago20.pago[0].doctoRelacionado[0]';
		expect(
			paymentRefusal(ledger, receipt('NEW', [{ installment: 1, amount: '1000.00', path }])),
		).toMatchObject({
			message: `This payment receipt pays what another receipt already pays: installment 1 of invoice ${A} is already paid by payment receipt R-1.`,
			field: `${path}.numParcialidad`,
			value: '1',
		});
		expect(
			paymentRefusal(ledger, receipt('NEW', [{ installment: 1, amount: '1000.00' }]))?.field,
		).toBe('numParcialidad');
	});

	test('an installment used for another amount: the next free number and the balance, the figures of both', () => {
		const ledger = new Ledger();
		ledger.put(invoice(A, '1160.00', { currency: 'USD', exchangeRate: d('17') }));
		ledger.put(receipt('R-1', [{ installment: 1, amount: '500.00' }]));
		ledger.put(receipt('R-3', [{ installment: 3, amount: '100.00' }]));
		const path = 'complemento.complementoPago20.pago[0].doctoRelacionado[0]';
		const refusal = installmentConflictRefusal(
			ledger,
			receipt('NEW', [{ installment: 3, amount: '60.00', path }]),
		);
		expect(refusal).toMatchObject({
			status: 'installmentUsed',
			fix: `Nothing was sent. A new payment is a new installment: give installment 4 with the previous balance ${new Decimal(1160).minus(500).minus(100).toFixed(2)} USD. If the earlier receipt's amount was wrong, cancel it first.`,
			field: `${path}.numParcialidad`,
			value: '3',
			figures: {
				invoice: A,
				installment: '3',
				otherReceipt: 'R-3',
				otherAmount: '100.00',
				amount: '60.00',
			},
		});
		expect(
			paymentRefusal(ledger, receipt('NEW', [{ installment: 3, amount: '60.00' }])),
		).toMatchObject({ status: 'installmentUsed', field: 'numParcialidad' });
	});

	test('a receipt of an invoice the ledger has not read: no installment conflict is claimed', () => {
		const ledger = new Ledger();
		ledger.put(receipt('R-1', [{ installment: 1, amount: '500.00' }]));
		expect(
			installmentConflictRefusal(ledger, receipt('NEW', [{ installment: 1, amount: '60.00' }])),
		).toBeUndefined();
	});
});
