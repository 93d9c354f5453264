import { amountDecimals } from './catalogs/moneda';
import {
	addDecimal,
	compareDecimal,
	DECIMAL_ZERO,
	decimalToNumber,
	decimalToString,
	multiplyDecimal,
	parseDecimal,
	roundDecimal,
	subtractDecimal,
	sumDecimals,
	type Decimal,
} from './decimal';
import { groupRetenciones, groupTraslados, type TaxLineAmounts } from './taxGrouping';
import { taxImporteChoices, withinBounds } from './tolerance';
import type { Impuestos, Voucher, VoucherRetencion, VoucherTraslado } from './types';
import { isRecord, type JsonRecord } from './voucherShape';

export interface ComputeTotalsOptions {
	/** Decimals to round to; by default those of `moneda` (2 when moneda is absent or unknown). */
	decimals?: number;
	/**
	 * Keep a base the user gave on Tasa and Exento lines instead of importe − descuento, e.g. for
	 * IVA charged on top of IEPS. Cuota lines always keep a given base (it counts units).
	 */
	keepTaxBases?: boolean;
	/**
	 * Keep a tax line's given importe when it is base × rate rounded down or up (within the SAT's
	 * limits: tolerance.ts), instead of rounded to nearest: how a reconciled voucher reaches the
	 * money charged to the cent (reconcile.ts).
	 */
	keepTaxImportes?: boolean;
}

/** A concept tax line as computed. */
export interface ComputedTax {
	base: number;
	impuesto: string;
	tipoFactor: string;
	tasaOCuota?: number;
	importe?: number;
}

export interface ComputedConcepto {
	importe: number;
	traslados: ComputedTax[];
	retenciones: ComputedTax[];
}

export interface ComputedTotals {
	subTotal: number;
	descuento: number;
	totalImpuestosTrasladados: number;
	totalImpuestosRetenidos: number;
	total: number;
	/** Decimals every voucher-level amount was rounded to. */
	decimals: number;
	conceptos: ComputedConcepto[];
	/** Voucher-level groups, as written into voucher.impuestos. */
	traslados: VoucherTraslado[];
	retenciones: VoucherRetencion[];
}

/** Numeric strings become numbers, because the service expects JSON numbers for amounts. */
function numberIfNumeric(value: unknown): unknown {
	if (typeof value !== 'string') return value;
	const parsed = parseDecimal(value);
	return parsed ? decimalToNumber(parsed) : value;
}

interface LineContext {
	defaultBase?: Decimal;
	cantidad?: Decimal;
	decimals: number;
	keepTaxBases: boolean;
	keepTaxImportes: boolean;
	withheld: boolean;
}

/** Fills base and importe of one tax line; lines that cannot be computed are returned as given. */
function computeTaxLine(
	line: unknown,
	context: LineContext,
): { line: unknown; amounts?: TaxLineAmounts } {
	if (!isRecord(line) || typeof line.impuesto !== 'string' || typeof line.tipoFactor !== 'string')
		return { line };
	const out: JsonRecord = { ...line };
	const { impuesto, tipoFactor } = line;
	const givenBase = parseDecimal(line.base);

	if (tipoFactor === 'Exento' && !context.withheld) {
		const base = context.keepTaxBases && givenBase ? givenBase : context.defaultBase;
		if (!base) return { line: out };
		out.base = decimalToNumber(base);
		// An exempt line carries neither rate nor amount (CFDI40177).
		delete out.tasaOCuota;
		delete out.importe;
		return { line: out, amounts: { impuesto, tipoFactor, base } };
	}

	let base: Decimal | undefined;
	if (tipoFactor === 'Tasa')
		base = context.keepTaxBases && givenBase ? givenBase : context.defaultBase;
	else if (tipoFactor === 'Cuota') base = givenBase ?? context.cantidad;
	const tasaOCuota = parseDecimal(line.tasaOCuota);
	if (!base || !tasaOCuota) return { line: out };

	const given = parseDecimal(line.importe);
	const importe =
		context.keepTaxImportes &&
		given &&
		compareDecimal(roundDecimal(given, context.decimals), given) === 0 &&
		withinBounds(given, taxImporteChoices(base, tasaOCuota, context.decimals))
			? given
			: roundDecimal(multiplyDecimal(base, tasaOCuota), context.decimals);
	out.base = decimalToNumber(base);
	out.tasaOCuota = decimalToNumber(tasaOCuota);
	out.importe = decimalToNumber(importe);
	return { line: out, amounts: { impuesto, tipoFactor, tasaOCuota, base, importe } };
}

