/**
 * The stamped-XML reader (cfdi/kinds/stampedCfdi.ts) on the XML a user may really be given: markup
 * it must skip (comments, CDATA, processing instructions holding "<" and ">"), closing tags with
 * spaces, unprefixed elements, a CFDI inside another document, attributes in single quotes, the five
 * XML entities; and the taxes it sums per rate (transfers and withholdings of one rate kept apart,
 * lines without a base skipped). Each case states the figures read.
 */
import {
	parseElements,
	readStampedCfdi,
	taxRatesOfCfdi,
} from '../../nodes/CfdiEmision/cfdi/kinds/stampedCfdi';

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

describe('markup the reader skips', () => {
	it.each([
		[
			'a comment holding an element and ">"',
			'<!-- old line: <cfdi:Traslado Base="999" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="1"/> -> -->',
		],
		[
			'CDATA holding ">" before an element',
			'<![CDATA[ a > b <cfdi:Traslado Base="999" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="1"/> ]]>',
		],
		[
			'a processing instruction holding ">" before an element',
			'<?note a > b <cfdi:Traslado Base="999" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="1"/> ?>',
		],
	])('%s', (_name, markup) => {
		const read = readStampedCfdi(
			cfdi(concept(IVA('100.00', '16.00'), markup) + concept(IVA('100.00', '16.00'))),
		);
		expect(read.taxes).toEqual(IVA_200);
		expect(read.uuid).toBe(UUID);
	});

	it('markup never closed ends the reading where it starts', () => {
		for (const open of ['<!-- never closed', '<![CDATA[ never closed', '<? never closed']) {
			const read = readStampedCfdi(
				`<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Total="1.00">${open}${TFD}</cfdi:Comprobante>`,
			);
			expect(read.total).toBe(1);
			expect(read.uuid).toBeUndefined();
		}
	});

	it('a stray "<>", a stray closing tag and an attribute in single quotes holding ">" do not lose what follows', () => {
		const xml = cfdi(
			`<>${concept(IVA('100.00', '16.00'))}</cfdi:Addenda><cfdi:Concepto Descripcion='a > b'><cfdi:Impuestos><cfdi:Traslados>${IVA('100.00', '16.00')}</cfdi:Traslados></cfdi:Impuestos></cfdi:Concepto>`,
		);
		expect(readStampedCfdi(xml).taxes).toEqual(IVA_200);
	});
});

describe('the element tree', () => {
	it('closing tags with spaces before ">" close their element: the second concept is still a concept', () => {
		const xml = cfdi(
			concept(IVA('100.00', '16.00')).replace('</cfdi:Concepto>', '</cfdi:Concepto >') +
				concept(IVA('100.00', '16.00')),
		);
		expect(readStampedCfdi(xml).taxes).toEqual(IVA_200);
	});

	it('unprefixed elements (a default namespace) close as well', () => {
		const plain = (body: string) =>
			`<Comprobante xmlns="http://www.sat.gob.mx/cfd/4" Total="232.00"><Conceptos>${body}</Conceptos></Comprobante>`;
		const line =
			'<Concepto><Impuestos><Traslados><Traslado Base="100.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="16.00"/></Traslados></Impuestos></Concepto>';
		expect(readStampedCfdi(plain(line + line)).taxes).toEqual(IVA_200);
	});

	it('a CFDI inside another document (a PAC response envelope) is found', () => {
		const read = readStampedCfdi(
			`<?xml version="1.0"?><Envelope><Body><Response>${cfdi(concept(IVA('200.00', '32.00')))}</Response></Body></Envelope>`,
		);
		expect(read).toMatchObject({ uuid: UUID, total: 232, taxes: IVA_200 });
	});

	it('namespace declarations are not attributes; prefixes are dropped from names', () => {
		expect(
			parseElements('<p:a xmlns="urn:x" xmlns:p="urn:p" p:b="1" c=\'2\'><p:d/></p:a>'),
		).toEqual({
			name: 'a',
			attrs: { b: '1', c: '2' },
			children: [{ name: 'd', attrs: {}, children: [] }],
		});
	});

	it('an attribute in single quotes may hold ">" and a double quote; the attributes after it are read', () => {
		const read = readStampedCfdi(cfdi('', `Version='4.0' Serie='A>"B"' Total="1.00"`));
		expect(read).toMatchObject({ serie: 'A>"B"', total: 1 });
	});

	it('decodes the five XML entities and character references in attribute values', () => {
		const read = readStampedCfdi(
			cfdi(
				'',
				'Version="4.0" Serie="&lt;A&gt; &amp; &quot;B&quot; &apos;C&apos; &#65;&#x42; &unknown;"',
			),
		);
		expect(read.serie).toBe(`<A> & "B" 'C' AB &unknown;`);
	});
});

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
