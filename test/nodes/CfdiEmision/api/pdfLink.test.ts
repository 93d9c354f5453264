/**
 * What PDF > Get Link returns about a link: its start and expiry read from the link's own query
 * (Azure-style SAS: st, se), so the user knows until when the link works; an answer that is not a
 * web link is not taken for one.
 */
import { describeLink } from '../../../../nodes/CfdiEmision/api/pdfLink';

describe('describeLink', () => {
	test('the start and expiry of a SAS link, as ISO instants', () => {
		const url =
			'https://files.example.com/pdf/A-1.pdf?sv=2021-08-06&st=2026-11-27T10%3A00%3A00Z&se=2026-11-27T11%3A30%3A00Z&sig=abc';
		expect(describeLink(url)).toEqual({
			url,
			startsAt: '2026-11-27T10:00:00.000Z',
			expiresAt: '2026-11-27T11:30:00.000Z',
		});
	});

	test('a link without st and se, or with dates that are not dates: no validity given', () => {
		expect(describeLink('http://files.example.com/a.pdf')).toEqual({
			url: 'http://files.example.com/a.pdf',
			startsAt: null,
			expiresAt: null,
		});
		expect(describeLink('https://files.example.com/a.pdf?st=soon&se=later')).toMatchObject({
			startsAt: null,
			expiresAt: null,
		});
	});

	test('text that is not an http(s) link is not a link', () => {
		expect(describeLink('')).toBeUndefined();
		expect(describeLink('PDF en proceso')).toBeUndefined();
		expect(describeLink('ftp://files.example.com/a.pdf')).toBeUndefined();
		expect(describeLink('javascript:alert(1)')).toBeUndefined();
	});
});
