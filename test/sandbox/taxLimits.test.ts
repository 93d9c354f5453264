/**
 * The stand-in's judgement of a concept's tax Importe (sandbox/taxLimits.ts) against the SAT's
 * limits computed apart with decimal.js (test/support/satLimits.ts, Anexo 20's formulas).
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';

import { taxLimitErrors } from '../../sandbox/taxLimits';
import { satTaxLimits } from '../support/satLimits';

const RUNS = Math.max(200, Math.round(Number(process.env.ORACLE_RUNS ?? 2000)));

function voucher(base: number, rate: number, importe: number, withheld = false) {
	const line = {
		base,
		impuesto: withheld ? '001' : '002',
		tipoFactor: 'Tasa',
		tasaOCuota: rate,
		importe,
	};
	return {
		conceptos: [{ impuestos: withheld ? { retenciones: [line] } : { traslados: [line] } }],
	};
}

describe("the stand-in accepts a tax Importe anywhere within the SAT's limits, and nothing outside", () => {
	test('base 431.03 at 16 %: 68.96 and 68.97 accepted (431.03 + 68.97 = 500.00); 68.95 and 68.98 refused CFDI40180', () => {
		expect(satTaxLimits('431.03', '0.16')).toEqual({
			lower: new Decimal('68.96'),
			upper: new Decimal('68.97'),
		});
		expect(taxLimitErrors(voucher(431.03, 0.16, 68.96))).toEqual([]);
		expect(taxLimitErrors(voucher(431.03, 0.16, 68.97))).toEqual([]);
		for (const importe of [68.95, 68.98])
			expect(taxLimitErrors(voucher(431.03, 0.16, importe))).toEqual([
				{
					codigo: 'CFDI40180',
					mensaje:
						'El valor del campo Importe correspondiente a Traslado del concepto 1 no se encuentra entre el limite inferior y superior permitido.',
				},
			]);
	});

	test('a withholding out of its limits is CFDI40186; Exento and Cuota lines are not judged here', () => {
		// (1000.00 ∓ 0.005) × 0.10: 99.99 to 100.01.
		expect(taxLimitErrors(voucher(1000, 0.1, 100.02, true))[0]?.codigo).toBe('CFDI40186');
		expect(taxLimitErrors(voucher(1000, 0.1, 99.98, true))[0]?.codigo).toBe('CFDI40186');
		expect(taxLimitErrors(voucher(1000, 0.1, 100, true))).toEqual([]);
		expect(
			taxLimitErrors({
				conceptos: [
					{ impuestos: { traslados: [{ base: 10, impuesto: '002', tipoFactor: 'Exento' }] } },
					{
						impuestos: {
							traslados: [
								{ base: 3, impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: 1.5, importe: 9 },
							],
						},
					},
				],
			}),
		).toEqual([]);
	});

	test("property: the verdict is the oracle's, for bases 0.01 to 1,000,000.00 at every rate the node writes", () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 100_000_000 }),
				fc.constantFrom('0.16', '0.08', '0.265', '0.106667', '0.1', '0.0125'),
				fc.integer({ min: -3, max: 3 }),
				(baseCents, rate, offset) => {
					const base = new Decimal(baseCents).div(100);
					const importe = base
						.mul(rate)
						.toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
						.plus(new Decimal(offset).div(100));
					const { lower, upper } = satTaxLimits(base, rate);
					const valid = importe.gte(lower) && importe.lte(upper);
					const errors = taxLimitErrors(voucher(base.toNumber(), Number(rate), importe.toNumber()));
					expect(errors.length === 0).toBe(valid);
				},
			),
			{ numRuns: RUNS },
		);
	});
});
