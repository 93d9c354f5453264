import { CANCELLATION_MOTIVE } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/cancellationMotive';
import type { CatalogEntry } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/catalogEntry';
import {
	CLAVE_PROD_SERV_CATALOG,
	CLAVE_UNIDAD_CATALOG,
	CodeCatalog,
} from '../../../../../nodes/CfdiEmision/cfdi/catalogs/codeCatalogs';
import { EXPORTACION } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/exportacion';
import { FORMA_PAGO } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/formaPago';
import {
	MESES,
	PERIODICIDAD,
} from '../../../../../nodes/CfdiEmision/cfdi/catalogs/informacionGlobal';
import { METODO_PAGO } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/metodoPago';
import { MONEDA } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/moneda';
import { OBJETO_IMP } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/objetoImp';
import { REGIMEN_FISCAL } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/regimenFiscal';
import { TIPO_DE_COMPROBANTE } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/tipoDeComprobante';
import { TIPO_RELACION } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/tipoRelacion';
import { USO_CFDI } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/usoCfdi';
import { catalogLabel } from '../../../../../nodes/CfdiEmision/actions/common.fields';
import { invoiceVoucher } from '../../../../support/vouchers';
import { validateWithKinds } from '../../../../support/kindFixtures';

const SHOWN_LISTS: Record<string, CatalogEntry[]> = {
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
	PERIODICIDAD,
	MESES,
};

describe('SAT code lists carry the official Spanish names', () => {
	it.each(Object.entries(SHOWN_LISTS))('%s: every code has its Spanish name', (_name, catalog) => {
		const missing = catalog.filter((entry) => !entry.spanish).map((entry) => entry.code);
		// ISO 4217 codes newer than the SAT's c_Moneda, which has no name for them (and XXX is SAT's own).
		expect(missing).toEqual(
			catalog === MONEDA ? ['BYN', 'MRU', 'SLE', 'STN', 'UYW', 'VED', 'XCG', 'ZWG'] : [],
		);
	});

	it('takes the names from the SAT catalogs, not translations', () => {
		const spanish = (catalog: CatalogEntry[], code: string) =>
			catalog.find((entry) => entry.code === code)?.spanish;
		expect(spanish(USO_CFDI, 'G03')).toBe('Gastos en general');
		expect(spanish(REGIMEN_FISCAL, '626')).toBe('Régimen Simplificado de Confianza');
		expect(spanish(FORMA_PAGO, '03')).toBe('Transferencia electrónica de fondos');
		expect(spanish(METODO_PAGO, 'PPD')).toBe('Pago en parcialidades o diferido');
		expect(spanish(MONEDA, 'MXN')).toBe('Peso Mexicano');
		expect(spanish(TIPO_RELACION, '04')).toBe('Sustitución de los CFDI previos');
		expect(spanish(REGIMEN_FISCAL, '628')).toBe('Hidrocarburos');
		expect(spanish(MONEDA, 'XXX')).toBe(
			'Los códigos asignados para las transacciones en que intervenga ninguna moneda',
		);
	});

	it('labels an option with the code, the English and the Spanish name', () => {
		expect(catalogLabel(USO_CFDI.find((entry) => entry.code === 'G03')!)).toBe(
			'G03 - General expenses (Gastos en general)',
		);
		// The same words twice are shown once.
		expect(catalogLabel({ code: '002', description: 'IVA', spanish: 'IVA' })).toBe('002 - IVA');
	});
});

describe('c_ClaveProdServ and c_ClaveUnidad are embedded whole', () => {
	it('holds every product and service code', () => {
		expect(CLAVE_PROD_SERV_CATALOG.size).toBeGreaterThan(52_000);
		expect(CLAVE_PROD_SERV_CATALOG.find('84111506')?.name).toBe('Servicios de facturación');
		expect(CLAVE_PROD_SERV_CATALOG.find('01010101')?.name).toBe('No existe en el catálogo');
		expect(CLAVE_PROD_SERV_CATALOG.find('43211503')?.name).toBe('Computadores notebook');
		expect(CLAVE_PROD_SERV_CATALOG.find('12345678')).toBeUndefined();
	});

	it('holds every unit code, the common ones also in English', () => {
		expect(CLAVE_UNIDAD_CATALOG.size).toBeGreaterThan(2_000);
		expect(CLAVE_UNIDAD_CATALOG.find('H87')).toEqual({
			code: 'H87',
			name: 'Pieza',
			english: 'Piece',
		});
		expect(CLAVE_UNIDAD_CATALOG.find('E48')?.name).toBe('Unidad de servicio');
		// "XYZ" (which the issue tried as an invalid code) is a real one.
		expect(CLAVE_UNIDAD_CATALOG.find('XYZ')?.name).toBe(
			'Empaque compuesto, recipiente de vidrio en paquete de plástico sólido',
		);
		expect(CLAVE_UNIDAD_CATALOG.find('QQQ')).toBeUndefined();
		expect(CLAVE_UNIDAD_CATALOG.find('h87')).toBeUndefined();
	});

	it('searches by words in any order, without accents or case', () => {
		expect(
			CLAVE_PROD_SERV_CATALOG.search('facturacion servicios').map((entry) => entry.code),
		).toContain('84111506');
		expect(CLAVE_PROD_SERV_CATALOG.search('COMPUTADORES NOTEBOOK')[0].code).toBe('43211503');
		expect(CLAVE_UNIDAD_CATALOG.search('pieza')[0].code).toBe('H87');
		expect(CLAVE_UNIDAD_CATALOG.search('piece').map((entry) => entry.code)).toContain('H87');
		expect(CLAVE_PROD_SERV_CATALOG.search('zzzz no such thing')).toEqual([]);
	});

	it('puts the typed code first, then the codes it starts', () => {
		expect(CLAVE_PROD_SERV_CATALOG.search('84111506')[0].code).toBe('84111506');
		const prefixed = CLAVE_PROD_SERV_CATALOG.search('841115');
		expect(prefixed.length).toBeGreaterThan(3);
		expect(prefixed.every((entry) => entry.code.startsWith('841115'))).toBe(true);
		expect(CLAVE_UNIDAD_CATALOG.search('e48')[0].code).toBe('E48');
	});
});

