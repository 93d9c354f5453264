/**
 * The stamped-XML reader (stampedXml/stampedCfdi.ts) on the XML a user may really be given: the
 * members it reads and the taxes it sums per rate (transfers and withholdings of one rate kept apart,
 * lines without a base skipped). Each case states the figures read. The markup it skips and the
 * element tree: xmlElements.test.ts beside this one.
 */
import {
	readStampedCfdi,
	taxRatesOfCfdi,
} from '../../../../nodes/CfdiEmision/stampedXml/stampedCfdi';

const UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';
const TFD = `<cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" UUID="${UUID}"/></cfdi:Complemento>`;
const IVA = (base: string, importe: string) =>
	`<cfdi:Traslado Base="${base}" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="${importe}"/>`;
const concept = (taxes: string, inner = '') =>
	`<cfdi:Concepto Importe="1"><cfdi:Impuestos><cfdi:Traslados>${inner}${taxes}</cfdi:Traslados></cfdi:Impuestos></cfdi:Concepto>`;
const cfdi = (body: string, attributes = 'Version="4.0" Total="232.00"') =>
	`<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" ${attributes}><cfdi:Conceptos>${body}</cfdi:Conceptos>${TFD}</cfdi:Comprobante>`;
const IVA_200 = [
	{
		impuesto: '002',
		tipoFactor: 'Tasa',
		tasaOCuota: 0.16,
		base: 200,
		importe: 32,
		withheld: false,
	},
];

describe('the voucher members read', () => {
	it('text members trimmed, blank ones absent; amounts that are not numbers absent; only the members present', () => {
		const read = readStampedCfdi(
			`<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version=" 4.0 " Serie="  A-1 " Folio="   " Total="12O.00" SubTotal=" 100.00 " Moneda="MXN"><cfdi:Emisor Rfc=" EKU9003173C9 "/>${TFD}</cfdi:Comprobante>`,
		);
		expect(read).toStrictEqual({
			uuid: UUID,
			version: '4.0',
			serie: 'A-1',
			moneda: 'MXN',
			subTotal: 100,
			emisor: { rfc: 'EKU9003173C9' },
			receptor: {},
			taxes: [],
			conceptIds: [],
		});
	});

	it('refuses a text that is not a CFDI, showing its first 40 characters after any spaces', () => {
		const page = `\n   <html><head><title>Service unavailable, try again later</title></head></html>`;
		expect(() => readStampedCfdi(page)).toThrow(
			new Error(
				'The text is not a CFDI: no Comprobante element (it starts with "<html><head><title>Service unavailable, ").',
			),
		);
		expect(() => readStampedCfdi('   ')).toThrow(
			new Error('The text is not a CFDI: no Comprobante element.'),
		);
		expect(() => readStampedCfdi(undefined as unknown as string)).toThrow(
			new Error('The text is not a CFDI: no Comprobante element.'),
		);
	});

	it('names the version of a CFDI it cannot read, as written', () => {
		expect(() => readStampedCfdi(cfdi('', 'Version=" 2.0 "'))).toThrow(
			new Error('The XML is a CFDI 2.0; only CFDI 4.0 and 3.3 files can be read.'),
		);
		expect(() => readStampedCfdi(cfdi('', 'version=" 3.0 "'))).toThrow(
			new Error(
				'The XML is a CFDI 3.0 (version=" 3.0 ", the attribute names of CFDI 3.2 and older); only CFDI 4.0 and 3.3 files can be read.',
			),
		);
		expect(() => readStampedCfdi(cfdi('', 'Version="2.0" version="2.0"'))).toThrow(
			new Error('The XML is a CFDI 2.0; only CFDI 4.0 and 3.3 files can be read.'),
		);
		expect(readStampedCfdi(cfdi('', 'version="4.0"')).uuid).toBe(UUID);
	});
});

