/**
 * The reconciliation rule (cfdi/reconcile.ts), the edges of moving cents: which lines may carry one
 * (not a line at 0 %, never one priced down to nothing), what the note says when a cent remains
 * after a line moved, exactly five lines named, a receipt whose payment is not an amount, and a
 * source finer than its currency's decimals (refused with its exact figure, never rounded).
 * decimal.js says which amounts no base reaches. The main cases: reconcile.test.ts.
 */
import Decimal from 'decimal.js';

import { computeTotals } from '../../../../nodes/CfdiEmision/cfdi/computeTotals';
import { globalInvoiceMoney } from '../../../../nodes/CfdiEmision/actions/voucher/globalInvoice/buildGlobalInvoice';
import { reconcile, ReconciliationRefused } from '../../../../nodes/CfdiEmision/cfdi/reconcile';
import type { Concepto, Voucher } from '../../../../nodes/CfdiEmision/cfdi/types';
import type { SourceMoney } from '../../../../nodes/CfdiEmision/cfdi/voucherSource';
import {
	buildCreditNote,
	creditNoteMoney,
} from '../../../../nodes/CfdiEmision/actions/voucher/creditNote';
import { buildPaymentReceipt } from '../../../../nodes/CfdiEmision/actions/voucher/paymentReceipt';
import { lineItemsToVoucher } from '../../../../nodes/CfdiEmision/orders/lineItems';
import {
	CUSTOMER,
	creditNoteInput,
	INVOICE_UUID,
	ISSUER,
	monthlyGlobalInvoiceOf,
} from '../../../support/kindFixtures';

const CENT = new Decimal('0.01');
const round2 = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** decimal.js: whether some base within 3 cents gives `amount` with its 16 % tax rounded to cents. */
function reaches(amount: string): boolean {
	const target = new Decimal(amount);
	const plain = round2(target.div('1.16'));
	for (let step = -3; step <= 3; step++) {
		const base = plain.plus(CENT.mul(step));
		if (base.plus(round2(base.mul('0.16'))).equals(target)) return true;
	}
	return false;
}

const line = (valorUnitario: number, tasaOCuota?: number, tipoFactor = 'Tasa'): Concepto =>
	({
		claveProdServ: '01010101',
		cantidad: 1,
		claveUnidad: 'H87',
		descripcion: 'Item',
		valorUnitario,
		objetoImp: '02',
		impuestos: {
			traslados: [
				{ impuesto: '002', tipoFactor, ...(tasaOCuota === undefined ? {} : { tasaOCuota }) },
			],
		},
	}) as Concepto;
const voucherOf = (conceptos: Concepto[]) =>
	computeTotals({ tipoDeComprobante: 'I', moneda: 'MXN', conceptos } as unknown as Voucher, {
		decimals: 2,
	}).voucher;
const order = (amount: string) => ({
	amount,
	currency: 'MXN',
	from: "the order's total_price",
	field: 'total_price',
});

describe('which lines carry a cent', () => {
	test('a line at IVA 0 % or exempt has no per-line rounding: a cent off is refused, not moved onto it', () => {
		for (const voucher of [
			voucherOf([line(100, 0)]),
			voucherOf([line(100, undefined, 'Exento')]),
		]) {
			expect(voucher.total).toBe(100);
			let refusal: unknown;
			try {
				reconcile(voucher, order('100.01'));
			} catch (error) {
				refusal = error;
			}
			expect(refusal).toBeInstanceOf(ReconciliationRefused);
			expect((refusal as Error).message).toBe(
				"The voucher total is 100.00 MXN but the order's total_price is 100.01: 0.01 less than the source, more than per-line tax rounding explains (at most 0.01 here).",
			);
		}
	});

	test('a line of one cent is never priced down to zero to reach the source: the cent stays, with the note', () => {
		const voucher = voucherOf([line(0.01, 0.16)]);
		expect(voucher.total).toBe(0.01);
		const result = reconcile(voucher, order('0.00'));
		expect(result).toMatchObject({ outcome: 'roundingRemainder', voucherTotal: '0.01' });
		expect(result.voucher.conceptos[0].valorUnitario).toBe(0.01);
		expect(result.note).toContain("0.01 above the order's total_price (0.00)");
	});
});

