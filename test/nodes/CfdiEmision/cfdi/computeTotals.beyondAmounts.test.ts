/**
 * What computeTotals (cfdi/computeTotals.ts) writes besides the amounts (the mutation run showed these were not pinned by
 * the pure tests of its own files): vouchers without totals, discounts given at voucher level,
 * empty tax lists, the tax object by default, lines it cannot read, numbers as quantities.
 */
import { computeTotals } from '../../../../nodes/CfdiEmision/cfdi/computeTotals';
import type { Voucher } from '../../../../nodes/CfdiEmision/cfdi/types';
import { invoiceVoucher } from '../../../support/vouchers';

/* eslint-disable @typescript-eslint/no-explicit-any */
const invoice = (overrides: Record<string, unknown> = {}) =>
	invoiceVoucher(overrides as never) as unknown as Voucher;

describe('computeTotals beyond the amounts', () => {
	it('a transfer voucher (T) carries no totals or taxes', () => {
		const { voucher, computed } = computeTotals(invoice({ tipoDeComprobante: 'T' }));
		expect([voucher.subTotal, voucher.total, computed.subTotal, computed.total]).toEqual([
			0, 0, 0, 0,
		]);
		expect(voucher.impuestos).toBeUndefined();
	});

	it('a voucher-level descuento is kept when the concepts have none, and concept discounts replace it', () => {
		expect(computeTotals(invoice({ descuento: '10.50' })).voucher.descuento).toBe(10.5);
		expect(computeTotals(invoice({ descuento: 10.5 })).computed.descuento).toBe(10.5);
		expect(computeTotals(invoice()).voucher).not.toHaveProperty('descuento');
		const withConceptDiscount = invoice();
		(withConceptDiscount.conceptos[0] as any).descuento = '100';
		const { voucher } = computeTotals({ ...withConceptDiscount, descuento: 5 });
		expect([voucher.descuento, voucher.conceptos[0].descuento, voucher.total]).toEqual([
			100, 100, 900.75,
		]);
	});

	it('drops an empty tax list, and an impuestos object left without lines; sets objetoImp by the lines', () => {
		const given = invoice();
		delete (given.conceptos[0] as any).objetoImp;
		delete (given.conceptos[1] as any).objetoImp;
		(given.conceptos[0] as any).impuestos = { traslados: [], retenciones: [] };
		(given.conceptos[1] as any).impuestos = {
			traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16 }],
			retenciones: [],
		};
		const { voucher } = computeTotals(given);
		expect(voucher.conceptos[0]).not.toHaveProperty('impuestos');
		expect(voucher.conceptos[0].objetoImp).toBe('01');
		expect(voucher.conceptos[1].impuestos).toEqual({
			traslados: [
				{ base: 300.75, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 48.12 },
			],
		});
		expect(voucher.conceptos[1].objetoImp).toBe('02');
		expect(voucher.impuestos).toEqual({
			traslados: [
				{ base: 300.75, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 48.12 },
			],
			totalImpuestosTrasladados: 48.12,
		});
		expect(voucher.total).toBe(1048.87);
	});

	it('only withholdings: no transferred total is written', () => {
		const given = invoice();
		(given.conceptos[0] as any).impuestos = {
			retenciones: [{ impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: 0.1 }],
		};
		const { voucher } = computeTotals(given);
		expect(voucher.impuestos).toEqual({
			retenciones: [{ impuesto: '001', importe: 70 }],
			totalImpuestosRetenidos: 70,
		});
	});

	it('keeps what it cannot read as given: a concept that is not an object, a line without impuesto, a Tasa line without rate', () => {
		const given = invoice();
		(given.conceptos as any).push('not a concept');
		(given.conceptos[0] as any).impuestos = {
			traslados: [
				{ tipoFactor: 'Tasa', tasaOCuota: 0.16 },
				{ impuesto: '002', tipoFactor: 'Tasa' },
			],
		};
		const { voucher, computed } = computeTotals(given);
		expect(voucher.conceptos[2]).toBe('not a concept');
		expect(voucher.conceptos[0].impuestos?.traslados).toEqual([
			{ tipoFactor: 'Tasa', tasaOCuota: 0.16 },
			{ impuesto: '002', tipoFactor: 'Tasa' },
		]);
		expect(computed.subTotal).toBe(1000.75);
		expect(voucher).not.toHaveProperty('impuestos');
	});

	it('a quota (Cuota) line taxes the given base, else the quantity; keepTaxBases keeps a given Tasa base', () => {
		const given = invoice();
		(given.conceptos[0] as any).impuestos = {
			traslados: [{ impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: 0.5 }],
		};
		(given.conceptos[1] as any).impuestos = {
			traslados: [{ impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: 0.5, base: 10 }],
		};
		const { computed } = computeTotals(given);
		expect(computed.conceptos.map((c) => c.traslados[0].importe)).toEqual([1, 5]);
		const tasa = invoice();
		(tasa.conceptos[0] as any).impuestos = {
			traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, base: 100 }],
		};
		expect(
			computeTotals(tasa, { keepTaxBases: true }).computed.conceptos[0].traslados[0],
		).toMatchObject({ base: 100, importe: 16 });
		expect(computeTotals(tasa).computed.conceptos[0].traslados[0]).toMatchObject({
			base: 700,
			importe: 112,
		});
	});

	it('writes a numeric quantity as its decimal text, and refuses what is not a voucher', () => {
		const given = invoice();
		(given.conceptos[0] as any).cantidad = 2;
		expect(computeTotals(given).voucher.conceptos[0].cantidad).toBe('2');
		expect(() => computeTotals([] as unknown as Voucher)).toThrow(
			'computeTotals expects a voucher object',
		);
		expect(() => computeTotals(null as unknown as Voucher)).toThrow(
			'computeTotals expects a voucher object',
		);
	});
});
