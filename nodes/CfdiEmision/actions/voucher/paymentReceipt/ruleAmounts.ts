/**
 * Numbers shared by the Pagos 2.0 checks: the schema's decimals, exact reading of JSON numbers and
 * the rounding room allowed when amounts are converted between currencies.
 */
import { decimalOf, parseDecimal, type Decimal } from '../../../cfdi/decimal';

export const ONE = decimalOf(1);
const ZERO = decimalOf(0);
// EquivalenciaDR and TipoCambioP carry up to 10 and 6 decimals in the Pagos 2.0 schema.
export const EQUIVALENCIA_DECIMALS = 10;
export const TIPO_CAMBIO_DECIMALS = 6;
// DR and payment tax amounts carry up to 6 decimals in the schema.
export const TAX_DECIMALS = 6;

/** The exact decimal of a JSON number (the numbers compared here were already read as numbers). */
export function exact(value: number): Decimal {
	return parseDecimal(value) as Decimal;
}

/** One unit in the last decimal per converted amount: rounding room when currencies differ. */
export function conversionTolerance(count: number, decimals: number, converted: boolean): Decimal {
	return converted ? decimalOf(Math.max(count, 1), decimals) : ZERO;
}
