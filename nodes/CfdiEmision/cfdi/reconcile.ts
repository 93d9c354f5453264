/**
 * The reconciliation rule, in one place: a built voucher's total against the money of its source
 * (an order's total_price, Line Items' Expected Total, the sum of the sales of a global invoice, the
 * amount a credit note refunds, the amount a payment receipt records). Every builder states that
 * money (voucherSource.ts); the stamping path calls `reconcile` once, before any request.
 *
 * The three outcomes:
 * - equal to the cent;
 * - apart only by the cents per-line rounding explains (each concept's tax is rounded to cents, so
 *   about 1 in 7 tax-included amounts at 16 % has no base whose rounded tax lands on it): the SAT
 *   accepts a tax Importe anywhere between its limits (Anexo 20, cfdi-rules "Amounts"), so bases move
 *   by a few cents and, only where no exact tax reaches the money, an Importe takes its other
 *   limit (conceptChoices.ts); the money is then reached to the cent and the note names each change.
 *   Where no choice reaches it (a tax per unit, Cuota), the nearest total is kept, never more than
 *   FORCED_REMAINDER_UNITS away and below the source on a tie, and the note says so;
 * - anything else is refused before any request, with both figures, where the difference comes from
 *   and the fix; or, when the user chose "Stamp With Note", stamped as built with that explanation.
 * A source finer than its currency's decimals (100.004 MXN) is refused whatever the policy: builders
 * pass their figure as given, never rounded.
 *
 * The tolerance is in units of the currency's last decimal (cents for MXN), never a percentage:
 * ROUNDING_UNITS_PER_TAX_LINE per tax line at a rate before the move, FORCED_REMAINDER_UNITS after it.
 */
import { amountDecimals } from './catalogs/moneda';
import {
	conceptOptions,
	describeMoves,
	roundedTaxLines,
	lineTotal,
	MAX_SHIFT_UNITS,
	unitsOf,
	withOptions,
	type ConceptOptions,
} from './conceptChoices';
import {
	addDecimal,
	compareDecimal,
	decimalOf,
	decimalToString,
	parseDecimal,
	roundDecimal,
	subtractDecimal,
	sumDecimals,
	type Decimal,
} from './decimal';
import type { Voucher } from './types';
import type { SourceMoney } from './voucherSource';
import { complementOf, type JsonRecord } from './voucherShape';

/** What to do with a total that differs from its source by more than per-line rounding explains. */
export type WhenTotalsDiffer = 'refuse' | 'stampWithNote';

/** How far each tax line's rounding (at a rate) may move the total before cents are moved (1 cent in MXN). */
export const ROUNDING_UNITS_PER_TAX_LINE = 1;
/** What may remain once cents are moved, when no choice of bases reaches the source (1 cent in MXN). */
export const FORCED_REMAINDER_UNITS = 1;

export type ReconciliationOutcome =
	'equal' | 'centsMoved' | 'roundingRemainder' | 'stampedWithNote';

export interface Reconciliation {
	/** The voucher to send: the one given, or with cents moved between concepts. */
	voucher: Voucher;
	outcome: ReconciliationOutcome;
	/** The source's money and the voucher's total, as decimal text in the voucher's currency. */
	sourceTotal: string;
	voucherTotal: string;
	/** Where the source's figure comes from, e.g. "the order's total_price". */
	from: string;
	/** What was done and why, when the outcome is not `equal`. */
	note?: string;
}

/** A voucher refused because its total is not its source's money; nothing is sent. */
export class ReconciliationRefused extends Error {
	constructor(
		/** The input member the source's figure comes from (e.g. total_price, expectedTotal, amount). */
		readonly field: string,
		message: string,
		readonly fix: string,
	) {
		super(message);
		this.name = 'ReconciliationRefused';
	}
}

/**
 * How far the running sum may stray from the straight line from 0 to the cents wanted: the moves
 * a search needs are as many as cents to move (capped), plus a few concepts' worth of slack.
 * The band keeps the search linear in the concepts (a month's sales) in time and memory.
 */
const BAND_CENTS_CAP = 64;
const BAND_SLACK_UNITS = 8 * MAX_SHIFT_UNITS;

function movesOf(option: ConceptOptions['options'][number]): number {
	return option.moves ?? (option.shift === 0 ? 0 : 1);
}

/**
 * One option per concept so that Σ deviations = `wanted` (units), with the fewest units away from
 * each concept's own amount, then the fewest concepts changed (ties: the earliest option found);
 * when `wanted` cannot be reached, the reachable sum nearest it, below it on a tie. Exact search over
 * the running sum within a band around the line from 0 to `wanted` (BAND_* above): states per
 * concept are bounded by the cents to move, not by the number of concepts. Only each state's chosen
 * option is kept per concept (one byte); the previous sum is the sum less that option's deviation.
 */
