/**
 * The Totales of a Pagos 2.0 complement: the payments' amounts and taxes in MXN.
 */
import { decimalOf, decimalToString, multiplyDecimal, roundDecimal, sumDecimals, type Decimal } from '../decimal';
import { TOTALES_IVA_EXEMPT_BASE, TOTALES_IVA_RATES, TOTALES_MEMBERS, TOTALES_MONTO, TOTALES_RETENCIONES, type PaymentTotals } from '../voucherShape';
import { dec, isRecord, num, text } from './taxRates';

const ONE = decimalOf(1);
// Totales are in MXN.
const MXN_DECIMALS = 2;

/** The amounts of one Pago that feed totales. */
export interface PagoAmounts {
	tipoCambio: Decimal;
	monto: Decimal;
	traslados: Array<{ impuesto: string; tipoFactor: string; tasaOCuota?: Decimal; base: Decimal; importe?: Decimal }>;
	retenciones: Array<{ impuesto: string; importe: Decimal }>;
}

/** A Pago's amounts, or undefined when any is not usable. tipoCambioP defaults to 1 for MXN. */
export function readPagoAmounts(pago: unknown): PagoAmounts | undefined {
	if (!isRecord(pago)) return undefined;
	const monto = typeof pago.monto === 'number' ? dec(pago.monto) : undefined;
	const tipoCambio = typeof pago.tipoCambioP === 'number' ? dec(pago.tipoCambioP) : pago.tipoCambioP === undefined && pago.monedaP === 'MXN' ? ONE : undefined;
	if (!monto || !tipoCambio) return undefined;
	const result: PagoAmounts = { tipoCambio, monto, traslados: [], retenciones: [] };
	const impuestos = pago.impuestosP;
	if (impuestos === undefined || impuestos === null) return result;
	if (!isRecord(impuestos)) return undefined;
	const traslados = impuestos.trasladosP ?? [];
	const retenciones = impuestos.retencionesP ?? [];
	if (!Array.isArray(traslados) || !Array.isArray(retenciones)) return undefined;
	for (const item of traslados) {
		if (!isRecord(item) || !text(item.impuestoP) || !text(item.tipoFactorP) || typeof item.baseP !== 'number') return undefined;
		const entry: PagoAmounts['traslados'][number] = { impuesto: item.impuestoP as string, tipoFactor: item.tipoFactorP as string, base: dec(item.baseP) as Decimal };
		if (item.tipoFactorP !== 'Exento') {
			if (typeof item.tasaOCuotaP !== 'number' || typeof item.importeP !== 'number') return undefined;
			entry.tasaOCuota = dec(item.tasaOCuotaP);
			entry.importe = dec(item.importeP);
		}
		result.traslados.push(entry);
	}
	for (const item of retenciones) {
		if (!isRecord(item) || !text(item.impuestoP) || typeof item.importeP !== 'number') return undefined;
		result.retenciones.push({ impuesto: item.impuestoP as string, importe: dec(item.importeP) as Decimal });
	}
	return result;
}

function inMxn(amount: Decimal, tipoCambio: Decimal): Decimal {
	return roundDecimal(multiplyDecimal(amount, tipoCambio), MXN_DECIMALS);
}

/**
 * Totales in MXN: each payment amount × its TipoCambioP rounded to 2 decimals, then summed
 * (CRP20201-CRP20211). A member is present only when some payment has that tax.
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
		if (amounts) totals[member] = num(sumDecimals(amounts));
	}
	totals.montoTotalPagos ??= 0;
	return totals as PaymentTotals;
}

