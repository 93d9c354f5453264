import {
	ceilTo,
	compareExact,
	decimalPlaces,
	multiplyExact,
	parseDecimal,
	roundHalfUp,
	subtractExact,
	sumExact,
	truncateTo,
} from '../../nodes/CfdiEmision/cfdi';
import { decimalToString, divideDecimal, type Decimal } from '../../nodes/CfdiEmision/cfdi/decimal';

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
	const d = (text: string) => parseDecimal(text) as Decimal;
	const text = (value: Decimal) => decimalToString(value);

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
