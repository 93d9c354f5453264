/**
 * Tax-included amounts as CFDI concepts: the base whose base + taxes, rounded as the SAT rounds a
 * concept's taxes, is the amount charged; and each built concept's own total.
 */
import { computeTotals } from '../computeTotals';
import {
	addDecimal,
	compareDecimal,
	decimalOf,
	divideDecimal,
	multiplyDecimal,
	parseDecimal,
	subtractDecimal,
	type Decimal,
	decimalToNumber,
} from '../decimal';
import type { Voucher } from '../types';
import { grossFactor, type TaxRate } from './taxRates';
import { withConceptTaxes } from './voucherParts';

// How many units of the last decimal around amount ÷ (1 + rates) a derived base is looked for.
const BASE_SEARCH_UNITS = 3;

/** base + its taxes, as computeTotals rounds them for a one-unit concept. */
export function grossOfBase(
	base: Decimal,
	rates: ReadonlyArray<TaxRate>,
	decimals: number,
): Decimal {
	const probe = {
		conceptos: [
			withConceptTaxes(
				{
					claveProdServ: '01010101',
					cantidad: '1',
					claveUnidad: 'ACT',
					descripcion: 'probe',
					valorUnitario: decimalToNumber(base),
				},
				rates,
			),
		],
	} as unknown as Voucher;
	return parseDecimal(computeTotals(probe, { decimals }).computed.total) as Decimal;
}

/**
 * The base of a one-unit concept whose base + taxes, each tax rounded to the currency's decimals as
 * the SAT rounds a concept's tax, is `amount` (a tax-included amount): derived, not just divided.
 * About 1 in 7 amounts at 16 % has no such base (consecutive bases step 0.01 or 0.02 once taxed);
 * then the base of the nearest amount below, and `reached` says which amount that is.
 */
export function baseForGross(
	amount: Decimal,
	rates: ReadonlyArray<TaxRate>,
	decimals: number,
): { base: Decimal; reached: Decimal } {
	const plain = divideDecimal(amount, grossFactor(rates), decimals);
	const unit = decimalOf(1, decimals);
	let below: { base: Decimal; reached: Decimal } | undefined;
	for (let step = -BASE_SEARCH_UNITS; step <= BASE_SEARCH_UNITS; step++) {
		// A base of 0 or less comes up only for an amount of a cent or two (it reaches 0 or less, so the
		// positive base that reaches more is taken) or of 0 or less (which the validator refuses).
		const base = addDecimal(plain, multiplyDecimal(unit, decimalOf(step)));
		const reached = grossOfBase(base, rates, decimals);
		const order = compareDecimal(reached, amount);
		if (order === 0) return { base, reached };
		if (order < 0 && (!below || compareDecimal(reached, below.reached) > 0))
			below = { base, reached };
	}
	// Rates whose taxes move a base by more than the search (none of the SAT's): the plain division.
	return below ?? { base: plain, reached: grossOfBase(plain, rates, decimals) };
}

/** base + taxes − withholdings of each computed concept, in concept order. */
export function lineTotals(voucher: Voucher): Decimal[] {
	const { computed } = computeTotals(voucher);
	return computed.conceptos.map((concept, index) => {
		const descuento = parseDecimal(voucher.conceptos[index].descuento) ?? decimalOf(0);
		let total = subtractDecimal(parseDecimal(concept.importe) as Decimal, descuento);
		for (const tax of concept.traslados)
			if (tax.importe !== undefined)
				total = addDecimal(total, parseDecimal(tax.importe) as Decimal);
		for (const tax of concept.retenciones)
			if (tax.importe !== undefined)
				total = subtractDecimal(total, parseDecimal(tax.importe) as Decimal);
		return total;
	});
}
