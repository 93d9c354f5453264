/**
 * The one pricing path for sale lines from any source (a Shopify order, a refund, a sheet): turns
 * what the customer was charged into CFDI concepts, then lets computeTotals fill every amount with
 * the SAT's per-step rounding, so the voucher's figures are the ones Compute Totals would give.
 */
import { amountDecimals } from './catalogs/moneda';
import { computeTotals } from './computeTotals';
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
} from './decimal';
import type { Concepto, ConceptoImpuestos, Voucher } from './types';
import { taxImporteChoices } from './tolerance';
import { MAX_UNIT_DECIMALS, unitValueFor } from './unitValue';

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
export type VoucherHeader = Omit<
	Voucher,
	'conceptos' | 'subTotal' | 'descuento' | 'total' | 'impuestos'
>;

export interface PricingResult {
	/** The voucher with every amount filled by computeTotals. */
	voucher: Voucher;
	/** What the source charged for the priced lines, summed. */
	chargedTotal: Decimal;
	voucherTotal: Decimal;
	decimals: number;
	/** Lines left out, cents of rounding moved between lines: said in plain words. */
	notes: string[];
	/** Lines whose price and tax rate give more than a few cents apart from what the source charged for them. */
	gaps: string[];
}

const ONE = decimalOf(1);
/** How many cents a line may move from what it was charged, to balance the order's rounding. */
const MAX_SHIFT = 3;

/** A base a line may take, and how far (in units of the last decimal) its total lands from the amount charged. */
interface BaseOption {
	base: Decimal;
	shift: number;
	/** The IVA when rounded the other way than to the nearest cent (the SAT's limits accept both). */
	taxImporte?: Decimal;
}

interface LinePlan {
	line: SaleLine;
	/** What the source charged for the line, tax included. */
	charged: Decimal;
	/** The pre-discount importe of a discounted tax-included line. */
	undiscountedImporte?: Decimal;
	/** Candidate bases, the preferred one first; a single one when the net price is given. */
	options: BaseOption[];
	/** importe − descuento, the tax base: the option chosen. */
	base: Decimal;
	/** The chosen option's IVA, when not rounded to the nearest cent. */
	taxImporte?: Decimal;
}

function rateOf(tax: LineTax): Decimal {
	return tax.kind === 'rate' ? tax.rate : DECIMAL_ZERO;
}

function impuestosFor(tax: LineTax): ConceptoImpuestos | undefined {
	if (tax.kind === 'rate')
		return {
			traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: decimalToNumber(tax.rate) }],
		};
	if (tax.kind === 'exempt') return { traslados: [{ impuesto: '002', tipoFactor: 'Exento' }] };
	return undefined;
}

/** base + its tax, as computeTotals rounds them for a one-unit concept. */
function totalForBase(base: Decimal, tax: LineTax, decimals: number): Decimal {
	if (isZero(base)) return base;
	const probe = {
		conceptos: [
			{ cantidad: '1', valorUnitario: decimalToNumber(base), impuestos: impuestosFor(tax) },
		],
	} as unknown as Voucher;
	return parseDecimal(computeTotals(probe, { decimals }).computed.total) as Decimal;
}

/** a − b in units of 10^-decimals, both already at most `decimals` places. */
function unitsBetween(a: Decimal, b: Decimal, decimals: number): number {
	const difference = subtractDecimal(a, b);
	return Number(difference.units * BigInt(10) ** BigInt(decimals - difference.scale));
}

/**
 * The bases a tax-included line can take: a few cents around Shopify's own split (`preferred`) and
 * the plain split charged ÷ (1 + rate), one per landing point, nearest `preferred` first. Rounding
 * each tax to the nearest cent skips about 1 in 7 totals at 16 %; then the line lands exactly with
 * its IVA rounded the other way, which the SAT's limits accept (cfdi/tolerance.ts).
 */
