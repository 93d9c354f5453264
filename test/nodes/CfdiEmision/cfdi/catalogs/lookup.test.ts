/**
 * Also covers: nodes/CfdiEmision/cfdi/catalogs/catalogEntry.ts (the catalogs' entry type, through every catalog checked here).
 */
import { CANCELLATION_MOTIVE } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/cancellationMotive';
import type { CatalogEntry } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/catalogEntry';
import { CLAVE_UNIDAD } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/claveUnidad';
import { EXPORTACION } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/exportacion';
import { FORMA_PAGO } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/formaPago';
import { IMPUESTO } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/impuesto';
import { catalogCodes } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/lookup';
import { METODO_PAGO } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/metodoPago';
import { MONEDA } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/moneda';
import { OBJETO_IMP } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/objetoImp';
import { REGIMEN_FISCAL } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/regimenFiscal';
import { TIPO_DE_COMPROBANTE } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/tipoDeComprobante';
import { TIPO_FACTOR } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/tipoFactor';
import { TIPO_RELACION } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/tipoRelacion';
import { USO_CFDI } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/usoCfdi';

const ALL: Record<string, CatalogEntry[]> = {
	FORMA_PAGO,
	METODO_PAGO,
	TIPO_DE_COMPROBANTE,
	EXPORTACION,
	OBJETO_IMP,
	REGIMEN_FISCAL,
	USO_CFDI,
	MONEDA,
	CANCELLATION_MOTIVE,
	TIPO_RELACION,
	IMPUESTO,
	TIPO_FACTOR,
	CLAVE_UNIDAD,
};

describe('catalogs', () => {
	it.each(Object.entries(ALL))('%s has unique codes and English descriptions', (_name, catalog) => {
		const codes = catalogCodes(catalog);
		expect(new Set(codes).size).toBe(codes.length);
		for (const entry of catalog) expect(entry.description).toMatch(/^[\x20-\x7E×]+$/);
	});

	it('holds the code lists of the rules', () => {
		expect(catalogCodes(FORMA_PAGO).join(' ')).toBe(
			'01 02 03 04 05 06 08 12 13 14 15 17 23 24 25 26 27 28 29 30 31 99',
		);
		expect(catalogCodes(METODO_PAGO)).toEqual(['PUE', 'PPD']);
		expect(catalogCodes(TIPO_DE_COMPROBANTE)).toEqual(['I', 'E', 'T', 'N', 'P']);
		expect(catalogCodes(EXPORTACION)).toEqual(['01', '02', '03', '04']);
		expect(catalogCodes(OBJETO_IMP)).toEqual(['01', '02', '03', '04', '05', '06', '07', '08']);
		expect(catalogCodes(TIPO_RELACION)).toEqual(['01', '02', '03', '04', '05', '06', '07']);
		expect(catalogCodes(IMPUESTO)).toEqual(['001', '002', '003']);
		expect(catalogCodes(TIPO_FACTOR)).toEqual(['Tasa', 'Cuota', 'Exento']);
		expect(catalogCodes(USO_CFDI).join(' ')).toBe(
			'G01 G02 G03 I01 I02 I03 I04 I05 I06 I07 I08 D01 D02 D03 D04 D05 D06 D07 D08 D09 D10 S01 CP01 CN01',
		);
	});
});