export function chooseOptions(
	concepts: ConceptOptions[],
	wanted: number,
): { picks: number[]; reached: number } {
	const count = concepts.length;
	const half = Math.min(Math.abs(wanted), BAND_CENTS_CAP) + BAND_SLACK_UNITS;
	const width = 2 * half + 1;
	// The band after `layer` concepts: sums from lowOf(layer) to lowOf(layer) + width - 1.
	// `concepts` is never empty: reconcile moves cents only when a concept is taxed.
	const lowOf = (layer: number): number => Math.round((wanted * layer) / count) - half;
	// Cost and moves folded into one exact number: cost first, then moves (their sum ≤ count × most).
	let most = 1;
	for (const concept of concepts)
		for (const option of concept.options) most = Math.max(most, movesOf(option));
	const movesWeight = count * most + 1;
	const choice = new Int8Array(count * width).fill(-1);
	let costs = new Float64Array(width).fill(Infinity);
	let next = new Float64Array(width);
	costs[-lowOf(0)] = 0;
	for (let layer = 0; layer < count; layer++) {
		const low = lowOf(layer);
		const nextLow = lowOf(layer + 1);
		const options = concepts[layer].options;
		next.fill(Infinity);
		const row = layer * width;
		for (let slot = 0; slot < width; slot++) {
			const cost = costs[slot];
			if (cost === Infinity) continue;
			const sum = low + slot;
			for (let index = 0; index < options.length; index++) {
				const option = options[index];
				const target = sum + option.deviation - nextLow;
				if (target < 0 || target >= width) continue;
				const total = cost + Math.abs(option.deviation) * movesWeight + movesOf(option);
				if (total < next[target]) {
					next[target] = total;
					choice[row + target] = index;
				}
			}
		}
		[costs, next] = [next, costs];
	}
	const finalLow = lowOf(count);
	let best = -1;
	for (let slot = 0; slot < width; slot++) {
		if (costs[slot] === Infinity) continue;
		const distance = Math.abs(finalLow + slot - wanted);
		const bestDistance = best < 0 ? Infinity : Math.abs(finalLow + best - wanted);
		// Slots run upwards, so on equal distance the lower sum (below the source) is kept.
		if (distance < bestDistance) best = slot;
	}
	const reached = finalLow + best;
	const picks: number[] = new Array(count);
	let sum = reached;
	for (let layer = count - 1; layer >= 0; layer--) {
		const index = choice[layer * width + sum - lowOf(layer + 1)];
		picks[layer] = index;
		sum -= concepts[layer].options[index].deviation;
	}
	return { picks, reached };
}

/** The figure a voucher is measured by: its total; for a payment receipt, the sum of its payments' Monto. */
function voucherFigure(voucher: Voucher): { amount?: Decimal; currency: string } {
	if (voucher.tipoDeComprobante !== 'P')
		return { amount: parseDecimal(voucher.total), currency: String(voucher.moneda ?? '') };
	const complement = complementOf(voucher as JsonRecord, 'payments') as JsonRecord | undefined;
	const pagos = Array.isArray(complement?.pago) ? (complement.pago as JsonRecord[]) : [];
	const currencies = new Set(pagos.map((pago) => String(pago.monedaP ?? '')));
	const amounts = pagos.map((pago) => parseDecimal(pago.monto));
	if (pagos.length === 0 || currencies.size !== 1 || amounts.some((amount) => !amount))
		return { currency: '' };
	return { amount: sumDecimals(amounts as Decimal[]), currency: [...currencies][0] };
}

/**
 * Reconciles a built voucher with its source's money: returns the voucher to send (possibly with
 * cents moved) and what happened, or throws ReconciliationRefused (policy "refuse").
 */
