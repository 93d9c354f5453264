import {
	CLAVE_PROD_SERV_CATALOG,
	SEARCH_MAX_CHARACTERS,
	SEARCH_MAX_WORDS,
	searchWords,
} from '../../../../../nodes/CfdiEmision/cfdi/catalogs/codeCatalogs';

describe('catalog picker search is bounded (issue 27, item 10)', () => {
	test('a 20,000-character filter is cut to a few distinct words', () => {
		const words = searchWords('a '.repeat(10_000));
		expect(words).toEqual(['a']);
		const many = searchWords(Array.from({ length: 3000 }, (_, i) => `w${i}`).join(' '));
		expect(many).toHaveLength(SEARCH_MAX_WORDS);
		expect(searchWords('x'.repeat(20_000))).toEqual(['x'.repeat(SEARCH_MAX_CHARACTERS)]);
	});

	test('a long filter of words every name holds answers the same list as its few words', () => {
		expect(CLAVE_PROD_SERV_CATALOG.search('de '.repeat(6_667)).map((entry) => entry.code)).toEqual(
			CLAVE_PROD_SERV_CATALOG.search('de').map((entry) => entry.code),
		);
	});

	test('a search typed by a person still finds its code (accents and case ignored)', () => {
		const found = CLAVE_PROD_SERV_CATALOG.search('Servicios de facturación').map(
			(entry) => entry.code,
		);
		expect(found).toContain('84111506');
	});
});
