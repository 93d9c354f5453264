/**
 * Voucher > Create Payment Receipt through n8n-core's engine against the sandbox: the receipt sent
 * and stamped, the related invoices read from their XML or typed in, and example 04's path.
 *
 * Also covers: nodes/CfdiEmision/actions/voucher/paymentReceipt/receiptFromFields.ts (the
 * operation's fields read into its voucher).
 */

import { satGuideDoctoRelacionado } from '../../../../../support/vouchers';
import { useSandboxEngine } from '../../../../../support/nodeTestKit';
import {
	CUSTOMER,
	findElement,
	receiptParams,
	runTryIt,
	sentBody,
	stampedXml,
	stampInvoice,
} from '../../../../../support/kindsKit';
import { typedParams } from '../../../../../support/receiptKit';

/* eslint-disable @typescript-eslint/no-explicit-any */
const kit = useSandboxEngine();

const UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';

describe('voucher: create payment receipt', () => {
	// Figures: SAT, "Guía de llenado del comprobante al que se le incorpore el complemento para
	// recepción de pagos", version 2.0: invoice 1,160.00 with IVA 16 %, 580.00 paid in installment 1.
	test('from the UUID and the amount paid: reads the invoice XML, sends the SAT guide figures, stamps the complement', async () => {
		const invoice = await stampInvoice(kit.sandbox);
		kit.sandbox.clearLog();
		const { items, error } = await kit.engine.runNode(
			receiptParams([{ uuid: invoice.toLowerCase(), amountPaid: 580 }]),
			[{}],
		);
		expect(error).toBeUndefined();

		// The invoice's XML was read through the XML download path, the list read once for a receipt
		// of this receipt's key (Duplicate Check, on by default) and for any receipt of this installment
		// since the invoice's date (the ledger, stamping/saleLedger.ts), then the voucher was saved and
		// stamped and the list read once more for a twin.
		expect(kit.sandbox.requests.filter((r) => r.server === 'api').map((r) => r.route)).toEqual([
			'downloadXml',
			'listVouchers',
			'createVoucher',
			'updateVoucher',
			'listVouchers',
		]);
		const body = sentBody(kit.sandbox) as any;
		expect(body).toMatchObject({
			tipoDeComprobante: 'P',
			moneda: 'XXX',
			subTotal: 0,
			total: 0,
			exportacion: '01',
			serie: 'P',
		});
		// Issuer and recipient come from the invoice.
		expect(body.emisor).toEqual({
			rfc: 'EKU9003173C9',
			nombre: 'ESCUELA KEMPER URGATE',
			regimenFiscal: '601',
		});
		expect(body.receptor).toEqual({
			rfc: CUSTOMER.rfc,
			nombre: CUSTOMER.nombre,
			regimenFiscalReceptor: '601',
			domicilioFiscalReceptor: '86991',
			usoCFDI: 'CP01',
		});
		const pagos = body.complemento.complementoPago20;
		expect(pagos.totales).toEqual({
			totalTrasladosBaseIVA16: 500,
			totalTrasladosImpuestoIVA16: 80,
			montoTotalPagos: 580,
		});
		expect(pagos.pago[0]).toMatchObject({
			fechaPago: '2024-05-09T12:00:00',
			formaDePagoP: '03',
			monedaP: 'MXN',
			tipoCambioP: 1,
			monto: 580,
		});
		expect(pagos.pago[0].doctoRelacionado[0]).toEqual(satGuideDoctoRelacionado(invoice));

		expect(items[0].json).toMatchObject({ esValido: true, status: 'stamped' });
		const xml = await stampedXml(kit.sandbox, String(items[0].json.uuid));
		expect(findElement(xml, 'pago20:DoctoRelacionado')?.attrs).toMatchObject({
			IdDocumento: invoice,
			ImpSaldoAnt: '1160.00',
			ImpPagado: '580.00',
			ImpSaldoInsoluto: '580.00',
		});
		expect(findElement(xml, 'pago20:Totales')?.attrs).toEqual({
			TotalTrasladosBaseIVA16: '500.00',
			TotalTrasladosImpuestoIVA16: '80.00',
			MontoTotalPagos: '580.00',
		});
	});

	test('installment 2 takes the previous balance given; two invoices of one customer in one payment', async () => {
		const first = await stampInvoice(kit.sandbox);
		const second = await stampInvoice(kit.sandbox);
		kit.sandbox.clearLog();
		const { items, error } = await kit.engine.runNode(
			receiptParams([
				// The ledger knows no earlier receipt of `first` here: its balance is still the total.
				{ uuid: first, amountPaid: 580, installment: 2, previousBalance: 1160 },
				{ uuid: second, amountPaid: 1160 },
			]),
			[{}],
		);
		expect(error).toBeUndefined();
		expect(kit.sandbox.requests.filter((r) => r.route === 'downloadXml')).toHaveLength(2);
		// The XML reads and the stamping share one sign-in.
		expect(kit.sandbox.requests.filter((r) => r.route === 'token')).toHaveLength(1);
		const pagos = (sentBody(kit.sandbox) as any).complemento.complementoPago20;
		expect(
			pagos.pago[0].doctoRelacionado.map((d: any) => [
				d.numParcialidad,
				d.impSaldoAnt,
				d.impPagado,
				d.impSaldoInsoluto,
			]),
		).toEqual([
			[2, 1160, 580, 580],
			[1, 1160, 1160, 0],
		]);
		expect(pagos.totales).toEqual({
			totalTrasladosBaseIVA16: 1500,
			totalTrasladosImpuestoIVA16: 240,
			montoTotalPagos: 1740,
		});
		expect(items[0].json.status).toBe('stamped');
	});

	test("a payment received at 23:30 on the last day of September in Mexico City is dated that day, whether the date comes as a UTC text or as n8n's $now in another zone", async () => {
		// 2026-09-30 23:30 in Mexico City is 2026-10-01 05:30 UTC and 01:30 in New York (n8n's
		// default workflow zone): a receipt dated 1 October would put the payment in the wrong month.
		// Each for its own invoice, so the second is not answered with the first.
		for (const [uuid, paymentDate] of [
			[UUID, '2026-10-01T05:30:00Z'],
			[
				'6A1C7C1E-2B3D-4E5F-8A9B-0C1D2E3F4A5B',
				"={{ DateTime.fromISO('2026-10-01T01:30:00', { zone: 'America/New_York' }) }}",
			],
		]) {
			kit.sandbox.clearLog();
			const { error } = await kit.engine.runNode(typedParams({ uuid }, { paymentDate }), [{}]);
			expect(error).toBeUndefined();
			const body = sentBody(kit.sandbox) as any;
			expect(body.complemento.complementoPago20.pago[0].fechaPago).toBe('2026-09-30T23:30:00');
		}
	});

	test('a USD invoice paid in MXN, figures typed in (no XML read)', async () => {
		const { items, error } = await kit.engine.runNode(
			typedParams(
				{ currency: 'USD', equivalence: 0.05, previousBalance: 116, amountPaid: 116 },
				{
					relatedVouchers: {
						relation: [{ tipoRelacion: '04', uuids: '8C3B1B0A-6F1E-4E2B-9D5C-2A7E4F1B3C9D' }],
					},
				},
			),
			[{}],
		);
		expect(error).toBeUndefined();
		// The operation reads no XML; the ledger looks the invoice up (the sums do not depend on the
		// setting) and the sandbox does not hold it (404): nothing at this service relates it.
		expect(
			kit.sandbox.requests.filter((r) => r.route === 'downloadXml').map((r) => r.status),
		).toEqual([404]);
		const body = sentBody(kit.sandbox) as any;
		const pago = body.complemento.complementoPago20.pago[0];
		expect(pago.monto).toBe(2320);
		expect(pago.doctoRelacionado[0]).toMatchObject({
			monedaDR: 'USD',
			equivalenciaDR: 0.05,
			impSaldoInsoluto: 0,
		});
		expect(pago.impuestosP.trasladosP).toEqual([
			{ baseP: 2000, impuestoP: '002', tipoFactorP: 'Tasa', tasaOCuotaP: 0.16, importeP: 320 },
		]);
		expect(body.cfdiRelacionados).toEqual([
			{ tipoRelacion: '04', cfdiRelacionado: [{ uuid: '8C3B1B0A-6F1E-4E2B-9D5C-2A7E4F1B3C9D' }] },
		]);
		const xml = await stampedXml(kit.sandbox, String(items[0].json.uuid));
		expect(findElement(xml, 'cfdi:CfdiRelacionados')?.attrs).toEqual({ TipoRelacion: '04' });
		expect(findElement(xml, 'pago20:TrasladoP')?.attrs).toMatchObject({
			BaseP: '2000.00',
			ImporteP: '320.00',
		});
	});
});

