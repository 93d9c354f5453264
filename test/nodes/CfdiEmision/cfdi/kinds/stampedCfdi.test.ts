/**
 * The stamped-XML reader (cfdi/kinds/stampedCfdi.ts) on the XML a user may really be given: the
 * members it reads and the taxes it sums per rate (transfers and withholdings of one rate kept apart,
 * lines without a base skipped). Each case states the figures read. The markup it skips and the
 * element tree: xmlElements.test.ts beside this one.
 */
import Decimal from 'decimal.js';
import {
	readStampedCfdi,
	taxRatesOfCfdi,
} from '../../../../../nodes/CfdiEmision/cfdi/kinds/stampedCfdi';
import { KindInputError } from '../../../../../nodes/CfdiEmision/cfdi/kinds/taxRates';
import {
	computePaidDocument,
	paidDocumentFromCfdi,
} from '../../../../../nodes/CfdiEmision/actions/voucher/paymentReceipt';
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

describe('stampedCfdi', () => {
	const UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';

	/** A stamped invoice as the sandbox writes it: 1,000 at 16 %, 500 exempt, ISR 10 % withheld on the first line. */
	const SANDBOX_STYLE = `<?xml version="1.0" encoding="utf-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" Version="4.0" Serie="A" Folio="101" Fecha="2024-05-01T10:00:00" FormaPago="99" SubTotal="1500.00" Moneda="MXN" Total="1560.00" TipoDeComprobante="I" Exportacion="01" MetodoPago="PPD" LugarExpedicion="64000">
  <cfdi:Emisor Rfc="EKU9003173C9" Nombre="ESCUELA KEMPER URGATE" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="URE180429TM6" Nombre="UNIVERSIDAD ROBOTICA ESPA&#xD1;OLA &amp; C&#237;a" DomicilioFiscalReceptor="86991" RegimenFiscalReceptor="601" UsoCFDI="G03"/>
  <cfdi:Conceptos>
    <cfdi:Concepto ClaveProdServ="84111506" Cantidad="1" ClaveUnidad="E48" Descripcion="Consulting" ValorUnitario="600.00" Importe="600.00" ObjetoImp="02">
      <cfdi:Impuestos>
        <cfdi:Traslados><cfdi:Traslado Base="600.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="96.00"/></cfdi:Traslados>
        <cfdi:Retenciones><cfdi:Retencion Base="600.00" Impuesto="001" TipoFactor="Tasa" TasaOCuota="0.100000" Importe="60.00"/></cfdi:Retenciones>
      </cfdi:Impuestos>
    </cfdi:Concepto>
    <cfdi:Concepto ClaveProdServ="84111506" Cantidad="1" ClaveUnidad="E48" Descripcion="Consulting 2" ValorUnitario="400.00" Importe="400.00" ObjetoImp="02">
      <cfdi:Impuestos>
        <cfdi:Traslados><cfdi:Traslado Base="400.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="64.00"/></cfdi:Traslados>
        <cfdi:Retenciones><cfdi:Retencion Base="400.00" Impuesto="001" TipoFactor="Tasa" TasaOCuota="0.100000" Importe="40.00"/></cfdi:Retenciones>
      </cfdi:Impuestos>
    </cfdi:Concepto>
    <cfdi:Concepto ClaveProdServ="86121500" Cantidad="1" ClaveUnidad="E48" Descripcion="Tuition" ValorUnitario="500.00" Importe="500.00" ObjetoImp="02">
      <cfdi:Impuestos><cfdi:Traslados><cfdi:Traslado Base="500.00" Impuesto="002" TipoFactor="Exento"/></cfdi:Traslados></cfdi:Impuestos>
    </cfdi:Concepto>
  </cfdi:Conceptos>
  <cfdi:Impuestos TotalImpuestosRetenidos="100.00" TotalImpuestosTrasladados="160.00">
    <cfdi:Retenciones><cfdi:Retencion Impuesto="001" Importe="100.00"/></cfdi:Retenciones>
    <cfdi:Traslados><cfdi:Traslado Base="1000.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="160.00"/><cfdi:Traslado Base="500.00" Impuesto="002" TipoFactor="Exento"/></cfdi:Traslados>
  </cfdi:Impuestos>
  <cfdi:Complemento>
    <tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="1.1" UUID="${UUID}" FechaTimbrado="2024-05-01T10:00:05"/>
  </cfdi:Complemento>
</cfdi:Comprobante>`;

	describe('reading a stamped CFDI', () => {
		it('reads the figures a payment receipt or credit note needs', () => {
			const cfdi = readStampedCfdi(SANDBOX_STYLE);
			expect(cfdi).toMatchObject({
				uuid: UUID,
				serie: 'A',
				folio: '101',
				moneda: 'MXN',
				total: 1560,
				subTotal: 1500,
				metodoPago: 'PPD',
				formaPago: '99',
				tipoDeComprobante: 'I',
				emisor: { rfc: 'EKU9003173C9' },
				receptor: {
					rfc: 'URE180429TM6',
					nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA & Cía',
					usoCFDI: 'G03',
					regimenFiscalReceptor: '601',
					domicilioFiscalReceptor: '86991',
				},
			});
			expect(cfdi.tipoCambio).toBeUndefined();
			expect(cfdi.taxes).toEqual([
				{
					impuesto: '002',
					tipoFactor: 'Tasa',
					tasaOCuota: 0.16,
					base: 1000,
					importe: 160,
					withheld: false,
				},
				{
					impuesto: '001',
					tipoFactor: 'Tasa',
					tasaOCuota: 0.1,
					base: 1000,
					importe: 100,
					withheld: true,
				},
				{ impuesto: '002', tipoFactor: 'Exento', base: 500, withheld: false },
			]);
		});

		it('does not depend on prefixes, attribute order, quotes, comments, CDATA or a BOM', () => {
			const xml = `\uFEFF<?xml version='1.0'?>
<!DOCTYPE x>
<!-- exported by another PAC -->
<Comprobante xmlns="http://www.sat.gob.mx/cfd/4" Total='232.00' MetodoPago="PPD" Moneda = "USD" TipoCambio="17.250000" Serie="B&amp;C" Folio='9'>
  <Conceptos><Concepto><![CDATA[ <Traslado Base="999"/> ]]><Impuestos><Traslados>
    <Traslado TasaOCuota="0.160000" Importe="32.00" TipoFactor="Tasa" Impuesto="002" Base="200.00"/>
  </Traslados></Impuestos></Concepto></Conceptos>
  <Complemento><x:TimbreFiscalDigital xmlns:x="http://www.sat.gob.mx/TimbreFiscalDigital" SelloSAT="a>b" UUID='${UUID.toLowerCase()}'/></Complemento>
</Comprobante>`;
			const cfdi = readStampedCfdi(xml);
			expect(cfdi).toMatchObject({
				uuid: UUID.toLowerCase(),
				serie: 'B&C',
				folio: '9',
				moneda: 'USD',
				tipoCambio: 17.25,
				total: 232,
			});
			expect(cfdi.taxes).toEqual([
				{
					impuesto: '002',
					tipoFactor: 'Tasa',
					tasaOCuota: 0.16,
					base: 200,
					importe: 32,
					withheld: false,
				},
			]);
		});

		it('falls back to the voucher-level transfers when concepts carry none', () => {
			const xml = `<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Total="116"><cfdi:Impuestos TotalImpuestosTrasladados="16"><cfdi:Traslados><cfdi:Traslado Base="100" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.16" Importe="16"/></cfdi:Traslados></cfdi:Impuestos></cfdi:Comprobante>`;
			expect(readStampedCfdi(xml).taxes).toEqual([
				{
					impuesto: '002',
					tipoFactor: 'Tasa',
					tasaOCuota: 0.16,
					base: 100,
					importe: 16,
					withheld: false,
				},
			]);
		});

		it('refuses what is not a CFDI, saying what it got', () => {
			expect(() =>
				readStampedCfdi('<!DOCTYPE html><html><body>Server Error in / Application.</body></html>'),
			).toThrow(/not a CFDI.*<!DOCTYPE html>/);
			expect(() => readStampedCfdi('{"message":"No se encontró el comprobante."}')).toThrow(
				/not a CFDI/,
			);
			expect(() => readStampedCfdi('')).toThrow(/not a CFDI/);
		});

		it('turns the paid invoice into a related document: the user gives only the amount paid', () => {
			const doc = paidDocumentFromCfdi(readStampedCfdi(SANDBOX_STYLE), { impPagado: 780 });
			expect(doc).toMatchObject({
				idDocumento: UUID,
				serie: 'A',
				folio: '101',
				monedaDR: 'MXN',
				numParcialidad: 1,
				impSaldoAnt: 1560,
				impPagado: 780,
				objetoImpDR: '02',
				invoiceTotal: 1560,
			});
			const computed = computePaidDocument(doc, 'MXN');
			// Half of the invoice is paid: half of each base.
			expect(computed.impSaldoInsoluto).toBe(780);
			expect(computed.impuestosDR).toEqual({
				retencionesDR: [
					{
						baseDR: 500,
						impuestoDR: '001',
						tipoFactorDR: 'Tasa',
						tasaOCuotaDR: 0.1,
						importeDR: 50,
					},
				],
				trasladosDR: [
					{
						baseDR: 500,
						impuestoDR: '002',
						tipoFactorDR: 'Tasa',
						tasaOCuotaDR: 0.16,
						importeDR: 80,
					},
					{ baseDR: 250, impuestoDR: '002', tipoFactorDR: 'Exento' },
				],
			});
		});

		it('needs the previous balance from installment 2 on, and refuses an invoice paid at issue', () => {
			const cfdi = readStampedCfdi(SANDBOX_STYLE);
			expect(() => paidDocumentFromCfdi(cfdi, { impPagado: 100, numParcialidad: 2 })).toThrow(
				/Installment 2 .* needs the balance/,
			);
			expect(
				paidDocumentFromCfdi(cfdi, { impPagado: 100, numParcialidad: 2, impSaldoAnt: 780 })
					.impSaldoAnt,
			).toBe(780);
			const pue = readStampedCfdi(SANDBOX_STYLE.replace('MetodoPago="PPD"', 'MetodoPago="PUE"'));
			expect(() => paidDocumentFromCfdi(pue, { impPagado: 100 })).toThrow(KindInputError);
			expect(() => paidDocumentFromCfdi(pue, { impPagado: 100 })).toThrow(/"PUE"/);
		});
	});
});