/** A tax line's amounts as the voucher carries them (JSON numbers), in the CFDI's member order. */
function toComputedTax(amounts: TaxLineAmounts): VoucherTraslado {
	const tax: VoucherTraslado = {
		base: decimalToNumber(amounts.base),
		impuesto: amounts.impuesto,
		tipoFactor: amounts.tipoFactor,
	};
	if (amounts.tasaOCuota) tax.tasaOCuota = decimalToNumber(amounts.tasaOCuota);
	if (amounts.importe) tax.importe = decimalToNumber(amounts.importe);
	return tax;
}

interface ConceptResult {
	concepto: unknown;
	importe: Decimal;
	descuento?: Decimal;
	traslados: TaxLineAmounts[];
	retenciones: TaxLineAmounts[];
}

function computeConcept(
	concepto: unknown,
	decimals: number,
	keep: { keepTaxBases: boolean; keepTaxImportes: boolean },
): ConceptResult {
	if (!isRecord(concepto))
		return { concepto, importe: DECIMAL_ZERO, traslados: [], retenciones: [] };
	const out: JsonRecord = { ...concepto };

	const cantidad = parseDecimal(concepto.cantidad);
	// The service carries cantidad as text; the exact decimal text of a number is kept.
	if (cantidad && typeof concepto.cantidad === 'number') out.cantidad = decimalToString(cantidad);
	out.valorUnitario = numberIfNumeric(concepto.valorUnitario);
	if (concepto.descuento !== undefined) out.descuento = numberIfNumeric(concepto.descuento);

	const valorUnitario = parseDecimal(concepto.valorUnitario);
	let importe = parseDecimal(concepto.importe);
	if (cantidad && valorUnitario) {
		importe = roundDecimal(multiplyDecimal(cantidad, valorUnitario), decimals);
		out.importe = decimalToNumber(importe);
	}
	const descuento = parseDecimal(concepto.descuento);
	const defaultBase = importe ? subtractDecimal(importe, descuento ?? DECIMAL_ZERO) : undefined;

	const traslados: TaxLineAmounts[] = [];
	const retenciones: TaxLineAmounts[] = [];
	let lineCount = 0;
	if (isRecord(concepto.impuestos)) {
		const impuestos: JsonRecord = { ...concepto.impuestos };
		for (const [member, withheld, sink] of [
			['traslados', false, traslados],
			['retenciones', true, retenciones],
		] as const) {
			const lines = impuestos[member];
			if (!Array.isArray(lines)) continue;
			if (lines.length === 0) {
				delete impuestos[member];
				continue;
			}
			lineCount += lines.length;
			impuestos[member] = lines.map((line) => {
				const result = computeTaxLine(line, {
					defaultBase,
					cantidad,
					decimals,
					...keep,
					withheld,
				});
				if (result.amounts) sink.push(result.amounts);
				return result.line;
			});
		}
		// An Impuestos node without lines is rejected (CFDI40173), so an empty one is dropped.
		if (lineCount === 0) delete out.impuestos;
		else out.impuestos = impuestos;
	}
	if (out.objetoImp === undefined || out.objetoImp === null || out.objetoImp === '') {
		out.objetoImp = lineCount > 0 ? '02' : '01';
	}
	return { concepto: out, importe: importe ?? DECIMAL_ZERO, descuento, traslados, retenciones };
}

/**
 * Fills the computed members of a voucher from cantidad, valorUnitario, descuento and tax rates,
 * rounding at every step as the SAT validates. Returns a new voucher; the input is not changed.
 *
 * Replaced when they can be computed (user values there are overwritten):
 * - conceptos[].importe = round(cantidad × valorUnitario); kept as given when either is not a decimal.
 * - concept tax lines: Tasa base = importe − descuento (a given base is kept with keepTaxBases),
 *   importe = round(base × tasaOCuota) (a given one rounded down or up kept with keepTaxImportes); Cuota base = the given base or cantidad, importe =
 *   round(base × cuota); Exento base = importe − descuento, tasaOCuota and importe removed.
 * - impuestos (voucher level) is rebuilt from the lines: traslados grouped by impuesto +
 *   tipoFactor + tasaOCuota (base and importe = sums of the line values), retenciones grouped by
 *   impuesto, totals of the non-exempt amounts. It is removed when no concept has taxes, and for
 *   T and P vouchers, which must not carry it.
 * - subTotal = Σ importe; descuento = Σ concept descuento when any concept has one (otherwise a
 *   voucher-level descuento is kept as given); total = subTotal − descuento + transferred − withheld.
 *   T and P vouchers get subTotal and total 0.
 * - P vouchers: the payment complement is the receipt's to complete (KindRules.complete, which the
 *   caller applies to the voucher returned here).
 * Normalized: cantidad given as a number becomes its decimal text; numeric strings in
 * valorUnitario, descuento and tasaOCuota become numbers; a missing objetoImp becomes "02" when
 * the concept has taxes and "01" otherwise; an empty concept impuestos node is removed.
 */
