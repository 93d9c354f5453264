import { TIPO_DE_COMPROBANTE } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/tipoDeComprobante';

describe('c_TipoDeComprobante', () => {
	it('holds the five voucher types with their SAT names', () => {
		expect(TIPO_DE_COMPROBANTE.map((entry) => entry.code)).toEqual(['I', 'E', 'T', 'N', 'P']);
		expect(TIPO_DE_COMPROBANTE.find((entry) => entry.code === 'E')).toEqual({
			code: 'E',
			description: 'Expense (credit note)',
			spanish: 'Egreso',
		});
	});
});