describe('example 04: invoice paid later (PPD) → payment receipt (its "Try it" path)', () => {
	test('stamps the sample PPD invoice, then its payment receipt for 580.00 from the invoice XML', async () => {
		const {
			invoice,
			outcome,
			voucher: receipt,
		} = await runTryIt(
			kit.sandbox,
			'paymentReceipt',
			'Try it: pay half of a sample invoice',
			'paymentReceiptUuid',
		);
		expect(outcome).toEqual({
			paymentReceiptUuid: expect.any(String),
			status: 'stamped',
			invoiceUuid: invoice.uuid,
			amountPaid: 580,
		});
		expect(
			kit.sandbox.requests
				.filter((r) => r.route === 'downloadXml')
				.map((r) => r.pathname.split('/').pop()),
		).toEqual([invoice.uuid]);
		const pagos = (receipt?.body as any).complemento.complementoPago20;
		expect(pagos.totales).toEqual({
			totalTrasladosBaseIVA16: 500,
			totalTrasladosImpuestoIVA16: 80,
			montoTotalPagos: 580,
		});
		expect(pagos.pago[0].doctoRelacionado[0]).toMatchObject({
			idDocumento: invoice.uuid,
			impSaldoAnt: 1160,
			impPagado: 580,
			impSaldoInsoluto: 580,
		});
		expect(receipt?.xml).toContain('<pago20:Pagos Version="2.0">');
	});
});
