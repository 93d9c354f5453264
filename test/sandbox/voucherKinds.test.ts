/**
 * The sandbox accepts every voucher kind, refuses a wrong one as the PAC would (nothing stored),
 * and renders the complements into the stamped XML and the PDF: payment receipts, credit notes and
 * global invoices. Legends, Carta Porte and foreign trade: voucherKinds.complements.test.ts.
 * Also covers: sandbox/paymentComplementRules.ts, sandbox/voucherKindRendering.ts, sandbox/kindMembers.ts (the Pagos 2.0 complement's rules, the kinds' XML and PDF, and the members they read).
 */
import {
	findElement,
	paymentVoucher as paymentVoucherOf,
	validVoucher,
	type XmlElement,
} from '../support/sandboxHelpers';
import {
	childNames,
	globalInvoice,
	INVOICE_UUID,
	voucherKindsSandbox,
} from './voucherKindsSandbox';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Mutable = any;

const RECIPIENT = {
	rfc: 'URE180429TM6',
	nombre: 'UNIVERSIDAD ROBOTICA ESPANOLA',
	usoCFDI: 'CP01',
	regimenFiscalReceptor: '601',
	domicilioFiscalReceptor: '86991',
};

function paymentVoucher(): Mutable {
	return paymentVoucherOf(INVOICE_UUID);
}

function creditNote(): Mutable {
	const traslado = {
		base: 100,
		impuesto: '002',
		tipoFactor: 'Tasa',
		tasaOCuota: 0.16,
		importe: 16,
	};
	return validVoucher({
		tipoDeComprobante: 'E',
		formaPago: '03',
		metodoPago: 'PUE',
		subTotal: 100,
		total: 116,
		receptor: { ...RECIPIENT, usoCFDI: 'G02' },
		conceptos: [
			{
				claveProdServ: '84111506',
				cantidad: '1',
				claveUnidad: 'ACT',
				descripcion: 'Bonificacion',
				valorUnitario: 100,
				importe: 100,
				objetoImp: '02',
				impuestos: { traslados: [traslado] },
			},
		],
		impuestos: { totalImpuestosTrasladados: 16, traslados: [traslado] },
		cfdiRelacionados: [{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: INVOICE_UUID }] }],
	});
}

