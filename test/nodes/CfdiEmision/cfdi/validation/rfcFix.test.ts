import { rfcFix } from '../../../../../nodes/CfdiEmision/cfdi/validation/rfcFix';

describe('the fix offered for a value that is not an RFC', () => {
	it('gives the cleaned-up RFC when spaces, dashes or lower case are all that is wrong', () => {
		expect(rfcFix('eku-900317 3c9')).toBe(
			'Write it in upper case without spaces or dashes: "EKU9003173C9".',
		);
	});

	it('names a date that is not a real day', () => {
		expect(rfcFix('EKU9002303C9')).toContain('its date 900230 (yymmdd) is not a real day');
		expect(rfcFix('EKU9002303C9')).toContain('February has 28 days');
		expect(rfcFix('EKU0002303C9')).toContain('February has 29 days');
		expect(rfcFix('EKU9004313C9')).toContain('April has 30 days');
		expect(rfcFix('EKU9002303C9')).toMatch(
			/^Check the RFC on the taxpayer's tax status certificate/,
		);
	});

	it('counts the characters of an RFC of the wrong length', () => {
		expect(rfcFix('EKU900317')).toBe(
			'An RFC has 12 characters (legal entity) or 13 (individual); this one has 9.',
		);
	});

	it('explains the shape of an RFC of the right length', () => {
		expect(rfcFix('123456789012')).toBe(
			'Check the RFC: 3 letters (legal entity) or 4 (individual), a YYMMDD date and a 3-character suffix, e.g. "EKU9003173C9".',
		);
	});
});
