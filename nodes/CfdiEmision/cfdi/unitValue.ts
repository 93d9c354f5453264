/**
 * The unit value a concept needs for a given importe: CFDI importe = round(cantidad × valorUnitario)
 * to the currency's decimals, and valorUnitario may carry up to 6 decimals (cfdv40 t_Importe).
 */
import {
	addDecimal,
	compareDecimal,
	decimalOf,
	divideDecimal,
	multiplyDecimal,
	roundDecimal,
	type Decimal,
} from './decimal';

export const MAX_UNIT_DECIMALS = 6;

/** The shortest unit value (up to 6 decimals) with round(quantity × value) = importe. */
export function unitValueFor(importe: Decimal, quantity: Decimal, decimals: number): Decimal {
	const fits = (value: Decimal) =>
		compareDecimal(roundDecimal(multiplyDecimal(quantity, value), decimals), importe) === 0;
	for (let places = decimals; places <= MAX_UNIT_DECIMALS; places++) {
		const value = divideDecimal(importe, quantity, places);
		if (fits(value)) return value;
	}
	// Large quantities: the nearest 6-decimal value may miss by a micro-unit or two.
	const nearest = divideDecimal(importe, quantity, MAX_UNIT_DECIMALS);
	const micro = decimalOf(1, MAX_UNIT_DECIMALS);
	for (let step = 1; step <= 10; step++) {
		for (const sign of [-1, 1]) {
			const value = addDecimal(nearest, multiplyDecimal(micro, decimalOf(sign * step)));
			if (fits(value)) return value;
		}
	}
	return nearest;
}
