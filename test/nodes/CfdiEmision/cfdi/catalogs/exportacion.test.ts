import { EXPORTACION } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/exportacion';

describe('c_Exportacion', () => {
	it('holds codes 01 to 04, 01 meaning no export', () => {
		expect(EXPORTACION.map((entry) => entry.code)).toEqual(['01', '02', '03', '04']);
		expect(EXPORTACION[0]).toEqual({
			code: '01',
			description: 'Not applicable',
			spanish: 'No aplica',
		});
	});
});