export function computeTotals(
	voucher: Voucher,
	options: ComputeTotalsOptions = {},
): { voucher: Voucher; computed: ComputedTotals } {
	if (!isRecord(voucher)) throw new TypeError('computeTotals expects a voucher object');
	const decimals = options.decimals ?? amountDecimals(voucher.moneda);
	const keep = {
		keepTaxBases: options.keepTaxBases ?? false,
		keepTaxImportes: options.keepTaxImportes ?? false,
	};
	const out: JsonRecord = { ...voucher };

	const results = (Array.isArray(voucher.conceptos) ? (voucher.conceptos as unknown[]) : []).map(
		(concepto) => computeConcept(concepto, decimals, keep),
	);
	if (Array.isArray(voucher.conceptos)) out.conceptos = results.map((result) => result.concepto);

	const noTotals = voucher.tipoDeComprobante === 'T' || voucher.tipoDeComprobante === 'P';
	const subTotal = noTotals
		? DECIMAL_ZERO
		: roundDecimal(sumDecimals(results.map((r) => r.importe)), decimals);

	let descuento = parseDecimal(voucher.descuento) ?? DECIMAL_ZERO;
	const conceptDiscounts = results.flatMap((r) => (r.descuento ? [r.descuento] : []));
	if (conceptDiscounts.length > 0) {
		descuento = roundDecimal(sumDecimals(conceptDiscounts), decimals);
		out.descuento = decimalToNumber(descuento);
	} else if (voucher.descuento !== undefined) {
		out.descuento = numberIfNumeric(voucher.descuento);
	}

	const trasladoGroups = noTotals
		? []
		: groupTraslados(
				results.flatMap((r) => r.traslados),
				decimals,
			);
	const retencionGroups = noTotals
		? []
		: groupRetenciones(
				results.flatMap((r) => r.retenciones),
				decimals,
			);
	// A voucher-level traslado is written as a concept's line is: the same members, as numbers.
	const traslados: VoucherTraslado[] = trasladoGroups.map(toComputedTax);
	const retenciones: VoucherRetencion[] = retencionGroups.map((group) => ({
		impuesto: group.impuesto,
		importe: decimalToNumber(group.importe),
	}));
	const transferredGroups = trasladoGroups.filter((group) => group.importe !== undefined);
	const totalTrasladados = sumDecimals(transferredGroups.map((group) => group.importe as Decimal));
	const totalRetenidos = sumDecimals(retencionGroups.map((group) => group.importe));

	if (traslados.length === 0 && retenciones.length === 0) {
		delete out.impuestos;
	} else {
		const impuestos: Impuestos = {};
		if (traslados.length > 0) impuestos.traslados = traslados;
		if (retenciones.length > 0) impuestos.retenciones = retenciones;
		// With only exempt lines there is no transferred amount, so no total is written.
		if (transferredGroups.length > 0)
			impuestos.totalImpuestosTrasladados = decimalToNumber(totalTrasladados);
		if (retenciones.length > 0) impuestos.totalImpuestosRetenidos = decimalToNumber(totalRetenidos);
		out.impuestos = impuestos;
	}

	const total = noTotals
		? DECIMAL_ZERO
		: roundDecimal(
				subtractDecimal(
					addDecimal(subtractDecimal(subTotal, descuento), totalTrasladados),
					totalRetenidos,
				),
				decimals,
			);
	out.subTotal = decimalToNumber(subTotal);
	out.total = decimalToNumber(total);

	const computed: ComputedTotals = {
		subTotal: decimalToNumber(subTotal),
		descuento: decimalToNumber(descuento),
		totalImpuestosTrasladados: decimalToNumber(totalTrasladados),
		totalImpuestosRetenidos: decimalToNumber(totalRetenidos),
		total: decimalToNumber(total),
		decimals,
		conceptos: results.map((r) => ({
			importe: decimalToNumber(r.importe),
			traslados: r.traslados.map(toComputedTax),
			retenciones: r.retenciones.map(toComputedTax),
		})),
		traslados,
		retenciones,
	};
	return { voucher: out as Voucher, computed };
}