describe('the edges a user can reach', () => {
	test('a discounted line is never priced down to its discount: the cent stays, with the note', () => {
		// 0.03 less a 0.02 discount is a base of 0.01 (tax 0.00): moving it down would leave nothing.
		const voucher = voucherOf([{ ...line(0.03, 0.16), descuento: 0.02 } as Concepto]);
		expect(voucher.total).toBe(0.01);
		const result = reconcile(voucher, order('0.00'));
		expect(result).toMatchObject({ outcome: 'roundingRemainder', voucherTotal: '0.01' });
		expect(result.voucher.conceptos[0].valorUnitario).toBe(0.03);
	});

	test('two one-cent lines against 0.00: 2 cents no line can give up are refused, not stamped with a remainder', () => {
		const voucher = voucherOf([line(0.01, 0.16), line(0.01, 0.16)]);
		expect(voucher.total).toBe(0.02);
		expect(() => reconcile(voucher, order('0.00'))).toThrow(
			"The voucher total is 0.02 MXN but the order's total_price is 0.00: 0.02 more than the source, more than per-line tax rounding explains (at most 0.02 here).",
		);
	});

	test("a source in another currency is quoted in its own currency's decimals (JPY has none)", () => {
		const voucher = voucherOf([line(1000, 0.16)]);
		expect(() =>
			reconcile(voucher, { amount: '1160', currency: 'JPY', from: 'the refund' }),
		).toThrow(
			'The voucher total cannot be compared with the refund (1160 JPY): the voucher is in MXN.',
		);
	});

	test('a currency of 3 decimals is judged to its last decimal: 10.006 KWD is 0.001 from 10.005, not finer', () => {
		const voucher = computeTotals(
			{ tipoDeComprobante: 'I', moneda: 'KWD', conceptos: [line(10.005, 0)] } as unknown as Voucher,
			{ decimals: 3 },
		).voucher;
		const refund = (amount: string) => ({ amount, currency: 'KWD', from: 'the refund' });
		expect(reconcile(voucher, refund('10.005'))).toMatchObject({
			outcome: 'equal',
			sourceTotal: '10.005',
		});
		expect(() => reconcile(voucher, refund('10.006'))).toThrow(
			'The voucher total is 10.005 KWD but the refund is 10.006: 0.001 less than the source, more than per-line tax rounding explains (at most 0.001 here).',
		);
	});

	test('a line without its own identifier is named by its description when it carries a cent', () => {
		const voucher = voucherOf([line(1, 0.16), line(1, 0.16)]);
		expect(voucher.total).toBe(2.32);
		const result = reconcile(voucher, order('2.33'));
		expect(result).toMatchObject({ outcome: 'centsMoved', voucherTotal: '2.33' });
		expect(result.note).toMatch(
			/; conceptos\[[01]\] \("Item"\) carries 0\.01 more than its amount as built \(1\.16\)\.$/,
		);
	});

	test('a voucher without a currency is refused as such', () => {
		const voucher = { ...voucherOf([line(100, 0.16)]), moneda: undefined } as unknown as Voucher;
		expect(() => reconcile(voucher, order('116.00'))).toThrow(
			"The voucher total cannot be compared with the order's total_price (116.00 MXN): the voucher is in no single currency.",
		);
	});
});

/** The refusal `reconcile` throws, or undefined when it does not refuse. */
function refusalOf(voucher: Voucher, source: SourceMoney, policy?: 'refuse' | 'stampWithNote') {
	try {
		reconcile(voucher, source, policy);
	} catch (error) {
		return error as ReconciliationRefused;
	}
	return undefined;
}

