/**
 * Also covers: nodes/CfdiEmision/cfdi/catalogs/index.ts, nodes/CfdiEmision/cfdi/catalogs/types.ts (the catalogs' barrel and entry type, through every catalog checked here).
 */
import {
	CANCELLATION_MOTIVE,
	catalogCodes,
	CLAVE_UNIDAD,
	currencyDecimals,
	EXPORTACION,
	findEntry,
	FORMA_PAGO,
	IMPUESTO,
	METODO_PAGO,
	MONEDA,
	OBJETO_IMP,
	REGIMEN_FISCAL,
	TIPO_DE_COMPROBANTE,
	TIPO_FACTOR,
	TIPO_RELACION,
	USO_CFDI,
	type CatalogEntry,
} from '../../../../../nodes/CfdiEmision/cfdi';

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

	it('describes the common payment forms', () => {
		expect(findEntry(FORMA_PAGO, '01')?.description).toBe('Cash');
		expect(findEntry(FORMA_PAGO, '03')?.description).toBe('Electronic funds transfer');
		expect(findEntry(FORMA_PAGO, '04')?.description).toBe('Credit card');
		expect(findEntry(FORMA_PAGO, '28')?.description).toBe('Debit card');
		expect(findEntry(FORMA_PAGO, '99')?.description).toBe('To be defined');
		expect(findEntry(FORMA_PAGO, '07')).toBeUndefined();
		expect(findEntry(FORMA_PAGO, 3)).toBeUndefined();
	});

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

	it('lists the recipient regimes each use code allows', () => {
		const uso = (code: string) => findEntry(USO_CFDI, code);
		expect(uso('G01')?.regimes).toEqual([
			'601',
			'603',
			'606',
			'612',
			'620',
			'621',
			'622',
			'623',
			'624',
			'625',
			'626',
		]);
		expect(uso('G02')?.regimes).toContain('616');
		expect(uso('G03')?.regimes).not.toContain('616');
		expect(uso('D01')).toMatchObject({
			fisica: true,
			moral: false,
			regimes: ['605', '606', '607', '608', '611', '612', '614', '615', '625'],
		});
		expect(uso('S01')?.regimes).toEqual(catalogCodes(REGIMEN_FISCAL));
		expect(uso('CN01')?.regimes).toEqual(['605']);
		const regimes = new Set(catalogCodes(REGIMEN_FISCAL));
		for (const entry of USO_CFDI)
			for (const regime of entry.regimes) expect(regimes.has(regime)).toBe(true);
	});

	it('knows the decimals of each currency', () => {
		expect(MONEDA.length).toBeGreaterThan(170);
		for (const code of ['MXN', 'USD', 'EUR', 'GBP']) expect(currencyDecimals(code)).toBe(2);
		for (const code of ['JPY', 'KRW', 'CLP', 'XXX']) expect(currencyDecimals(code)).toBe(0);
		for (const code of ['KWD', 'BHD', 'OMR', 'JOD', 'TND', 'LYD', 'IQD'])
			expect(currencyDecimals(code)).toBe(3);
		expect(currencyDecimals('CLF')).toBe(4);
		expect(currencyDecimals('MXP')).toBeUndefined();
		for (const entry of MONEDA) expect(entry.code).toMatch(/^[A-Z]{3}$/);
	});

	it('requires the replacement UUID only for cancellation motive 01', () => {
		expect(
			CANCELLATION_MOTIVE.filter((m) => m.requiresFolioSustitucion).map((m) => m.code),
		).toEqual(['01']);
	});

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
