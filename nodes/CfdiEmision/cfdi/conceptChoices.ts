/**
 * What a taxed concept may carry when a voucher is reconciled with its source's money
 * (reconcile.ts): its base moved by a few cents, and each tax Importe anywhere within the SAT's
 * limits for its base × rate (Anexo 20 and its validation matrix; tolerance.ts), not only the
 * rounded product. The limits make every tax-included amount reachable to the cent; the exact
 * tax is preferred and an Importe off it is chosen only where no exact one reaches the money.
 */
import { computeTotals } from './computeTotals';
import {
	addDecimal,
	compareDecimal,
	decimalOf,
	decimalToNumber,
	decimalToString,
	multiplyDecimal,
	parseDecimal,
	roundDecimal,
	subtractDecimal,
	type Decimal,
} from './decimal';
import { taxImporteBounds, taxImporteChoices } from './tolerance';
import type { Concepto, Voucher } from './types';
import { unitValueFor } from './unitValue';

/** How many cents one concept may carry above or below its own amount to balance the others. */
export const MAX_SHIFT_UNITS = 3;
// A base moved counts 1; a tax Importe off the rounded product counts 2, so the exact tax wins a tie.
const BASE_MOVE = 1;
const TAX_MOVE = 2;
// Tax lines per concept whose Importe may vary (the node writes at most IVA, IEPS and two withholdings).
const VARIED_TAX_LINES = 4;
// How many concepts a note names before it summarizes the rest.
const NAMED_MOVES = 5;

export interface ConceptOption {
	valorUnitario: number;
	/** The line's total with this option: importe − descuento + transferred − withheld. */
	total: Decimal;
	/** Cents the concept's importe moves. */
	shift: number;
	/** Units of the currency's last decimal between `total` and the concept's reference. */
	deviation: number;
	/** What the option changes, by weight (BASE_MOVE, TAX_MOVE); absent: 1 when shifted. */
	moves?: number;
	/** Each tax line's Importe (traslados, then retenciones; none for Exento), when one is off the rounded product. */
	taxImportes?: Array<Decimal | undefined>;
}

/** A taxed concept whose base can move by a few cents: its candidate unit values and the line total each gives. */
export interface ConceptOptions {
	index: number;
	/** The line total the concept is measured against: its source amount, or its total as built. */
	reference: Decimal;
	options: ConceptOption[];
}

export function unitsOf(value: Decimal, decimals: number): number {
	const scaled = roundDecimal(value, decimals);
	return Number(scaled.units * BigInt(10) ** BigInt(decimals - scaled.scale));
}

function conceptLabel(concepto: Concepto, index: number): string {
	const name = concepto.noIdentificacion ? `${concepto.noIdentificacion}, ` : '';
	return `conceptos[${index}] (${name}"${String(concepto.descripcion ?? '')}")`;
}

/** The concept alone, computed as computeTotals rounds it. */
function computedLine(voucher: Voucher, concepto: Concepto, decimals: number) {
	const probe = {
		moneda: voucher.moneda,
		tipoDeComprobante: voucher.tipoDeComprobante,
		conceptos: [concepto],
	} as unknown as Voucher;
	return computeTotals(probe, { decimals }).computed;
}

export function lineTotal(voucher: Voucher, concepto: Concepto, decimals: number): Decimal {
	return parseDecimal(computedLine(voucher, concepto, decimals).total) as Decimal;
}

/** The concept's tax lines at a positive rate (Tasa): each rounds its Importe to the currency's decimals. */
export function roundedTaxLines(concepto: Concepto): number {
	const traslados = concepto.impuestos?.traslados ?? [];
	const retenciones = concepto.impuestos?.retenciones ?? [];
	return [...traslados, ...retenciones].filter(
		(tax) => tax.tipoFactor === 'Tasa' && Number(tax.tasaOCuota) > 0,
	).length;
}

/** Taxed at a positive rate (Tasa), with no amount per unit (Cuota): where per-line rounding happens. */
function roundsPerLine(concepto: Concepto): boolean {
	const lines = [
		...(concepto.impuestos?.traslados ?? []),
		...(concepto.impuestos?.retenciones ?? []),
	];
	if (lines.some((tax) => tax.tipoFactor === 'Cuota')) return false;
	return roundedTaxLines(concepto) > 0;
}

interface TaxVariant {
	/** Units the line total moves. */
	delta: number;
	moves: number;
	importes: Array<Decimal | undefined>;
}

/**
 * Every choice of the concept's tax Importes, the rounded products first: each base × rate rounded
 * down or up (within the SAT's limits however the Base is written: tolerance.ts).
 */
