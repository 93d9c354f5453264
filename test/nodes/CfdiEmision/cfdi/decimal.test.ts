import Decimal from 'decimal.js';
import fc from 'fast-check';
import {
	decimalToString,
	divideDecimal,
	addDecimal,
	compareDecimal,
	ceilTo,
	compareExact,
	decimalPlaces,
	decimalToNumber,
	multiplyDecimal,
	multiplyExact,
	normalizeDecimal,
	parseDecimal,
	roundHalfUp,
	subtractExact,
	sumExact,
	truncateTo,
	roundDecimal,
	subtractDecimal,
	sumDecimals,
	type Decimal as PackageDecimal,
	type RoundingMode,
} from '../../../../nodes/CfdiEmision/cfdi/decimal';

describe('decimal helpers', () => {
	it('rounds the decimal value half up, where float rounding fails', () => {
		expect(Math.round(1.005 * 100) / 100).toBe(1); // the float trap
		expect(roundHalfUp(1.005, 2)).toBe(1.01);
		expect(roundHalfUp(2.675, 2)).toBe(2.68);
		expect(roundHalfUp(1.0049999, 2)).toBe(1);
		expect(roundHalfUp('0.125', 2)).toBe(0.13);
		expect(roundHalfUp(100.005, 2)).toBe(100.01);
		expect(roundHalfUp(2.5, 0)).toBe(3);
		expect(roundHalfUp(1.23, 4)).toBe(1.23);
	});

	it('rounds negative values half away from zero', () => {
		expect(roundHalfUp(-1.005, 2)).toBe(-1.01);
		expect(roundHalfUp(-2.4, 0)).toBe(-2);
	});

	it('sums and multiplies without floating drift', () => {
		expect(0.1 + 0.2).not.toBe(0.3);
		expect(sumExact([0.1, 0.2])).toBe(0.3);
		expect(sumExact(Array(10).fill(0.1))).toBe(1);
		expect(sumExact(Array(37).fill(1.11))).toBe(41.07);
		expect(multiplyExact(0.1, 3)).toBe(0.3);
		expect(multiplyExact(0.333, 3.3333)).toBe(1.1099889);
		expect(multiplyExact('1.10', 3)).toBe(3.3);
		expect(subtractExact(0.3, 0.1)).toBe(0.2);
		expect(sumExact([])).toBe(0);
	});

	it('truncates and rounds up for tolerance bounds', () => {
		expect(truncateTo(1.239, 2)).toBe(1.23);
		expect(ceilTo(1.231, 2)).toBe(1.24);
		expect(ceilTo(1.23, 2)).toBe(1.23);
		expect(truncateTo(-1.239, 2)).toBe(-1.23);
	});

	it('counts decimal places as written', () => {
		expect(decimalPlaces(1.5)).toBe(1);
		expect(decimalPlaces('1.50')).toBe(2);
		expect(decimalPlaces(100)).toBe(0);
		expect(decimalPlaces(1e-7)).toBe(7);
		expect(decimalPlaces('0.000001')).toBe(6);
	});

	it('compares exact values', () => {
		expect(compareExact('1.50', 1.5)).toBe(0);
		expect(compareExact(0.1 + 0.2, 0.3)).toBe(1); // 0.30000000000000004 is what the float holds
		expect(compareExact(2, '10')).toBe(-1);
	});

	it('parses plain decimal text and finite numbers only', () => {
		expect(parseDecimal('12.340')).toEqual({ units: BigInt(12340), scale: 3 });
		expect(parseDecimal(1e21)).toEqual({ units: BigInt(10) ** BigInt(21), scale: 0 });
		expect(parseDecimal('-.5')).toEqual({ units: BigInt(-5), scale: 1 });
		for (const bad of ['', '.', '1e5', '1,5', 'abc', NaN, Infinity, null, undefined, {}]) {
			expect(parseDecimal(bad)).toBeUndefined();
		}
		expect(() => roundHalfUp(NaN, 2)).toThrow(RangeError);
		expect(() => roundHalfUp('abc', 2)).toThrow(RangeError);
	});
});

