/**
 * The pricing of tax-included sale lines (cfdi/pricing.ts) against an oracle written from the
 * SAT's rules with decimal.js. Each concept's tax is rounded to cents; rounded to the nearest cent,
 * about 1 in 7 amounts at 16 % cannot be reached by any base, but the SAT accepts a tax Importe
 * anywhere between its limits (Anexo 20: (Base ∓ half a cent) × rate, truncated / rounded up;
 * test/support/satLimits.ts), and base × rate rounded down or up always lies within them. So every
 * line lands exactly on what it was charged; the tax is rounded to the nearest cent wherever some
 * base lands with it, and the other way only where none does, named in the notes.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';

import type { Voucher } from '../../../../nodes/CfdiEmision/cfdi/types';
import { lineItemsToVoucher } from '../../../../nodes/CfdiEmision/orders/lineItems';
import { LINE_ITEMS_TO_TAXPAYER } from '../../../support/kindFixtures';
import { satCheckedTotal, satTaxLimits } from '../../../support/satLimits';

// `npm run mutate` lowers the runs (ORACLE_RUNS) so that each mutant's test run stays short.
const RUNS = Math.max(100, Math.round(Number(process.env.ORACLE_RUNS ?? 2000) / 2));
const MAX_SHIFT = 3;

const SETTINGS = LINE_ITEMS_TO_TAXPAYER;

interface Sale {
	quantity: number;
	/** Unit price with tax, in cents. */
	priceCents: number;
	rate: '0.16' | '0.08';
	/** Discount on the whole line, with tax, in cents (less than the line's price). */
	discountCents: number;
}

/** base + base × rate rounded as `mode` says, in cents, for a one-unit concept of `base` cents. */
function totalCents(
	base: number,
	rate: string,
	mode: Decimal.Rounding = Decimal.ROUND_HALF_UP,
): number {
	return base + new Decimal(base).times(rate).toDecimalPlaces(0, mode).toNumber();
}

/** Whether some base (at most `ceiling`) lands on `charged` with its tax rounded to the nearest cent. */
function nearestReaches(charged: number, rate: string, ceiling = Infinity): boolean {
	const plain = Math.round(charged / (1 + Number(rate)));
	for (let base = Math.max(1, plain - 10); base <= Math.min(plain + 10, ceiling); base++)
		if (totalCents(base, rate) === charged) return true;
	return false;
}

/**
 * The shifts (total − charged, in cents) a line charged `charged` cents can land on, within ±3. A
 * discounted line's base cannot exceed its price before the discount, net of tax (`ceiling`):
 * the discount is never negative.
 */
function reachableShifts(charged: number, rate: string, ceiling = Infinity): number[] {
	const shifts = new Set<number>();
	const plain = Math.round(charged / (1 + Number(rate)));
	for (let base = Math.max(1, plain - 10); base <= Math.min(plain + 10, ceiling); base++) {
		// Rounded down or up: both within the SAT's limits.
		for (const mode of [Decimal.ROUND_DOWN, Decimal.ROUND_UP]) {
			const shift = totalCents(base, rate, mode) - charged;
			if (Math.abs(shift) <= MAX_SHIFT) shifts.add(shift);
		}
	}
	return [...shifts];
}

/**
 * The best the voucher can do: the sum of shifts nearest 0 (below on a tie), then the fewest cents
 * moved, then the fewest lines moved.
 */
function best(lines: number[][]): { sum: number; moved: number; linesMoved: number } {
	let states = new Map<number, [number, number]>([[0, [0, 0]]]);
	for (const shifts of lines) {
		const next = new Map<number, [number, number]>();
		for (const [sum, [moved, count]] of states) {
			for (const shift of shifts) {
				const cost: [number, number] = [moved + Math.abs(shift), count + (shift === 0 ? 0 : 1)];
				const known = next.get(sum + shift);
				if (
					known === undefined ||
					cost[0] < known[0] ||
					(cost[0] === known[0] && cost[1] < known[1])
				)
					next.set(sum + shift, cost);
			}
		}
		states = next;
	}
	const sum = [...states.keys()].sort((x, y) => Math.abs(x) - Math.abs(y) || x - y)[0];
	const [moved, linesMoved] = states.get(sum) as [number, number];
	return { sum, moved, linesMoved };
}

function cents(amount: number | undefined): number {
	return Math.round((amount ?? 0) * 100);
}

/** Each concept's total as the voucher carries it: importe − descuento + its transferred tax. */
function conceptTotals(voucher: Voucher): number[] {
	return voucher.conceptos.map(
		(c) =>
			cents(c.importe) -
			cents(c.descuento) +
			(c.impuestos?.traslados ?? []).reduce((sum, t) => sum + cents(t.importe), 0),
	);
}

const sale = fc
	.record({
		quantity: fc.integer({ min: 1, max: 4 }),
		priceCents: fc.integer({ min: 1, max: 60000 }),
		rate: fc.constantFrom<Sale['rate']>('0.16', '0.08'),
		discountShare: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.999, noNaN: true })),
		discountCents: fc.integer({ min: 0, max: 5 }),
	})
	// No discount, a share of the price, or a few cents (where the base may press against the price before discount).
	.map(({ discountShare, discountCents, ...s }) => ({
		...s,
		discountCents: Math.min(
			s.quantity * s.priceCents - 1,
			discountCents || Math.floor(s.quantity * s.priceCents * discountShare),
		),
	}));

