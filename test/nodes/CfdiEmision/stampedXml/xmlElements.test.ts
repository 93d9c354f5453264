/**
 * The element tree of a CFDI's XML (stampedXml/xmlElements.ts) on the XML a user may really be given,
 * read through the stamped-XML reader: markup it must skip (comments, CDATA, processing instructions
 * holding "<" and ">"), closing tags with spaces, unprefixed elements, a CFDI inside another document,
 * attributes in single quotes, the five XML entities, and attribute values normalised as XML 1.0
 * requires. Each case states the figures read.
 */
import { readStampedCfdi } from '../../../../nodes/CfdiEmision/stampedXml/stampedCfdi';
import { parseElements } from '../../../../nodes/CfdiEmision/stampedXml/xmlElements';
import { readFileSync } from 'fs';
import { join } from 'path';

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

const DIR = join(__dirname, '..', '..', '..', 'support', 'stamped-cfdi');
const file = (name: string) => readFileSync(join(DIR, name), 'utf8');

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

	it('namespace declarations are not attributes; prefixes are dropped from names, their namespace kept', () => {
		expect(
			parseElements('<p:a xmlns="urn:x" xmlns:p="urn:p" p:b="1" c=\'2\'><p:d/><e/></p:a>'),
		).toEqual({
			name: 'a',
			namespace: 'urn:p',
			attrs: { b: '1', c: '2' },
			children: [
				{ name: 'd', namespace: 'urn:p', attrs: {}, children: [] },
				{ name: 'e', namespace: 'urn:x', attrs: {}, children: [] },
			],
		});
	});

	it("an element's namespace is the URI its prefix is bound to where it stands, not the prefix's text", () => {
		const root = parseElements(
			[
				'<r xmlns:t="urn:one">',
				'<t:a/>',
				'<q xmlns:t="urn:two"><t:b/><t:c xmlns:t=\'urn:three\'/><t:d/></q>',
				'<t:e/>',
				'<n xmlns="urn:default"><f/><g xmlns=""/></n>',
				'<u:h/>',
				'<xml:i/>',
				'</r>',
			].join(''),
		)!;
		const names = (element: typeof root): Array<[string, string | undefined]> =>
			element.children.flatMap((item) => [
				[item.name, item.namespace] as [string, string | undefined],
				...names(item),
			]);
		expect(root.namespace).toBeUndefined();
		expect(names(root)).toEqual([
			['a', 'urn:one'],
			['q', undefined],
			['b', 'urn:two'],
			['c', 'urn:three'],
			['d', 'urn:two'],
			['e', 'urn:one'],
			['n', 'urn:default'],
			['f', 'urn:default'],
			['g', undefined],
			['h', undefined],
			['i', 'http://www.w3.org/XML/1998/namespace'],
		]);
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

describe('attribute values are normalised as XML 1.0 requires (section 3.3.3)', () => {
	const xml = file('cfdi40-real.xml');
	const withName = (nombre: string) =>
		xml.replace('Nombre="CARLOS CORTES SOTO"', `Nombre="${nombre}"`);

	it.each([
		['a literal line feed', 'CARLOS\nCORTES SOTO', 'CARLOS CORTES SOTO'],
		['a literal tab', 'CARLOS\tCORTES SOTO', 'CARLOS CORTES SOTO'],
		[
			'a CR LF line end (one line break, so one space)',
			'CARLOS\r\nCORTES SOTO',
			'CARLOS CORTES SOTO',
		],
		['a lone CR', 'CARLOS\rCORTES SOTO', 'CARLOS CORTES SOTO'],
		[
			'a line break and indentation (each character a space; no collapsing)',
			'CARLOS\n  CORTES SOTO',
			'CARLOS   CORTES SOTO',
		],
	])('%s becomes a space', (_what, written, read) => {
		expect(readStampedCfdi(withName(written)).receptor.nombre).toBe(read);
	});

	it.each([
		['&#10;', 'CARLOS\nCORTES SOTO'],
		['&#xA;', 'CARLOS\nCORTES SOTO'],
		['&#9;', 'CARLOS\tCORTES SOTO'],
		['&#13;&#10;', 'CARLOS\r\nCORTES SOTO'],
	])('the character reference %s keeps its character', (reference, read) => {
		expect(readStampedCfdi(withName(`CARLOS${reference}CORTES SOTO`)).receptor.nombre).toBe(read);
	});

	it('an amount written across a line break is still read', () => {
		const cfdi = readStampedCfdi(xml.replace('Total="1000.00"', 'Total="\n1000.00"'));
		expect(cfdi.total).toBe(1000);
	});
});
