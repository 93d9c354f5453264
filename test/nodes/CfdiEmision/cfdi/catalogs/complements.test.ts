import {
	CERTIFICADO_ORIGEN,
	CLAVE_PEDIMENTO,
	CVE_TRANSPORTE,
	ENTRADA_SALIDA_MERC,
	INCOTERM,
	MOTIVO_TRASLADO,
	TIPO_FIGURA,
	TIPO_UBICACION,
	TRANSP_INTERNAC,
} from '../../../../../nodes/CfdiEmision/cfdi/catalogs/complements';

const codes = (catalog: { code: string }[]) => catalog.map((entry) => entry.code);

describe('the code lists of the Carta Porte 3.1 and Comercio Exterior 2.0 complements', () => {
	it('Carta Porte: international or not (Sí with its accent), origin and destination, entry and exit, the five ways and four roles', () => {
		expect(codes(TRANSP_INTERNAC)).toEqual(['Sí', 'No']);
		expect(codes(TIPO_UBICACION)).toEqual(['Origen', 'Destino']);
		expect(codes(ENTRADA_SALIDA_MERC)).toEqual(['Entrada', 'Salida']);
		expect(codes(CVE_TRANSPORTE)).toEqual(['01', '02', '03', '04', '05']);
		expect(codes(TIPO_FIGURA)).toEqual(['01', '02', '03', '04']);
	});

	it('Comercio Exterior: customs key A1, certificate 0 or 1, the transfer motives and the Incoterms 2010 and 2020', () => {
		expect(codes(CLAVE_PEDIMENTO)).toEqual(['A1']);
		expect(codes(CERTIFICADO_ORIGEN)).toEqual(['0', '1']);
		expect(codes(MOTIVO_TRASLADO)).toEqual(['01', '02', '03', '04', '05', '99']);
		expect(codes(INCOTERM)).toEqual(
			expect.arrayContaining(['EXW', 'FOB', 'CIF', 'DAP', 'DDP', 'DAT', 'DPU']),
		);
		expect(INCOTERM).toHaveLength(12);
	});
});
