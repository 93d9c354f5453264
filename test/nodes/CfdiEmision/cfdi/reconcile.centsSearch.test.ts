/**
 * The cents search of the reconciliation rule (chooseOptions in cfdi/reconcile.ts) at a month's
 * scale: exact to the cent from 1 to 50,000 concepts, linear in memory. Against the unbounded search
 * it replaced: reconcile.centsOracle.test.ts.
 */
import Decimal from 'decimal.js';

import { globalInvoiceMoney } from '../../../../nodes/CfdiEmision/actions/voucher/globalInvoice/buildGlobalInvoice';
import { reconcile } from '../../../../nodes/CfdiEmision/cfdi/reconcile';
import type { ConceptOptions } from '../../../../nodes/CfdiEmision/cfdi/conceptChoices';
import { chooseOptions } from '../../../../nodes/CfdiEmision/cfdi/reconcile';
import { measureChoice as measure } from '../../../support/centsSearch';
import { monthlyGlobalInvoiceOf } from '../../../support/kindFixtures';
import { satCheckedTotal } from '../../../support/satLimits';

type Option = ConceptOptions['options'][number];

describe('the cents search at a month of sales', () => {
	test("1 sale no base reaches at 16 % by rounding to nearest (decimal.js says which): reached to the cent, its IVA within the SAT's limits (before: 0.01 below)", () => {
		const reachable = (amount: Decimal): boolean => {
			const base = amount.div('1.16').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
			return [-1, 0, 1].some((cents) => {
				const moved = base.plus(new Decimal(cents).div(100));
				return moved
					.plus(moved.mul('0.16').toDecimalPlaces(2, Decimal.ROUND_HALF_UP))
					.equals(amount);
			});
		};
		let amount = new Decimal('100.00');
		while (reachable(amount)) amount = amount.plus('0.01');
		const { input, voucher } = monthlyGlobalInvoiceOf([amount.toFixed(2)]);
		const result = reconcile(voucher, globalInvoiceMoney(input, voucher));
		expect(result.outcome).toBe('centsMoved');
		expect(result.voucherTotal).toBe(amount.toFixed(2));
		expect(satCheckedTotal(result.voucher).toFixed(2)).toBe(amount.toFixed(2));
	});

	test('50,000 concepts that must all move (30,000 cents wanted): reached exactly, each concept within its options', () => {
		const options: Option[] = [0, 1, 2, 3].map((shift) => ({
			valorUnitario: 1,
			total: { units: BigInt(0), scale: 2 },
			shift,
			deviation: shift,
		}));
		const concepts = Array.from({ length: 50_000 }, (_, index) => ({
			index,
			reference: { units: BigInt(0), scale: 2 },
			options,
		}));
		const result = chooseOptions(concepts, 30_000);
		expect(result.reached).toBe(30_000);
		expect(measure(concepts, result.picks)).toEqual({ cost: 30_000, moved: 10_000, sum: 30_000 });
	});

	test('50,000 tax-included sales: the invoice carries the money collected to the cent, measured by decimal.js', () => {
		const amounts = Array.from({ length: 50_000 }, (_, index) =>
			new Decimal(37)
				.plus(new Decimal((index * 137) % 9000).div(100))
				.plus((index % 7) * 1.01)
				.toFixed(2),
		);
		const { input, voucher } = monthlyGlobalInvoiceOf(amounts);
		const money = globalInvoiceMoney(input, voucher);
		const collected = amounts.reduce((sum, amount) => sum.plus(amount), new Decimal(0));
		expect(money.amount).toBe(collected.toFixed(2));
		const result = reconcile(voucher, money);
		expect(result.outcome).toBe('centsMoved');
		expect(result.voucherTotal).toBe(collected.toFixed(2));
		// The voucher's own concepts, re-added by decimal.js, each amount within the SAT's limits.
		expect(satCheckedTotal(result.voucher).toFixed(2)).toBe(collected.toFixed(2));
		expect(result.note).toMatch(/; and \d+ more concepts likewise\.$/);
	}, 120_000);
});
