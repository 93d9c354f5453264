import { fieldCode, fieldText, givenText } from '../../../../nodes/CfdiEmision/cfdi/fieldText';

describe('fieldText: a loosely typed field as the guards compare it', () => {
	it('trims text and reads numbers as their decimal text', () => {
		expect(fieldText('  XAXX010101000 ')).toBe('XAXX010101000');
		expect(fieldText(1160.5)).toBe('1160.5');
		expect(fieldText(0)).toBe('0');
	});

	it('reads an absent field as empty text', () => {
		expect(fieldText(undefined)).toBe('');
		expect(fieldText(null)).toBe('');
		expect(fieldText('   ')).toBe('');
	});

	it('reads a code whatever its case', () => {
		expect(fieldCode(' aaa010101aaa ')).toBe('AAA010101AAA');
		expect(fieldCode('usd')).toBe('USD');
		expect(fieldCode(undefined)).toBe('');
	});

	it('gives text only when some is given, as it is', () => {
		expect(givenText(' A1 ')).toBe(' A1 ');
		expect(givenText('  ')).toBeUndefined();
		expect(givenText('')).toBeUndefined();
		expect(givenText(12)).toBeUndefined();
		expect(givenText(undefined)).toBeUndefined();
	});
});
