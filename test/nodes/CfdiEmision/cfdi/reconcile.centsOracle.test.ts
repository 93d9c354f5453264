/**
 * The cents search of the reconciliation rule (chooseOptions in cfdi/reconcile.ts) against the
 * unbounded search it replaced (kept below as the oracle) on inputs small enough for that one: the
 * same sum reached, the same units moved, the same concepts changed. Month-scale cases:
 * reconcile.centsSearch.test.ts. Fast enough for npm run mutate:ledger.
 */
import fc from 'fast-check';

import type { ConceptOptions } from '../../../../nodes/CfdiEmision/cfdi/conceptChoices';
import { chooseOptions } from '../../../../nodes/CfdiEmision/cfdi/reconcile';
import { measureChoice as measure } from '../../../support/centsSearch';

// `npm run mutate` lowers the runs (ORACLE_RUNS) so that each mutant's test run stays short.
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

	test("more cents wanted than the band's cap (64), either way: the band follows the line, and the sum is reached as the unbounded search reaches it", () => {
		// Every concept may carry 0-3 cents in one direction; every other one only its own amount.
		const conceptsFor = (sign: number): ConceptOptions[] =>
			Array.from({ length: 120 }, (_, index) => ({
				index,
				reference: { units: BigInt(0), scale: 2 },
				options: (index % 2 === 0 ? [0, 1, 2, 3] : [0]).map((shift) => ({
					valorUnitario: 1,
					total: { units: BigInt(0), scale: 2 },
					shift,
					deviation: sign * shift,
				})),
			}));
		for (const [sign, wanted] of [
			[1, 150],
			[-1, -150],
			[1, 180],
			[1, 200],
		]) {
			const concepts = conceptsFor(sign);
			const oracle = unboundedSearch(concepts, wanted);
			const result = chooseOptions(concepts, wanted);
			expect(result.reached).toBe(oracle.reached);
			expect(measure(concepts, result.picks)).toEqual(measure(concepts, oracle.picks));
		}
		// 60 concepts can carry at most 180: beyond that, the nearest reachable sum.
		expect(chooseOptions(conceptsFor(1), 200).reached).toBe(180);
		expect(measure(conceptsFor(-1), chooseOptions(conceptsFor(-1), -150).picks)).toEqual({
			cost: 150,
			moved: 50,
			sum: -150,
		});
	});

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
