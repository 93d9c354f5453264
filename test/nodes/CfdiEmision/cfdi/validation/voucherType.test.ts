/**
 * Rules of cfdi/validation/voucherType.ts: the payment method and payment form (PUE with formaPago 99), and the corpus cases whose error it reports.
 */
import { invalidCasesOf } from '../../../../support/corpus';
import type { Voucher } from '../../../../../nodes/CfdiEmision/cfdi/types';

import { invoiceVoucher } from '../../../../support/vouchers';
import { changed, expectOnlyError, validateWithKinds } from '../../../../support/kindFixtures';

const invoice = () => invoiceVoucher() as unknown as Voucher;

describe('payment method and payment form', () => {
	it('PUE with formaPago 99 is refused (RMF 2.7.1.29, Anexo 20 guide)', () => {
		const voucher = changed(invoice(), (v) => (v.formaPago = '99'));
		expectOnlyError(voucher, 'PUE_FORMA_PAGO_99', 'formaPago');
		expect(validateWithKinds(voucher).errors[0].fix).toContain(
			'or metodoPago "PPD" if it is not paid yet',
		);
	});

	it('PPD with 99 and PUE with a real form pass', () => {
		expect(
			validateWithKinds(
				changed(invoice(), (v) => Object.assign(v, { formaPago: '99', metodoPago: 'PPD' })),
			).errors,
		).toEqual([]);
		expect(
			validateWithKinds(
				changed(invoice(), (v) => Object.assign(v, { formaPago: '04', metodoPago: 'PUE' })),
			).errors,
		).toEqual([]);
	});
});

describe('voucher corpus', () => {
	describe('invalid vouchers give exactly the stated error', () => {
		it.each(invalidCasesOf('voucherType').map((c) => [c.name, c] as const))('%s', (_name, c) => {
			const result = validateWithKinds(c.voucher);
			expect(result.valid).toBe(false);
			expect(result.errors.map(({ code, path }) => ({ code, path }))).toEqual([c.expect]);
			const [error] = result.errors;
			expect(error.message).toContain(error.path);
			expect(error.fix.length).toBeGreaterThan(5);
		});
	});
});
