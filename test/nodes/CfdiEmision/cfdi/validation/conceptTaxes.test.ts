/**
 * Rules of cfdi/validation/conceptTaxes.ts: the voucher corpus's invalid cases whose error this file reports
 * (test/support/corpus*Cases.ts name each case's rule), run through validateVoucher.
 */
import { invalidCasesOf } from '../../../../support/corpus';
import { validateWithKinds } from '../../../../support/kindFixtures';

describe('voucher corpus', () => {
	describe('invalid vouchers give exactly the stated error', () => {
		it.each(invalidCasesOf('conceptTaxes').map((c) => [c.name, c] as const))('%s', (_name, c) => {
			const result = validateWithKinds(c.voucher);
			expect(result.valid).toBe(false);
			expect(result.errors.map(({ code, path }) => ({ code, path }))).toEqual([c.expect]);
			const [error] = result.errors;
			expect(error.message).toContain(error.path);
			expect(error.fix.length).toBeGreaterThan(5);
		});
	});
});