/**
 * The stamped-XML reader on real stamped files from a public repository (test/support/stamped-cfdi,
 * source and licence in its README), with the expected figures computed independently: the
 * attributes found by a plain regular expression and summed with decimal.js. Then XML 1.0's
 * attribute-value normalisation (section 3.3.3) and the refusal of a CFDI 3.2 file.
 */

const DIR = join(__dirname, '..', '..', '..', '..', 'support', 'stamped-cfdi');
const file = (name: string) => readFileSync(join(DIR, name), 'utf8');

/** The attributes of every element of that (prefixed) name, by a regular expression, not by the reader. */
function elements(xml: string, qualifiedName: string): Array<Record<string, string>> {
	return [...xml.matchAll(new RegExp(`<${qualifiedName}\\s([^>]*?)/?>`, 'g'))].map((match) =>
		Object.fromEntries(
			[...match[1].matchAll(/([\w:]+)="([^"]*)"/g)].map((attr) => [attr[1], attr[2]]),
		),
	);
}

/** Σ of the concepts' transferred-tax bases and amounts per rate, with decimal.js. */
function conceptTransfers(xml: string): Map<string, { base: Decimal; importe: Decimal }> {
	const concepts = xml.slice(xml.indexOf('<cfdi:Conceptos>'), xml.indexOf('</cfdi:Conceptos>'));
	const sums = new Map<string, { base: Decimal; importe: Decimal }>();
	for (const line of elements(concepts, 'cfdi:Traslado')) {
		const key = `${line.Impuesto}|${line.TipoFactor}|${new Decimal(line.TasaOCuota).toString()}`;
		const sum = sums.get(key) ?? { base: new Decimal(0), importe: new Decimal(0) };
		sums.set(key, { base: sum.base.plus(line.Base), importe: sum.importe.plus(line.Importe ?? 0) });
	}
	return sums;
}

