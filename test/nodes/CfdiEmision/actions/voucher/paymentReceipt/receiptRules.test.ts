/**
 * Rules of actions/voucher/paymentReceipt/receiptRules.ts: a payment is received before its
 * receipt.
 */
import {
	changed,
	expectOnlyError,
	paymentReceipt,
	validateWithKinds,
} from '../../../../../support/kindFixtures';

describe('a payment is received before its receipt', () => {
	const withPaymentDate = (fechaPago: string, fecha?: string) =>
		changed(paymentReceipt(), (v) => {
			v.complemento.complementoPago20.pago[0].fechaPago = fechaPago;
			if (fecha === undefined) delete v.fecha;
			else v.fecha = fecha;
		});

	it('a payment dated after the receipt fecha is refused', () => {
		const voucher = withPaymentDate('2027-05-09T12:00:00', '2024-05-10T09:00:00');
		expectOnlyError(voucher, 'FECHA_PAGO_AHEAD', 'complemento.complementoPago20.pago[0].fechaPago');
		expect(validateWithKinds(voucher).errors[0].message).toBe(
			'complemento.complementoPago20.pago[0].fechaPago "2027-05-09T12:00:00" is after the receipt\'s fecha "2024-05-10T09:00:00"; a payment receipt records a payment already received.',
		);
	});

	it('a payment the same morning as the receipt passes', () => {
		expect(
			validateWithKinds(withPaymentDate('2024-05-10T08:59:59', '2024-05-10T09:00:00')).errors,
		).toEqual([]);
	});

	it('without fecha, a payment dated years ahead of today is refused, and one from last year passes', () => {
		const nextYears = new Date().getFullYear() + 3;
		const result = validateWithKinds(withPaymentDate(`${nextYears}-01-15T12:00:00`));
		expect(result.errors.map((error) => `${error.code} ${error.path}`)).toEqual([
			'FECHA_PAGO_AHEAD complemento.complementoPago20.pago[0].fechaPago',
		]);
		expect(result.errors[0].message).toMatch(
			/is after \d{4}-\d{2}-\d{2}, 30 days after today in Mexico City; a payment receipt records a payment already received\.$/,
		);
		expect(
			validateWithKinds(withPaymentDate(`${new Date().getFullYear() - 1}-01-15T12:00:00`)).errors,
		).toEqual([]);
	});
});
