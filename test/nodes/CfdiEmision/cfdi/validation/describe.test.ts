import {
	listCodes,
	show,
	showAmount,
	useCodes,
} from '../../../../../nodes/CfdiEmision/cfdi/validation/describe';
import { decimalOf } from '../../../../../nodes/CfdiEmision/cfdi/decimal';

describe('how a finding shows a value', () => {
	it('quotes a string, prints undefined, NaN and Infinity as they are, and shortens long JSON', () => {
		expect(show('G03')).toBe('"G03"');
		expect(show(undefined)).toBe('undefined');
		expect(show(Number.NaN)).toBe('NaN');
		expect(show(Number.POSITIVE_INFINITY)).toBe('Infinity');
		expect(show(12.5)).toBe('12.5');
		expect(show({ a: 1 })).toBe('{"a":1}');
		const long = show({ text: 'x'.repeat(80) });
		expect(long).toHaveLength(60);
		expect(long.endsWith('...')).toBe(true);
	});

	it('writes an amount with the currency decimals', () => {
		expect(showAmount(decimalOf(150000, 2), 2)).toBe('1500.00');
		expect(showAmount(decimalOf(15, 1), 2)).toBe('1.50');
	});

	it('lists codes as one, two or more choices', () => {
		expect(listCodes([])).toBe('');
		expect(listCodes(['01'])).toBe('"01"');
		expect(listCodes(['01', '02'])).toBe('"01" or "02"');
		expect(listCodes(['01', '02', '03'])).toBe('"01", "02" or "03"');
		expect(useCodes(['PUE', 'PPD'])).toBe('Use "PUE" or "PPD".');
	});
});
