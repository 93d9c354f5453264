import {
	addDecimal,
	compareDecimal,
	decimalOf,
	multiplyDecimal,
	roundDecimal,
	subtractDecimal,
	type Decimal,
} from './decimal';

/** Lowest and highest amount the SAT accepts for a product of two registered values. */
export interface Bounds {
	lower: Decimal;
	upper: Decimal;
}

// Anexo 20 subtracts 10^-12 from the upper factors so an exact half-unit tie is not included.
const EPSILON = decimalOf(1, 12);

/** Half a unit in the last registered decimal: 10^-scale / 2. */
function halfUnit(value: Decimal): Decimal {
	return decimalOf(5, value.scale + 1);
}

/**
 * Anexo 20 bounds of concepto importe: (cantidad ∓ half unit) × (valorUnitario ∓ half unit),
 * the lower one truncated and the upper one rounded up to the currency decimals.
 */
export function importeBounds(cantidad: Decimal, valorUnitario: Decimal, decimals: number): Bounds {
	const lower = multiplyDecimal(
		subtractDecimal(cantidad, halfUnit(cantidad)),
		subtractDecimal(valorUnitario, halfUnit(valorUnitario)),
	);
	const upper = multiplyDecimal(
		subtractDecimal(addDecimal(cantidad, halfUnit(cantidad)), EPSILON),
		subtractDecimal(addDecimal(valorUnitario, halfUnit(valorUnitario)), EPSILON),
	);
	return {
		lower: roundDecimal(lower, decimals, 'down'),
		upper: roundDecimal(upper, decimals, 'up'),
	};
}

/** Anexo 20 bounds of a concept tax importe: (base ∓ half unit) × tasaOCuota (the rate is exact). */
export function taxImporteBounds(base: Decimal, tasaOCuota: Decimal, decimals: number): Bounds {
	const lower = multiplyDecimal(subtractDecimal(base, halfUnit(base)), tasaOCuota);
	const upper = multiplyDecimal(
		subtractDecimal(addDecimal(base, halfUnit(base)), EPSILON),
		tasaOCuota,
	);
	return {
		lower: roundDecimal(lower, decimals, 'down'),
		upper: roundDecimal(upper, decimals, 'up'),
	};
}

export function withinBounds(value: Decimal, bounds: Bounds): boolean {
	return compareDecimal(value, bounds.lower) >= 0 && compareDecimal(value, bounds.upper) <= 0;
}

/**
 * The tax Importes the node writes for base × rate: the product rounded down or up to `decimals`.
 * Both lie within taxImporteBounds whatever decimals the service writes the Base with, so the
 * choice holds however the XML spells the Base.
 */
export function taxImporteChoices(base: Decimal, tasaOCuota: Decimal, decimals: number): Bounds {
	const product = multiplyDecimal(base, tasaOCuota);
	return {
		lower: roundDecimal(product, decimals, 'down'),
		upper: roundDecimal(product, decimals, 'up'),
	};
}
