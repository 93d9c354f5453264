/**
 * The Totales of a Pagos 2.0 complement: the payments' amounts and taxes in MXN.
 */
import {
	decimalOf,
	decimalToString,
	multiplyDecimal,
	roundDecimal,
	sumDecimals,
	type Decimal,
	parseDecimal,
	decimalToNumber,
} from '../../../cfdi/decimal';
import {
	TOTALES_IVA_EXEMPT_BASE,
	TOTALES_IVA_RATES,
	TOTALES_MEMBERS,
	TOTALES_MONTO,
	TOTALES_RETENCIONES,
	type PaymentTotals,
	isRecord,
} from '../../../cfdi/voucherShape';
import { givenText } from '../../../cfdi/fieldText';
import { ONE } from './ruleAmounts';
import { readTaxLine, type TaxLine } from './receiptTaxes';

// Totales are in MXN.
const MXN_DECIMALS = 2;

/** The amounts of one Pago that feed totales. */
export interface PagoAmounts {
	tipoCambio: Decimal;
	monto: Decimal;
	traslados: TaxLine[];
	retenciones: Array<{ impuesto: string; importe: Decimal }>;
}

/** A Pago's amounts, or undefined when any is not usable. tipoCambioP defaults to 1 for MXN. */
export function readPagoAmounts(pago: unknown): PagoAmounts | undefined {
	if (!isRecord(pago)) return undefined;
	const monto = typeof pago.monto === 'number' ? parseDecimal(pago.monto) : undefined;
	const tipoCambio =
		typeof pago.tipoCambioP === 'number'
			? parseDecimal(pago.tipoCambioP)
			: pago.tipoCambioP === undefined && pago.monedaP === 'MXN'
				? ONE
				: undefined;
	if (!monto || !tipoCambio) return undefined;
	const result: PagoAmounts = { tipoCambio, monto, traslados: [], retenciones: [] };
	const impuestos = pago.impuestosP;
	if (impuestos === undefined || impuestos === null) return result;
	if (!isRecord(impuestos)) return undefined;
	const traslados = impuestos.trasladosP ?? [];
	const retenciones = impuestos.retencionesP ?? [];
	if (!Array.isArray(traslados) || !Array.isArray(retenciones)) return undefined;
	for (const item of traslados) {
		const line = readTaxLine(item, 'P');
		if (!line) return undefined;
		result.traslados.push(line);
	}
	for (const item of retenciones) {
		if (!isRecord(item) || !givenText(item.impuestoP) || typeof item.importeP !== 'number')
			return undefined;
		result.retenciones.push({
			impuesto: item.impuestoP as string,
			importe: parseDecimal(item.importeP) as Decimal,
		});
	}
	return result;
}

/** The exact MXN value of an amount of the payment: not rounded here (Totales are rounded once, at the end). */
function inMxn(amount: Decimal, tipoCambio: Decimal): Decimal {
	return multiplyDecimal(amount, tipoCambio);
}

/**
 * Totales in MXN (CRP20201-CRP20211): for each member, Σ (payment amount × its TipoCambioP) kept
 * exact, then rounded once to 2 decimals. Rounding each product first and summing the rounded
 * values drifts by a cent with two or more foreign-currency payments (2 × 100.00 USD at 17.123456:
 * 1712.35 + 1712.35 = 3424.70, while the exact 3424.6912 rounds to 3424.69). What settles it: the
 * SAT's Pagos 2.0 filling guide (Totales) defines each total as the sum of the payments' amounts
 * multiplied by their TipoCambioP, a sum of exact products with no rounding step of its own, and the
 * schema gives the result 2 decimals (t_Importe); phpcfdi's CfdiUtils computes it the same way
 * (SumasPagos20\Calculator::buildTotales sums Monto × TipoCambioP, then rounds to 2).
 * A member is present only when some payment has that tax.
 */
export function paymentTotals(pagos: ReadonlyArray<PagoAmounts>): PaymentTotals {
	const sums = new Map<keyof PaymentTotals, Decimal[]>();
	const add = (member: keyof PaymentTotals, amount: Decimal): void => {
		sums.set(member, [...(sums.get(member) ?? []), amount]);
	};
	for (const pago of pagos) {
		add(TOTALES_MONTO, inMxn(pago.monto, pago.tipoCambio));
		for (const tax of pago.traslados) {
			if (tax.impuesto !== '002') continue;
			if (tax.tipoFactor === 'Exento') {
				add(TOTALES_IVA_EXEMPT_BASE, inMxn(tax.base, pago.tipoCambio));
				continue;
			}
			const rate = tax.tasaOCuota ? decimalToString(tax.tasaOCuota, 6) : undefined;
			const members = TOTALES_IVA_RATES.find((entry) => entry.rate === rate);
			if (!members || tax.tipoFactor !== 'Tasa') continue;
			add(members.base, inMxn(tax.base, pago.tipoCambio));
			add(members.impuesto, inMxn(tax.importe ?? decimalOf(0), pago.tipoCambio));
		}
		for (const tax of pago.retenciones) {
			const member = TOTALES_RETENCIONES[tax.impuesto];
			if (member) add(member, inMxn(tax.importe, pago.tipoCambio));
		}
	}
	const totals: Partial<PaymentTotals> = {};
	for (const member of TOTALES_MEMBERS) {
		const amounts = sums.get(member);
		if (amounts) totals[member] = decimalToNumber(roundDecimal(sumDecimals(amounts), MXN_DECIMALS));
	}
	totals.montoTotalPagos ??= 0;
	return totals as PaymentTotals;
}