describe("a source finer than its currency's decimals", () => {
	test('100.004 against a voucher of 100.00: refused naming the exact figure and the cents on either side, under either policy', () => {
		// Untaxed (a difference was refused as "0.00 less") and taxed (it was stamped with "0.00 below").
		for (const voucher of [voucherOf([line(100, 0)]), voucherOf([line(86.21, 0.16)])]) {
			expect(voucher.total).toBe(100);
			for (const policy of ['refuse', 'stampWithNote'] as const) {
				const refusal = refusalOf(voucher, order('100.004'), policy);
				expect(refusal).toBeInstanceOf(ReconciliationRefused);
				expect(refusal?.field).toBe('total_price');
				expect(refusal?.message).toBe(
					"The voucher total cannot equal the order's total_price, 100.004 MXN: it is finer than the 2 decimals of MXN, and rounding it would change the money.",
				);
				expect(refusal?.fix).toBe(
					"Give the order's total_price with at most 2 decimals, as the money was charged (100.00 or 100.01); the node does not round it.",
				);
			}
		}
	});

	test('trailing zeros are not finer: 100.000 is the voucher of 100.00', () => {
		const result = reconcile(voucherOf([line(100, 0)]), order('100.000'));
		expect(result).toMatchObject({ outcome: 'equal', sourceTotal: '100.00' });
	});

	test("each builder passes its figure as given (Expected Total, a credit amount); a global invoice's sale finer than a cent is refused by the builder, naming that sale", () => {
		const lines = lineItemsToVoucher(
			[
				{
					quantity: 1,
					unitPrice: '100.00',
					taxRate: '16%',
					priceIncludesTax: true,
					description: 'Keyboard',
				},
			],
			{
				emisor: ISSUER,
				lugarExpedicion: '64000',
				recipient: { ...CUSTOMER, usoCFDI: 'G03' },
				formaPago: '03',
				expectedTotal: '100.004',
			},
		);
		expect(() => monthlyGlobalInvoiceOf(['50.00', '50.002'])).toThrow(
			expect.objectContaining({
				name: 'KindInputError',
				field: 'sales[1].amount',
				message: 'Sale 2 (ticket "T-2") has amount "50.002", finer than the 2 decimals of MXN.',
			}),
		);
		const credit = creditNoteInput({ amount: '100.004' });
		const cases: Array<[Voucher, SourceMoney, string]> = [
			[lines.voucher as Voucher, lines.source as SourceMoney, 'Expected Total, 100.004 MXN'],
			[
				buildCreditNote(credit),
				creditNoteMoney(credit) as SourceMoney,
				'the amount to credit, 100.004 MXN',
			],
		];
		for (const [voucher, source, named] of cases) {
			expect(voucher.total).toBe(100);
			expect(refusalOf(voucher, source)?.message).toContain(`cannot equal ${named}: it is finer`);
		}
	});
});