describe.each([
	['cfdi40-real.xml', '4.0'],
	['cfdi33-real.xml', '3.3'],
])('a real stamped %s', (name, version) => {
	const xml = file(name);
	const cfdi = readStampedCfdi(xml);
	const [comprobante] = elements(xml, 'cfdi:Comprobante');
	const [emisor] = elements(xml, 'cfdi:Emisor');
	const [receptor] = elements(xml, 'cfdi:Receptor');
	const [timbre] = elements(xml, 'tfd:TimbreFiscalDigital');

	it('gives the voucher members as written', () => {
		expect(cfdi).toMatchObject({
			version,
			uuid: timbre.UUID,
			serie: comprobante.Serie,
			folio: comprobante.Folio,
			fecha: comprobante.Fecha,
			tipoDeComprobante: comprobante.TipoDeComprobante,
			moneda: comprobante.Moneda,
			formaPago: comprobante.FormaPago,
			metodoPago: comprobante.MetodoPago,
			lugarExpedicion: comprobante.LugarExpedicion,
		});
		expect(cfdi.total).toBe(new Decimal(comprobante.Total).toNumber());
		expect(cfdi.subTotal).toBe(new Decimal(comprobante.SubTotal).toNumber());
		expect(cfdi.emisor).toEqual({
			rfc: emisor.Rfc,
			nombre: emisor.Nombre,
			regimenFiscal: emisor.RegimenFiscal,
		});
		expect(cfdi.receptor).toMatchObject({
			rfc: receptor.Rfc,
			nombre: receptor.Nombre,
			usoCFDI: receptor.UsoCFDI,
		});
	});

	it('sums the concepts taxes per rate as decimal.js does', () => {
		const expected = conceptTransfers(xml);
		expect(expected.size).toBeGreaterThan(0);
		const read = cfdi.taxes.filter((tax) => !tax.withheld);
		expect(
			read.map((tax) => [
				`${tax.impuesto}|${tax.tipoFactor}|${new Decimal(tax.tasaOCuota ?? 0).toString()}`,
				tax.base,
				tax.importe,
			]),
		).toEqual(
			[...expected].map(([key, sum]) => [key, sum.base.toNumber(), sum.importe.toNumber()]),
		);
	});
});

