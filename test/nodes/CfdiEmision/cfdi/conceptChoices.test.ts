/**
 * What one taxed concept may carry when a voucher is reconciled with the money charged
 * (cfdi/conceptChoices.ts), against decimal.js as the oracle:
 * - each tax Importe an option writes lies within the SAT's limits for its base × rate. Anexo 20's
 *   validation matrix sets them as (Base − half a unit of Base's decimals) × TasaOCuota, truncated,
 *   up to (Base + half a unit − 10⁻¹²) × TasaOCuota, rounded up; the SAT's guide accepts anything
 *   between them;
 * - an option's total and deviation are that arithmetic to the cent;
 * - the case of the issue: a tax-included 100.01 at IVA 16 % is reached to the cent by base 86.21 and
 *   IVA 13.80 (13.7936 rounded is 13.79, one cent short; 13.80 is within 13.79–13.80).
 */
import Decimal from 'decimal.js';

import {
	conceptOptions,
	describeMoves,
	MAX_SHIFT_UNITS,
	unitsOf,
	withOptions,
} from '../../../../nodes/CfdiEmision/cfdi/conceptChoices';
import {
	parseDecimal,
	type Decimal as NodeDecimal,
} from '../../../../nodes/CfdiEmision/cfdi/decimal';
import type { Concepto, Voucher } from '../../../../nodes/CfdiEmision/cfdi/types';

const text = (value: NodeDecimal | undefined) => String(value && `${value.units}e-${value.scale}`);
const oracle = (value: NodeDecimal | undefined) => new Decimal(text(value));

function voucherOf(concepto: Partial<Concepto>): Voucher {
	return {
		moneda: 'MXN',
		tipoDeComprobante: 'I',
		conceptos: [
			{
				claveProdServ: '01010101',
				cantidad: 1,
				claveUnidad: 'H87',
				descripcion: 'Playera',
				valorUnitario: 86.21,
				importe: 86.21,
				objetoImp: '02',
				impuestos: { traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16 }] },
				...concepto,
			},
		],
	} as unknown as Voucher;
}

/** The SAT's limits for a tax Importe, worked out with decimal.js from the matrix's formula. */
function satLimits(base: Decimal, rate: Decimal, decimals: number) {
	const half = new Decimal(10).pow(-base.decimalPlaces()).div(2);
	return {
		lower: base.minus(half).times(rate).toDecimalPlaces(decimals, Decimal.ROUND_DOWN),
		upper: base.plus(half).minus('1e-12').times(rate).toDecimalPlaces(decimals, Decimal.ROUND_UP),
	};
}

