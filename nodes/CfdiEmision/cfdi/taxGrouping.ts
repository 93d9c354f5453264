import {
	decimalToString,
	normalizeDecimal,
	roundDecimal,
	sumDecimals,
	type Decimal,
} from './decimal';

/** One concept tax line reduced to exact amounts. */
export interface TaxLineAmounts {
	impuesto: string;
	tipoFactor: string;
	tasaOCuota?: Decimal;
	base: Decimal;
	importe?: Decimal;
}

/** Voucher-level traslado: bases and rounded line amounts summed per impuesto + tipoFactor + tasaOCuota. */
export interface TrasladoGroup {
	key: string;
	impuesto: string;
	tipoFactor: string;
	tasaOCuota?: Decimal;
	base: Decimal;
	/** Absent for Exento groups. */
	importe?: Decimal;
}

/** Voucher-level retención: rounded line amounts summed per impuesto. */
export interface RetencionGroup {
	impuesto: string;
	importe: Decimal;
}

/** Grouping key; 0.16 and 0.160000 are the same rate. */
export function trasladoKey(impuesto: string, tipoFactor: string, tasaOCuota?: Decimal): string {
	const rate = tasaOCuota ? decimalToString(normalizeDecimal(tasaOCuota)) : '';
	return `${impuesto}|${tipoFactor}|${rate}`;
}

/** Human label of a group, e.g. 002/Tasa/0.160000. */
export function describeTrasladoGroup(
	impuesto: string,
	tipoFactor: string,
	tasaOCuota?: Decimal,
): string {
	return tasaOCuota
		? `${impuesto}/${tipoFactor}/${decimalToString(tasaOCuota, 6)}`
		: `${impuesto}/${tipoFactor}`;
}

/**
 * Sums the concept lines per group, in first-appearance order. The voucher-level importe is the
 * sum of the already rounded line amounts, never base × rate again (CFDI40215 / CFDI40221).
 */
export function groupTraslados(
	lines: ReadonlyArray<TaxLineAmounts>,
	decimals: number,
): TrasladoGroup[] {
	const groups = new Map<string, { line: TaxLineAmounts; bases: Decimal[]; importes: Decimal[] }>();
	for (const line of lines) {
		const key = trasladoKey(line.impuesto, line.tipoFactor, line.tasaOCuota);
		let group = groups.get(key);
		if (!group) {
			group = { line, bases: [], importes: [] };
			groups.set(key, group);
		}
		group.bases.push(line.base);
		if (line.importe) group.importes.push(line.importe);
	}
	return [...groups.entries()].map(([key, { line, bases, importes }]) => ({
		key,
		impuesto: line.impuesto,
		tipoFactor: line.tipoFactor,
		tasaOCuota: line.tasaOCuota,
		base: roundDecimal(sumDecimals(bases), decimals),
		importe:
			line.tipoFactor === 'Exento' ? undefined : roundDecimal(sumDecimals(importes), decimals),
	}));
}

/** Sums withheld line amounts per impuesto, in first-appearance order. */
export function groupRetenciones(
	lines: ReadonlyArray<TaxLineAmounts>,
	decimals: number,
): RetencionGroup[] {
	const groups = new Map<string, Decimal[]>();
	for (const line of lines) {
		const importes = groups.get(line.impuesto) ?? [];
		if (line.importe) importes.push(line.importe);
		groups.set(line.impuesto, importes);
	}
	return [...groups.entries()].map(([impuesto, importes]) => ({
		impuesto,
		importe: roundDecimal(sumDecimals(importes), decimals),
	}));
}
