/** A paid order's payment receipt (actions/voucher/paymentReceipt/receiptFromOrder.ts): the payment it records (its date, form and amount; which transaction), and each refusal in words. */
import type { Voucher } from '../../../../../../nodes/CfdiEmision/cfdi/types';
import { receiptFromOrder } from '../../../../../../nodes/CfdiEmision/actions/voucher/paymentReceipt/receiptFromOrder';
import { refusal } from '../../../../../support/refusal';
import { corpusOrder } from '../../../../../support/corpusOrder';
import { SETTINGS, paidOrder } from '../../../../../support/paidOrder';
import { firstPago } from '../../../../../support/receiptKit';

describe('paid order → payment receipt: the payment, the invoice it pays, and every refusal in words', () => {
	it('the receipt says what it records: the payment received, its description, and no notes', () => {
		const result = receiptFromOrder(paidOrder(), SETTINGS);
		expect(result.source).toEqual({
			amount: '20199.00',
			currency: 'MXN',
			from: 'the payment received (transactions[0])',
			field: 'transactions[0].amount',
			fix: "the order's transactions",
		});
		expect(result.notes).toEqual([]);
		expect(result.voucher?.descripcionFacturador).toBe('Payment of order #1015');
		// A receipt in pesos carries the exchange rate 1 (Pagos 2.0: TipoCambioP is 1 for MXN).
		expect(firstPago(result.voucher as Voucher).tipoCambioP).toBe(1);
	});

	it('the payment date: Shopify time with a space or a T; a text that is not a date-time is refused, naming where it was read', () => {
		const spaced = paidOrder();
		spaced.transactions[0].processed_at = '2026-11-25 09:41:07 -0600';
		expect(firstPago(receiptFromOrder(spaced, SETTINGS).voucher as Voucher).fechaPago).toBe(
			'2026-11-25T09:41:07',
		);
		const createdOnly = paidOrder();
		delete createdOnly.transactions[0].processed_at;
		createdOnly.transactions[0].created_at = '2026-11-24T08:00:00-06:00';
		expect(firstPago(receiptFromOrder(createdOnly, SETTINGS).voucher as Voucher).fechaPago).toBe(
			'2026-11-24T08:00:00',
		);

		const prefixed = paidOrder();
		prefixed.transactions[0].processed_at = 'on 2026-11-25T10:00:00';
		const error = refusal(() => receiptFromOrder(prefixed, SETTINGS));
		expect([error.path, error.message]).toEqual([
			'transactions[0].processed_at',
			'transactions[0].processed_at "on 2026-11-25T10:00:00" is not a date-time.',
		]);
		expect(error.fix).toBe(
			'Give the payment date as Shopify writes it, e.g. 2026-11-21T16:05:00-06:00, or set Payment Date.',
		);
	});

	it("the payment date is Mexico City's wall clock at the payment's instant, however the order writes it", () => {
		// 31 October 23:30 in Mexico City, as Shopify's API writes it in UTC, in RFC 2822 and in Tijuana.
		for (const processedAt of [
			'2026-11-01T05:30:00Z',
			'Sun, 01 Nov 2026 05:30:00 +0000',
			'2026-10-31T21:30:00-08:00',
		]) {
			const order = paidOrder();
			order.transactions[0].processed_at = processedAt;
			expect(firstPago(receiptFromOrder(order, SETTINGS).voucher as Voucher).fechaPago).toBe(
				'2026-10-31T23:30:00',
			);
		}
		// Before 30 October 2022 the day's offset applies (daylight time, UTC-5).
		const dst = paidOrder();
		dst.transactions[0].processed_at = '2022-08-01T04:30:00Z';
		expect(firstPago(receiptFromOrder(dst, SETTINGS).voucher as Voucher).fechaPago).toBe(
			'2022-07-31T23:30:00',
		);
		// Without transactions, Payment Date given as a Date.
		const untracked = paidOrder();
		delete untracked.transactions;
		const dated = receiptFromOrder(untracked, {
			...SETTINGS,
			paymentDate: new Date('2026-11-01T05:30:00Z'),
		}).voucher as Voucher;
		expect(firstPago(dated).fechaPago).toBe('2026-10-31T23:30:00');
	});

	it('without transactions: Payment Date wins over updated_at, then processed_at; each named when it is not a date-time', () => {
		const order = paidOrder();
		delete order.transactions;
		const dated = receiptFromOrder(order, { ...SETTINGS, paymentDate: '2026-12-01T09:00:00' })
			.voucher as Voucher;
		expect(firstPago(dated).fechaPago).toBe('2026-12-01T09:00:00');
		expect(
			refusal(() => receiptFromOrder(order, { ...SETTINGS, paymentDate: 'tomorrow' })),
		).toMatchObject({
			path: 'settings.paymentDate',
			message: 'settings.paymentDate "tomorrow" is not a date-time.',
		});
		delete order.updated_at;
		order.processed_at = '2026-11-26T18:00:00-06:00';
		const result = receiptFromOrder(order, SETTINGS);
		expect(firstPago(result.voucher as Voucher).fechaPago).toBe('2026-11-26T18:00:00');
		expect(result.source).toMatchObject({
			amount: '20199.00',
			field: 'updated_at.amount',
			from: 'the payment received (updated_at)',
		});
		delete order.processed_at;
		expect(refusal(() => receiptFromOrder(order, SETTINGS))).toMatchObject({
			path: 'updated_at',
			message: 'updated_at is missing.',
		});
	});

	it('without transactions the gateway decides the form; a gateway not in the table, or none, is refused', () => {
		const order = paidOrder();
		delete order.transactions;
		order.payment_gateway_names = ['Kueski Pay'];
		const error = refusal(() => receiptFromOrder(order, SETTINGS));
		expect(error.path).toBe('payment_gateway_names');
		expect(error.message).toBe(
			'order #1015 was paid through gateway "kueski pay", which has no payment form in the table; a payment receipt names how the money was received (never 99).',
		);
		expect(error.fix).toBe('Add the gateway to Payment Forms, e.g. "03" for a bank deposit.');
		order.payment_gateway_names = [];
		expect(refusal(() => receiptFromOrder(order, SETTINGS)).message).toBe(
			'order #1015 was paid through no known gateway; a payment receipt names how the money was received (never 99).',
		);
		// A form of 99 (to be defined) cannot say how money was received.
		const transfer = paidOrder();
		expect(
			refusal(() =>
				receiptFromOrder(transfer, { ...SETTINGS, paymentForms: { 'bank deposit': '99' } }),
			),
		).toMatchObject({ path: 'transactions[0].gateway' });
		expect(
			firstPago(
				receiptFromOrder(transfer, { ...SETTINGS, paymentForms: { 'bank deposit': '02' } })
					.voucher as Voucher,
			).formaDePagoP,
		).toBe('02');
	});

	it('without transactions only an order Shopify calls paid has received its money; the fix says what to give', () => {
		const pending = corpusOrder('pending-bank-deposit');
		expect(refusal(() => receiptFromOrder(pending, SETTINGS)).fix).toBe(
			'Issue the payment receipt once the order is paid (orders/paid), with its transactions.',
		);
		pending.financial_status = 'partially_paid';
		expect(refusal(() => receiptFromOrder(pending, SETTINGS)).fix).toBe(
			'Give the order with its transactions (Shopify node, Get order with transactions) so the amount received is known.',
		);
		pending.financial_status = ' PAID ';
		expect(
			firstPago(
				receiptFromOrder(pending, { ...SETTINGS, paymentDate: '2026-12-01T09:00:00' })
					.voucher as Voucher,
			).monto,
		).toBe(20199);
		delete pending.financial_status;
		expect(refusal(() => receiptFromOrder(pending, SETTINGS)).message).toContain(
			'(financial_status null, no successful sale or capture transaction)',
		);
	});

	it('Transaction ID picks a payment, blank means the last one; the earlier ones give the installment and the balance', () => {
		const order = paidOrder(['5000.00', '5000.00', '10199.00']);
		order.transactions.splice(1, 0, {
			id: 1,
			kind: 'authorization',
			status: 'success',
			gateway: 'Bank Deposit',
			amount: '20199.00',
		});
		const second = firstPago(
			receiptFromOrder(order, { ...SETTINGS, transactionId: ' 660001 ' }).voucher as Voucher,
		).doctoRelacionado[0];
		expect(second).toMatchObject({
			numParcialidad: 2,
			impSaldoAnt: 15199,
			impPagado: 5000,
			impSaldoInsoluto: 10199,
		});
		const last = receiptFromOrder(order, { ...SETTINGS, transactionId: '  ' });
		expect(firstPago(last.voucher as Voucher).doctoRelacionado[0]).toMatchObject({
			numParcialidad: 3,
			impSaldoAnt: 10199,
			impPagado: 10199,
		});
		expect(last.source).toMatchObject({ field: 'transactions[3].amount' });
		expect(refusal(() => receiptFromOrder(order, { ...SETTINGS, transactionId: 1 }))).toMatchObject(
			{
				path: 'transactions',
				message: 'order #1015 has no successful payment with id 1.',
				fix: 'Give the id of one of its sale or capture transactions, or leave Transaction ID empty for the last one.',
			},
		);
		order.transactions[0].amount = 'five thousand';
		expect(refusal(() => receiptFromOrder(order, SETTINGS))).toMatchObject({
			path: 'transactions[0].amount',
			message: 'transactions[0].amount "five thousand" is not an amount.',
		});
	});

	it('a payment of 0 or above the balance is refused with both figures', () => {
		const over = paidOrder(['10000.00', '10199.01']);
		const error = refusal(() => receiptFromOrder(over, SETTINGS));
		expect([error.path, error.message]).toEqual([
			'transactions[1].amount',
			"The payment of 10199.01 MXN is not between 0 and the invoice's balance of 10199 MXN.",
		]);
		expect(error.fix).toBe(
			'Check that the invoice was built with the same settings and that the payment belongs to this order.',
		);
		expect(refusal(() => receiptFromOrder(paidOrder(['0.00']), SETTINGS)).message).toBe(
			"The payment of 0 MXN is not between 0 and the invoice's balance of 20199 MXN.",
		);
	});
});