function taxVariants(
	concepto: Concepto,
	computed: ReturnType<typeof computedLine>,
	decimals: number,
): TaxVariant[] {
	const [line] = computed.conceptos;
	const exact: TaxVariant = { delta: 0, moves: 0, importes: [] };
	// A line computeTotals could not compute is left out of its lists: then only the exact taxes.
	if (
		line.traslados.length !== (concepto.impuestos?.traslados?.length ?? 0) ||
		line.retenciones.length !== (concepto.impuestos?.retenciones?.length ?? 0)
	)
		return [exact];
	const taxes = [
		...line.traslados.map((tax) => ({ tax, sign: 1 })),
		...line.retenciones.map((tax) => ({ tax, sign: -1 })),
	];
	let variants: TaxVariant[] = [exact];
	taxes.forEach(({ tax, sign }, position) => {
		const rounded = tax.importe === undefined ? undefined : parseDecimal(tax.importe);
		const rate = parseDecimal(tax.tasaOCuota);
		const base = parseDecimal(tax.base);
		const choices: Array<{ importe?: Decimal; delta: number }> = [{ importe: rounded, delta: 0 }];
		if (rounded && rate && base && tax.tipoFactor === 'Tasa' && position < VARIED_TAX_LINES) {
			const bounds = taxImporteChoices(base, rate, decimals);
			const low = unitsOf(subtractDecimal(bounds.lower, rounded), decimals);
			const high = unitsOf(subtractDecimal(bounds.upper, rounded), decimals);
			for (let step = low; step <= high; step++)
				if (step !== 0)
					choices.push({
						importe: addDecimal(rounded, multiplyDecimal(decimalOf(1, decimals), decimalOf(step))),
						delta: step,
					});
		}
		variants = variants.flatMap((variant) =>
			choices.map((choice) => ({
				delta: variant.delta + sign * choice.delta,
				moves: variant.moves + (choice.delta === 0 ? 0 : TAX_MOVE),
				importes: [...variant.importes, choice.importe],
			})),
		);
	});
	return variants;
}

export function conceptOptions(
	voucher: Voucher,
	index: number,
	decimals: number,
	reference: Decimal | undefined,
): ConceptOptions | undefined {
	const concepto = voucher.conceptos[index];
	const quantity = parseDecimal(concepto.cantidad);
	const importe = parseDecimal(concepto.importe);
	const descuento = parseDecimal(concepto.descuento ?? 0) ?? decimalOf(0);
	if (!quantity || !importe || quantity.units <= BigInt(0) || !roundsPerLine(concepto))
		return undefined;
	const unit = decimalOf(1, decimals);
	const ref = reference ?? lineTotal(voucher, concepto, decimals);
	// One option per deviation: the cheapest, the earliest on a tie (so the exact tax first).
	const byDeviation = new Map<number, ConceptOption>();
	for (let shift = -MAX_SHIFT_UNITS; shift <= MAX_SHIFT_UNITS; shift++) {
		const moved = addDecimal(importe, multiplyDecimal(unit, decimalOf(shift)));
		if (compareDecimal(subtractDecimal(moved, descuento), decimalOf(0)) <= 0) continue;
		const value =
			compareDecimal(quantity, decimalOf(1)) === 0
				? moved
				: unitValueFor(moved, quantity, decimals);
		if (compareDecimal(roundDecimal(multiplyDecimal(quantity, value), decimals), moved) !== 0)
			continue;
		const candidate = { ...concepto, valorUnitario: decimalToNumber(value) };
		delete candidate.importe;
		const computed = computedLine(voucher, shift === 0 ? concepto : candidate, decimals);
		const total = parseDecimal(computed.total) as Decimal;
		for (const variant of taxVariants(concepto, computed, decimals)) {
			const reached = addDecimal(total, multiplyDecimal(unit, decimalOf(variant.delta)));
			const option: ConceptOption = {
				valorUnitario: candidate.valorUnitario,
				total: reached,
				shift,
				deviation: unitsOf(subtractDecimal(reached, ref), decimals),
				moves: (shift === 0 ? 0 : BASE_MOVE) + variant.moves,
				...(variant.moves > 0 ? { taxImportes: variant.importes } : {}),
			};
			const kept = byDeviation.get(option.deviation);
			if (!kept || (kept.moves ?? 0) > (option.moves ?? 0))
				byDeviation.set(option.deviation, option);
		}
	}
	// Never empty: a line's amount is above its discount, so shift 0 or a shift up is kept.
	return { index, reference: ref, options: [...byDeviation.values()] };
}