function baseOptions(
	charged: Decimal,
	tax: LineTax,
	preferred: Decimal,
	decimals: number,
	ceiling?: Decimal,
): BaseOption[] {
	const unit = decimalOf(1, decimals);
	const plain = divideDecimal(charged, addDecimal(ONE, rateOf(tax)), decimals);
	const byShift = new Map<number, BaseOption>();
	let other: BaseOption | undefined;
	for (const start of [roundDecimal(preferred, decimals), plain]) {
		for (let step = -MAX_SHIFT; step <= MAX_SHIFT; step++) {
			const base = addDecimal(start, multiplyDecimal(unit, decimalOf(step)));
			if (
				isNegative(base) ||
				(isZero(base) && !isZero(charged)) ||
				(ceiling && compareDecimal(base, ceiling) > 0)
			)
				continue;
			const shift = unitsBetween(totalForBase(base, tax, decimals), charged, decimals);
			if (shift !== 0 && !other && !isZero(base))
				other = otherRounding(base, tax, charged, decimals);
			if (Math.abs(shift) > MAX_SHIFT || byShift.has(shift)) continue;
			byShift.set(shift, { base, shift });
		}
	}
	// The exact tax first; the other rounding only when no base lands with it.
	if (other && !byShift.has(0)) byShift.set(0, other);
	// Lands-exactly first, then the smallest shifts, below before above (never invoice more on a tie).
	return [...byShift.values()].sort(
		(x, y) => Math.abs(x.shift) - Math.abs(y.shift) || x.shift - y.shift,
	);
}

/** The base landing on `charged` with its tax rounded down or up instead of to the nearest cent. */
function otherRounding(
	base: Decimal,
	tax: LineTax,
	charged: Decimal,
	decimals: number,
): BaseOption | undefined {
	const { lower, upper } = taxImporteChoices(base, rateOf(tax), decimals);
	for (const taxImporte of [lower, upper])
		if (compareDecimal(addDecimal(base, taxImporte), charged) === 0)
			return { base, shift: 0, taxImporte };
	return undefined;
}

function planLine(line: SaleLine, decimals: number): LinePlan {
	const gross = multiplyDecimal(line.quantity, line.unitPrice);
	if (line.taxIncluded) {
		const charged = roundDecimal(subtractDecimal(gross, line.discount), decimals);
		const onePlusRate = addDecimal(ONE, rateOf(line.tax));
		const preferred = line.chargedTax
			? subtractDecimal(charged, line.chargedTax)
			: divideDecimal(charged, onePlusRate, decimals);
		const undiscountedImporte = isZero(line.discount)
			? undefined
			: divideDecimal(gross, onePlusRate, decimals);
		let options =
			line.tax.kind === 'rate' && !isZero(line.tax.rate)
				? baseOptions(charged, line.tax, preferred, decimals, undiscountedImporte)
				: [];
		// Untaxed and 0 % lines: the base is the amount charged.
		if (options.length === 0) options = [{ base: charged, shift: 0 }];
		return { line, charged, undiscountedImporte, options, base: options[0].base };
	}
	const importe = roundDecimal(gross, decimals);
	const base = subtractDecimal(importe, roundDecimal(line.discount, decimals));
	const charged = line.chargedTax
		? addDecimal(base, line.chargedTax)
		: totalForBase(base, line.tax, decimals);
	// A net price is given: the base is fixed, and a tax the source rounded otherwise shows as a shift.
	return {
		line,
		charged,
		options: [
			{ base, shift: unitsBetween(totalForBase(base, line.tax, decimals), charged, decimals) },
		],
		base,
	};
}

interface Choice {
	/** Σ |shift|, then how many lines shift. */
	cost: [number, number];
	picks: number[];
}

function cheaper(a: Choice['cost'], b: Choice['cost']): boolean {
	return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
}

/**
 * Picks one option per line so the shifts cancel out (the voucher total equals the amount charged)
 * with the fewest cents moved; when they cannot cancel, the total nearest the amount charged,
 * below it on a tie. An exact search over the running shift, which stays within ±3 cents per line.
 */
function chooseBases(plans: LinePlan[]): void {
	let states = new Map<number, Choice>([[0, { cost: [0, 0], picks: [] }]]);
	for (const plan of plans) {
		const next = new Map<number, Choice>();
		for (const [sum, choice] of states) {
			plan.options.forEach((option, index) => {
				const key = sum + option.shift;
				const cost: Choice['cost'] = [
					choice.cost[0] + Math.abs(option.shift),
					choice.cost[1] + (option.shift === 0 ? 0 : 1),
				];
				const known = next.get(key);
				if (!known || cheaper(cost, known.cost))
					next.set(key, { cost, picks: [...choice.picks, index] });
			});
		}
		states = next;
	}
	const sums = [...states.keys()].sort((x, y) => Math.abs(x) - Math.abs(y) || x - y);
	const best = states.get(sums[0]) as Choice;
	plans.forEach((plan, index) => {
		const option = plan.options[best.picks[index]];
		plan.base = option.base;
		plan.taxImporte = option.taxImporte;
	});
}