export function reconcile(
	voucher: Voucher,
	source: SourceMoney,
	policy: WhenTotalsDiffer = 'refuse',
): Reconciliation {
	const figure = voucherFigure(voucher);
	// The source's money is quoted in its own currency (the voucher's when they agree).
	const decimals = amountDecimals(source.currency);
	const target = parseDecimal(source.amount);
	const field = source.field ?? '';
	const what =
		voucher.tipoDeComprobante === 'P' ? 'The amount of the payment receipt' : 'The voucher total';
	if (!target)
		throw new ReconciliationRefused(
			field,
			`The source's money ${JSON.stringify(source.amount)} (${source.from}) is not an amount.`,
			'Give the source amount as a decimal number.',
		);
	// Finer than the currency's decimals: no voucher total equals it, and rounding it (even as the
	// SAT rounds) would stamp money nobody stated, e.g. 100.004 typed for 100.04. Refused under either policy.
	if (compareDecimal(roundDecimal(target, decimals), target) !== 0)
		throw new ReconciliationRefused(
			field,
			`${what} cannot equal ${source.from}, ${decimalToString(target)} ${source.currency}: it is finer than the ${decimals} decimals of ${source.currency}, and rounding it would change the money.`,
			`Give ${source.from} with at most ${decimals} decimals, as the money was charged (${decimalToString(roundDecimal(target, decimals, 'down'), decimals)} or ${decimalToString(roundDecimal(target, decimals, 'up'), decimals)}); the node does not round it.`,
		);
	const sourceTotal = decimalToString(target, decimals);
	const base = { from: source.from, sourceTotal };
	if (!figure.amount || figure.currency !== source.currency) {
		throw new ReconciliationRefused(
			field,
			`${what} cannot be compared with ${source.from} (${sourceTotal} ${source.currency}): the voucher is in ${figure.currency || 'no single currency'}.`,
			`Issue the voucher in ${source.currency}, the currency of its source.`,
		);
	}
	const built = figure.amount;
	if (compareDecimal(built, target) === 0)
		return { ...base, voucher, outcome: 'equal', voucherTotal: decimalToString(built, decimals) };

	const difference = unitsOf(subtractDecimal(target, built), decimals);
	const references =
		source.lines && source.lines.length === voucher.conceptos?.length
			? source.lines.map((line) => parseDecimal(line))
			: undefined;
	// A payment receipt's one concept is never taxed, so it has none.
	const taxed = voucher.conceptos
		.map((_, index) => conceptOptions(voucher, index, decimals, references?.[index]))
		.filter((entry): entry is ConceptOptions => entry !== undefined);
	const untaxedSum = (): Decimal => {
		const taxedIndexes = new Set(taxed.map((concept) => concept.index));
		return sumDecimals(
			voucher.conceptos.map((concepto, index) =>
				taxedIndexes.has(index) ? decimalOf(0) : lineTotal(voucher, concepto, decimals),
			),
		);
	};
	// What per-line rounding explains: a unit per tax line at a rate (IEPS and IVA round apart).
	const explained =
		ROUNDING_UNITS_PER_TAX_LINE *
		taxed.reduce((sum, concept) => sum + roundedTaxLines(voucher.conceptos[concept.index]), 0);
	if (taxed.length > 0 && Math.abs(difference) <= explained) {
		// Measured against each concept's reference: Σ references + untaxed lines + Σ deviations = target.
		const referenceSum = addDecimal(
			sumDecimals(taxed.map((concept) => concept.reference)),
			untaxedSum(),
		);
		const wanted = unitsOf(subtractDecimal(target, referenceSum), decimals);
		const { picks, reached } = chooseOptions(taxed, wanted);
		const remainder = wanted - reached;
		if (Math.abs(remainder) <= FORCED_REMAINDER_UNITS) {
			const moved = withOptions(voucher, taxed, picks, decimals);
			const total = parseDecimal(moved.total) as Decimal;
			const moves = describeMoves(voucher, taxed, picks, decimals, references !== undefined, moved);
			const rounding = `each concept's tax is rounded to cents, so a tax-included amount is reached by choosing bases and tax amounts within the SAT's limits (Anexo 20)`;
			if (remainder === 0 && compareDecimal(total, target) === 0) {
				return {
					...base,
					voucher: moved,
					outcome: 'centsMoved',
					voucherTotal: decimalToString(total, decimals),
					note: `${what} is ${source.from}, ${sourceTotal} ${source.currency}, to the cent: ${rounding}; ${moves}.`,
				};
			}
			return {
				...base,
				voucher: moved,
				outcome: 'roundingRemainder',
				voucherTotal: decimalToString(total, decimals),
				note: `${what} is ${decimalToString(total, decimals)} ${source.currency}, ${decimalToString(decimalOf(Math.abs(remainder), decimals), decimals)} ${remainder > 0 ? 'below' : 'above'} ${source.from} (${sourceTotal}): ${rounding}, and no choice of bases within ${MAX_SHIFT_UNITS} cents per concept reaches ${sourceTotal}${moves ? `; ${moves}` : ''}.`,
			};
		}
	}

	const gap = subtractDecimal(target, built);
	const explanation = `${what} is ${decimalToString(built, decimals)} ${source.currency} but ${source.from} is ${sourceTotal}: ${decimalToString(gap, decimals).replace(/^-/, '')} ${compareDecimal(gap, decimalOf(0)) > 0 ? 'less' : 'more'} than the source, more than per-line tax rounding explains (at most ${decimalToString(decimalOf(Math.max(explained, ROUNDING_UNITS_PER_TAX_LINE), decimals), decimals)} here)${source.detail ? `. ${source.detail.replace(/\.$/, '')}` : ''}.`;
	if (policy === 'stampWithNote') {
		return {
			...base,
			voucher,
			outcome: 'stampedWithNote',
			voucherTotal: decimalToString(built, decimals),
			note: `Stamped as built (When Totals Differ: Stamp With Note). ${explanation}`,
		};
	}
	throw new ReconciliationRefused(
		field,
		explanation,
		`Correct the source so that its figures agree (${source.fix ?? 'its lines, taxes and total'}), or set Options > When Totals Differ to "Stamp With Note" to stamp the voucher's own total with this explanation.`,
	);
}