describe('codes outside their catalog are refused locally', () => {
	it('refuses a well-formed product code the SAT does not have', () => {
		const voucher = invoiceVoucher();
		(voucher.conceptos as Array<Record<string, unknown>>)[0].claveProdServ = '12345678';
		const errors = validateWithKinds(voucher).errors;
		expect(errors.map((e) => `${e.code} ${e.path}`)).toEqual([
			'CLAVE_PROD_SERV_UNKNOWN conceptos[0].claveProdServ',
		]);
		expect(errors[0].message).toBe(
			'conceptos[0].claveProdServ "12345678" is not in the SAT catalog c_ClaveProdServ.',
		);
	});

	it('refuses a well-formed unit code the SAT does not have', () => {
		const voucher = invoiceVoucher();
		(voucher.conceptos as Array<Record<string, unknown>>)[0].claveUnidad = 'QQQ';
		const errors = validateWithKinds(voucher).errors;
		expect(errors.map((e) => `${e.code} ${e.path}`)).toEqual([
			'CLAVE_UNIDAD_UNKNOWN conceptos[0].claveUnidad',
		]);
		expect(errors[0].fix).toContain('"H87"');
	});

	it('accepts catalog codes', () => {
		const voucher = invoiceVoucher();
		Object.assign((voucher.conceptos as Array<Record<string, unknown>>)[0], {
			claveProdServ: '43211503',
			claveUnidad: 'KGM',
		});
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});
});

const codes = (query: string, catalog: CodeCatalog = CLAVE_PROD_SERV_CATALOG) =>
	catalog.search(query).map((entry) => entry.code);

describe('the product code search finds what a person types', () => {
	it('"consultoria sistemas" finds IT consulting, in either word order and any case or accents', () => {
		expect(codes('consultoria sistemas')[0]).toBe('80101507');
		expect(codes('Sistemas CONSULTORÍA')[0]).toBe('80101507');
		expect(codes('consultoría en sistemas')).toContain('80101507');
	});

	it('"renta oficina" finds office and commercial premises leasing', () => {
		const found = codes('renta oficina');
		expect(found).toEqual(expect.arrayContaining(['80131505', '80131502', '72153613']));
		expect(codes('renta de oficinas')).toEqual(expect.arrayContaining(['80131502']));
	});

	it('"envio" finds shipping and courier services, the name that says "envío" first', () => {
		const found = codes('envio');
		expect(found).toEqual(expect.arrayContaining(['78102203', '78102204', '78102205']));
		expect(found.indexOf('78102203')).toBeLessThan(found.indexOf('78102204'));
	});

	it('searches the SAT similar words, but shows the official name only', () => {
		// 10101603 "Pavos vivos" lists "Guajolotes" among its similar words.
		expect(codes('guajolote')).toContain('10101603');
		expect(CLAVE_PROD_SERV_CATALOG.find('10101603')).toEqual({
			code: '10101603',
			name: 'Pavos vivos',
		});
	});

	it('every word must match: a word found nowhere finds nothing', () => {
		expect(codes('renta zzzz')).toEqual([]);
		expect(codes('envio')).not.toContain('80131502');
	});
});

describe('ranking', () => {
	const catalog = new CodeCatalog(
		'test',
		[
			'10000001\tArrendamiento de oficinas',
			'10000002\tServicio de mensajería\tRenta de oficinas',
			'10000003\tRenta de oficinas',
			'20000000\tOficina de renta',
			'30000000\tCosa\tOficinas, Rentas',
		].join('\n'),
	);

	it('names holding the words as typed first, then through a synonym, then similar words only', () => {
		expect(codes('renta oficina', catalog)).toEqual([
			'10000003',
			'20000000',
			'10000001',
			'10000002',
			'30000000',
		]);
	});

	it('the exact code first, then codes starting with what was typed', () => {
		expect(codes('10000002', catalog)[0]).toBe('10000002');
		expect(codes('1000000', catalog)).toEqual(['10000001', '10000002', '10000003']);
		expect(CLAVE_UNIDAD_CATALOG.search('e48')[0].code).toBe('E48');
	});

	it('an empty search lists the whole catalog in code order', () => {
		expect(codes('  ', catalog)).toEqual([
			'10000001',
			'10000002',
			'10000003',
			'20000000',
			'30000000',
		]);
	});
});
