import { TIPO_RELACION } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/tipoRelacion';

describe('c_TipoRelacion', () => {
	it('holds relation types 01 to 07; 01 is the credit note, 04 the replacement', () => {
		expect(TIPO_RELACION.map((entry) => entry.code)).toEqual([
			'01',
			'02',
			'03',
			'04',
			'05',
			'06',
			'07',
		]);
		expect(TIPO_RELACION[0].spanish).toBe('Nota de crédito de los documentos relacionados');
		expect(TIPO_RELACION[3].description).toBe('Replacement of earlier vouchers');
	});
});
