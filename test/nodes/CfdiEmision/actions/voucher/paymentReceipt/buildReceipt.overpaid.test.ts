/** A payment receipt built (actions/voucher/paymentReceipt/buildReceipt.ts): more paid than owed is refused (repeated invoices and installments, several payments), and Totales are rounded once. */
import { KindInputError } from '../../../../../../nodes/CfdiEmision/cfdi/kinds/taxRates';

import {
	changed,
	expectOnlyError,
	INVOICE_UUID,
	IVA16,
	paymentReceipt,
	satGuidePayment,
	SECOND_UUID,
	validateWithKinds,
} from '../../../../../support/kindFixtures';
import { complement, PAGO } from '../../../../../support/receiptKit';

describe('more paid than owed is refused; Totales rounded once', () => {
	const twice = (second: Record<string, unknown>) =>
		satGuidePayment({
			documents: [
				{
					idDocumento: INVOICE_UUID,
					impSaldoAnt: 1160,
					impPagado: 580,
					numParcialidad: 1,
					taxes: [IVA16],
				},
				{
					idDocumento: INVOICE_UUID.toLowerCase(),
					impSaldoAnt: 1160,
					impPagado: 580,
					numParcialidad: 2,
					taxes: [IVA16],
					...second,
				},
			],
		});

	it('the same invoice listed twice counts once against its balance: the second installment starts where the first left', () => {
		expect(() => paymentReceipt([twice({})])).toThrow(
			new KindInputError(
				'payments[0].documents[1].impSaldoAnt',
				`Invoice ${INVOICE_UUID} is listed twice: installment 2 starts from a balance of 1160.00, but installment 1 left 580.00 (1160.00 − 580.00); the same invoice counts once against its balance.`,
				"Set installment 2's previous balance to 580.00, or list the invoice once with the sum paid.",
			),
		);
		// Listed consistently, it is a valid receipt of both installments.
		const voucher = paymentReceipt([twice({ impSaldoAnt: 580 })]);
		expect(
			complement(voucher).pago[0].doctoRelacionado.map((dr: any) => [
				dr.numParcialidad,
				dr.impSaldoAnt,
				dr.impSaldoInsoluto,
			]),
		).toEqual([
			[1, 1160, 580],
			[2, 580, 0],
		]);
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('the same installment twice, or installments that skip, are refused', () => {
		expect(() => paymentReceipt([twice({ numParcialidad: 1, impSaldoAnt: 580 })])).toThrow(
			`Invoice ${INVOICE_UUID} is listed twice as installment 1.`,
		);
		expect(() => paymentReceipt([twice({ numParcialidad: 3, impSaldoAnt: 580 })])).toThrow(
			'is listed as installments 1 and 3',
		);
	});

	it('two payments of one receipt paying one invoice more than its balance are refused', () => {
		const first = satGuidePayment({
			documents: [
				{
					idDocumento: INVOICE_UUID,
					impSaldoAnt: 1160,
					impPagado: 1000,
					numParcialidad: 1,
					taxes: [IVA16],
				},
			],
		});
		const second = satGuidePayment({
			documents: [
				{
					idDocumento: INVOICE_UUID,
					impSaldoAnt: 160,
					impPagado: 300,
					numParcialidad: 2,
					taxes: [IVA16],
				},
			],
		});
		expect(() => paymentReceipt([first, second])).toThrow(
			new KindInputError(
				'payments[1].documents[0].impPagado',
				`The amount paid (300) is more than the balance before this payment (160) of ${INVOICE_UUID}.`,
				'Apply to this invoice at most its balance; put the rest on another invoice.',
			),
		);
	});

	it('the validator applies the same rule to a receipt given as JSON', () => {
		const voucher = paymentReceipt([twice({ impSaldoAnt: 580 })]);
		const wrong = changed(voucher, (v) => {
			const dr = complement(v).pago[0].doctoRelacionado[1];
			dr.impSaldoAnt = 1160;
			dr.impSaldoInsoluto = 580;
		});
		expectOnlyError(wrong, 'DR_BALANCE', `${PAGO}.doctoRelacionado[1].impSaldoAnt`);
	});

	it('a previous balance above the invoice total is refused', () => {
		const payment = satGuidePayment({
			documents: [
				{
					idDocumento: INVOICE_UUID,
					impSaldoAnt: 1200,
					impPagado: 580,
					taxes: [IVA16],
					invoiceTotal: 1160,
				},
			],
		});
		expect(() => paymentReceipt([payment])).toThrow(
			`The balance before this payment (1200) is more than the invoice's total (1160) of ${INVOICE_UUID}.`,
		);
	});

	// Two payments of 100.00 USD at 17.123456 MXN: each × TipoCambioP is 1712.3456. Rounded per payment
	// and summed: 1712.35 + 1712.35 = 3424.70; summed exact and rounded once: 3424.6912 → 3424.69.
	// The Pagos 2.0 filling guide defines MontoTotalPagos as the sum of Monto × TipoCambioP (one sum,
	// one rounding to the 2 decimals of t_Importe), as phpcfdi's CfdiUtils computes it.
	it('Totales: Σ Monto × TipoCambioP rounded once, at the end (3424.69, not 3424.70)', () => {
		const usd = (uuid: string) =>
			satGuidePayment({
				monedaP: 'USD',
				tipoCambioP: '17.123456',
				monto: 100,
				documents: [{ idDocumento: uuid, monedaDR: 'USD', impSaldoAnt: 100, impPagado: 100 }],
			});
		const voucher = paymentReceipt([usd(INVOICE_UUID), usd(SECOND_UUID)]);
		expect(complement(voucher).totales).toEqual({ montoTotalPagos: 3424.69 });
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});
});
