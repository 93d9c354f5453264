/**
 * A payment receipt's Totales in MXN (actions/voucher/paymentReceipt/receiptTotals.ts): every
 * member the SAT defines, in the schema's order, from the payments' taxes and amounts. Figures from
 * the SAT's Pagos 2.0 filling guide and decimal.js; the shared paid invoice and payment are
 * test/support/kindFixtures.ts.
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
	IVA_WITHHELD,
	EXEMPT,
	THIRD_UUID,
} from '../../../../../support/kindFixtures';

describe('Totales in MXN', () => {
	it('every member the SAT defines, in the schema order: IVA withheld, ISR withheld, IEPS withheld, IVA 16/8/0 bases and amounts, exempt base, the payments', () => {
		const { totales } = buildPaymentComplement([
			payment([
				doc({ impSaldoAnt: 9533.33, impPagado: 9533.33, taxes: [IVA16, IVA_WITHHELD, ISR10] }),
				doc({
					idDocumento: SECOND_UUID,
					impSaldoAnt: 108,
					impPagado: 108,
					taxes: [
						{ ...IVA16, tasaOCuota: 0.08 },
						{ impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: 0.08, withheld: true },
					],
				}),
				doc({
					idDocumento: THIRD_UUID,
					impSaldoAnt: 300,
					impPagado: 300,
					taxes: [{ ...IVA16, tasaOCuota: 0 }],
				}),
				doc({
					idDocumento: '66666666-7777-4888-9999-AAAAAAAAAAAA',
					impSaldoAnt: 200,
					impPagado: 200,
					taxes: [EXEMPT],
				}),
			]),
		]);
		expect(Object.keys(totales)).toEqual([
			'totalRetencionesIVA',
			'totalRetencionesISR',
			'totalRetencionesIEPS',
			'totalTrasladosBaseIVA16',
			'totalTrasladosImpuestoIVA16',
			'totalTrasladosBaseIVA8',
			'totalTrasladosImpuestoIVA8',
			'totalTrasladosBaseIVA0',
			'totalTrasladosImpuestoIVA0',
			'totalTrasladosBaseIVAExento',
			'montoTotalPagos',
		]);
		// 108 ÷ (1 + 0.08 − 0.08) = 108 base: IVA 8.64, IEPS withheld 8.64.
		expect(totales).toMatchObject({
			totalRetencionesIVA: 1066.67,
			totalRetencionesISR: 1000,
			totalRetencionesIEPS: 8.64,
			totalTrasladosBaseIVA8: 108,
			totalTrasladosImpuestoIVA8: 8.64,
			totalTrasladosBaseIVA0: 300,
			totalTrasladosImpuestoIVA0: 0,
			totalTrasladosBaseIVAExento: 200,
			montoTotalPagos: 10141.33,
		});
	});

	it('IEPS transferred and IVA at a rate without a Totales member count only in the payments', () => {
		const { totales } = buildPaymentComplement([
			payment([
				doc({
					impSaldoAnt: 1080,
					impPagado: 1080,
					taxes: [{ impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: 0.08 }],
				}),
				doc({
					idDocumento: SECOND_UUID,
					impSaldoAnt: 115,
					impPagado: 115,
					taxes: [{ ...IVA16, tasaOCuota: 0.15 }],
				}),
			]),
		]);
		expect(totales).toEqual({ montoTotalPagos: 1195 });
	});

	it('a foreign-currency payment counts at its exchange rate, each member rounded once after summing', () => {
		// 2 × 116.00 USD at 17.123456: Monto 232 → 3972.64; IVA 16 % base 200 → 3424.69, tax 32 → 547.95.
		const usd = (id: string) =>
			payment([doc({ idDocumento: id, monedaDR: 'USD', impSaldoAnt: 116, impPagado: 116 })], {
				monedaP: 'USD',
				tipoCambioP: '17.123456',
			});
		const { totales } = buildPaymentComplement([usd(INVOICE_UUID), usd(SECOND_UUID)]);
		const rate = new Decimal('17.123456');
		const once = (amount: number) =>
			new Decimal(amount).mul(rate).mul(2).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
		expect(totales).toEqual({
			totalTrasladosBaseIVA16: once(100),
			totalTrasladosImpuestoIVA16: once(16),
			montoTotalPagos: once(116),
		});
	});
});
