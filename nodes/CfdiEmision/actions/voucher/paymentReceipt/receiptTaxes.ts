/**
 * The payment's taxes (ImpuestosP) from its related documents' taxes, and the least Monto the
 * documents allow: DR amounts converted to the payment's currency (÷ EquivalenciaDR), summed with
 * extra decimals, then rounded once.
 */
import {
	compareDecimal,
	decimalOf,
	decimalToString,
	divideDecimal,
	isZero,
	normalizeDecimal,
	roundDecimal,
	sumDecimals,
	type Decimal,
	parseDecimal,
	decimalToNumber,
} from '../../../cfdi/decimal';
import type { ImpuestosP, RetencionP, TrasladoP } from '../../../cfdi/voucherShape';
import { isRecord } from '../../../cfdi/voucherShape';
import { givenText } from '../../../cfdi/fieldText';
import { ONE } from './ruleAmounts';

// Amounts converted between currencies are summed with this many decimals, then rounded once.
const CONVERSION_DECIMALS = 10;

/** A tax line (a related document's or the payment's) reduced to exact amounts. */
export interface TaxLine {
	impuesto: string;
	tipoFactor: string;
	tasaOCuota?: Decimal;
	base: Decimal;
	importe?: Decimal;
}

/** The amounts of one DoctoRelacionado that feed ImpuestosP. */
export interface DocumentTaxAmounts {
	equivalencia: Decimal;
	traslados: TaxLine[];
	retenciones: TaxLine[];
}

/**
 * A tax line read exactly, its members suffixed DR (a related document's) or P (a payment's
 * transfers); undefined when one it needs is not usable. Only an exempt transfer has no rate or amount.
 */
export function readTaxLine(
	record: unknown,
	suffix: 'DR' | 'P',
	withheld = false,
): TaxLine | undefined {
	if (!isRecord(record)) return undefined;
	const exactMember = (name: string) => {
		const value = record[`${name}${suffix}`];
		return typeof value === 'number' ? parseDecimal(value) : undefined;
	};
	const impuesto = givenText(record[`impuesto${suffix}`]);
	const tipoFactor = givenText(record[`tipoFactor${suffix}`]);
	const base = exactMember('base');
	if (!impuesto || !tipoFactor || !base) return undefined;
	const line: TaxLine = { impuesto, tipoFactor, base };
	if (tipoFactor !== 'Exento' || withheld) {
		const rate = exactMember('tasaOCuota');
		const importe = exactMember('importe');
		if (!rate || !importe) return undefined;
		line.tasaOCuota = rate;
		line.importe = importe;
	}
	return line;
}

/** A DR's tax amounts, or undefined when any of them is not usable (a validator reports it). */
export function readDocumentTaxAmounts(
	doc: unknown,
	monedaP: string | undefined,
): DocumentTaxAmounts | undefined {
	if (!isRecord(doc)) return undefined;
	const sameCurrency = givenText(doc.monedaDR) !== undefined && doc.monedaDR === monedaP;
	const equivalencia =
		typeof doc.equivalenciaDR === 'number'
			? parseDecimal(doc.equivalenciaDR)
			: sameCurrency && doc.equivalenciaDR === undefined
				? ONE
				: undefined;
	if (!equivalencia || isZero(equivalencia)) return undefined;
	const result: DocumentTaxAmounts = { equivalencia, traslados: [], retenciones: [] };
	const impuestos = doc.impuestosDR;
	if (impuestos === undefined || impuestos === null) return result;
	if (!isRecord(impuestos)) return undefined;
	for (const [member, withheld, sink] of [
		['trasladosDR', false, result.traslados],
		['retencionesDR', true, result.retenciones],
	] as const) {
		const list = impuestos[member];
		if (list === undefined || list === null) continue;
		if (!Array.isArray(list)) return undefined;
		for (const item of list) {
			const line = readTaxLine(item, 'DR', withheld);
			if (!line) return undefined;
			sink.push(line);
		}
	}
	return result;
}

function converted(amount: Decimal, equivalencia: Decimal): Decimal {
	return compareDecimal(equivalencia, ONE) === 0
		? amount
		: divideDecimal(amount, equivalencia, CONVERSION_DECIMALS);
}

function rateKey(impuesto: string, tipoFactor: string, rate?: Decimal): string {
	return `${impuesto}|${tipoFactor}|${rate ? decimalToString(normalizeDecimal(rate)) : ''}`;
}

/**
 * ImpuestosP: the DR taxes grouped per impuesto / tipoFactor / rate (transfers) and per impuesto
 * (withholdings), each DR amount divided by its equivalenciaDR, summed, then rounded to the
 * payment currency (CRP20265, CRP20268, CRP20274).
 */
export function groupPaymentTaxes(
	documents: ReadonlyArray<DocumentTaxAmounts>,
	decimals: number,
): ImpuestosP | undefined {
	const traslados = new Map<string, { line: TaxLine; bases: Decimal[]; importes: Decimal[] }>();
	const retenciones = new Map<string, Decimal[]>();
	for (const doc of documents) {
		for (const line of doc.traslados) {
			const key = rateKey(line.impuesto, line.tipoFactor, line.tasaOCuota);
			const group = traslados.get(key) ?? { line, bases: [], importes: [] };
			group.bases.push(converted(line.base, doc.equivalencia));
			if (line.importe) group.importes.push(converted(line.importe, doc.equivalencia));
			traslados.set(key, group);
		}
		for (const line of doc.retenciones) {
			const importes = retenciones.get(line.impuesto) ?? [];
			importes.push(converted(line.importe ?? decimalOf(0), doc.equivalencia));
			retenciones.set(line.impuesto, importes);
		}
	}
	if (traslados.size === 0 && retenciones.size === 0) return undefined;
	const out: ImpuestosP = {};
	if (retenciones.size > 0) {
		out.retencionesP = [...retenciones].map(([impuestoP, importes]): RetencionP => ({
			impuestoP,
			importeP: decimalToNumber(roundDecimal(sumDecimals(importes), decimals)),
		}));
	}
	if (traslados.size > 0) {
		out.trasladosP = [...traslados.values()].map(({ line, bases, importes }): TrasladoP => {
			const item: TrasladoP = {
				baseP: decimalToNumber(roundDecimal(sumDecimals(bases), decimals)),
				impuestoP: line.impuesto,
				tipoFactorP: line.tipoFactor,
			};
			if (line.tipoFactor !== 'Exento') {
				// Every line but an exempt one has its rate (readTaxLine reads no line without it).
				item.tasaOCuotaP = decimalToNumber(line.tasaOCuota as Decimal);
				item.importeP = decimalToNumber(roundDecimal(sumDecimals(importes), decimals));
			}
			return item;
		});
	}
	return out;
}

/** Σ impPagado ÷ equivalenciaDR rounded to the payment currency: the least Monto allowed (CRP20217). */
export function minimumMonto(
	documents: ReadonlyArray<{ impPagado: Decimal; equivalencia: Decimal }>,
	decimals: number,
): Decimal {
	return roundDecimal(
		sumDecimals(documents.map((doc) => converted(doc.impPagado, doc.equivalencia))),
		decimals,
	);
}
