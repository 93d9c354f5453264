import {
	addDecimal,
	compareDecimal,
	DECIMAL_ZERO,
	decimalToString,
	isZero,
	roundDecimal,
	subtractDecimal,
	sumDecimals,
	type Decimal,
} from '../decimal';
import { messageValue } from './describe';
import { amountOf, isPresent, type ValidationContext } from './context';
import { readAmount } from './amountRules';
import { allTaxLines } from './taxLines';

// Types whose subTotal is the sum of the concepts (CFDI40108); T and P must carry 0 (CFDI40109).
const SUMMED_TYPES = ['I', 'E', 'N'];

/** Σ of the concept members, or undefined if any concept is unusable (already reported). */
function conceptSum(ctx: ValidationContext, key: string, optional: boolean): Decimal | undefined {
	const { conceptos } = ctx.view;
	if (conceptos.length === 0 || !ctx.isClean('conceptos')) return undefined;
	const parts: Decimal[] = [];
	for (let index = 0; index < conceptos.length; index++) {
		const concepto = conceptos[index];
		if (!concepto || !ctx.isClean(`conceptos[${index}].${key}`)) return undefined;
		const amount = amountOf(concepto, key);
		if (amount) parts.push(amount);
		else if (!optional) return undefined;
	}
	return sumDecimals(parts);
}

function checkSubTotal(
	ctx: ValidationContext,
	subTotal: Decimal,
	tipo: string | undefined,
	decimals: number,
): void {
	const value = ctx.view.root.subTotal;
	if (tipo === 'T' || tipo === 'P') {
		if (!isZero(subTotal))
			ctx.error(
				'CFDI40109',
				'subTotal',
				`subTotal ${messageValue(value)} must be 0 when tipoDeComprobante is ${messageValue(tipo)}.`,
				'Use 0.',
				value,
			);
		return;
	}
	if (!tipo || !SUMMED_TYPES.includes(tipo)) return;
	const sum = conceptSum(ctx, 'importe', false);
	if (!sum) return;
	const expected = roundDecimal(sum, decimals);
	if (compareDecimal(subTotal, expected) !== 0) {
		ctx.error(
			'CFDI40108',
			'subTotal',
			`subTotal ${messageValue(value)} is not the sum of the concept importe values (${decimalToString(expected, decimals)}).`,
			`Set subTotal to ${decimalToString(expected, decimals)}: add up the concept importe values as written, then round.`,
			value,
		);
	}
}

function checkDescuento(
	ctx: ValidationContext,
	descuento: Decimal | undefined,
	subTotal: Decimal | undefined,
	decimals: number,
): void {
	const { root } = ctx.view;
	if (descuento && subTotal && ctx.isClean('subTotal') && compareDecimal(descuento, subTotal) > 0) {
		ctx.error(
			'CFDI40110',
			'descuento',
			`descuento ${messageValue(root.descuento)} is greater than subTotal ${messageValue(root.subTotal)}.`,
			'Use a discount no greater than subTotal.',
			root.descuento,
		);
		return;
	}
	// Taxes are computed per concept in CFDI 4.0, so a discount belongs on the concepts it reduces.
	const conceptDiscounts = conceptSum(ctx, 'descuento', true);
	const anyConceptDiscount = ctx.view.conceptos.some((concepto) =>
		isPresent(concepto, 'descuento'),
	);
	if (
		!conceptDiscounts ||
		(!anyConceptDiscount && !isPresent(root, 'descuento')) ||
		!ctx.isClean('descuento')
	)
		return;
	const expected = roundDecimal(conceptDiscounts, decimals);
	if (compareDecimal(descuento ?? DECIMAL_ZERO, expected) !== 0) {
		ctx.warn(
			'DESCUENTO_SUM',
			'descuento',
			`descuento ${messageValue(root.descuento)} is not the sum of the concept discounts (${decimalToString(expected, decimals)}).`,
			`Put each discount on its concept (conceptos[].descuento) and set descuento to their sum, ${decimalToString(expected, decimals)}.`,
			root.descuento,
		);
	}
}

/** total = subTotal − descuento + transferred − withheld (CFDI40119), once its inputs are sound. */
function checkTotal(
	ctx: ValidationContext,
	subTotal: Decimal | undefined,
	descuento: Decimal | undefined,
	total: Decimal | undefined,
	decimals: number,
): void {
	const { root, impuestos } = ctx.view;
	if (!subTotal || !total || !ctx.isClean('subTotal', 'descuento', 'total', 'impuestos')) return;
	// Without a voucher-level summary the taxes are unknown here (a warning says so).
	if (!impuestos && allTaxLines(ctx.view).length > 0) return;
	const transferred = amountOf(impuestos, 'totalImpuestosTrasladados') ?? DECIMAL_ZERO;
	const withheld = amountOf(impuestos, 'totalImpuestosRetenidos') ?? DECIMAL_ZERO;
	const expected = roundDecimal(
		subtractDecimal(
			addDecimal(subtractDecimal(subTotal, descuento ?? DECIMAL_ZERO), transferred),
			withheld,
		),
		decimals,
	);
	if (compareDecimal(total, expected) !== 0) {
		ctx.error(
			'CFDI40119',
			'total',
			`total ${messageValue(root.total)} is not subTotal − descuento + totalImpuestosTrasladados − totalImpuestosRetenidos (${decimalToString(expected, decimals)}).`,
			`Set total to ${decimalToString(expected, decimals)}.`,
			root.total,
		);
	}
}

/** Voucher-level amounts: decimals of the currency, subTotal, descuento and total. */
export function checkVoucherTotals(ctx: ValidationContext): void {
	const decimals = ctx.isClean('moneda') ? ctx.decimals : undefined;
	const { root } = ctx.view;
	const subTotal = readAmount(ctx, root, 'subTotal', 'subTotal', decimals, 'CFDI40107');
	const descuento = readAmount(ctx, root, 'descuento', 'descuento', decimals, 'CFDI40112');
	const total = readAmount(ctx, root, 'total', 'total', decimals);
	if (decimals === undefined) return;
	const tipo = ctx.isClean('tipoDeComprobante') ? ctx.view.tipo : undefined;
	if (subTotal) checkSubTotal(ctx, subTotal, tipo, decimals);
	checkDescuento(ctx, descuento, subTotal, decimals);
	checkTotal(ctx, subTotal, descuento, total, decimals);
}