function taxLabel(concepto: Concepto, position: number): string {
	const traslados = concepto.impuestos?.traslados ?? [];
	const tax =
		position < traslados.length
			? traslados[position]
			: concepto.impuestos?.retenciones?.[position - traslados.length];
	const names: Record<string, string> = { '001': 'ISR', '002': 'IVA', '003': 'IEPS' };
	const rate = tax && 'tasaOCuota' in tax ? ` ${Number(tax.tasaOCuota) * 100} %` : '';
	const withheld = position >= traslados.length ? ' withheld' : '';
	return `${names[String(tax?.impuesto)] ?? 'tax'}${rate}${withheld}`;
}

export function describeMoves(
	voucher: Voucher,
	concepts: ConceptOptions[],
	picks: number[],
	decimals: number,
	perConcept: boolean,
	sent: Voucher,
): string {
	const moves: string[] = [];
	concepts.forEach((concept, position) => {
		const option = concept.options[picks[position]];
		const label = conceptLabel(voucher.conceptos[concept.index], concept.index);
		// Against the line as built, a deviation reached by its tax alone is said by the tax.
		if (option.deviation !== 0 && (perConcept || option.shift !== 0 || !option.taxImportes)) {
			const amount = decimalToString(decimalOf(Math.abs(option.deviation), decimals), decimals);
			const against = perConcept
				? `its source amount ${decimalToString(concept.reference, decimals)}`
				: `its amount as built (${decimalToString(concept.reference, decimals)})`;
			moves.push(
				`${label} carries ${amount} ${option.deviation > 0 ? 'more' : 'less'} than ${against}`,
			);
		}
		if (option.taxImportes) {
			const lines = [
				...(sent.conceptos[concept.index].impuestos?.traslados ?? []),
				...(sent.conceptos[concept.index].impuestos?.retenciones ?? []),
			];
			lines.forEach((tax, at) => {
				const rate = parseDecimal(tax.tasaOCuota);
				const base = parseDecimal(tax.base);
				const importe = parseDecimal(tax.importe);
				if (!rate || !base || !importe) return;
				const exact = roundDecimal(multiplyDecimal(base, rate), decimals);
				if (compareDecimal(exact, importe) === 0) return;
				const bounds = taxImporteBounds(
					decimalOf(unitsOf(base, decimals), decimals),
					rate,
					decimals,
				);
				moves.push(
					`${label}'s ${taxLabel(sent.conceptos[concept.index], at)} is ${decimalToString(importe, decimals)} on base ${decimalToString(base, decimals)} (${decimalToString(exact, decimals)} rounded; the SAT accepts ${decimalToString(bounds.lower, decimals)} to ${decimalToString(bounds.upper, decimals)})`,
				);
			});
		}
	});
	const named = moves.slice(0, NAMED_MOVES).join('; ');
	return moves.length > NAMED_MOVES
		? `${named}; and ${moves.length - NAMED_MOVES} more concepts likewise`
		: named;
}

/** The voucher with each concept's chosen option: its unit value and, where chosen, its tax Importes. */
export function withOptions(
	voucher: Voucher,
	concepts: ConceptOptions[],
	picks: number[],
	decimals: number,
): Voucher {
	const conceptos = voucher.conceptos.map((concepto) => ({ ...concepto }));
	concepts.forEach((concept, position) => {
		const option = concept.options[picks[position]];
		if (option.shift === 0 && !option.taxImportes) return;
		const moved: Concepto = { ...conceptos[concept.index], valorUnitario: option.valorUnitario };
		delete moved.importe;
		if (moved.impuestos) {
			// The chosen Importes; a moved base without them takes its own taxes' rounded products.
			const importes = [...(option.taxImportes ?? [])];
			const rewrite = <T extends object>(lines: T[] | undefined): T[] | undefined =>
				lines?.map((line) => {
					const { importe: _old, ...rest } = line as T & { importe?: unknown };
					void _old;
					const importe = option.taxImportes ? importes.shift() : undefined;
					if (option.taxImportes && !importe) return line;
					return (importe ? { ...rest, importe: decimalToNumber(importe) } : rest) as T;
				});
			const { traslados, retenciones, ...others } = moved.impuestos;
			moved.impuestos = {
				...others,
				...(traslados ? { traslados: rewrite(traslados) } : {}),
				...(retenciones ? { retenciones: rewrite(retenciones) } : {}),
			};
		}
		conceptos[concept.index] = moved;
	});
	return computeTotals({ ...voucher, conceptos }, { decimals, keepTaxImportes: true }).voucher;
}