describe('the real CFDI 4.0 figures', () => {
	it('are the ones on the voucher (862.068966 = 8.620690 + 853.448276 at 16 %)', () => {
		const cfdi = readStampedCfdi(file('cfdi40-real.xml'));
		expect(cfdi).toMatchObject({
			uuid: 'C2832671-DA6D-11EF-A83D-00155D012007',
			total: 1000,
			subTotal: 862.07,
			receptor: { regimenFiscalReceptor: '612', domicilioFiscalReceptor: '52176' },
		});
		expect(cfdi.taxes).toEqual([
			{
				impuesto: '002',
				tipoFactor: 'Tasa',
				tasaOCuota: 0.16,
				base: 862.068966,
				importe: 137.931034,
				withheld: false,
			},
		]);
	});
});

describe('a CFDI 3.2 file', () => {
	it('is refused, saying what it is and what is read', () => {
		expect(() => readStampedCfdi(file('cfdi32-real.xml'))).toThrow(
			'The XML is a CFDI 3.2 (version="3.2", the attribute names of CFDI 3.2 and older); only CFDI 4.0 and 3.3 files can be read.',
		);
	});

	it('and so is an unknown version', () => {
		expect(() =>
			readStampedCfdi(file('cfdi40-real.xml').replace('Version="4.0"', 'Version="5.0"')),
		).toThrow('The XML is a CFDI 5.0; only CFDI 4.0 and 3.3 files can be read.');
	});
});
