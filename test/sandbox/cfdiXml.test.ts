import { amount, escapeXml } from '../../sandbox/cfdiXml';

describe('the stamped XML the sandbox writes', () => {
	it('escapes markup, quotes and white space in attribute values, and drops control characters', () => {
		expect(escapeXml(`A&B <"x"> 'y'\t\n\r\u0001z`)).toBe(
			'A&amp;B &lt;&quot;x&quot;&gt; &apos;y&apos;&#x9;&#xA;&#xD;z',
		);
	});

	it('writes amounts with 2 to 6 decimals, as the CFDI decimal types allow', () => {
		expect(amount(1160)).toBe('1160.00');
		expect(amount('0.125')).toBe('0.125');
		expect(amount(1 / 3)).toBe('0.333333');
		expect(amount('n/a')).toBeUndefined();
	});
});