/** The undiscounted importe of a discounted line: its price with tax ÷ (1 + rate), rounded half up to cents. */
function ceilingOf(s: Sale): number {
	return s.discountCents === 0
		? Infinity
		: new Decimal(s.quantity * s.priceCents)
				.dividedBy(new Decimal(1).plus(s.rate))
				.toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
				.toNumber();
}

function price(sales: Sale[]) {
	const lines = sales.map((s, index) => ({
		quantity: s.quantity,
		unitPrice: new Decimal(s.priceCents).dividedBy(100).toFixed(2),
		taxRate: s.rate,
		priceIncludesTax: true,
		...(s.discountCents
			? { discount: new Decimal(s.discountCents).dividedBy(100).toFixed(2) }
			: {}),
		description: `Line ${index}`,
	}));
	return lineItemsToVoucher(lines, SETTINGS);
}

describe('tax-included pricing against the SAT-rule oracle (decimal.js)', () => {
	it("every line lands exactly on what it was charged, each tax within the SAT's limits, rounded to the nearest cent wherever a base lands with it", () => {
		fc.assert(
			fc.property(fc.array(sale, { minLength: 1, maxLength: 4 }), (sales) => {
				const charged = sales.map((s) => s.quantity * s.priceCents - s.discountCents);
				const expected = best(
					charged.map((amount, index) =>
						reachableShifts(amount, sales[index].rate, ceilingOf(sales[index])),
					),
				);
				const result = price(sales);
				const voucher = result.voucher as Voucher;
				const totals = conceptTotals(voucher);
				const shifts = totals.map((total, index) => total - charged[index]);
				expect(shifts.every((shift) => Math.abs(shift) <= MAX_SHIFT)).toBe(true);
				// A discount is never negative, and it is what takes the line from its price to its base.
				expect(
					voucher.conceptos.every(
						(c, index) =>
							(c.descuento ?? 0) >= 0 &&
							(sales[index].discountCents > 0 || c.descuento === undefined),
					),
				).toBe(true);
				expect(cents(voucher.total) - charged.reduce((a, b) => a + b, 0)).toBe(expected.sum);
				expect(shifts.reduce((sum, shift) => sum + shift, 0)).toBe(expected.sum);
				expect(shifts.reduce((sum, shift) => sum + Math.abs(shift), 0)).toBe(expected.moved);
				expect(shifts.filter((shift) => shift !== 0)).toHaveLength(expected.linesMoved);
				expect(shifts.every((shift) => shift === 0)).toBe(true);
				expect(satCheckedTotal(voucher).toFixed(2)).toBe(
					new Decimal(charged.reduce((a, b) => a + b, 0)).div(100).toFixed(2),
				);
				// The other rounding only where no base lands with the nearest, and each such line named.
				const otherRounding = voucher.conceptos.flatMap((c, index) => {
					const [tax] = c.impuestos?.traslados ?? [];
					const nearest = new Decimal(String(tax.base))
						.times(String(tax.tasaOCuota))
						.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
					return nearest.equals(String(tax.importe)) ? [] : [index];
				});
				expect(otherRounding).toEqual(
					charged.flatMap((amount, index) =>
						nearestReaches(amount, sales[index].rate, ceilingOf(sales[index])) ? [] : [index],
					),
				);
				const named = result.notes.flatMap((note) => {
					const match = /^lines\[(\d+)\]: its IVA is \d+\.\d{2} \(/.exec(note);
					return match ? [Number(match[1])] : [];
				});
				expect(named).toEqual(otherRounding);
				expect(result.notes.some((note) => note.includes('the voucher carries'))).toBe(false);
			}),
			{ numRuns: RUNS },
		);
	});

	it('one line no base reaches with its tax rounded to nearest: invoiced exactly, its IVA rounded up, and the note says so (before: a cent below)', () => {
		// 100.01 at 16 %: 86.21 + 13.79 = 100.00 and 86.22 + 13.80 = 100.02 rounded to nearest; 86.21 ×
		// 0.16 = 13.7936, whose limits are 13.79 to 13.80 (Anexo 20), so 86.21 + 13.80 = 100.01.
		expect(nearestReaches(10001, '0.16')).toBe(false);
		expect(satTaxLimits('86.21', '0.16')).toEqual({
			lower: new Decimal('13.79'),
			upper: new Decimal('13.80'),
		});
		const result = price([{ quantity: 1, priceCents: 10001, rate: '0.16', discountCents: 0 }]);
		expect([result.orderTotal, result.voucherTotal]).toEqual([100.01, 100.01]);
		const [concepto] = (result.voucher as Voucher).conceptos;
		expect([concepto.importe, concepto.impuestos?.traslados?.[0].importe]).toEqual([86.21, 13.8]);
		expect(result.notes).toEqual([
			'lines[0]: its IVA is 13.80 (86.21 × 0.16 = 13.7936, rounded up: the SAT accepts either rounding), so the line carries exactly what was charged.',
		]);
	});

	it('two such lines: each invoiced exactly on its own, no cent moved between them (before: one below, one above)', () => {
		const result = price([
			{ quantity: 1, priceCents: 10001, rate: '0.16', discountCents: 0 },
			{ quantity: 1, priceCents: 10001, rate: '0.16', discountCents: 0 },
		]);
		expect([result.orderTotal, result.voucherTotal, result.roundingNote]).toEqual([
			200.02,
			200.02,
			undefined,
		]);
		expect(conceptTotals(result.voucher as Voucher)).toEqual([10001, 10001]);
		expect(result.notes.map((note) => note.slice(0, 25))).toEqual([
			'lines[0]: its IVA is 13.8',
			'lines[1]: its IVA is 13.8',
		]);
	});
});
