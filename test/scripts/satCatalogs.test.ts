import { readInserts, similarWords } from '../../scripts/satCatalogs';

describe('the SAT similar words kept with each product code', () => {
	it('keeps each phrase once, without the ones that repeat the name', () => {
		expect(
			similarWords('Primates', 'Changos, Chimpancés, Monos, Orangutanes, primates, Monos'),
		).toBe('Changos, Chimpancés, Monos, Orangutanes');
		expect(similarWords('Gatos vivos', '')).toBe('');
		expect(similarWords('Gatos vivos', null)).toBe('');
	});

	it('reads the column from the catalog dump', () => {
		const [row] = readInserts(
			"INSERT INTO clave_prod_serv VALUES('10101507','Ovejas',0,0,'','07-01-2019','','01','Borregos, Carneros');",
			'clave_prod_serv',
		);
		expect(similarWords(row[1], row[8])).toBe('Borregos, Carneros');
	});
});
