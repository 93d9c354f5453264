/**
 * computeTotals (cfdi/computeTotals.ts): amounts, bases, taxes and totals filled in from quantities,
 * prices and rates, what it keeps, drops or leaves for validation. Rounding cases and many lines:
 * computeTotals.rounding.test.ts; random vouchers against decimal.js: computeTotals.oracle.test.ts.
 */
import { computeTotals } from '../../../../nodes/CfdiEmision/cfdi/computeTotals';
import type { Voucher } from '../../../../nodes/CfdiEmision/cfdi/types';
import { baseVoucher, paymentVariant, variant } from '../../../support/corpusBase';
import { validateWithKinds } from '../../../support/kindFixtures';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Base voucher reduced to what a user types: no importe, no bases, no totals. */
function ratesOnly(modify: (voucher: any) => void = () => undefined): Voucher {
	return variant((v) => {
		delete v.subTotal;
		delete v.total;
		delete v.impuestos;
		for (const concepto of v.conceptos) {
			delete concepto.importe;
			delete concepto.objetoImp;
			concepto.impuestos = {
				traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16 }],
			};
		}
		modify(v);
	});
}

describe('computeTotals', () => {
	it('fills importe, tax bases and amounts, the voucher summary and totals from rates only', () => {
		const { voucher, computed } = computeTotals(ratesOnly());
		expect(voucher).toEqual(baseVoucher());
		expect(computed).toMatchObject({
			subTotal: 1500,
			descuento: 0,
			totalImpuestosTrasladados: 240,
			totalImpuestosRetenidos: 0,
			total: 1740,
			decimals: 2,
		});
		expect(validateWithKinds(voucher).valid).toBe(true);
	});

	it('returns a new object and leaves the input untouched', () => {
		const input = ratesOnly();
		const snapshot = JSON.parse(JSON.stringify(input));
		const { voucher } = computeTotals(input);
		expect(input).toEqual(snapshot);
		expect(voucher).not.toBe(input);
		expect(voucher.conceptos[0]).not.toBe(input.conceptos[0]);
	});

	it('replaces user amounts that computation covers', () => {
		const { voucher } = computeTotals(
			variant((v) => {
				v.conceptos[0].importe = 999;
				v.conceptos[0].impuestos.traslados[0] = {
					base: 1,
					impuesto: '002',
					tipoFactor: 'Tasa',
					tasaOCuota: 0.16,
					importe: 1,
				};
				v.subTotal = 1;
				v.total = 2;
				v.impuestos.traslados[0].importe = 3;
			}),
		);
		expect(voucher).toEqual(baseVoucher());
	});

	it('sets objetoImp 02 for taxed concepts and 01 for the others, keeping given values', () => {
		const { voucher } = computeTotals(
			ratesOnly((v) => {
				delete v.conceptos[1].impuestos;
				v.conceptos.push({ ...v.conceptos[1], objetoImp: '03' });
			}),
		);
		expect(voucher.conceptos.map((c) => c.objetoImp)).toEqual(['02', '01', '03']);
		expect(voucher.subTotal).toBe(2000);
		expect(voucher.total).toBe(2160);
	});

	it('drops empty impuestos nodes and the voucher summary when nothing is taxed', () => {
		const { voucher } = computeTotals(
			ratesOnly((v) => {
				for (const concepto of v.conceptos) concepto.impuestos = { traslados: [] };
			}),
		);
		expect(voucher.conceptos.every((c) => c.impuestos === undefined && c.objetoImp === '01')).toBe(
			true,
		);
		expect(voucher.impuestos).toBeUndefined();
		expect(voucher.total).toBe(1500);
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('keeps cantidad as text, converting a number exactly', () => {
		const { voucher } = computeTotals(ratesOnly((v) => (v.conceptos[0].cantidad = 2)));
		expect(voucher.conceptos[0].cantidad).toBe('2');
		const small = computeTotals(ratesOnly((v) => (v.conceptos[0].cantidad = 1e-7)));
		expect(small.voucher.conceptos[0].cantidad).toBe('0.0000001');
	});

	it('turns numeric strings of amounts and rates into numbers', () => {
		const { voucher } = computeTotals(
			ratesOnly((v) => {
				v.conceptos[0].valorUnitario = '500.00';
				v.conceptos[0].impuestos.traslados[0].tasaOCuota = '0.160000';
			}),
		);
		expect(voucher.conceptos[0].valorUnitario).toBe(500);
		expect(voucher.conceptos[0].impuestos?.traslados?.[0].tasaOCuota).toBe(0.16);
		expect(voucher.impuestos?.traslados).toHaveLength(1); // 0.16 and "0.160000" are one group
	});

	it('exempt lines get a base and lose rate and amount', () => {
		const { voucher, computed } = computeTotals(
			ratesOnly(
				(v) =>
					(v.conceptos[1].impuestos.traslados[0] = {
						impuesto: '002',
						tipoFactor: 'Exento',
						tasaOCuota: 0,
						importe: 5,
					}),
			),
		);
		expect(voucher.conceptos[1].impuestos?.traslados?.[0]).toEqual({
			base: 500,
			impuesto: '002',
			tipoFactor: 'Exento',
		});
		expect(computed.traslados[1]).toEqual({ base: 500, impuesto: '002', tipoFactor: 'Exento' });
		expect(voucher.impuestos?.totalImpuestosTrasladados).toBe(160);
	});

	it('only exempt lines: no transferred total is written', () => {
		const { voucher } = computeTotals(
			ratesOnly((v) => {
				for (const concepto of v.conceptos)
					concepto.impuestos.traslados[0] = { impuesto: '002', tipoFactor: 'Exento' };
			}),
		);
		expect(voucher.impuestos).toEqual({
			traslados: [{ base: 1500, impuesto: '002', tipoFactor: 'Exento' }],
		});
		expect(voucher.total).toBe(1500);
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('Cuota lines use cantidad as base unless a base is given', () => {
		const { computed } = computeTotals(
			ratesOnly((v) => {
				v.conceptos[0].impuestos.traslados = [
					{ impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: 0.3521 },
				];
				v.conceptos[1].impuestos.traslados = [
					{ base: 12.5, impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: 0.3521 },
				];
			}),
		);
		expect(computed.conceptos[0].traslados[0]).toEqual({
			base: 2,
			impuesto: '003',
			tipoFactor: 'Cuota',
			tasaOCuota: 0.3521,
			importe: 0.7,
		});
		expect(computed.conceptos[1].traslados[0]).toMatchObject({ base: 12.5, importe: 4.4 }); // 4.40125
		expect(computed.traslados).toEqual([
			{ base: 14.5, impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: 0.3521, importe: 5.1 },
		]);
	});

	it('keepTaxBases keeps a given base on Tasa lines (IVA on top of IEPS)', () => {
		const input = ratesOnly((v) => {
			v.conceptos = [v.conceptos[1]];
			v.conceptos[0].impuestos.traslados = [
				{ impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: 0.265 },
				{ base: 632.5, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16 },
			];
		});
		expect(computeTotals(input).computed.conceptos[0].traslados[1]).toMatchObject({
			base: 500,
			importe: 80,
		});
		const { voucher, computed } = computeTotals(input, { keepTaxBases: true });
		expect(computed.conceptos[0].traslados).toEqual([
			{ base: 500, impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: 0.265, importe: 132.5 },
			{ base: 632.5, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 101.2 },
		]);
		expect(computed.total).toBe(733.7);
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('computes withholdings and subtracts them', () => {
		const { voucher, computed } = computeTotals(
			ratesOnly((v) => {
				v.emisor = { rfc: 'PEGJ800101AB1', nombre: 'JUAN PEREZ GARCIA', regimenFiscal: '612' };
				for (const concepto of v.conceptos) {
					concepto.impuestos.retenciones = [
						{ impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: 0.1 },
						{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.106667 },
					];
				}
			}),
		);
		// IVA withheld per line: 1000 × 0.106667 = 106.667 → 106.67; 500 × 0.106667 = 53.3335 → 53.33.
		expect(computed.retenciones).toEqual([
			{ impuesto: '001', importe: 150 },
			{ impuesto: '002', importe: 160 },
		]);
		expect(computed.totalImpuestosRetenidos).toBe(310);
		expect(computed.total).toBe(1430);
		expect(voucher.impuestos?.totalImpuestosRetenidos).toBe(310);
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('derives the voucher descuento from concept discounts, and keeps a voucher-only one', () => {
		const { voucher, computed } = computeTotals(ratesOnly((v) => (v.conceptos[0].descuento = 100)));
		expect(voucher.descuento).toBe(100);
		expect(computed.conceptos[0].traslados[0]).toMatchObject({ base: 900, importe: 144 });
		expect(computed.total).toBe(1624);

		const voucherOnly = computeTotals(ratesOnly((v) => (v.descuento = 50)));
		expect(voucherOnly.voucher.descuento).toBe(50);
		expect(voucherOnly.computed.total).toBe(1690);
		expect(validateWithKinds(voucherOnly.voucher).warnings.map((w) => w.code)).toEqual([
			'DESCUENTO_SUM',
		]);
	});

	it('uses the currency decimals, or the decimals option', () => {
		const input = ratesOnly((v) => {
			v.conceptos[0].valorUnitario = 0.3335;
			v.conceptos[0].cantidad = '3';
		});
		expect(computeTotals(input).computed.conceptos[0].importe).toBe(1); // 1.0005 → 1.00 in MXN
		expect(computeTotals({ ...input, moneda: 'KWD' }).computed.conceptos[0].importe).toBe(1.001);
		expect(computeTotals({ ...input, moneda: 'JPY' }).computed.subTotal).toBe(501);
		expect(computeTotals(input, { decimals: 4 }).computed.conceptos[0].importe).toBe(1.0005);
		expect(computeTotals({ ...input, moneda: 'ZZZ' }).computed.decimals).toBe(2);
	});

	it('gives payment and transfer vouchers zero totals and no summary', () => {
		const { voucher } = computeTotals(
			paymentVariant((v) =>
				Object.assign(v, { subTotal: 5, total: 5, impuestos: { totalImpuestosTrasladados: 0 } }),
			),
		);
		expect(voucher).toMatchObject({ subTotal: 0, total: 0 });
		expect(voucher.impuestos).toBeUndefined();
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('leaves concepts it cannot compute as given, for validation to report', () => {
		const { voucher, computed } = computeTotals(
			ratesOnly((v) => (v.conceptos[1].cantidad = 'one')),
		);
		expect(voucher.conceptos[1].importe).toBeUndefined();
		expect(computed.conceptos[1]).toEqual({ importe: 0, traslados: [], retenciones: [] });
		expect(validateWithKinds(voucher).errors.map((e) => `${e.code} ${e.path}`)).toEqual([
			'DECIMAL_INVALID conceptos[1].cantidad',
			'REQUIRED conceptos[1].importe',
			'REQUIRED conceptos[1].impuestos.traslados[0].base',
			'CFDI40178 conceptos[1].impuestos.traslados[0].importe',
		]);
	});

	it('rejects a non-object', () => {
		expect(() => computeTotals(null as unknown as Voucher)).toThrow(TypeError);
	});
});
