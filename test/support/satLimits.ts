/**
 * An oracle of the SAT's limits, written apart from the node's cfdi/tolerance.ts, with decimal.js.
 * Source: Anexo 20 of the RMF (CFDI 4.0) and its matrix of validations, as quoted in
 * ../shared/notes/cfdi-rules.md "Amounts": a tax Importe is valid anywhere from
 * (Base − 10^−d/2) × TasaOCuota truncated to (Base + 10^−d/2 − 10^−12) × TasaOCuota rounded up, to
 * the Importe's decimals (d = the Base's decimals); a concept's Importe likewise from
 * Cantidad × ValorUnitario with each factor ± half a unit of its last decimal.
 */
import Decimal from 'decimal.js';

import type { Voucher } from '../../nodes/CfdiEmision/cfdi/types';

const EPSILON = new Decimal('1e-12');

function half(decimals: number): Decimal {
	return new Decimal(10).pow(-decimals).div(2);
}

function decimalsOf(value: unknown): number {
	return new Decimal(String(value)).decimalPlaces();
}

/** The SAT's limits of a tax Importe on `base` at `rate`, the Base written with `baseDecimals`. */
export function satTaxLimits(
	base: Decimal.Value,
	rate: Decimal.Value,
	decimals = 2,
	baseDecimals = decimals,
): { lower: Decimal; upper: Decimal } {
	const b = new Decimal(base);
	return {
		lower: b.minus(half(baseDecimals)).mul(rate).toDecimalPlaces(decimals, Decimal.ROUND_DOWN),
		upper: b
			.plus(half(baseDecimals))
			.minus(EPSILON)
			.mul(rate)
			.toDecimalPlaces(decimals, Decimal.ROUND_UP),
	};
}

/** The SAT's limits of a concept's Importe for Cantidad × ValorUnitario as written. */
export function satImporteLimits(
	cantidad: unknown,
	valorUnitario: unknown,
	decimals = 2,
): { lower: Decimal; upper: Decimal } {
	const c = new Decimal(String(cantidad));
	const v = new Decimal(String(valorUnitario));
	const hc = half(decimalsOf(cantidad));
	const hv = half(decimalsOf(valorUnitario));
	return {
		lower: c.minus(hc).mul(v.minus(hv)).toDecimalPlaces(decimals, Decimal.ROUND_DOWN),
		upper: c
			.plus(hc)
			.minus(EPSILON)
			.mul(v.plus(hv).minus(EPSILON))
			.toDecimalPlaces(decimals, Decimal.ROUND_UP),
	};
}

const within = (value: Decimal, limits: { lower: Decimal; upper: Decimal }) =>
	value.gte(limits.lower) && value.lte(limits.upper);

/**
 * The voucher's total as the SAT adds what it carries: each concept's Importe and tax Importes as
 * written, each checked against its limits (with the Base written at the currency's decimals, as the
 * XML carries it), and the voucher's SubTotal, tax totals and Total checked against the sums.
 * Throws naming the member out of its limits.
 */
export function satCheckedTotal(voucher: Voucher, decimals = 2): Decimal {
	let subTotal = new Decimal(0);
	let descuento = new Decimal(0);
	let transferred = new Decimal(0);
	let withheld = new Decimal(0);
	voucher.conceptos.forEach((concepto, index) => {
		const importe = new Decimal(String(concepto.importe));
		const limits = satImporteLimits(concepto.cantidad, concepto.valorUnitario, decimals);
		if (!within(importe, limits))
			throw new Error(
				`conceptos[${index}].importe ${importe.toFixed()} is outside ${limits.lower.toFixed()}..${limits.upper.toFixed()}`,
			);
		subTotal = subTotal.plus(importe);
		descuento = descuento.plus(new Decimal(String(concepto.descuento ?? 0)));
		for (const [member, lines] of [
			['traslados', concepto.impuestos?.traslados ?? []],
			['retenciones', concepto.impuestos?.retenciones ?? []],
		] as const)
			lines.forEach((tax, at) => {
				if (tax.tipoFactor === 'Exento') return;
				const amount = new Decimal(String(tax.importe));
				const taxLimits = satTaxLimits(String(tax.base), String(tax.tasaOCuota), decimals);
				if (tax.tipoFactor === 'Tasa' && !within(amount, taxLimits))
					throw new Error(
						`conceptos[${index}].impuestos.${member}[${at}].importe ${amount.toFixed()} is outside ${taxLimits.lower.toFixed()}..${taxLimits.upper.toFixed()} (base ${String(tax.base)} × ${String(tax.tasaOCuota)})`,
					);
				if (member === 'traslados') transferred = transferred.plus(amount);
				else withheld = withheld.plus(amount);
			});
	});
	const total = subTotal.minus(descuento).plus(transferred).minus(withheld);
	const said = (name: string, value: unknown, expected: Decimal) => {
		if (value !== undefined && !new Decimal(String(value)).equals(expected))
			throw new Error(`${name} ${String(value)} is not ${expected.toFixed()}`);
	};
	said('subTotal', voucher.subTotal, subTotal);
	said(
		'impuestos.totalImpuestosTrasladados',
		voucher.impuestos?.totalImpuestosTrasladados,
		transferred,
	);
	said('impuestos.totalImpuestosRetenidos', voucher.impuestos?.totalImpuestosRetenidos, withheld);
	said('total', voucher.total, total);
	return total;
}
