import { CLAVE_UNIDAD } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/claveUnidad';
import { catalogCodes } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/lookup';

describe('catalogs', () => {
	it('offers common unit codes that fit the claveUnidad pattern', () => {
		expect(catalogCodes(CLAVE_UNIDAD)).toEqual([
			'H87',
			'E48',
			'ACT',
			'KGM',
			'LTR',
			'MTR',
			'XBX',
			'DAY',
			'HUR',
			'MON',
		]);
		for (const code of catalogCodes(CLAVE_UNIDAD)) expect(code).toMatch(/^[A-Z0-9]{2,3}$/);
	});
});
