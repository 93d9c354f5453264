import { REGIMEN_FISCAL } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/regimenFiscal';

describe('catalogs', () => {
	it('marks each regime as individual and/or legal entity', () => {
		const kinds = Object.fromEntries(
			REGIMEN_FISCAL.map((r) => [r.code, `${r.fisica ? 'F' : ''}${r.moral ? 'M' : ''}`]),
		);
		expect(kinds).toMatchObject({
			'601': 'M',
			'603': 'M',
			'605': 'F',
			'610': 'FM',
			'612': 'F',
			'616': 'F',
			'620': 'M',
			'626': 'FM',
		});
	});
});