describe('the taxes read, per rate', () => {
	it('a transfer and a withholding of the same tax and rate are kept apart', () => {
		// IVA 16 % charged and IVA 16 % withheld (a foreign resident's service): two groups.
		const withheld =
			'<cfdi:Retenciones><cfdi:Retencion Base="100.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="16.00"/></cfdi:Retenciones>';
		const xml = cfdi(
			`<cfdi:Concepto><cfdi:Impuestos><cfdi:Traslados>${IVA('100.00', '16.00')}</cfdi:Traslados>${withheld}</cfdi:Impuestos></cfdi:Concepto>`,
		);
		const read = readStampedCfdi(xml);
		expect(read.taxes).toEqual([
			{
				impuesto: '002',
				tipoFactor: 'Tasa',
				tasaOCuota: 0.16,
				base: 100,
				importe: 16,
				withheld: false,
			},
			{
				impuesto: '002',
				tipoFactor: 'Tasa',
				tasaOCuota: 0.16,
				base: 100,
				importe: 16,
				withheld: true,
			},
		]);
		expect(taxRatesOfCfdi(read)).toStrictEqual([
			{ impuesto: '002', tipoFactor: 'Tasa', base: 100, tasaOCuota: 0.16, importe: 16 },
			{
				impuesto: '002',
				tipoFactor: 'Tasa',
				base: 100,
				tasaOCuota: 0.16,
				importe: 16,
				withheld: true,
			},
		]);
	});

	it('skips lines without tax, factor or base; a line without amount adds its base only', () => {
		const lines = [
			IVA('100.00', '16.00'),
			'<cfdi:Traslado Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="9.00"/>',
			'<cfdi:Traslado Base="50.00" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="8.00"/>',
			'<cfdi:Traslado Base="50.00" Impuesto="002" TasaOCuota="0.160000" Importe="8.00"/>',
			'<cfdi:Traslado Base="100.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000"/>',
		];
		expect(readStampedCfdi(cfdi(concept(lines.join('')))).taxes).toEqual([
			{
				impuesto: '002',
				tipoFactor: 'Tasa',
				tasaOCuota: 0.16,
				base: 200,
				importe: 16,
				withheld: false,
			},
		]);
		// The amount of a group whose first line has none is the next line's.
		expect(readStampedCfdi(cfdi(concept(lines[4] + IVA('100.00', '16.00')))).taxes).toEqual([
			{
				impuesto: '002',
				tipoFactor: 'Tasa',
				tasaOCuota: 0.16,
				base: 200,
				importe: 16,
				withheld: false,
			},
		]);
	});

	it('an exempt line has no rate or amount, even when one is written', () => {
		const read = readStampedCfdi(
			cfdi(
				concept('<cfdi:Traslado Base="80.00" Impuesto="002" TipoFactor="Exento" Importe="0.00"/>'),
			),
		);
		expect(read.taxes).toStrictEqual([
			{ impuesto: '002', tipoFactor: 'Exento', base: 80, withheld: false },
		]);
		expect(taxRatesOfCfdi(read)).toStrictEqual([
			{ impuesto: '002', tipoFactor: 'Exento', base: 80 },
		]);
	});

	it('the voucher-level transfers are read only when no concept has taxes', () => {
		const summary = `<cfdi:Impuestos><cfdi:Traslados>${IVA('999.00', '159.84')}</cfdi:Traslados></cfdi:Impuestos>`;
		const withConcepts = `<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Total="232"><cfdi:Conceptos>${concept(IVA('200.00', '32.00'))}</cfdi:Conceptos>${summary}</cfdi:Comprobante>`;
		expect(readStampedCfdi(withConcepts).taxes).toEqual(IVA_200);
		const untaxedConcepts = `<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Total="232"><cfdi:Conceptos><cfdi:Concepto Importe="1"/></cfdi:Conceptos>${summary}</cfdi:Comprobante>`;
		expect(readStampedCfdi(untaxedConcepts).taxes).toEqual([
			{
				impuesto: '002',
				tipoFactor: 'Tasa',
				tasaOCuota: 0.16,
				base: 999,
				importe: 159.84,
				withheld: false,
			},
		]);
	});
});
