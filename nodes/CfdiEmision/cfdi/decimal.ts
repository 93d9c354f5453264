/**
 * Exact decimal arithmetic for CFDI amounts.
 *
 * A JavaScript number like 1.005 is stored as 1.00499999999999989..., so Math.round(1.005 * 100)
 * gives 1.00 and sums of 0.1 drift. CFDI rules are written for the decimal text a user typed, so
 * values are converted to their shortest decimal text (String(n)) and handled as scaled BigInts.
 */

/** An exact decimal: value = units / 10^scale. */
export interface Decimal {
	readonly units: bigint;
	readonly scale: number;
}

/** 'half-up' rounds ties away from zero; 'down' truncates toward zero; 'up' rounds away from zero. */
export type RoundingMode = 'half-up' | 'down' | 'up';

const TEN = BigInt(10);
const ZERO = BigInt(0);
const ONE = BigInt(1);
const TWO = BigInt(2);

// Powers of ten are needed on every operation; the common ones are computed once.
const POWERS = Array.from({ length: 40 }, (_, exponent) => TEN ** BigInt(exponent));

function pow10(exponent: number): bigint {
	return exponent < POWERS.length ? POWERS[exponent] : TEN ** BigInt(exponent);
}

const DIGIT_0 = 48;
const DIGIT_9 = 57;

function allDigits(text: string, from: number, to: number): boolean {
	for (let index = from; index < to; index++) {
		const code = text.charCodeAt(index);
		if (code < DIGIT_0 || code > DIGIT_9) return false;
	}
	return true;
}

/** Plain decimal text: optional sign, digits, optional point and digits (".5" and "5." allowed). */
function parsePlain(text: string, exponent: number): Decimal | undefined {
	let start = 0;
	const sign = text.charCodeAt(0);
	if (sign === 45 /* - */ || sign === 43 /* + */) start = 1;
	const point = text.indexOf('.', start);
	const integerEnd = point === -1 ? text.length : point;
	const fractionStart = point === -1 ? text.length : point + 1;
	if (integerEnd - start + text.length - fractionStart === 0) return undefined;
	if (!allDigits(text, start, integerEnd) || !allDigits(text, fractionStart, text.length))
		return undefined;
	const digits = text.slice(start, integerEnd) + text.slice(fractionStart);
	// Up to 15 digits fit a double exactly, and BigInt(number) is cheaper than parsing text.
	let units = digits.length <= 15 ? BigInt(Number(digits)) : BigInt(digits);
	let scale = text.length - fractionStart - exponent;
	if (scale < 0) {
		units *= pow10(-scale);
		scale = 0;
	}
	return { units: sign === 45 ? -units : units, scale };
}

// Amounts and rates repeat a lot (0.16, prices); parsed numbers are kept in a small bounded cache.
const NUMBER_CACHE_LIMIT = 4096;
const numberCache = new Map<number, Decimal>();

function parseNumber(value: number): Decimal | undefined {
	const cached = numberCache.get(value);
	if (cached) return cached;
	// Numbers are read through their shortest round-trip text: 1.005 is the decimal 1.005.
	const text = String(value);
	const e = text.indexOf('e');
	const parsed =
		e === -1 ? parsePlain(text, 0) : parsePlain(text.slice(0, e), Number(text.slice(e + 1)));
	if (parsed) {
		if (numberCache.size >= NUMBER_CACHE_LIMIT) numberCache.clear();
		numberCache.set(value, parsed);
	}
	return parsed;
}

/** Parses a number or decimal string exactly; undefined when it is not a finite decimal. */
export function parseDecimal(value: unknown): Decimal | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? parseNumber(value) : undefined;
	// Strings must be plain decimal text, the form the CFDI XML uses (no exponent).
	if (typeof value === 'string') return parsePlain(value.trim(), 0);
	return undefined;
}

function toDecimalOrThrow(value: number | string | Decimal): Decimal {
	if (typeof value === 'object') return value;
	const parsed = parseDecimal(value);
	if (!parsed) throw new RangeError(`Not a finite decimal: ${String(value)}`);
	return parsed;
}