describe('what the note names', () => {
	test("one sale no base reaches by rounding to nearest: the sale to the cent, its IVA named with the SAT's limits (before: 0.01 below)", () => {
		let amount = new Decimal('200.00');
		while (reaches(amount.toFixed(2))) amount = amount.plus(CENT);
		const sale = amount.toFixed(2);
		const { input, voucher } = monthlyGlobalInvoiceOf([sale]);
		const result = reconcile(voucher, globalInvoiceMoney(input, voucher));
		expect(result).toMatchObject({ outcome: 'centsMoved', voucherTotal: sale });
		const [tax] = result.voucher.conceptos[0].impuestos?.traslados ?? [];
		const base = new Decimal(String(tax.base));
		const nearest = base.mul('0.16').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
		expect(new Decimal(String(tax.importe)).minus(nearest).toFixed(2)).toBe('0.01');
		expect(result.note).toBe(
			`The voucher total is the sum of the 1 sales, ${sale} MXN, to the cent: each concept's tax is rounded to cents, so a tax-included amount is reached by choosing bases and tax amounts within the SAT's limits (Anexo 20); conceptos[0] (T-1, "Venta")'s IVA 16 % is ${new Decimal(String(tax.importe)).toFixed(2)} on base ${base.toFixed(2)} (${nearest.toFixed(2)} rounded; the SAT accepts ${nearest.toFixed(2)} to ${new Decimal(String(tax.importe)).toFixed(2)}).`,
		);
	});

	test('exactly five lines moved: all five named, no "more concepts"', () => {
		const amounts = ['1.05', '1.12', '1.20', '1.27', '1.34'];
		expect(amounts.some(reaches)).toBe(false);
		const { input, voucher } = monthlyGlobalInvoiceOf(amounts);
		const result = reconcile(voucher, globalInvoiceMoney(input, voucher));
		expect(result.outcome).toBe('centsMoved');
		expect(result.voucherTotal).toBe(
			amounts.reduce((sum, amount) => sum.plus(amount), new Decimal(0)).toFixed(2),
		);
		// Each line at its own sale, its IVA rounded up within the SAT's limits.
		expect(result.note?.match(/'s IVA 16 % is \d\.\d\d on base/g)).toHaveLength(5);
		expect(result.note).not.toContain('carries');
		expect(result.note).not.toContain('more concepts likewise');
		expect(result.note).toMatch(
			/conceptos\[4\] \(T-5, "Venta"\)'s IVA 16 % is 0\.19 on base 1\.15 \(0\.18 rounded; the SAT accepts 0\.18 to 0\.19\)\.$/,
		);
	});
});

describe('a payment receipt', () => {
	test('a payment whose Monto is not an amount: refused as not comparable, not a crash', () => {
		const receipt = buildPaymentReceipt({
			emisor: ISSUER,
			receptor: CUSTOMER,
			lugarExpedicion: '64000',
			serie: 'P',
			fecha: '2024-05-10T09:00:00',
			payments: [
				{
					fechaPago: '2024-05-09T12:00:00',
					formaDePagoP: '03',
					monedaP: 'MXN',
					documents: [
						{
							idDocumento: INVOICE_UUID,
							monedaDR: 'MXN',
							numParcialidad: 1,
							impSaldoAnt: '1000.00',
							impPagado: '300.00',
						},
					],
				},
			],
		});
		const refusal = new ReconciliationRefused(
			'',
			'The amount of the payment receipt cannot be compared with the payments recorded (300.00 MXN): the voucher is in no single currency.',
			'',
		);
		// Its Monto not an amount, its MonedaP missing, or no Pagos complement at all.
		for (const damage of ['monto', 'monedaP', 'complemento']) {
			let replaced = 0;
			const damaged = JSON.parse(JSON.stringify(receipt), (key, value) => {
				if (key.toLowerCase() !== damage.toLowerCase()) return value;
				replaced++;
				return damage === 'monto' ? 'three hundred' : undefined;
			}) as Voucher;
			expect(replaced).toBe(1);
			expect(() =>
				reconcile(damaged, { amount: '300.00', currency: 'MXN', from: 'the payments recorded' }),
			).toThrow(refusal);
		}
	});

	test('two payments, only the first Monto not an amount: refused as not comparable, not a crash', () => {
		const payment = (fechaPago: string, numParcialidad: number, impSaldoAnt: string) => ({
			fechaPago,
			formaDePagoP: '03',
			monedaP: 'MXN',
			documents: [
				{
					idDocumento: INVOICE_UUID,
					monedaDR: 'MXN',
					numParcialidad,
					impSaldoAnt,
					impPagado: '300.00',
				},
			],
		});
		const receipt = buildPaymentReceipt({
			emisor: ISSUER,
			receptor: CUSTOMER,
			lugarExpedicion: '64000',
			serie: 'P',
			fecha: '2024-05-10T09:00:00',
			payments: [
				payment('2024-05-08T12:00:00', 1, '1000.00'),
				payment('2024-05-09T12:00:00', 2, '700.00'),
			],
		});
		let replaced = 0;
		const damaged = JSON.parse(JSON.stringify(receipt), (key, value) =>
			key.toLowerCase() === 'monto' && replaced++ === 0 ? 'three hundred' : value,
		) as Voucher;
		expect(replaced).toBe(2);
		expect(() =>
			reconcile(damaged, { amount: '600.00', currency: 'MXN', from: 'the payments recorded' }),
		).toThrow(
			'The amount of the payment receipt cannot be compared with the payments recorded (600.00 MXN): the voucher is in no single currency.',
		);
	});
});
