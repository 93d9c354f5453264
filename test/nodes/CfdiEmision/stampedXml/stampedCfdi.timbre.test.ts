import { readFileSync } from 'fs';
import { join } from 'path';

import { creditedInvoiceFromCfdi } from '../../../../nodes/CfdiEmision/actions/voucher/creditNote/buildCreditNote';
import { paidDocumentFromCfdi } from '../../../../nodes/CfdiEmision/actions/voucher/paymentReceipt/paidDocumentFromXml';
import {
	noStampMessage,
	readStampedCfdi,
} from '../../../../nodes/CfdiEmision/stampedXml/stampedCfdi';

// A real stamped CFDI 4.0 (test/support/stamped-cfdi, from eclipxe13/CfdiUtils, MIT).
const real = readFileSync(join(__dirname, '../../../support/stamped-cfdi/cfdi40-real.xml'), 'utf8');

const globalInvoice = (timbres: string[]) => `<?xml version="1.0" encoding="utf-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Serie="G" Folio="G202611-01" Total="348.00" TipoDeComprobante="I" LugarExpedicion="64000">
  <cfdi:InformacionGlobal Periodicidad="01" Meses="11" Año="2026"/>
  <cfdi:Receptor Rfc="XAXX010101000" Nombre="PUBLICO EN GENERAL"/>
  <cfdi:Conceptos>
    <cfdi:Concepto ClaveProdServ="01010101" NoIdentificacion=" T1 " Cantidad="1" ClaveUnidad="ACT" Descripcion="Venta" ValorUnitario="100.00" Importe="100.00" ObjetoImp="02"/>
    <cfdi:Concepto ClaveProdServ="01010101" NoIdentificacion="T2" Cantidad="1" ClaveUnidad="ACT" Descripcion="Venta" ValorUnitario="100.00" Importe="100.00" ObjetoImp="02"/>
    <cfdi:Concepto ClaveProdServ="01010101" NoIdentificacion="T3" Cantidad="1" ClaveUnidad="ACT" Descripcion="Venta" ValorUnitario="100.00" Importe="100.00" ObjetoImp="02"/>
  </cfdi:Conceptos>
  <cfdi:Complemento>
${timbres.map((uuid) => `    <tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="1.1" UUID="${uuid}"/>`).join('\n')}
  </cfdi:Complemento>
</cfdi:Comprobante>`;

describe("the stamped-XML reader: a global invoice's period and tickets, one stamp only", () => {
	test('InformacionGlobal and the tickets (Concepto NoIdentificacion) are read', () => {
		const cfdi = readStampedCfdi(globalInvoice(['0C5E7A8B-1111-4222-8333-944455556666']));
		expect(cfdi.informacionGlobal).toEqual({ periodicidad: '01', meses: '11', anio: '2026' });
		expect(cfdi.conceptIds).toEqual(['T1', 'T2', 'T3']);
		expect(cfdi.uuid).toBe('0C5E7A8B-1111-4222-8333-944455556666');
	});

	test('an XML with two TimbreFiscalDigital is refused, naming both UUIDs', () => {
		expect(() =>
			readStampedCfdi(
				globalInvoice([
					'11111111-1111-4111-8111-111111111111',
					'22222222-2222-4222-8222-222222222222',
				]),
			),
		).toThrow(
			'The XML carries 2 TimbreFiscalDigital stamps (UUIDs 11111111-1111-4111-8111-111111111111, 22222222-2222-4222-8222-222222222222); a stamped CFDI has exactly one.',
		);
	});

	test("a SAT TimbreFiscalDigital inside an Addenda is no second stamp: the Complemento's is read", () => {
		// The Addenda lies outside the sealed document: anyone may write anything there.
		const xml = real.replace(
			'</cfdi:Comprobante>',
			'<cfdi:Addenda><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" UUID="22222222-2222-4222-8222-222222222222"/></cfdi:Addenda></cfdi:Comprobante>',
		);
		expect(readStampedCfdi(xml).uuid).toBe(readStampedCfdi(real).uuid);
	});

	test('a real stamped CFDI 4.0 has one stamp and no InformacionGlobal', () => {
		const cfdi = readStampedCfdi(real);
		expect(cfdi.uuid).toMatch(/^[0-9A-F-]{36}$/i);
		expect(cfdi.informacionGlobal).toBeUndefined();
	});
});

/**
 * Issue 33: only a TimbreFiscalDigital in the SAT's namespace (http://www.sat.gob.mx/TimbreFiscalDigital),
 * resolved from the xmlns declarations in scope and not from the prefix's text, directly under
 * cfdi:Complemento is a stamp. Each case derives a document from a real stamped file
 * (test/support/stamped-cfdi, from eclipxe13/CfdiUtils, MIT; the derivations are written here) and
 * states the UUID the file itself carries.
 */