describe('divideDecimal', () => {
	const d = (text: string) => parseDecimal(text) as PackageDecimal;
	const text = (value: PackageDecimal) => decimalToString(value);

	it('divides exactly and rounds once, half away from zero', () => {
		expect(text(divideDecimal(d('1160'), d('1.16'), 2))).toBe('1000.00');
		expect(text(divideDecimal(d('100.01'), d('1.16'), 2))).toBe('86.22'); // 86.2155...
		expect(text(divideDecimal(d('1'), d('3'), 6))).toBe('0.333333');
		expect(text(divideDecimal(d('2'), d('3'), 6))).toBe('0.666667');
		expect(text(divideDecimal(d('0.125'), d('1'), 2))).toBe('0.13');
		expect(text(divideDecimal(d('-0.125'), d('1'), 2))).toBe('-0.13');
		expect(text(divideDecimal(d('1'), d('-8'), 2))).toBe('-0.13');
		expect(text(divideDecimal(d('2240.61'), d('129.89'), 6))).toBe('17.250058');
	});

	it('rounds down or up on request, and refuses a zero divisor', () => {
		expect(text(divideDecimal(d('2'), d('3'), 2, 'down'))).toBe('0.66');
		expect(text(divideDecimal(d('1'), d('3'), 2, 'up'))).toBe('0.34');
		expect(() => divideDecimal(d('1'), d('0'), 2)).toThrow(RangeError);
	});
});

/**
 * The package's amount arithmetic against an oracle it does not share code with: decimal.js.
 * cfdi/decimal.ts operation by operation. Every property runs thousands of cases; a single
 * disagreement fails the test with the shrunk counterexample. computeTotals against the SAT's
 * rounding rules in decimal.js: computeTotals.oracle.test.ts.
 */

const D = Decimal.clone({ precision: 200, rounding: Decimal.ROUND_HALF_UP });
// `npm run mutate` lowers the runs (ORACLE_RUNS) so that each mutant's test run stays short.
const RUNS = Number(process.env.ORACLE_RUNS ?? 5000);

const ORACLE_MODE: Record<RoundingMode, Decimal.Rounding> = {
	'half-up': Decimal.ROUND_HALF_UP,
	down: Decimal.ROUND_DOWN,
	up: Decimal.ROUND_UP,
};

/** A decimal text: sign, up to 13 integer digits, up to 9 decimals (trailing zeros kept, as users type them). */
const decimalText = fc
	.tuple(
		fc.boolean(),
		fc.bigInt({ min: BigInt(0), max: BigInt('9999999999999') }),
		fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 0, maxLength: 9 }),
	)
	.map(
		([negative, integer, fraction]) =>
			`${negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`,
	);

const digits = (max: number) =>
	fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 0, maxLength: max });

function mine(text: string): PackageDecimal {
	const value = parseDecimal(text);
	if (!value) throw new Error(`parseDecimal refused ${text}`);
	return value;
}

/** The package's value as decimal.js reads its text. */
function asOracle(value: PackageDecimal): Decimal {
	return new D(decimalToString(value));
}

function same(value: PackageDecimal, expected: Decimal): boolean {
	return asOracle(value).equals(expected);
}