describe('sandbox: voucher kinds', () => {
	const { refused, stampedXml, client: kindsClient } = voucherKindsSandbox();

	it('stamps a payment receipt and writes pago20:Pagos into the XML', async () => {
		const root = await stampedXml(paymentVoucher());
		expect(root.attrs).toMatchObject({
			TipoDeComprobante: 'P',
			Moneda: 'XXX',
			SubTotal: '0.00',
			Total: '0.00',
			'xmlns:pago20': 'http://www.sat.gob.mx/Pagos20',
		});
		expect(root.attrs['xsi:schemaLocation']).toContain(
			'http://www.sat.gob.mx/Pagos20 http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd',
		);
		const pagos = findElement(root, 'pago20:Pagos') as XmlElement;
		expect(pagos.attrs).toEqual({ Version: '2.0' });
		expect(findElement(pagos, 'pago20:Totales')?.attrs).toEqual({
			TotalTrasladosBaseIVA16: '500.00',
			TotalTrasladosImpuestoIVA16: '80.00',
			MontoTotalPagos: '580.00',
		});
		expect(findElement(pagos, 'pago20:Pago')?.attrs).toEqual({
			FechaPago: '2024-05-09T12:00:00',
			FormaDePagoP: '03',
			MonedaP: 'MXN',
			TipoCambioP: '1',
			Monto: '580.00',
		});
		expect(findElement(pagos, 'pago20:DoctoRelacionado')?.attrs).toEqual({
			IdDocumento: INVOICE_UUID,
			Serie: 'A',
			Folio: '1000',
			MonedaDR: 'MXN',
			EquivalenciaDR: '1',
			NumParcialidad: '1',
			ImpSaldoAnt: '1160.00',
			ImpPagado: '580.00',
			ImpSaldoInsoluto: '580.00',
			ObjetoImpDR: '02',
		});
		expect(findElement(pagos, 'pago20:TrasladoDR')?.attrs).toEqual({
			BaseDR: '500.00',
			ImpuestoDR: '002',
			TipoFactorDR: 'Tasa',
			TasaOCuotaDR: '0.160000',
			ImporteDR: '80.00',
		});
		expect(findElement(pagos, 'pago20:TrasladoP')?.attrs).toEqual({
			BaseP: '500.00',
			ImpuestoP: '002',
			TipoFactorP: 'Tasa',
			TasaOCuotaP: '0.160000',
			ImporteP: '80.00',
		});
		// The complement comes before the timbre inside cfdi:Complemento.
		expect(childNames(findElement(root, 'cfdi:Complemento') as XmlElement)).toEqual([
			'pago20:Pagos',
			'tfd:TimbreFiscalDigital',
		]);
	});

	it('prints the payment in the PDF', async () => {
		const { uuid } = await kindsClient().stamp(paymentVoucher());
		await kindsClient().requestPdf(uuid);
		const link = (await (await kindsClient().pdfLink(uuid)).json()) as string;
		const pdf = Buffer.from(await (await fetch(link)).arrayBuffer()).toString('latin1');
		expect(pdf).toContain('Complemento de pagos 2.0 - monto total de pagos: 580.00 MXN');
		expect(pdf).toContain(
			`${INVOICE_UUID} parcialidad 1: saldo anterior 1160.00, pagado 580.00, insoluto 580.00 MXN`,
		);
	});

	it.each([
		[
			'formaDePagoP 99',
			(v: Mutable) => (v.complemento.complementoPago20.pago[0].formaDePagoP = '99'),
			['CRP20212'],
		],
		[
			'monedaP XXX',
			(v: Mutable) => (v.complemento.complementoPago20.pago[0].monedaP = 'XXX'),
			['CRP20213'],
		],
		[
			'USD payment without tipoCambioP',
			(v: Mutable) =>
				Object.assign(v.complemento.complementoPago20.pago[0], {
					monedaP: 'USD',
					tipoCambioP: undefined,
				}) && (v.complemento.complementoPago20.pago[0].doctoRelacionado[0].monedaDR = 'USD'),
			['CRP20214'],
		],
		[
			'saldo insoluto not the difference',
			(v: Mutable) =>
				(v.complemento.complementoPago20.pago[0].doctoRelacionado[0].impSaldoInsoluto = 0),
			['CRP20244'],
		],
		[
			'USD invoice without equivalenciaDR',
			(v: Mutable) =>
				Object.assign(v.complemento.complementoPago20.pago[0].doctoRelacionado[0], {
					monedaDR: 'USD',
					equivalenciaDR: undefined,
				}),
			['CRP20237'],
		],
		[
			'equivalenciaDR 2 in one currency',
			(v: Mutable) =>
				(v.complemento.complementoPago20.pago[0].doctoRelacionado[0].equivalenciaDR = 2),
			['CRP20238'],
		],
		[
			'impuestosDR missing with objetoImpDR 02',
			(v: Mutable) =>
				delete v.complemento.complementoPago20.pago[0].doctoRelacionado[0].impuestosDR,
			['CRP20246', 'CRP20268', 'CRP20274'],
		],
		[
			'importeDR wrong',
			(v: Mutable) =>
				(v.complemento.complementoPago20.pago[0].doctoRelacionado[0].impuestosDR.trasladosDR[0].importeDR = 90),
			['CRP20261', 'CRP20274'],
		],
		[
			'monto below the amounts paid',
			(v: Mutable) =>
				Object.assign(v.complemento.complementoPago20.pago[0], { monto: 500 }) &&
				(v.complemento.complementoPago20.totales.montoTotalPagos = 500),
			['CRP20217'],
		],
		[
			'baseP wrong',
			(v: Mutable) =>
				(v.complemento.complementoPago20.pago[0].impuestosP.trasladosP[0].baseP = 400),
			['CRP20268', 'CRP20204'],
		],
		[
			'totales off by 5 cents',
			(v: Mutable) => (v.complemento.complementoPago20.totales.totalTrasladosImpuestoIVA16 = 80.05),
			['CRP20205'],
		],
		['moneda MXN', (v: Mutable) => (v.moneda = 'MXN'), ['CRP20104']],
		['formaPago present', (v: Mutable) => (v.formaPago = '03'), ['CRP20105']],
		['two concepts', (v: Mutable) => v.conceptos.push({ ...v.conceptos[0] }), ['CRP20111']],
		['usoCFDI G03', (v: Mutable) => (v.receptor.usoCFDI = 'G03'), ['CFDI40161']],
		['no complement', (v: Mutable) => delete v.complemento, ['CRP20999']],
	])('refuses a payment receipt with %s, storing nothing', async (_name, modify, codes) => {
		const body = paymentVoucher();
		modify(body);
		expect(await refused(body)).toEqual(codes);
	});

	it('refuses the payment complement on an invoice', async () => {
		expect(await refused(validVoucher({ complemento: paymentVoucher().complemento }))).toEqual([
			'CRP20101',
		]);
	});

	it('stamps a credit note with its relation before cfdi:Emisor, and refuses one without it', async () => {
		const root = await stampedXml(creditNote());
		expect(childNames(root).slice(0, 2)).toEqual(['cfdi:CfdiRelacionados', 'cfdi:Emisor']);
		const related = findElement(root, 'cfdi:CfdiRelacionados') as XmlElement;
		expect(related.attrs).toEqual({ TipoRelacion: '01' });
		expect(related.children.map((child) => child.attrs)).toEqual([{ UUID: INVOICE_UUID }]);

		const withoutRelation = creditNote();
		delete withoutRelation.cfdiRelacionados;
		expect(await refused(withoutRelation)).toEqual(['FAC131']);
		expect(
			await refused({
				...creditNote(),
				cfdiRelacionados: [{ tipoRelacion: '04', cfdiRelacionado: [{ uuid: INVOICE_UUID }] }],
			}),
		).toEqual(['FAC132']);
		expect(await refused({ ...creditNote(), metodoPago: 'PPD', formaPago: '99' })).toEqual([
			'FAC133',
		]);
		expect(
			await refused({
				...creditNote(),
				cfdiRelacionados: [{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: 'A-1' }] }],
			}),
		).toEqual(['FAC134']);
	});

	it('stamps a global invoice with cfdi:InformacionGlobal first, and refuses wrong periods', async () => {
		const root = await stampedXml(globalInvoice());
		expect(childNames(root)[0]).toBe('cfdi:InformacionGlobal');
		expect(root.children[0].attrs).toEqual({ Periodicidad: '04', Meses: '04', Año: '2024' });
		expect(await refused({ ...globalInvoice(), informacionGlobal: undefined })).toEqual(['FAC140']);
		expect(
			await refused({
				...globalInvoice(),
				informacionGlobal: { periodicidad: '04', meses: '13', anio: 2024 },
			}),
		).toEqual(['FAC142']);
		expect(
			await refused({
				...globalInvoice(),
				informacionGlobal: { periodicidad: '09', meses: '04', anio: 2022 },
			}),
		).toEqual(['FAC141', 'FAC143']);
	});
});
