import { classifyRfc, RFC_PATTERN } from '../../nodes/CfdiEmision/cfdi';

describe('classifyRfc', () => {
	it.each([
		['EKU9003173C9', 'moral'],
		['URE180429TM6', 'moral'],
		['Ñ&A010101AB1', 'moral'],
		['PEGJ800101AB1', 'fisica'],
		['MAÑO8002295A5', 'fisica'],
		['XAXX010101000', 'generic-national'],
		['XEXX010101000', 'generic-foreign'],
		['eku9003173c9', 'invalid'],
		['EKU900317C9', 'invalid'],
		['EKU9013173C9', 'invalid'],
		['EKU9002323C9', 'invalid'],
		['EKU 9003173C9', 'invalid'],
		['PEGJ800101ABB', 'invalid'],
		['', 'invalid'],
	])('%s is %s', (rfc, kind) => {
		expect(classifyRfc(rfc)).toBe(kind);
	});

	it('treats a non-string as invalid', () => {
		expect(classifyRfc(undefined)).toBe('invalid');
		expect(classifyRfc(123456789012)).toBe('invalid');
	});

	it('does not enforce the check digit', () => {
		// Same shape as EKU9003173C9 with another last character: accepted by shape.
		expect(RFC_PATTERN.test('EKU9003173C1')).toBe(true);
	});
});