/** Builds a decimal from an integer count of 10^-scale units. */
export function decimalOf(units: bigint | number, scale = 0): Decimal {
	return { units: BigInt(units), scale };
}

export const DECIMAL_ZERO: Decimal = { units: ZERO, scale: 0 };

function rescale(value: Decimal, scale: number): bigint {
	return value.units * pow10(scale - value.scale);
}

export function addDecimal(a: Decimal, b: Decimal): Decimal {
	const scale = Math.max(a.scale, b.scale);
	return { units: rescale(a, scale) + rescale(b, scale), scale };
}

export function subtractDecimal(a: Decimal, b: Decimal): Decimal {
	const scale = Math.max(a.scale, b.scale);
	return { units: rescale(a, scale) - rescale(b, scale), scale };
}

export function multiplyDecimal(a: Decimal, b: Decimal): Decimal {
	return { units: a.units * b.units, scale: a.scale + b.scale };
}

export function sumDecimals(values: Iterable<Decimal>): Decimal {
	let total = DECIMAL_ZERO;
	for (const value of values) total = addDecimal(total, value);
	return total;
}

/** -1, 0 or 1, comparing exact values (1.50 equals 1.5). */
export function compareDecimal(a: Decimal, b: Decimal): -1 | 0 | 1 {
	const scale = Math.max(a.scale, b.scale);
	const left = rescale(a, scale);
	const right = rescale(b, scale);
	return left < right ? -1 : left > right ? 1 : 0;
}

export function isNegative(value: Decimal): boolean {
	return value.units < ZERO;
}

export function isZero(value: Decimal): boolean {
	return value.units === ZERO;
}

/** Rounds to `decimals` places; values that already fit are returned unchanged. */
export function roundDecimal(
	value: Decimal,
	decimals: number,
	mode: RoundingMode = 'half-up',
): Decimal {
	if (value.scale <= decimals) return value;
	const divisor = pow10(value.scale - decimals);
	let quotient = value.units / divisor; // BigInt division truncates toward zero
	const remainder = value.units % divisor;
	if (remainder !== ZERO) {
		const absRemainder = remainder < ZERO ? -remainder : remainder;
		const awayFromZero = mode === 'up' || (mode === 'half-up' && TWO * absRemainder >= divisor);
		if (awayFromZero) quotient += value.units < ZERO ? -ONE : ONE;
	}
	return { units: quotient, scale: decimals };
}

/**
 * a ÷ b rounded to `decimals` places in one step (no intermediate rounding), e.g. a price that
 * includes tax ÷ (1 + rate). Throws on division by zero.
 */
export function divideDecimal(
	a: Decimal,
	b: Decimal,
	decimals: number,
	mode: RoundingMode = 'half-up',
): Decimal {
	if (b.units === ZERO) throw new RangeError('Division by zero');
	// a/b = (a.units · 10^b.scale) / (b.units · 10^a.scale); scaled by 10^decimals before the integer division.
	let numerator = a.units * pow10(b.scale + decimals);
	let denominator = b.units * pow10(a.scale);
	if (denominator < ZERO) {
		numerator = -numerator;
		denominator = -denominator;
	}
	let quotient = numerator / denominator;
	const remainder = numerator % denominator;
	if (remainder !== ZERO) {
		const absRemainder = remainder < ZERO ? -remainder : remainder;
		const awayFromZero = mode === 'up' || (mode === 'half-up' && TWO * absRemainder >= denominator);
		if (awayFromZero) quotient += numerator < ZERO ? -ONE : ONE;
	}
	return { units: quotient, scale: decimals };
}

/** Drops trailing zeros so equal values get equal text (used as grouping keys). */
export function normalizeDecimal(value: Decimal): Decimal {
	let { units, scale } = value;
	while (scale > 0 && units % TEN === ZERO) {
		units /= TEN;
		scale--;
	}
	return { units, scale };
}

