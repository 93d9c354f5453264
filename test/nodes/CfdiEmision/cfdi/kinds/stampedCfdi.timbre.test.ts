import { readFileSync } from 'fs';
import { join } from 'path';

import { readStampedCfdi } from '../../../../../nodes/CfdiEmision/cfdi/kinds/stampedCfdi';

// A real stamped CFDI 4.0 (test/support/stamped-cfdi, from eclipxe13/CfdiUtils, MIT).
const real = readFileSync(
	join(__dirname, '../../../../support/stamped-cfdi/cfdi40-real.xml'),
	'utf8',
);

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

	test('a second stamp hidden in an Addenda counts too', () => {
		const xml = real.replace(
			'</cfdi:Comprobante>',
			'<cfdi:Addenda><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" UUID="22222222-2222-4222-8222-222222222222"/></cfdi:Addenda></cfdi:Comprobante>',
		);
		expect(() => readStampedCfdi(xml)).toThrow(/2 TimbreFiscalDigital stamps/);
	});

	test('a real stamped CFDI 4.0 has one stamp and no InformacionGlobal', () => {
		const cfdi = readStampedCfdi(real);
		expect(cfdi.uuid).toMatch(/^[0-9A-F-]{36}$/i);
		expect(cfdi.informacionGlobal).toBeUndefined();
	});
});
