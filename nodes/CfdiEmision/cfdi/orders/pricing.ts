/**
 * The one pricing path for sale lines from any source (a Shopify order, a refund, a sheet): turns
 * what the customer was charged into CFDI concepts, then lets computeTotals fill every amount with
 * the SAT's per-step rounding, so the voucher's figures are the ones Compute Totals would give.
 */
import { currencyDecimals } from '../catalogs/moneda';
import { computeTotals } from '../computeTotals';
import {
	addDecimal,
	compareDecimal,
	decimalOf,
	decimalToNumber,
	decimalToString,
	DECIMAL_ZERO,
	divideDecimal,
	isNegative,
	isZero,
	multiplyDecimal,
	parseDecimal,
	roundDecimal,
	subtractDecimal,
	sumDecimals,
	type Decimal,
} from '../decimal';
import type { Concepto, ConceptoImpuestos, Voucher } from '../types';

/** How a line is taxed: IVA at a rate (0, 0.08 border region, 0.16), exempt, or not subject to tax. */
export type LineTax = { kind: 'rate'; rate: Decimal } | { kind: 'exempt' } | { kind: 'notSubject' };

/** One line as the customer was charged, before any CFDI arithmetic. */
export interface SaleLine {
	/** Where the line came from, for notes: `line_items[2]`, `lines[0]`, `shipping_lines[0]`. */
	path: string;
	descripcion: string;
	claveProdServ: string;
	claveUnidad: string;
	unidad?: string;
	noIdentificacion?: string;
	quantity: Decimal;
	/** Unit price as listed: with tax when taxIncluded. */
	unitPrice: Decimal;
	/** Discount on the whole line, on the same footing as unitPrice. */
	discount: Decimal;
	taxIncluded: boolean;
	tax: LineTax;
	/** The tax the source charged on the line; splits a tax-included price exactly as it was charged. */
	chargedTax?: Decimal;
}

/** The voucher members other than the concepts and the amounts computed from them. */
export type VoucherHeader = Omit<Voucher, 'conceptos' | 'subTotal' | 'descuento' | 'total' | 'impuestos'>;

export interface PricingResult {
	/** The voucher with every amount filled by computeTotals. */
	voucher: Voucher;
	/** What the source charged for the priced lines, summed. */
	chargedTotal: Decimal;
	voucherTotal: Decimal;
	decimals: number;
	/** Lines left out, cents of rounding moved between lines: said in plain words. */
	notes: string[];
}

const MAX_UNIT_DECIMALS = 6;
const ONE = decimalOf(1);

interface LinePlan {
	line: SaleLine;
	rate: Decimal;
	/** importe − descuento, the tax base. */
	base: Decimal;
	/** The pre-discount importe of a discounted tax-included line. */
	undiscountedImporte?: Decimal;
	/** What the source charged for the line, tax included. */
	charged: Decimal;
	/** Tax-included lines carry a net price derived from the gross, so a cent may be moved between them. */
	adjustable: boolean;
}

function rateOf(tax: LineTax): Decimal {
	return tax.kind === 'rate' ? tax.rate : DECIMAL_ZERO;
}

function impuestosFor(tax: LineTax): ConceptoImpuestos | undefined {
	if (tax.kind === 'rate') return { traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: decimalToNumber(tax.rate) }] };
	if (tax.kind === 'exempt') return { traslados: [{ impuesto: '002', tipoFactor: 'Exento' }] };
	return undefined;
}

/** base + its tax, as computeTotals rounds them for a one-unit concept. */
function totalForBase(base: Decimal, tax: LineTax, decimals: number): Decimal {
	if (isZero(base)) return base;
	const probe = { conceptos: [{ cantidad: '1', valorUnitario: decimalToNumber(base), impuestos: impuestosFor(tax) }] } as unknown as Voucher;
	return parseDecimal(computeTotals(probe, { decimals }).computed.total) as Decimal;
}

/**
 * The base whose total with tax is exactly `target`, searched a few cents around `preferred`
 * (nearest first). Undefined when per-line rounding skips that total (about 1 in 7 amounts at 16 %).
 */
function solveBase(target: Decimal, tax: LineTax, preferred: Decimal, decimals: number): Decimal | undefined {
	const unit = decimalOf(1, decimals);
	for (const step of [0, -1, 1, -2, 2, -3, 3]) {
		const base = addDecimal(preferred, multiplyDecimal(unit, decimalOf(step)));
		if (isNegative(base)) continue;
		if (compareDecimal(totalForBase(base, tax, decimals), target) === 0) return base;
	}
	return undefined;
}

/** The shortest unit value (up to 6 decimals) with round(quantity × value) = importe. */
function unitValueFor(importe: Decimal, quantity: Decimal, decimals: number): Decimal {
	const fits = (value: Decimal) => compareDecimal(roundDecimal(multiplyDecimal(quantity, value), decimals), importe) === 0;
	for (let places = decimals; places <= MAX_UNIT_DECIMALS; places++) {
		const value = divideDecimal(importe, quantity, places);
		if (fits(value)) return value;
	}
	// Large quantities: the nearest 6-decimal value may miss by a micro-unit or two.
	const nearest = divideDecimal(importe, quantity, MAX_UNIT_DECIMALS);
	const micro = decimalOf(1, MAX_UNIT_DECIMALS);
	for (let step = 1; step <= 10; step++) {
		for (const sign of [-1, 1]) {
			const value = addDecimal(nearest, multiplyDecimal(micro, decimalOf(sign * step)));
			if (fits(value)) return value;
		}
	}
	return nearest;
}