describe(`cfdi/decimal.ts against decimal.js (${RUNS} cases per operation)`, () => {
	it('parses and prints every decimal text to the same value', () => {
		fc.assert(
			fc.property(decimalText, (text) => same(mine(text), new D(text))),
			{ numRuns: RUNS },
		);
	});

	it('adds, subtracts and multiplies exactly', () => {
		fc.assert(
			fc.property(decimalText, decimalText, (a, b) => {
				const x = mine(a);
				const y = mine(b);
				return (
					same(addDecimal(x, y), new D(a).plus(b)) &&
					same(subtractDecimal(x, y), new D(a).minus(b)) &&
					same(multiplyDecimal(x, y), new D(a).times(b))
				);
			}),
			{ numRuns: RUNS },
		);
	});

	it('sums a list exactly', () => {
		fc.assert(
			fc.property(fc.array(decimalText, { maxLength: 30 }), (texts) =>
				same(
					sumDecimals(texts.map(mine)),
					texts.reduce((sum, text) => sum.plus(text), new D(0)),
				),
			),
			{ numRuns: RUNS },
		);
	});

	it('compares as decimal.js does', () => {
		fc.assert(
			fc.property(
				decimalText,
				decimalText,
				(a, b) => compareDecimal(mine(a), mine(b)) === new D(a).comparedTo(b),
			),
			{ numRuns: RUNS },
		);
	});

	it.each(['half-up', 'down', 'up'] as RoundingMode[])(
		'rounds %s to 0-8 decimals as decimal.js does',
		(mode) => {
			fc.assert(
				fc.property(decimalText, fc.integer({ min: 0, max: 8 }), (text, decimals) =>
					same(
						roundDecimal(mine(text), decimals, mode),
						new D(text).toDecimalPlaces(decimals, ORACLE_MODE[mode]),
					),
				),
				{ numRuns: RUNS },
			);
		},
	);

	it.each(['half-up', 'down', 'up'] as RoundingMode[])(
		'divides and rounds %s as decimal.js does',
		(mode) => {
			const nonZero = decimalText.filter((text) => !new D(text).isZero());
			fc.assert(
				fc.property(decimalText, nonZero, fc.integer({ min: 0, max: 10 }), (a, b, decimals) =>
					same(
						divideDecimal(mine(a), mine(b), decimals, mode),
						new D(a).dividedBy(b).toDecimalPlaces(decimals, ORACLE_MODE[mode]),
					),
				),
				{ numRuns: RUNS },
			);
		},
	);

	it('accepts exactly the plain decimal texts (sign, ".5", "5.", spaces around), as a regular expression says', () => {
		const PLAIN = /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/;
		const texts = fc.string({ unit: fc.constantFrom(...'0123456789..-+e '), maxLength: 8 });
		fc.assert(
			fc.property(texts, (text) => {
				const value = parseDecimal(text);
				if (!PLAIN.test(text)) return value === undefined;
				return value !== undefined && same(value, new D(text.trim()));
			}),
			{ numRuns: RUNS },
		);
	});

	it('prints with a fixed number of decimals as toFixed rounding half up does', () => {
		fc.assert(
			fc.property(decimalText, fc.integer({ min: 0, max: 10 }), (text, decimals) => {
				const expected = new D(text)
					.toFixed(decimals, Decimal.ROUND_HALF_UP)
					.replace(/^-(0\.?0*)$/, '$1');
				return decimalToString(mine(text), decimals) === expected;
			}),
			{ numRuns: RUNS },
		);
	});

	it('normalises to the shortest text of the same value', () => {
		fc.assert(
			fc.property(decimalText, (text) => {
				const normal = normalizeDecimal(mine(text));
				return (
					same(normal, new D(text)) &&
					decimalToString(normal) === new D(text).toFixed().replace(/^-0$/, '0')
				);
			}),
			{ numRuns: RUNS },
		);
	});

	it('converts to the nearest double, as parsing the text does (also beyond 2^53 and 22 decimals)', () => {
		const longText = fc
			.tuple(fc.boolean(), digits(20), digits(26))
			.map(
				([negative, integer, fraction]) =>
					`${negative ? '-' : ''}${integer || '0'}${fraction ? `.${fraction}` : ''}`,
			);
		fc.assert(
			fc.property(
				fc.oneof(decimalText, longText),
				(text) => decimalToNumber(mine(text)) === Number(text) + 0,
			),
			{ numRuns: RUNS },
		);
	});

	it('the number helpers give decimal.js results as numbers', () => {
		const number = decimalText.map(Number).filter((value) => Number.isFinite(value));
		fc.assert(
			fc.property(number, number, fc.integer({ min: 0, max: 6 }), (a, b, decimals) => {
				const x = new D(String(a));
				const y = new D(String(b));
				return (
					roundHalfUp(a, decimals) ===
						x.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toNumber() + 0 &&
					truncateTo(a, decimals) ===
						x.toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toNumber() + 0 &&
					ceilTo(a, decimals) === x.toDecimalPlaces(decimals, Decimal.ROUND_UP).toNumber() + 0 &&
					multiplyExact(a, b) === x.times(y).toNumber() + 0 &&
					sumExact([a, b, String(b)]) === x.plus(y).plus(y).toNumber() + 0 &&
					subtractExact(a, b) === x.minus(y).toNumber() + 0 &&
					compareExact(a, String(b)) === x.comparedTo(y) &&
					decimalPlaces(a) === x.decimalPlaces()
				);
			}),
			{ numRuns: RUNS },
		);
		expect(() => roundHalfUp('abc', 2)).toThrow('Not a finite decimal: abc');
		expect(() => divideDecimal(mine('1'), mine('0.00'), 2)).toThrow('Division by zero');
	});

	it('turns JSON numbers into the decimal of their shortest text, and back', () => {
		fc.assert(
			fc.property(
				fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }),
				(number) => {
					const value = parseDecimal(number);
					return (
						value !== undefined &&
						same(value, new D(String(number))) &&
						decimalToNumber(value) === (Object.is(number, -0) ? 0 : number)
					);
				},
			),
			{ numRuns: RUNS },
		);
	});
});