function conceptFor(plan: LinePlan, decimals: number): Concepto {
	const { line } = plan;
	let valorUnitario: Decimal;
	let descuento: Decimal;
	if (line.taxIncluded) {
		descuento = plan.undiscountedImporte
			? subtractDecimal(plan.undiscountedImporte, plan.base)
			: DECIMAL_ZERO;
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
	if (impuestos?.traslados && plan.taxImporte)
		impuestos.traslados[0].importe = decimalToNumber(plan.taxImporte);
	if (impuestos) {
		concepto.objetoImp = '02';
		concepto.impuestos = impuestos;
	}
	return concepto;
}

function buildVoucher(
	header: VoucherHeader,
	plans: LinePlan[],
	decimals: number,
): { voucher: Voucher; total: Decimal } {
	const draft = {
		...header,
		conceptos: plans.map((plan) => conceptFor(plan, decimals)),
	} as Voucher;
	const { voucher, computed } = computeTotals(draft, { decimals, keepTaxImportes: true });
	return { voucher, total: parseDecimal(computed.total) as Decimal };
}

/**
 * Prices the lines and returns the voucher computeTotals fills from them. Lines with a unit price of
 * 0 are left out (a CFDI concept needs a price above 0, CFDI40166) and named in the notes.
 */
export function priceVoucher(header: VoucherHeader, lines: SaleLine[]): PricingResult {
	const decimals = amountDecimals(header.moneda);
	const notes: string[] = [];
	const priced = lines.filter((line) => {
		if (!isZero(line.unitPrice)) return true;
		notes.push(
			`${line.path} ("${line.descripcion}") has a price of 0 and is left out of the voucher.`,
		);
		return false;
	});
	const plans = priced.map((line) => planLine(line, decimals));
	const chargedTotal = sumDecimals(plans.map((plan) => plan.charged));
	chooseBases(plans);
	for (const plan of plans) {
		const shift = plan.options.find((option) => option.base === plan.base)?.shift ?? 0;
		if (shift === 0 || plan.options.length === 1) continue;
		const amount = decimalToString(decimalOf(Math.abs(shift), decimals));
		notes.push(
			`${plan.line.path}: the voucher carries ${amount} ${shift > 0 ? 'more' : 'less'} than was charged for this line, so that the per-line tax rounding of the SAT adds up to the amount charged for the whole voucher.`,
		);
	}
	for (const plan of plans) {
		if (!plan.taxImporte || plan.line.tax.kind !== 'rate') continue;
		const product = multiplyDecimal(plan.base, plan.line.tax.rate);
		notes.push(
			`${plan.line.path}: its IVA is ${showMoney(plan.taxImporte, decimals)} (${showMoney(plan.base, decimals)} × ${decimalToString(plan.line.tax.rate)} = ${decimalToString(product)}, rounded ${compareDecimal(plan.taxImporte, product) > 0 ? 'up' : 'down'}: the SAT accepts either rounding), so the line carries exactly what was charged.`,
		);
	}
	const gaps: string[] = [];
	for (const plan of plans) {
		const shift = plan.options.find((option) => option.base === plan.base)?.shift ?? 0;
		if (Math.abs(shift) <= MAX_SHIFT) continue;
		const priced = totalForBase(plan.base, plan.line.tax, decimals);
		gaps.push(
			`${plan.line.path} was charged ${showMoney(plan.charged, decimals)} with its tax, but its price and tax rate give ${showMoney(priced, decimals)}`,
		);
	}
	const built = buildVoucher(header, plans, decimals);
	return { voucher: built.voucher, chargedTotal, voucherTotal: built.total, decimals, notes, gaps };
}

/** "1508.00"-style text of an amount, for notes that show both figures. */
export function showMoney(amount: Decimal, decimals: number): string {
	return decimalToString(amount, decimals);
}
