import Decimal from 'decimal.js';
import { readStampedCfdi } from '../../../../nodes/CfdiEmision/stampedXml/stampedCfdi';
import { readFileSync } from 'fs';
import { join } from 'path';

/**
 * The stamped-XML reader on real stamped files from a public repository (test/support/stamped-cfdi,
 * source and licence in its README), with the expected figures computed independently: the
 * attributes found by a plain regular expression and summed with decimal.js. Then XML 1.0's
 * attribute-value normalisation (section 3.3.3) and the refusal of a CFDI 3.2 file.
 */

const DIR = join(__dirname, '..', '..', '..', 'support', 'stamped-cfdi');
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
