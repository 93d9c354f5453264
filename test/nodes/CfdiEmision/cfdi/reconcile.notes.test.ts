/**
 * The reconciliation rule (cfdi/reconcile.ts), what the user reads: the note when a cent moved, the
 * five concepts it names, "more than the source" with the source's own detail and fix, a source
 * figure that is not an amount, and a payment receipt measured by its payments. The outcomes and
 * which concepts carry a cent: reconcile.test.ts.
 */
import { globalInvoiceMoney } from '../../../../nodes/CfdiEmision/actions/voucher/globalInvoice/buildGlobalInvoice';
import { reconcile, ReconciliationRefused } from '../../../../nodes/CfdiEmision/cfdi/reconcile';
import { INVOICE_UUID } from '../../../support/kindFixtures';
import {
	buildPaymentReceiptFor,
	creditNote,
	globalInvoice,
	reaches,
} from '../../../support/reconcileCases';

describe('reconcile: what the user reads', () => {
	const money = (amount: string, over: Record<string, string> = {}) => ({
		amount,
		currency: 'MXN',
		from: 'the amount to credit',
		field: 'amount',
		...over,
	});

	test('a cent moved on a voucher without per-line source amounts is measured against the line as built', () => {
		const { voucher } = creditNote('116.00');
		expect(reconcile(voucher, money('116.01')).note).toBe(
			`The voucher total is the amount to credit, 116.01 MXN, to the cent: each concept's tax is rounded to cents, so a tax-included amount is reached by choosing bases and tax amounts within the SAT's limits (Anexo 20); conceptos[0] ("Descuento o bonificacion") carries 0.01 more than its amount as built (116.00).`,
		);
		const less = reconcile(voucher, money('115.99'));
		expect(less).toMatchObject({
			outcome: 'centsMoved',
			voucherTotal: '115.99',
			sourceTotal: '115.99',
		});
		expect(less.note).toContain('carries 0.01 less than its amount as built (116.00)');
	});

	test('the note names five concepts and counts the others', () => {
		// Eight tax-included sales no base reaches at 16 % by rounding to nearest: each IVA is rounded up.
		const amounts = ['1.05', '1.12', '1.20', '1.27', '1.34', '1.41', '1.49', '1.56'];
		expect(amounts.some((amount) => reaches(amount))).toBe(false);
		const { input, voucher } = globalInvoice(amounts);
		const result = reconcile(voucher, globalInvoiceMoney(input, voucher));
		expect(result.outcome).toBe('centsMoved');
		expect(result.voucherTotal).toBe('10.44');
		expect(result.note?.match(/'s IVA 16 % is \d\.\d\d on base/g)).toHaveLength(5);
		expect(result.note).toMatch(/; and 3 more concepts likewise\.$/);
		expect(result.note).toContain('the SAT accepts 0.14 to 0.15); conceptos[1] (T-2, "Venta")');
	});

	test('a voucher above its source: "more than the source"; the source\'s own detail and fix are quoted', () => {
		const { voucher } = creditNote('116.00');
		let refusal: ReconciliationRefused | undefined;
		try {
			reconcile(
				voucher,
				money('100.00', { detail: 'The refund lines add up to 116.00.', fix: 'the refund' }),
			);
		} catch (error) {
			refusal = error as ReconciliationRefused;
		}
		expect(refusal?.field).toBe('amount');
		expect(refusal?.message).toBe(
			'The voucher total is 116.00 MXN but the amount to credit is 100.00: 16.00 more than the source, more than per-line tax rounding explains (at most 0.01 here). The refund lines add up to 116.00.',
		);
		expect(refusal?.fix).toMatch(
			/^Correct the source so that its figures agree \(the refund\), or set/,
		);
		expect(() => reconcile(voucher, money('120.00'))).toThrow(
			/^The voucher total is 116\.00 MXN but the amount to credit is 120\.00: 4\.00 less than the source, more than per-line tax rounding explains \(at most 0\.01 here\)\.$/,
		);
	});

	test('a source figure that is not an amount is refused naming it', () => {
		const { voucher } = creditNote('116.00');
		expect(() => reconcile(voucher, money('abc'))).toThrow(
			expect.objectContaining({
				message: 'The source\'s money "abc" (the amount to credit) is not an amount.',
				fix: 'Give the source amount as a decimal number.',
			}),
		);
	});

	test("a payment receipt is measured by its payments: equal, a gap named as the receipt's amount, or payments in two currencies refused", () => {
		const doc = (uuid: string, monedaDR: string, impPagado: string) => ({
			idDocumento: uuid,
			monedaDR,
			numParcialidad: 1,
			impSaldoAnt: '1000.00',
			impPagado,
		});
		const pago = (monedaP: string, paid: string, uuid: string) => ({
			fechaPago: '2024-05-09T12:00:00',
			formaDePagoP: '03',
			monedaP,
			...(monedaP === 'MXN' ? {} : { tipoCambioP: '17.000000' }),
			documents: [doc(uuid, monedaP, paid)],
		});
		const OTHER = '8C3B1B0A-6F1E-4E2B-9D5C-2A7E4F1B3C9D';
		const source = (amount: string) => ({ amount, currency: 'MXN', from: 'the payments recorded' });
		const receipt = buildPaymentReceiptFor([
			pago('MXN', '300.00', INVOICE_UUID),
			pago('MXN', '200.00', OTHER),
		]);
		expect(reconcile(receipt, source('500.00'))).toMatchObject({
			outcome: 'equal',
			voucherTotal: '500.00',
		});
		expect(() => reconcile(receipt, source('500.01'))).toThrow(
			/^The amount of the payment receipt is 500\.00 MXN but the payments recorded is 500\.01: 0\.01 less/,
		);
		const mixed = buildPaymentReceiptFor([
			pago('MXN', '300.00', INVOICE_UUID),
			pago('USD', '200.00', OTHER),
		]);
		expect(() => reconcile(mixed, source('500.00'))).toThrow(
			'The amount of the payment receipt cannot be compared with the payments recorded (500.00 MXN): the voucher is in no single currency.',
		);
	});
});