describe.each([
	['cfdi40-real.xml', 'C2832671-DA6D-11EF-A83D-00155D012007'],
	['cfdi33-real.xml', 'CEE4BE01-ADFA-4DEB-8421-ADD60F0BEDAC'],
])("the SAT's stamp of the real %s, by namespace and position", (name, uuid) => {
	const file = readFileSync(join(__dirname, '../../../support/stamped-cfdi', name), 'utf8');
	const OTHER = '22222222-2222-4222-8222-222222222222';
	const SAT_TFD = 'http://www.sat.gob.mx/TimbreFiscalDigital';
	const stamp = /<tfd:TimbreFiscalDigital[^>]*\/>/.exec(file)![0];
	const withAddenda = (inner: string) =>
		file.replace('</cfdi:Comprobante>', `<cfdi:Addenda>${inner}</cfdi:Addenda></cfdi:Comprobante>`);
	const otherStamp = stamp.replace(uuid, OTHER);

	test('the file as published: its one stamp', () => {
		expect(readStampedCfdi(file).uuid).toBe(uuid);
	});

	test('an Addenda with a foreign element named TimbreFiscalDigital: accepted, the real stamp read', () => {
		const foreign = withAddenda(
			`<prov:Datos xmlns:prov="urn:proveedor:addenda"><prov:TimbreFiscalDigital UUID="${OTHER}"/></prov:Datos><ext:TimbreFiscalDigital xmlns:ext="urn:proveedor:sello" UUID="${OTHER}"/>`,
		);
		const read = readStampedCfdi(foreign);
		expect(read.uuid).toBe(uuid);
		expect(read.stampNote).toBeUndefined();
	});

	test('an Addenda whose tfd prefix is bound to another namespace: not a stamp', () => {
		const read = readStampedCfdi(
			withAddenda(`<tfd:TimbreFiscalDigital xmlns:tfd="urn:otro:timbre" UUID="${OTHER}"/>`),
		);
		expect(read.uuid).toBe(uuid);
	});

	test("the SAT's namespace bound to another prefix: accepted", () => {
		const renamed = file
			.replace(/xmlns:tfd=/g, 'xmlns:sello=')
			.replace(/<tfd:TimbreFiscalDigital/g, '<sello:TimbreFiscalDigital')
			.replace(/<\/tfd:TimbreFiscalDigital>/g, '</sello:TimbreFiscalDigital>');
		expect(renamed).not.toContain('tfd:');
		expect(readStampedCfdi(renamed).uuid).toBe(uuid);
	});

	test("the SAT's namespace as the default namespace of the stamp: accepted", () => {
		const unprefixed = file.replace(
			stamp,
			stamp
				.replace('<tfd:TimbreFiscalDigital', `<TimbreFiscalDigital xmlns="${SAT_TFD}"`)
				.replace(/xmlns:tfd="[^"]*"/, ''),
		);
		expect(readStampedCfdi(unprefixed).uuid).toBe(uuid);
	});

	test("tfd bound to another namespace under Complemento, the SAT's stamp under another prefix: one stamp", () => {
		const sat = stamp
			.replace('<tfd:TimbreFiscalDigital', '<s:TimbreFiscalDigital')
			.replace('xmlns:tfd=', 'xmlns:s=');
		const impostor = `<tfd:TimbreFiscalDigital xmlns:tfd="urn:no-es-el-sat" UUID="${OTHER}"/>`;
		// In the 3.3 file the root binds tfd to the SAT's namespace; the impostor rebinds it locally.
		const read = readStampedCfdi(file.replace(stamp, `${impostor}${sat}`));
		expect(read.uuid).toBe(uuid);
	});

	test('a second real stamp under Complemento: refused as before, naming both UUIDs', () => {
		expect(() => readStampedCfdi(file.replace(stamp, `${otherStamp}${stamp}`))).toThrow(
			`The XML carries 2 TimbreFiscalDigital stamps (UUIDs ${OTHER}, ${uuid}); a stamped CFDI has exactly one.`,
		);
	});

	test("a second stamp under Complemento in the SAT's namespace under another prefix: refused too", () => {
		const second = otherStamp
			.replace('<tfd:TimbreFiscalDigital', '<x:TimbreFiscalDigital')
			.replace('xmlns:tfd=', 'xmlns:x=');
		expect(() => readStampedCfdi(file.replace(stamp, `${stamp}${second}`))).toThrow(
			/2 TimbreFiscalDigital stamps/,
		);
	});

	test("the SAT's TimbreFiscalDigital inside the Addenda only: not a stamp, refused as unstamped saying why", () => {
		const moved = withAddenda(stamp).replace(
			/(<cfdi:Complemento>[\s\S]*?)<tfd:TimbreFiscalDigital[^>]*\/>/,
			'$1',
		);
		expect(moved.match(/<tfd:TimbreFiscalDigital/g)).toHaveLength(1);
		const read = readStampedCfdi(moved);
		expect(read.uuid).toBeUndefined();
		const why =
			"its TimbreFiscalDigital in the SAT's namespace stands at Comprobante/Addenda/TimbreFiscalDigital, not directly under Comprobante/Complemento, where the SAT's stamp goes";
		expect(read.stampNote).toBe(why);
		expect(noStampMessage(read, 'The related XML')).toBe(
			`The related XML has no TimbreFiscalDigital UUID (${why}): it is not a stamped CFDI.`,
		);
		// The readers of related invoices refuse it with that sentence.
		expect(() => creditedInvoiceFromCfdi(read)).toThrow(`(${why})`);
		expect(() =>
			paidDocumentFromCfdi(read, { amount: 1 } as unknown as Parameters<
				typeof paidDocumentFromCfdi
			>[1]),
		).toThrow(`(${why})`);
	});
});
