/**
 * What a stamped CFDI says about the sales it documents, read from its XML as the service returns it:
 * the header, the timbre's UUID, InformacionGlobal, the related vouchers, a receipt's paid documents,
 * and each concept's ticket with its base, its gross amount and its taxes.
 */
import {
	conceptsOfTicket,
	readSaleDocument,
	relatesTo,
	saleNumber,
	salesDeclaredBy,
	type SaleDocument,
	ticketAmount,
} from '../../../../nodes/CfdiEmision/stampedXml/saleDocument';
import { decimalToString } from '../../../../nodes/CfdiEmision/cfdi/decimal';

const GLOBAL_XML = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="4.0" Serie="F" Folio="77" Fecha="2024-06-01T09:00:00" SubTotal="150.00" Moneda="MXN" Total="174.00" TipoDeComprobante="I" Exportacion="01" LugarExpedicion="64000">
  <cfdi:InformacionGlobal Periodicidad="04" Meses="05" Año="2024"/>
  <cfdi:CfdiRelacionados TipoRelacion="04">
    <cfdi:CfdiRelacionado UUID="aaaaaaaa-1111-4111-8111-111111111111"/>
  </cfdi:CfdiRelacionados>
  <cfdi:Emisor Rfc="EKU9003173C9" Nombre="ESCUELA KEMPER URGATE" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="XAXX010101000" Nombre="PUBLICO EN GENERAL" DomicilioFiscalReceptor="64000" RegimenFiscalReceptor="616" UsoCFDI="S01"/>
  <cfdi:Conceptos>
    <cfdi:Concepto ClaveProdServ="01010101" NoIdentificacion="1001" Cantidad="1" ClaveUnidad="ACT" Descripcion="Venta" ValorUnitario="110.00" Importe="110.00" Descuento="10.00" ObjetoImp="02">
      <cfdi:Impuestos>
        <cfdi:Traslados><cfdi:Traslado Base="100.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="16.00"/></cfdi:Traslados>
        <cfdi:Retenciones><cfdi:Retencion Base="100.00" Impuesto="001" TipoFactor="Tasa" TasaOCuota="0.012500" Importe="1.25"/></cfdi:Retenciones>
      </cfdi:Impuestos>
    </cfdi:Concepto>
    <cfdi:Concepto ClaveProdServ="01010101" NoIdentificacion=" #1002 " Cantidad="1" ClaveUnidad="ACT" Descripcion="Venta" ValorUnitario="50.00" Importe="50.00" ObjetoImp="02">
      <cfdi:Impuestos>
        <cfdi:Traslados><cfdi:Traslado Base="50.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="8.00"/></cfdi:Traslados>
      </cfdi:Impuestos>
    </cfdi:Concepto>
  </cfdi:Conceptos>
  <cfdi:Complemento>
    <tfd:TimbreFiscalDigital Version="1.1" UUID="5fb2822e-396d-4725-8521-cdc4bdd20ccf" FechaTimbrado="2024-06-01T09:00:01"/>
  </cfdi:Complemento>
</cfdi:Comprobante>`;

const RECEIPT_XML = `<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:pago20="http://www.sat.gob.mx/Pagos20" Version="4.0" Fecha="2024-07-01T10:00:00" SubTotal="0" Moneda="XXX" Total="0" TipoDeComprobante="P">
  <cfdi:Complemento>
    <pago20:Pagos Version="2.0">
      <pago20:Pago FechaPago="2024-07-01T10:00:00" FormaDePagoP="03" MonedaP="MXN" Monto="116.00">
        <pago20:DoctoRelacionado IdDocumento="bbbbbbbb-2222-4222-8222-222222222222" MonedaDR="MXN" NumParcialidad="1" ImpSaldoAnt="116.00" ImpPagado="116.00" ImpSaldoInsoluto="0.00" ObjetoImpDR="01"/>
      </pago20:Pago>
    </pago20:Pagos>
  </cfdi:Complemento>
