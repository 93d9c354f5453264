/**
 * The cents search of the reconciliation rule (chooseOptions in cfdi/reconcile.ts) at a month's
 * scale: exact to the cent from 1 to 50,000 concepts, linear in memory, and as good as the
 * unbounded search it replaced (kept below as the oracle) wherever that one finishes.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';

import {
	buildGlobalInvoice,
	globalInvoiceMoney,
	reconcile,
	type GlobalInvoiceInput,
	type Voucher,
} from '../../../../nodes/CfdiEmision/cfdi';
import { chooseOptions, type ConceptOptions } from '../../../../nodes/CfdiEmision/cfdi/reconcile';
import { ISSUER } from '../../../support/kindFixtures';

const SCALE = Math.min(1, Number(process.env.ORACLE_RUNS ?? 2000) / 2000);
const runs = (count: number): number => Math.max(50, Math.round(count * SCALE));

type Option = ConceptOptions['options'][number];

/**
 * The search as it was until 2026-11 (exact over every running sum; memory grows with concepts ×
 * concepts): the oracle of the best cost, moves and sum reached on inputs small enough for it.
 */
function unboundedSearch(
	concepts: ConceptOptions[],
	wanted: number,
): { picks: number[]; reached: number } {
	type Step = { cost: number; moved: number; previous: number; option: number };
	const window = Math.abs(wanted) + concepts.length + 6;
	const layers: Array<Map<number, Step>> = [];
	let states = new Map<number, Step>([[0, { cost: 0, moved: 0, previous: 0, option: -1 }]]);
	for (const concept of concepts) {
		const next = new Map<number, Step>();
		for (const [sum, step] of states) {
			concept.options.forEach((option, index) => {
				const key = sum + option.deviation;
				if (Math.abs(key) > window) return;
				const cost = step.cost + Math.abs(option.deviation);
				const moved = step.moved + (option.shift === 0 ? 0 : 1);
				const known = next.get(key);
				if (!known || cost < known.cost || (cost === known.cost && moved < known.moved))
					next.set(key, { cost, moved, previous: sum, option: index });
			});
		}
		layers.push(next);
		states = next;
	}
	const sums = [...states.keys()].sort(
		(x, y) => Math.abs(x - wanted) - Math.abs(y - wanted) || x - y,
	);
	const reached = sums[0];
	const picks: number[] = new Array(concepts.length);
	let key = reached;
	for (let layer = concepts.length - 1; layer >= 0; layer--) {
		const step = layers[layer].get(key) as Step;
		picks[layer] = step.option;
		key = step.previous;
	}
	return { picks, reached };
}

/** What a choice costs: units away from the concepts' own amounts, concepts changed, the sum. */
function measure(concepts: ConceptOptions[], picks: number[]) {
	let cost = 0;
	let moved = 0;
	let sum = 0;
	concepts.forEach((concept, index) => {
		const option = concept.options[picks[index]];
		cost += Math.abs(option.deviation);
		moved += option.shift === 0 ? 0 : 1;
		sum += option.deviation;
	});
	return { cost, moved, sum };
}

/**
 * A taxed concept as the SAT's rounding makes it: shifting the base by s cents moves the line total
 * by s plus the tax's rounding of it (16 % of a cent rounds to 0 or 1), so deviations skip a value
 * now and then; `offset` is how far the line as built is from its source amount (−1, 0 or +1).
 */
const conceptArb: fc.Arbitrary<ConceptOptions> = fc
	.record({
		taxCents: fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 6, maxLength: 6 }),
		offset: fc.integer({ min: -1, max: 1 }),
		dropped: fc.array(fc.integer({ min: -3, max: 3 }), { maxLength: 2 }),
	})
	.map(({ taxCents, offset, dropped }) => {
		const options: Option[] = [];
		for (let shift = -3; shift <= 3; shift++) {
			if (shift !== 0 && dropped.includes(shift)) continue;
			const steps = taxCents.slice(shift < 0 ? 3 + shift : 3, shift < 0 ? 3 : 3 + shift);
			const tax = steps.reduce((sum, cent) => sum + cent, 0) * Math.sign(shift);
			const deviation = shift + tax + offset;
			options.push({
				valorUnitario: 100 + shift / 100,
				total: { units: BigInt(0), scale: 2 },
				shift,
				deviation,
			});
		}
		return { index: 0, reference: { units: BigInt(0), scale: 2 }, options };
	});

