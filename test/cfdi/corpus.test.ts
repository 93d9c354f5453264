import { computeTotals, validateVoucher, type Voucher } from '../../nodes/CfdiEmision/cfdi';
import { INVALID_CASES, VALID_CASES } from './corpus';

describe('voucher corpus', () => {
	it('holds at least 40 vouchers', () => {
		expect(VALID_CASES.length + INVALID_CASES.length).toBeGreaterThanOrEqual(40);
	});

	describe('valid vouchers give no error', () => {
		it.each(VALID_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
			const result = validateVoucher(c.voucher, c.options);
			expect(result.errors).toEqual([]);
			expect(result.valid).toBe(true);
			expect(result.warnings.map((w) => w.code)).toEqual(c.warnings ?? []);
		});
	});

	describe('invalid vouchers give exactly the stated error', () => {
		it.each(INVALID_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
			const result = validateVoucher(c.voucher);
			expect(result.valid).toBe(false);
			expect(result.errors.map(({ code, path }) => ({ code, path }))).toEqual([c.expect]);
			const [error] = result.errors;
			expect(error.message).toContain(error.path);
			expect(error.fix.length).toBeGreaterThan(5);
		});
	});

	describe('computeTotals keeps valid vouchers valid and unchanged in their totals', () => {
		const computable = VALID_CASES.filter((c) => !c.options && typeof c.voucher === 'object');
		it.each(computable.map((c) => [c.name, c] as const))('%s', (_name, c) => {
			const input = c.voucher as Voucher;
			const { voucher } = computeTotals(input);
			expect(validateVoucher(voucher).errors).toEqual([]);
			expect(voucher.subTotal).toBe(input.subTotal);
			expect(voucher.total).toBe(input.total);
		});
	});
});