describe('conceptOptions', () => {
	test('a tax-included 100.01 at IVA 16 %: reached to the cent by IVA 13.80 on base 86.21, within the SAT limits', () => {
		const voucher = voucherOf({});
		const concept = conceptOptions(voucher, 0, 2, parseDecimal('100.01'));
		const exact = concept?.options.find((option) => option.deviation === 0);
		expect(exact).toMatchObject({ valorUnitario: 86.21, shift: 0 });
		expect(oracle(exact?.total).toFixed(2)).toBe('100.01');
		expect(exact?.taxImportes?.map((importe) => oracle(importe).toFixed(2))).toEqual(['13.80']);
		const limits = satLimits(new Decimal('86.21'), new Decimal('0.16'), 2);
		expect([limits.lower.toFixed(2), limits.upper.toFixed(2)]).toEqual(['13.79', '13.80']);
	});

	test.each([
		['86.21', '0.16', 1],
		['1234.57', '0.16', 1],
		['0.99', '0.08', 3],
		['19.99', '0.16', 7],
		['500.00', '0.16', 2],
	])(
		'base %s at %s × %s: every option within the SAT limits, its total and deviation exact',
		(price, rate, quantity) => {
			const importe = new Decimal(price).times(quantity).toDecimalPlaces(2).toNumber();
			const voucher = voucherOf({
				cantidad: quantity,
				valorUnitario: Number(price),
				importe,
				impuestos: {
					traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: Number(rate) }],
				},
			});
			const concept = conceptOptions(voucher, 0, 2, undefined);
			expect(concept?.options.length).toBeGreaterThan(0);
			// The reference is the line as built: base + its tax rounded half up.
			const reference = new Decimal(importe).plus(
				new Decimal(importe).times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP),
			);
			expect(oracle(concept?.reference).toFixed(2)).toBe(reference.toFixed(2));
			for (const option of concept?.options ?? []) {
				const base = new Decimal(option.valorUnitario).times(quantity).toDecimalPlaces(2);
				expect(Math.abs(base.minus(importe).times(100).toNumber())).toBeLessThanOrEqual(
					MAX_SHIFT_UNITS,
				);
				const tax = option.taxImportes
					? oracle(option.taxImportes[0])
					: base.times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
				const limits = satLimits(base, new Decimal(rate), 2);
				expect(tax.gte(limits.lower) && tax.lte(limits.upper)).toBe(true);
				expect(oracle(option.total).toFixed(2)).toBe(base.plus(tax).toFixed(2));
				expect(option.deviation).toBe(base.plus(tax).minus(reference).times(100).toNumber());
			}
			// One option per deviation, the line as built among them.
			const deviations = concept?.options.map((option) => option.deviation) ?? [];
			expect(new Set(deviations).size).toBe(deviations.length);
			expect(deviations).toContain(0);
		},
	);

	test('no options where nothing rounds per line: an exempt concept, a Cuota, no quantity', () => {
		const exempt = voucherOf({
			impuestos: { traslados: [{ impuesto: '002', tipoFactor: 'Exento' }] },
		});
		const cuota = voucherOf({
			impuestos: { traslados: [{ impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: 1.5 }] },
		});
		const none = voucherOf({ cantidad: 0 });
		for (const voucher of [exempt, cuota, none])
			expect(conceptOptions(voucher, 0, 2, undefined)).toBeUndefined();
	});
});

describe('withOptions and describeMoves', () => {
	test('the chosen IVA is written, the total is the money charged, and the note gives the SAT range', () => {
		const voucher = voucherOf({});
		const concept = conceptOptions(voucher, 0, 2, parseDecimal('100.01'));
		if (!concept) throw new Error('expected options for a taxed concept');
		const pick = concept.options.findIndex((option) => option.deviation === 0);
		const sent = withOptions(voucher, [concept], [pick], 2);
		expect(sent.conceptos[0].impuestos?.traslados?.[0]).toMatchObject({
			base: 86.21,
			importe: 13.8,
		});
		expect(new Decimal(String(sent.total)).toFixed(2)).toBe('100.01');
		expect(describeMoves(voucher, [concept], [pick], 2, true, sent)).toBe(
			`conceptos[0] ("Playera")'s IVA 16 % is 13.80 on base 86.21 (13.79 rounded; the SAT accepts 13.79 to 13.80)`,
		);
	});

	test('an option that changes nothing leaves the voucher as built', () => {
		const voucher = voucherOf({});
		const concept = conceptOptions(voucher, 0, 2, undefined);
		if (!concept) throw new Error('expected options for a taxed concept');
		const pick = concept.options.findIndex((option) => option.shift === 0 && !option.taxImportes);
		const sent = withOptions(voucher, [concept], [pick], 2);
		expect(new Decimal(String(sent.total)).toFixed(2)).toBe('100.00');
		expect(describeMoves(voucher, [concept], [pick], 2, false, sent)).toBe('');
	});
});

test('unitsOf: a decimal in units of the last decimal, rounded half up', () => {
	expect(unitsOf(parseDecimal('1.5') as NodeDecimal, 2)).toBe(150);
	expect(unitsOf(parseDecimal('0.004') as NodeDecimal, 2)).toBe(0);
	expect(unitsOf(parseDecimal('0.005') as NodeDecimal, 2)).toBe(1);
	expect(unitsOf(parseDecimal('-0.03') as NodeDecimal, 2)).toBe(-3);
});
