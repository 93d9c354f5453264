import { TIPO_FACTOR } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/tipoFactor';

describe('c_TipoFactor', () => {
	it('offers rate, fixed amount per unit and exempt', () => {
		expect(TIPO_FACTOR.map((entry) => entry.code)).toEqual(['Tasa', 'Cuota', 'Exento']);
	});
});
