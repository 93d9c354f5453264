/**
 * computeTotals' rounding in cases that get vouchers rejected in real systems: many lines, prices
 * with 3 to 6 decimals, mixed rates, a three-decimal currency. computeTotals rounds at every step as
 * the SAT validates; the "naive" builder below does what failing integrations do (float math,
 * subTotal from unrounded products, voucher-level tax recomputed as base × rate), and the SAT's
 * rules (CFDI40108, CFDI40221) refuse it. The other cases of computeTotals: computeTotals.test.ts.
 */
import { computeTotals } from '../../../../nodes/CfdiEmision/cfdi/computeTotals';
import type { Voucher, Concepto } from '../../../../nodes/CfdiEmision/cfdi/types';
import { manyLineVouchers } from '../../../support/vouchers';
import { baseVoucher } from '../../../support/corpusBase';
import { validateWithKinds } from '../../../support/kindFixtures';

interface Line {
	cantidad: string;
	valorUnitario: number;
	/** IVA rate, or 'exento'. */
	rate: number | 'exento';
	descuento?: number;
}

/** What a user sends: quantities, prices and rates only. */
function inputVoucher(lines: Line[]): Voucher {
	const voucher = baseVoucher();
	delete voucher.impuestos;
	delete voucher.subTotal;
	delete voucher.total;
	voucher.conceptos = lines.map((line): Concepto => ({
		claveProdServ: '01010101',
		cantidad: line.cantidad,
		claveUnidad: 'H87',
		descripcion: 'Item',
		valorUnitario: line.valorUnitario,
		...(line.descuento === undefined ? {} : { descuento: line.descuento }),
		impuestos: {
			traslados: [
				line.rate === 'exento'
					? { impuesto: '002', tipoFactor: 'Exento' }
					: { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: line.rate },
			],
		},
	}));
	return voucher;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** The usual float implementation: Σ of unrounded products, voucher tax = round(Σ base × rate). */
function naiveVoucher(lines: Line[]): Voucher {
	const voucher = inputVoucher(lines);
	let rawSum = 0;
	let descuento = 0;
	const groups = new Map<string, { rate: number | 'exento'; base: number }>();
	voucher.conceptos = voucher.conceptos.map((concepto, index) => {
		const line = lines[index];
		const raw = Number(line.cantidad) * line.valorUnitario;
		rawSum += raw;
		const importe = cents(raw);
		const base = cents(importe - (line.descuento ?? 0));
		descuento += line.descuento ?? 0;
		const group = groups.get(String(line.rate)) ?? { rate: line.rate, base: 0 };
		group.base += base;
		groups.set(String(line.rate), group);
		const traslado =
			line.rate === 'exento'
				? { base, impuesto: '002', tipoFactor: 'Exento' }
				: {
						base,
						impuesto: '002',
						tipoFactor: 'Tasa',
						tasaOCuota: line.rate,
						importe: cents(base * line.rate),
					};
		return { ...concepto, importe, objetoImp: '02', impuestos: { traslados: [traslado] } };
	});
	const traslados = [...groups.values()].map(({ rate, base }) =>
		rate === 'exento'
			? { base: cents(base), impuesto: '002', tipoFactor: 'Exento' }
			: {
					base: cents(base),
					impuesto: '002',
					tipoFactor: 'Tasa',
					tasaOCuota: rate,
					importe: cents(base * rate),
				},
	);
	const totalImpuestosTrasladados = cents(traslados.reduce((sum, t) => sum + (t.importe ?? 0), 0));
	voucher.subTotal = cents(rawSum);
	if (descuento) voucher.descuento = cents(descuento);
	voucher.impuestos = { traslados, totalImpuestosTrasladados };
	voucher.total = cents(voucher.subTotal - descuento + totalImpuestosTrasladados);
	return voucher;
}

function errorCodes(voucher: unknown): string[] {
	return validateWithKinds(voucher)
		.errors.map((error) => error.code)
		.sort();
}

describe('rounding at every step', () => {
	it('37 lines of 0.333 × 3.3333 at 16%: voucher IVA is the sum of rounded lines (CFDI40221)', () => {
		const lines: Line[] = Array.from({ length: 37 }, () => ({
			cantidad: '0.333',
			valorUnitario: 3.3333,
			rate: 0.16,
		}));
		const { voucher, computed } = computeTotals(inputVoucher(lines));
		// Each line: 0.333 × 3.3333 = 1.1099889 → 1.11; IVA 1.11 × 0.16 = 0.1776 → 0.18.
		expect(computed.conceptos[0]).toEqual({
			importe: 1.11,
			traslados: [
				{ base: 1.11, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 0.18 },
			],
			retenciones: [],
		});
		expect(computed.subTotal).toBe(41.07);
		expect(computed.traslados).toEqual([
			{ base: 41.07, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 6.66 },
		]);
		expect(computed.totalImpuestosTrasladados).toBe(6.66);
		expect(computed.total).toBe(47.73);
		expect(validateWithKinds(voucher).errors).toEqual([]);

		// 41.07 × 0.16 = 6.5712 → 6.57 at voucher level: one cent short of the lines.
		const naive = naiveVoucher(lines);
		expect(naive.impuestos?.traslados?.[0].importe).toBe(6.57);
		expect(errorCodes(naive)).toEqual(['CFDI40221']);
	});

	it('12 lines of 7 × 1.234567: subTotal is the sum of rounded importes (CFDI40108)', () => {
		const lines: Line[] = Array.from({ length: 12 }, () => ({
			cantidad: '7',
			valorUnitario: 1.234567,
			rate: 0.16,
		}));
		const { voucher, computed } = computeTotals(inputVoucher(lines));
		// 7 × 1.234567 = 8.641969 → 8.64 per line; Σ = 103.68, while Σ unrounded = 103.703628 → 103.70.
		expect(computed.subTotal).toBe(103.68);
		expect(computed.totalImpuestosTrasladados).toBe(16.56); // 12 × round(8.64 × 0.16 = 1.3824) = 12 × 1.38
		expect(computed.total).toBe(120.24);
		expect(validateWithKinds(voucher).errors).toEqual([]);

		const naive = naiveVoucher(lines);
		expect(naive.subTotal).toBe(103.7);
		expect(errorCodes(naive)).toEqual(['CFDI40108', 'CFDI40221']);
	});

	it('mixed 16%, 8%, 0% and exempt lines with 3 to 6 decimal prices and a discount', () => {
		const lines: Line[] = [
			{ cantidad: '1', valorUnitario: 103.45, rate: 0.16 }, // IVA 16.552 → 16.55
			{ cantidad: '1', valorUnitario: 103.46, rate: 0.16 }, // IVA 16.5536 → 16.55
			{ cantidad: '1', valorUnitario: 0.125, rate: 0.16 }, // importe 0.13 (half up); IVA 0.0208 → 0.02
			{ cantidad: '1.75', valorUnitario: 57.1429, rate: 0.16, descuento: 10.005 }, // importe 100.000075 → 100.00; base 89.995; IVA 14.3992 → 14.40
			{ cantidad: '3', valorUnitario: 33.335, rate: 0.08 }, // importe 100.005 → 100.01; IVA 8.0008 → 8.00
			{ cantidad: '2.5', valorUnitario: 19.999999, rate: 0 }, // importe 49.9999975 → 50.00
			{ cantidad: '4', valorUnitario: 12.345678, rate: 'exento' }, // importe 49.382712 → 49.38
		];
		const { voucher, computed } = computeTotals(inputVoucher(lines));
		expect(computed.conceptos.map((c) => c.importe)).toEqual([
			103.45, 103.46, 0.13, 100, 100.01, 50, 49.38,
		]);
		expect(computed.traslados).toEqual([
			{ base: 297.04, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 47.52 }, // Σ base 297.035 → 297.04
			{ base: 100.01, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.08, importe: 8 },
			{ base: 50, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0, importe: 0 },
			{ base: 49.38, impuesto: '002', tipoFactor: 'Exento' },
		]);
		expect(computed.subTotal).toBe(506.43);
		expect(computed.descuento).toBe(10.01); // 10.005 rounded half up to the currency decimals
		expect(computed.totalImpuestosTrasladados).toBe(55.52);
		expect(computed.total).toBe(551.94); // 506.43 − 10.01 + 55.52
		expect(validateWithKinds(voucher).errors).toEqual([]);

		// Float rounding gives importe 100.00 for 3 × 33.335 (inside the tolerance), but the voucher
		// IVA 297.035 × 0.16 = 47.5256 → 47.53 differs from the sum of lines (47.52).
		const naiveCodes = errorCodes(naiveVoucher(lines));
		expect(naiveCodes).toContain('CFDI40221');
		expect(naiveCodes.every((code) => ['CFDI40108', 'CFDI40215', 'CFDI40221'].includes(code))).toBe(
			true,
		);
	});

	it('six-decimal unit prices of a price-with-tax split (116 / 1.16)', () => {
		// A common way to reach a 116.00 gross price: 100.000000 net; and 3 × 33.333333.
		const lines: Line[] = [
			{ cantidad: '3', valorUnitario: 33.333333, rate: 0.16 }, // 99.999999 → 100.00; IVA 16.00
			{ cantidad: '6', valorUnitario: 16.666667, rate: 0.16 }, // 100.000002 → 100.00; IVA 16.00
			{ cantidad: '0.5', valorUnitario: 0.01, rate: 0.16 }, // 0.005 → 0.01; IVA 0.0016 → 0.00
		];
		const { voucher, computed } = computeTotals(inputVoucher(lines));
		expect(computed.subTotal).toBe(200.01);
		expect(computed.totalImpuestosTrasladados).toBe(32);
		expect(computed.total).toBe(232.01);
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('a three-decimal currency rounds to 3 places at every step', () => {
		const lines: Line[] = Array.from({ length: 9 }, () => ({
			cantidad: '1.5',
			valorUnitario: 0.3335,
			rate: 0.16,
		}));
		const input = { ...inputVoucher(lines), moneda: 'KWD', tipoCambio: 57.1 };
		const { voucher, computed } = computeTotals(input);
		// 1.5 × 0.3335 = 0.50025 → 0.500; IVA 0.08 per line; Σ = 4.500 and 0.72.
		expect(computed.decimals).toBe(3);
		expect(computed.conceptos[0].importe).toBe(0.5);
		expect(computed.subTotal).toBe(4.5);
		expect(computed.totalImpuestosTrasladados).toBe(0.72);
		expect(validateWithKinds(voucher).errors).toEqual([]);
		expect(errorCodes({ ...voucher, subTotal: 4.502, total: 5.222 })).toEqual(['CFDI40108']);
	});
});

describe('many lines, many vouchers', () => {
	// Time is a benchmark figure (npm run bench, "CFDI validation"); here only the result counts.
	it('300 vouchers of 20 lines with mixed IVA rates: the computed vouchers validate with no findings', () => {
		for (const voucher of manyLineVouchers(baseVoucher, 300, 20)) {
			expect(validateWithKinds(computeTotals(voucher).voucher).errors).toEqual([]);
		}
	});
});