/** Plain decimal text; `decimals` pads or rounds (half-up) to a fixed number of places. */
export function decimalToString(value: Decimal, decimals?: number): string {
	let shown = value;
	if (decimals !== undefined) {
		shown = roundDecimal(value, decimals);
		if (shown.scale < decimals) shown = { units: rescale(shown, decimals), scale: decimals };
	}
	const negative = shown.units < ZERO;
	const digits = (negative ? -shown.units : shown.units).toString().padStart(shown.scale + 1, '0');
	const integerPart = digits.slice(0, digits.length - shown.scale);
	const fractionPart = shown.scale > 0 ? '.' + digits.slice(digits.length - shown.scale) : '';
	return (negative ? '-' : '') + integerPart + fractionPart;
}

/** Decimal text with at least `decimals` digits, never rounded: a source's money as given, so that a figure finer than its currency is refused, not rounded into agreement. */
export function decimalAsGiven(value: Decimal, decimals: number): string {
	return decimalToString(value, Math.max(decimals, value.scale));
}

// Integers below 2^53 and powers of ten up to 10^22 are exact doubles, so their quotient is the
// correctly rounded double of the decimal, the same as parsing its text.
const MAX_EXACT_UNITS = BigInt(Number.MAX_SAFE_INTEGER);
const MAX_EXACT_SCALE = 22;

export function decimalToNumber(value: Decimal): number {
	const { units, scale } = value;
	if (scale <= MAX_EXACT_SCALE && units <= MAX_EXACT_UNITS && units >= -MAX_EXACT_UNITS) {
		return Number(units) / 10 ** scale;
	}
	return Number(decimalToString(value));
}

// ---- Number-facing helpers: exact results for decimal inputs, returned as numbers. ----

/** Number of decimal places as written: "1.50" has 2, the number 1.5 has 1, 1e-7 has 7. */
export function decimalPlaces(value: number | string): number {
	return toDecimalOrThrow(value).scale;
}

/** Rounds half away from zero on the decimal value: roundHalfUp(1.005, 2) === 1.01. */
export function roundHalfUp(value: number | string, decimals: number): number {
	return decimalToNumber(roundDecimal(toDecimalOrThrow(value), decimals, 'half-up'));
}

/** Cuts extra decimals toward zero: truncateTo(1.239, 2) === 1.23. */
export function truncateTo(value: number | string, decimals: number): number {
	return decimalToNumber(roundDecimal(toDecimalOrThrow(value), decimals, 'down'));
}

/** Rounds extra decimals away from zero: ceilTo(1.231, 2) === 1.24. */
export function ceilTo(value: number | string, decimals: number): number {
	return decimalToNumber(roundDecimal(toDecimalOrThrow(value), decimals, 'up'));
}

/** Exact product of two decimals: multiplyExact(0.1, 3) === 0.3. */
export function multiplyExact(a: number | string, b: number | string): number {
	return decimalToNumber(multiplyDecimal(toDecimalOrThrow(a), toDecimalOrThrow(b)));
}

/** Exact sum: sumExact([0.1, 0.2]) === 0.3. */
export function sumExact(values: ReadonlyArray<number | string>): number {
	return decimalToNumber(sumDecimals(values.map(toDecimalOrThrow)));
}

/** Exact difference: subtractExact(0.3, 0.1) === 0.2. */
export function subtractExact(a: number | string, b: number | string): number {
	return decimalToNumber(subtractDecimal(toDecimalOrThrow(a), toDecimalOrThrow(b)));
}

/** Exact comparison of two decimal values: -1, 0 or 1. */
export function compareExact(a: number | string, b: number | string): -1 | 0 | 1 {
	return compareDecimal(toDecimalOrThrow(a), toDecimalOrThrow(b));
}

/**
 * A number an expression computed with binary float noise (100 × 1.16 = 115.99999999999999) is the
 * amount it stands for: rounded to `decimals` when it lies within 10^−9 of its own size from it.
 * Anything else, and any text, is returned as given, for the checks to refuse by name.
 */
export function withoutFloatNoise(value: unknown, decimals: number): unknown {
	if (typeof value !== 'number' || !Number.isFinite(value)) return value;
	const rounded = roundHalfUp(value, decimals);
	return rounded !== value && Math.abs(value - rounded) < 1e-9 * Math.abs(value) ? rounded : value;
}
