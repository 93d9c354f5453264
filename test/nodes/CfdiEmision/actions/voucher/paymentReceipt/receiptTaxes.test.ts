/**
 * A payment's taxes and Monto (actions/voucher/paymentReceipt/receiptTaxes.ts): the Pago node, its
 * taxes from the paid documents' and its amount. Figures from the SAT's Pagos 2.0 filling guide and
 * decimal.js.
 */
import Decimal from 'decimal.js';

import { buildPaymentComplement } from '../../../../../../nodes/CfdiEmision/actions/voucher/paymentReceipt';

import {
	INVOICE_UUID,
	IVA16,
	SECOND_UUID,
	paidDocument as doc,
	paymentOf as payment,
	ISR10,
	EXEMPT,
	THIRD_UUID,
} from '../../../../../support/kindFixtures';

describe('the payment (Pago)', () => {
	it('writes NumOperacion before the related documents, as the schema orders them, and only when given', () => {
		const [pago] = buildPaymentComplement([
			payment([doc({})], { numOperacion: 'SPEI-000123' }),
		]).pago;
		expect(Object.keys(pago)).toEqual([
			'fechaPago',
			'formaDePagoP',
			'monedaP',
			'tipoCambioP',
			'monto',
			'numOperacion',
			'doctoRelacionado',
			'impuestosP',
		]);
		expect(pago.numOperacion).toBe('SPEI-000123');
		expect(
			buildPaymentComplement([payment([doc({})], { numOperacion: '  ' })]).pago[0],
		).not.toHaveProperty('numOperacion');
	});

	it('the amount received as given; else the least the documents allow (Σ impPagado ÷ equivalenciaDR, rounded once)', () => {
		expect(buildPaymentComplement([payment([doc({})], { monto: '600.00' })]).pago[0].monto).toBe(
			600,
		);
		// Two USD invoices paid in MXN at 1 USD = 17 MXN: 10 ÷ 0.0588235294 + 10.01 ÷ 0.0588235294 = 340.170..., rounded once: 340.17.
		const usd = (id: string, paid: number) =>
			doc({
				idDocumento: id,
				monedaDR: 'USD',
				equivalenciaDR: 0.0588235294,
				impSaldoAnt: paid,
				impPagado: paid,
				taxes: [],
			});
		const expected = new Decimal(10)
			.div('0.0588235294')
			.plus(new Decimal('10.01').div('0.0588235294'))
			.toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
			.toNumber();
		expect(
			buildPaymentComplement([payment([usd(INVOICE_UUID, 10), usd(SECOND_UUID, 10.01)])]).pago[0]
				.monto,
		).toBe(expected);
	});

	it('no ImpuestosP when no document carries taxes', () => {
		const [pago] = buildPaymentComplement([payment([doc({ taxes: [] })])]).pago;
		expect(pago).not.toHaveProperty('impuestosP');
	});

	it('groups one rate written two ways, withholdings per tax, and keeps the exempt base apart', () => {
		const [pago] = buildPaymentComplement([
			payment([
				doc({ impSaldoAnt: 116, impPagado: 116, taxes: [IVA16] }),
				doc({
					idDocumento: SECOND_UUID,
					impSaldoAnt: 1060,
					impPagado: 1060,
					taxes: [{ ...IVA16, tasaOCuota: '0.160000' }, ISR10],
				}),
				doc({ idDocumento: THIRD_UUID, impSaldoAnt: 50, impPagado: 50, taxes: [EXEMPT] }),
			]),
		]).pago;
		expect(pago.impuestosP).toEqual({
			retencionesP: [{ impuestoP: '001', importeP: 100 }],
			trasladosP: [
				{ baseP: 1100, impuestoP: '002', tipoFactorP: 'Tasa', tasaOCuotaP: 0.16, importeP: 176 },
				{ baseP: 50, impuestoP: '002', tipoFactorP: 'Exento' },
			],
		});
		expect(Object.keys(pago.impuestosP as object)).toEqual(['retencionesP', 'trasladosP']);
	});
});