describe('the cents search: as good as the unbounded search wherever that one finishes', () => {
	test('random concepts (1-60) and cents wanted: the same sum reached, the same units moved, the same number of concepts changed', () => {
		let differentPicks = 0;
		fc.assert(
			fc.property(
				fc.array(conceptArb, { minLength: 1, maxLength: 60 }),
				fc.integer({ min: -20, max: 20 }),
				(concepts, wanted) => {
					const indexed = concepts.map((concept, index) => ({ ...concept, index }));
					const oracle = unboundedSearch(indexed, wanted);
					const result = chooseOptions(indexed, wanted);
					expect(result.reached).toBe(oracle.reached);
					expect(measure(indexed, result.picks)).toEqual(measure(indexed, oracle.picks));
					if (result.picks.join() !== oracle.picks.join()) differentPicks++;
				},
			),
			{ numRuns: runs(3000) },
		);
		// Equally good choices may differ in which concepts move; say how often, not whether.
		process.stdout.write(`cents search: ${differentPicks} equally good but different choices\n`);
	}, 300_000);

	test('one concept: its nearest option, below the wanted sum on a tie', () => {
		const concept: ConceptOptions = {
			index: 0,
			reference: { units: BigInt(0), scale: 2 },
			options: [-3, -1, 1, 3].map((deviation, position) => ({
				valorUnitario: 1,
				total: { units: BigInt(0), scale: 2 },
				shift: position - 1,
				deviation,
			})),
		};
		expect(chooseOptions([concept], 0)).toEqual({ picks: [1], reached: -1 });
		expect(chooseOptions([concept], 2)).toEqual({ picks: [2], reached: 1 });
		expect(chooseOptions([concept], 3)).toEqual({ picks: [3], reached: 3 });
	});
});

function globalInvoiceOf(amounts: string[]): { input: GlobalInvoiceInput; voucher: Voucher } {
	const input: GlobalInvoiceInput = {
		emisor: ISSUER,
		lugarExpedicion: '64000',
		formaPago: '01',
		periodicidad: '04',
		meses: '05',
		anio: 2026,
		taxes: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.16' }],
		sales: amounts.map((amount, index) => ({ ticket: `T-${index + 1}`, amount })),
	};
	return { input, voucher: buildGlobalInvoice(input) };
}

describe('the cents search at a month of sales', () => {
	test('1 sale with no base at 16 %: the nearest total below, not above (decimal.js says which amounts have none)', () => {
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
		const { input, voucher } = globalInvoiceOf([amount.toFixed(2)]);
		const result = reconcile(voucher, globalInvoiceMoney(input, voucher));
		expect(result.outcome).toBe('roundingRemainder');
		expect(result.voucherTotal).toBe(amount.minus('0.01').toFixed(2));
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
		const { input, voucher } = globalInvoiceOf(amounts);
		const money = globalInvoiceMoney(input, voucher);
		const collected = amounts.reduce((sum, amount) => sum.plus(amount), new Decimal(0));
		expect(money.amount).toBe(collected.toFixed(2));
		const result = reconcile(voucher, money);
		expect(result.outcome).toBe('centsMoved');
		expect(result.voucherTotal).toBe(collected.toFixed(2));
		// The voucher's own concepts, re-added by decimal.js with the SAT's per-concept rounding.
		const total = result.voucher.conceptos.reduce((sum, concepto) => {
			const base = new Decimal(String(concepto.valorUnitario))
				.mul(String(concepto.cantidad))
				.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
			const tax = base.mul('0.16').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
			return sum.plus(base).plus(tax);
		}, new Decimal(0));
		expect(total.toFixed(2)).toBe(collected.toFixed(2));
		expect(result.note).toMatch(/; and \d+ more concepts likewise\.$/);
	}, 120_000);
});