function planLine(line: SaleLine, decimals: number): LinePlan {
	const rate = rateOf(line.tax);
	const gross = multiplyDecimal(line.quantity, line.unitPrice);
	if (line.taxIncluded) {
		const charged = roundDecimal(subtractDecimal(gross, line.discount), decimals);
		const onePlusRate = addDecimal(ONE, rate);
		const preferred = line.chargedTax ? subtractDecimal(charged, line.chargedTax) : divideDecimal(charged, onePlusRate, decimals);
		const base = solveBase(charged, line.tax, preferred, decimals) ?? roundDecimal(preferred, decimals);
		const undiscountedImporte = isZero(line.discount) ? undefined : divideDecimal(gross, onePlusRate, decimals);
		return { line, rate, base, undiscountedImporte, charged, adjustable: line.tax.kind === 'rate' && !isZero(rate) };
	}
	const importe = roundDecimal(gross, decimals);
	const base = subtractDecimal(importe, roundDecimal(line.discount, decimals));
	const charged = line.chargedTax ? addDecimal(base, line.chargedTax) : totalForBase(base, line.tax, decimals);
	return { line, rate, base, charged, adjustable: false };
}

function conceptFor(plan: LinePlan, decimals: number): Concepto {
	const { line } = plan;
	let valorUnitario: Decimal;
	let descuento: Decimal;
	if (line.taxIncluded) {
		descuento = plan.undiscountedImporte ? subtractDecimal(plan.undiscountedImporte, plan.base) : DECIMAL_ZERO;
		if (isNegative(descuento)) descuento = DECIMAL_ZERO;
		valorUnitario = unitValueFor(addDecimal(plan.base, descuento), line.quantity, decimals);
	} else {
		valorUnitario = roundDecimal(line.unitPrice, MAX_UNIT_DECIMALS);
		descuento = roundDecimal(line.discount, decimals);
	}
	const concepto: Concepto = {
		claveProdServ: line.claveProdServ,
		...(line.noIdentificacion ? { noIdentificacion: line.noIdentificacion } : {}),
		cantidad: decimalToString(line.quantity),
		claveUnidad: line.claveUnidad,
		...(line.unidad ? { unidad: line.unidad } : {}),
		descripcion: line.descripcion,
		valorUnitario: decimalToNumber(valorUnitario),
		...(isZero(descuento) ? {} : { descuento: decimalToNumber(descuento) }),
		objetoImp: '01',
	};
	// A fully discounted line has no base to tax, and a tax line needs a base above 0 (CFDI40174).
	const impuestos = isZero(plan.base) ? undefined : impuestosFor(line.tax);
	if (impuestos) {
		concepto.objetoImp = '02';
		concepto.impuestos = impuestos;
	}
	return concepto;
}

function buildVoucher(header: VoucherHeader, plans: LinePlan[], decimals: number): { voucher: Voucher; total: Decimal } {
	const draft = { ...header, conceptos: plans.map((plan) => conceptFor(plan, decimals)) } as Voucher;
	const { voucher, computed } = computeTotals(draft, { decimals });
	return { voucher, total: parseDecimal(computed.total) as Decimal };
}

/**
 * Moves single cents between tax-included lines until the voucher total equals what was charged.
 * Per-line rounding cannot reach every tax-included amount, but two lines together almost always
 * can; each line moves by at most one cent.
 */
function balance(plans: LinePlan[], residual: Decimal, decimals: number, notes: string[]): void {
	const unit = decimalOf(1, decimals);
	const used = new Set<LinePlan>();
	let left = residual;
	while (!isZero(left)) {
		const step = isNegative(left) ? multiplyDecimal(unit, decimalOf(-1)) : unit;
		const candidates = plans.filter((plan) => plan.adjustable && !used.has(plan)).sort((a, b) => compareDecimal(b.base, a.base));
		let moved = false;
		for (const plan of candidates) {
			const target = addDecimal(totalForBase(plan.base, plan.line.tax, decimals), step);
			const base = solveBase(target, plan.line.tax, plan.base, decimals);
			if (!base || isZero(base)) continue;
			if (plan.undiscountedImporte && compareDecimal(base, plan.undiscountedImporte) > 0) continue;
			plan.base = base;
			used.add(plan);
			left = subtractDecimal(left, step);
			notes.push(`${plan.line.path}: ${decimalToString(step, decimals)} of per-line tax rounding is carried on this line so the voucher total equals the amount charged.`);
			moved = true;
			break;
		}
		if (!moved) return;
	}
}

/**
 * Prices the lines and returns the voucher computeTotals fills from them. Lines with a unit price of
 * 0 are left out (a CFDI concept needs a price above 0, CFDI40166) and named in the notes.
 */
export function priceVoucher(header: VoucherHeader, lines: SaleLine[]): PricingResult {
	const decimals = currencyDecimals(header.moneda) ?? 2;
	const notes: string[] = [];
	const priced = lines.filter((line) => {
		if (!isZero(line.unitPrice)) return true;
		notes.push(`${line.path} ("${line.descripcion}") has a price of 0 and is left out of the voucher.`);
		return false;
	});
	const plans = priced.map((line) => planLine(line, decimals));
	const chargedTotal = sumDecimals(plans.map((plan) => plan.charged));

	let built = buildVoucher(header, plans, decimals);
	const residual = subtractDecimal(chargedTotal, built.total);
	if (!isZero(residual)) {
		balance(plans, residual, decimals, notes);
		built = buildVoucher(header, plans, decimals);
	}
	return { voucher: built.voucher, chargedTotal, voucherTotal: built.total, decimals, notes };
}

/** "1508.00"-style text of an amount, for notes that show both figures. */
export function showMoney(amount: Decimal, decimals: number): string {
	return decimalToString(amount, decimals);
}
