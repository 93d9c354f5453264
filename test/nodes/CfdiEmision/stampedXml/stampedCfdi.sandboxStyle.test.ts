/** The stamped-XML reader (stampedXml/stampedCfdi.ts) on a stamped invoice as the sandbox writes it: the figures a payment receipt or credit note needs. */
import { readStampedCfdi } from '../../../../nodes/CfdiEmision/stampedXml/stampedCfdi';
import { KindInputError } from '../../../../nodes/CfdiEmision/cfdi/kinds/taxRates';
import {
	computePaidDocument,
	paidDocumentFromCfdi,
} from '../../../../nodes/CfdiEmision/actions/voucher/paymentReceipt';

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
