/**
 * Also covers: nodes/CfdiEmision/cfdi/index.ts, nodes/CfdiEmision/cfdi/types.ts (the package's pure CFDI entry point these tests import, and the Voucher types).
 */
import { computeTotals, validateVoucher, type Voucher } from '../../../../nodes/CfdiEmision/cfdi';
import { INVALID_CASES, VALID_CASES } from '../../../support/corpus';
import { invoiceVoucher } from '../../../support/vouchers';
import {
	changed,
	expectOnlyError,
	globalInvoice,
	paymentReceipt,
} from '../../../support/kindFixtures';

describe('voucher corpus', () => {
	it('holds at least 40 vouchers', () => {
		expect(VALID_CASES.length + INVALID_CASES.length).toBeGreaterThanOrEqual(40);
	});

	describe('valid vouchers give no error', () => {
		it.each(VALID_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
			const result = validateVoucher(c.voucher, c.options);
			expect(result.errors).toEqual([]);
			expect(result.valid).toBe(true);
			expect(result.warnings.map((w) => w.code)).toEqual(c.warnings ?? []);
		});
	});

	describe('invalid vouchers give exactly the stated error', () => {
		it.each(INVALID_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
			const result = validateVoucher(c.voucher);
			expect(result.valid).toBe(false);
			expect(result.errors.map(({ code, path }) => ({ code, path }))).toEqual([c.expect]);
			const [error] = result.errors;
			expect(error.message).toContain(error.path);
			expect(error.fix.length).toBeGreaterThan(5);
		});
	});

	describe('computeTotals keeps valid vouchers valid and unchanged in their totals', () => {
		const computable = VALID_CASES.filter((c) => !c.options && typeof c.voucher === 'object');
		it.each(computable.map((c) => [c.name, c] as const))('%s', (_name, c) => {
			const input = c.voucher as Voucher;
			const { voucher } = computeTotals(input);
			expect(validateVoucher(voucher).errors).toEqual([]);
			expect(voucher.subTotal).toBe(input.subTotal);
			expect(voucher.total).toBe(input.total);
		});
	});
});

/**
 * Anexo 20 cross-field rules checked before sending: PUE with payment form 99, a payment dated
 * after its receipt, and a global
 * invoice's sale (ticket) given twice.
 */

const invoice = () => invoiceVoucher() as unknown as Voucher;

describe('payment method and payment form', () => {
	it('PUE with formaPago 99 is refused (RMF 2.7.1.29, Anexo 20 guide)', () => {
		const voucher = changed(invoice(), (v) => (v.formaPago = '99'));
		expectOnlyError(voucher, 'PUE_FORMA_PAGO_99', 'formaPago');
		expect(validateVoucher(voucher).errors[0].fix).toContain(
			'or metodoPago "PPD" if it is not paid yet',
		);
	});

	it('PPD with 99 and PUE with a real form pass', () => {
		expect(
			validateVoucher(
				changed(invoice(), (v) => Object.assign(v, { formaPago: '99', metodoPago: 'PPD' })),
			).errors,
		).toEqual([]);
		expect(
			validateVoucher(
				changed(invoice(), (v) => Object.assign(v, { formaPago: '04', metodoPago: 'PUE' })),
			).errors,
		).toEqual([]);
	});
});

describe('a sale is in a global invoice once', () => {
	it('a ticket repeated with the same taxes is refused on the repetition', () => {
		const voucher = changed(
			globalInvoice(),
			(v) => (v.conceptos[2].noIdentificacion = v.conceptos[0].noIdentificacion),
		);
		expectOnlyError(voucher, 'GLOBAL_TICKET_TWICE', 'conceptos[2].noIdentificacion');
		expect(validateVoucher(voucher).errors[0].message).toBe(
			'conceptos[2].noIdentificacion "T-0001" is the ticket of conceptos[0] too, with the same taxes; a sale goes into a global invoice once.',
		);
	});

	it('one ticket split over concepts with different taxes (16 % and 0 %) passes, as the SAT guide allows', () => {
		const voucher = changed(globalInvoice(), (v) => {
			v.conceptos[1].noIdentificacion = v.conceptos[0].noIdentificacion;
			const line = v.conceptos[1].impuestos.traslados[0];
			Object.assign(line, { tasaOCuota: 0, importe: 0 });
			const total = v.impuestos.traslados[0];
			v.impuestos.traslados = [
				{
					...total,
					base: total.base - line.base,
					importe: Math.round((total.importe - 8) * 100) / 100,
				},
				{ base: line.base, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0, importe: 0 },
			];
			v.impuestos.totalImpuestosTrasladados = v.impuestos.traslados[0].importe;
			v.total = Math.round((v.subTotal + v.impuestos.totalImpuestosTrasladados) * 100) / 100;
		});
		expect(validateVoucher(voucher).errors).toEqual([]);
	});

	it('the same ticket number on an ordinary invoice is not a global-invoice matter', () => {
		const voucher = changed(invoice(), (v) =>
			v.conceptos.forEach((c: { noIdentificacion?: string }) => (c.noIdentificacion = 'SKU-1')),
		);
		expect(validateVoucher(voucher).errors).toEqual([]);
	});
});

describe('a payment is received before its receipt', () => {
	const withPaymentDate = (fechaPago: string, fecha?: string) =>
		changed(paymentReceipt(), (v) => {
			v.complemento.complementoPago20.pago[0].fechaPago = fechaPago;
			if (fecha === undefined) delete v.fecha;
			else v.fecha = fecha;
		});

	it('a payment dated after the receipt fecha is refused', () => {
		const voucher = withPaymentDate('2027-05-09T12:00:00', '2024-05-10T09:00:00');
		expectOnlyError(voucher, 'FECHA_PAGO_AHEAD', 'complemento.complementoPago20.pago[0].fechaPago');
		expect(validateVoucher(voucher).errors[0].message).toBe(
			'complemento.complementoPago20.pago[0].fechaPago "2027-05-09T12:00:00" is after the receipt\'s fecha "2024-05-10T09:00:00"; a payment receipt records a payment already received.',
		);
	});

	it('a payment the same morning as the receipt passes', () => {
		expect(
			validateVoucher(withPaymentDate('2024-05-10T08:59:59', '2024-05-10T09:00:00')).errors,
		).toEqual([]);
	});

	it('without fecha, a payment dated years ahead of today is refused, and one from last year passes', () => {
		const nextYears = new Date().getFullYear() + 3;
		const result = validateVoucher(withPaymentDate(`${nextYears}-01-15T12:00:00`));
		expect(result.errors.map((error) => `${error.code} ${error.path}`)).toEqual([
			'FECHA_PAGO_AHEAD complemento.complementoPago20.pago[0].fechaPago',
		]);
		expect(result.errors[0].message).toMatch(
			/is after \d{4}-\d{2}-\d{2}, 30 days after today in Mexico City; a payment receipt records a payment already received\.$/,
		);
		expect(
			validateVoucher(withPaymentDate(`${new Date().getFullYear() - 1}-01-15T12:00:00`)).errors,
		).toEqual([]);
	});
});