</cfdi:Comprobante>`;

describe('readSaleDocument', () => {
	test("a global invoice: its header, the timbre's UUID in upper case, InformacionGlobal and relations", () => {
		const document = readSaleDocument(GLOBAL_XML);
		expect(document).toMatchObject({
			uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
			tipoDeComprobante: 'I',
			fecha: '2024-06-01T09:00:00',
			serie: 'F',
			folio: '77',
			total: '174.00',
			moneda: 'MXN',
			informacionGlobal: { periodicidad: '04', meses: '05', anio: '2024' },
			relations: [{ tipoRelacion: '04', uuids: ['AAAAAAAA-1111-4111-8111-111111111111'] }],
			paidDocuments: [],
		});
	});

	test("the UUID is the SAT's stamp under Complemento, never an Addenda's TimbreFiscalDigital (issue 33)", () => {
		const addenda = (inner: string) =>
			GLOBAL_XML.replace(
				'</cfdi:Comprobante>',
				`<cfdi:Addenda>${inner}</cfdi:Addenda></cfdi:Comprobante>`,
			);
		const OTHER = 'CCCCCCCC-3333-4333-8333-333333333333';
		// A foreign element of that name, and the SAT's element out of place: neither is the stamp.
		for (const inner of [
			`<p:TimbreFiscalDigital xmlns:p="urn:proveedor" UUID="${OTHER}"/>`,
			`<tfd:TimbreFiscalDigital UUID="${OTHER}"/>`,
		])
			expect(readSaleDocument(addenda(inner)).uuid).toBe('5FB2822E-396D-4725-8521-CDC4BDD20CCF');
		// Only in the Addenda: the document has no stamp.
		const unstamped = addenda(`<tfd:TimbreFiscalDigital UUID="${OTHER}"/>`).replace(
			/<tfd:TimbreFiscalDigital Version[^>]*\/>/,
			'',
		);
		expect(readSaleDocument(unstamped).uuid).toBeUndefined();
	});

	test('each concept: its ticket, its base (Importe − Descuento), what the buyer paid and its taxes', () => {
		const [first, second] = readSaleDocument(GLOBAL_XML).concepts;
		expect(first).toEqual({
			noIdentificacion: '1001',
			claveProdServ: '01010101',
			claveUnidad: 'ACT',
			descripcion: 'Venta',
			base: '100.00',
			gross: '114.75',
			taxes: [
				{ impuesto: '002', tipoFactor: 'Tasa', base: 100, tasaOCuota: 0.16, importe: 16 },
				{
					impuesto: '001',
					tipoFactor: 'Tasa',
					base: 100,
					tasaOCuota: 0.0125,
					importe: 1.25,
					withheld: true,
				},
			],
		});
		expect(second).toMatchObject({ noIdentificacion: '#1002', base: '50.00', gross: '58.00' });
	});

	test("a payment receipt's paid invoices (DoctoRelacionado), in upper case", () => {
		const document = readSaleDocument(RECEIPT_XML);
		expect(document.tipoDeComprobante).toBe('P');
		expect(document.paidDocuments).toEqual(['BBBBBBBB-2222-4222-8222-222222222222']);
		expect(relatesTo(document, 'bbbbbbbb-2222-4222-8222-222222222222')).toBe(true);
	});

	test('text that is not a CFDI is refused with what is missing', () => {
		expect(() => readSaleDocument('<html><body>Not found</body></html>')).toThrow(
			'The text is not a CFDI: no Comprobante element.',
		);
		expect(() => readSaleDocument('')).toThrow('no Comprobante element');
	});
});

describe('a ticket in a document', () => {
	const document = readSaleDocument(GLOBAL_XML);

	test('the ticket is compared trimmed, without a leading "#", in upper case', () => {
		expect(saleNumber(' #a-1002 ')).toBe('A-1002');
		expect(conceptsOfTicket(document, '1002')).toHaveLength(1);
		expect(conceptsOfTicket(document, '#1001')).toHaveLength(1);
		expect(conceptsOfTicket(document, '1003')).toEqual([]);
	});

	test("a ticket's amount is the gross of its concepts; an unknown ticket's is zero", () => {
		expect(decimalToString(ticketAmount(document, '1001'), 2)).toBe('114.75');
		expect(decimalToString(ticketAmount(document, '1002'), 2)).toBe('58.00');
		expect(decimalToString(ticketAmount(document, '9999'), 2)).toBe('0.00');
	});

	test('relatesTo: a CfdiRelacionado in any case; not the document itself', () => {
		expect(relatesTo(document, 'aaaaaaaa-1111-4111-8111-111111111111')).toBe(true);
		expect(relatesTo(document, '5FB2822E-396D-4725-8521-CDC4BDD20CCF')).toBe(false);
	});
});

describe('salesDeclaredBy: what a voucher to the general public declares', () => {
	const line = (noIdentificacion: string, claveProdServ: string, claveUnidad: string) => ({
		noIdentificacion,
		claveProdServ,
		claveUnidad,
		base: '100.00',
		gross: '116.00',
		taxes: [],
	});
	const document = (tipoDeComprobante: string, concepts: unknown[]): SaleDocument =>
		({
			tipoDeComprobante,
			serie: 'A',
			folio: '2002',
			informacionGlobal: { periodicidad: '01', meses: '11', anio: '2026' },
			relations: [],
			paidDocuments: [],
			concepts,
		}) as unknown as SaleDocument;

	test('a global invoice of sale lines (01010101 / ACT) declares its tickets', () => {
		expect(
			salesDeclaredBy(
				document('I', [line('1001', '01010101', 'ACT'), line('#1003', '01010101', 'ACT')]),
			),
		).toEqual(['1001', '1003']);
	});

	test("an order's own invoice to the general public declares the sale of its folio, not its products' SKUs", () => {
		expect(
			salesDeclaredBy(
				document('I', [line('1001', '43211706', 'H87'), line('ENVIO', '78102203', 'E48')]),
			),
		).toEqual(['2002']);
		// 01010101 alone is the orders' default product code: a product line still.
		expect(salesDeclaredBy(document('I', [line('1001', '01010101', 'H87')]))).toEqual(['2002']);
	});

	test('a credit note or a receipt to the general public declares nothing', () => {
		expect(salesDeclaredBy(document('E', [line('1001', '01010101', 'ACT')]))).toEqual([]);
		expect(salesDeclaredBy(document('P', [line('', '84111506', 'ACT')]))).toEqual([]);
	});
});
