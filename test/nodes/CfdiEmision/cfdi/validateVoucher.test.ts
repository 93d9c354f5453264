/**
 * Also covers: nodes/CfdiEmision/cfdi/types.ts (the Voucher types), nodes/CfdiEmision/cfdi/kindRules.ts (the rules a kind hands down, run here through the kinds table: actions/voucher/kindsTable.test.ts).
 */
import { existsSync } from 'fs';
import { resolve } from 'path';
import { computeTotals } from '../../../../nodes/CfdiEmision/cfdi/computeTotals';
import type { Voucher } from '../../../../nodes/CfdiEmision/cfdi/types';
import { VOUCHER_KINDS } from '../../../../nodes/CfdiEmision/actions/voucher/kindsTable';
import { INVALID_CASES, invalidCasesOf, VALID_CASES } from '../../../support/corpus';
import { validateWithKinds } from '../../../support/kindFixtures';

describe('voucher corpus', () => {
	it('holds at least 40 vouchers', () => {
		expect(VALID_CASES.length + INVALID_CASES.length).toBeGreaterThanOrEqual(40);
	});

	describe('valid vouchers give no error', () => {
		it.each(VALID_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
			const result = validateWithKinds(c.voucher, c.options);
			expect(result.errors).toEqual([]);
			expect(result.valid).toBe(true);
			expect(result.warnings.map((w) => w.code)).toEqual(c.warnings ?? []);
		});
	});

	describe('invalid vouchers give exactly the stated error', () => {
		// The cases whose error a rule file reports run in that file's test (test/support/corpus*Cases.ts
		// name the rule of each case); these are the ones validateVoucher itself refuses.
		it.each(invalidCasesOf(undefined).map((c) => [c.name, c] as const))('%s', (_name, c) => {
			const result = validateWithKinds(c.voucher);
			expect(result.valid).toBe(false);
			expect(result.errors.map(({ code, path }) => ({ code, path }))).toEqual([c.expect]);
			const [error] = result.errors;
			expect(error.message).toContain(error.path);
			expect(error.fix.length).toBeGreaterThan(5);
		});
	});

	it('names, for each invalid case, a rule file that has its test', () => {
		const rules = [...new Set(INVALID_CASES.flatMap((c) => (c.rule ? [c.rule] : [])))];
		const missing = rules.filter(
			(rule) =>
				!existsSync(
					resolve(__dirname, '../../../../nodes/CfdiEmision/cfdi/validation', `${rule}.ts`),
				) || !existsSync(resolve(__dirname, 'validation', `${rule}.test.ts`)),
		);
		expect(missing).toEqual([]);
	});

	describe('computeTotals keeps valid vouchers valid and unchanged in their totals', () => {
		const computable = VALID_CASES.filter((c) => !c.options && typeof c.voucher === 'object');
		it.each(computable.map((c) => [c.name, c] as const))('%s', (_name, c) => {
			const input = c.voucher as Voucher;
			const voucher = VOUCHER_KINDS.complete(computeTotals(input).voucher);
			expect(validateWithKinds(voucher).errors).toEqual([]);
			expect(voucher.subTotal).toBe(input.subTotal);
			expect(voucher.total).toBe(input.total);
		});
	});
});
