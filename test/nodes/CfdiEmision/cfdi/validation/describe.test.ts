import {
	listCodes,
	messageValue,
	useCodes,
} from '../../../../../nodes/CfdiEmision/cfdi/validation/describe';

describe('how a finding shows a value', () => {
	it('quotes a string, prints undefined, NaN and Infinity as they are, and shortens long JSON', () => {
		expect(messageValue('G03')).toBe('"G03"');
		expect(messageValue(undefined)).toBe('undefined');
		expect(messageValue(Number.NaN)).toBe('NaN');
		expect(messageValue(Number.POSITIVE_INFINITY)).toBe('Infinity');
		expect(messageValue(12.5)).toBe('12.5');
		expect(messageValue({ a: 1 })).toBe('{"a":1}');
		const long = messageValue({ text: 'x'.repeat(80) });
		expect(long).toHaveLength(60);
		expect(long.endsWith('...')).toBe(true);
	});

	it('lists codes as one, two or more choices', () => {
		expect(listCodes([])).toBe('');
		expect(listCodes(['01'])).toBe('"01"');
		expect(listCodes(['01', '02'])).toBe('"01" or "02"');
		expect(listCodes(['01', '02', '03'])).toBe('"01", "02" or "03"');
		expect(useCodes(['PUE', 'PPD'])).toBe('Use "PUE" or "PPD".');
	});
});
