import { IMPUESTO } from '../catalogs/impuesto';
import { TIPO_FACTOR } from '../catalogs/tipoFactor';
import { compareDecimal, decimalToString, sumDecimals, type Decimal } from '../decimal';
import {
	describeTrasladoGroup,
	groupRetenciones,
	groupTraslados,
	trasladoKey,
	type RetencionGroup,
	type TaxLineAmounts,
	type TrasladoGroup,
} from '../taxGrouping';
import { messageValue } from './describe';
import { amountOf, isPresent, textOf, type UnknownRecord, type ValidationContext } from './context';
import { isRecord } from '../voucherShape';
import { checkCode } from './codes';
import { readAmount } from './amountRules';
import { allTaxLines } from './taxLines';

interface Item {
	record: UnknownRecord;
	path: string;
}

function itemsOf(impuestos: UnknownRecord, member: string): Item[] {
	const list = impuestos[member];
	if (!Array.isArray(list)) return [];
	return list.flatMap((record, index) =>
		isRecord(record) ? [{ record, path: `impuestos.${member}[${index}]` }] : [],
	);
}

/** Concept lines as exact amounts, or undefined when any line has a problem already reported. */
function conceptAmounts(
	ctx: ValidationContext,
): { traslados: TaxLineAmounts[]; retenciones: TaxLineAmounts[] } | undefined {
	const conceptPaths = ctx.view.conceptos.map((_, index) => `conceptos[${index}].impuestos`);
	if (!ctx.isClean('conceptos', ...conceptPaths)) return undefined;
	const traslados: TaxLineAmounts[] = [];
	const retenciones: TaxLineAmounts[] = [];
	for (const { line, withheld } of allTaxLines(ctx.view)) {
		const impuesto = textOf(line, 'impuesto');
		const tipoFactor = textOf(line, 'tipoFactor');
		const base = amountOf(line, 'base');
		if (!impuesto || !tipoFactor || !base) return undefined;
		(withheld ? retenciones : traslados).push({
			impuesto,
			tipoFactor,
			base,
			tasaOCuota: amountOf(line, 'tasaOCuota'),
			importe: amountOf(line, 'importe'),
		});
	}
	return { traslados, retenciones };
}

function groupLabel(record: UnknownRecord): string {
	return describeTrasladoGroup(
		String(record.impuesto),
		String(record.tipoFactor),
		amountOf(record, 'tasaOCuota'),
	);
}

/** Keys that appear more than once; their items are not compared, only reported as repeated. */
function repeatedKeys(keys: Array<string | undefined>): Set<string> {
	const counts = new Map<string, number>();
	for (const key of keys) if (key !== undefined) counts.set(key, (counts.get(key) ?? 0) + 1);
	return new Set([...counts].filter(([, count]) => count > 1).map(([key]) => key));
}

function trasladoItemKey(record: UnknownRecord): string | undefined {
	const impuesto = textOf(record, 'impuesto');
	const tipoFactor = textOf(record, 'tipoFactor');
	return impuesto && tipoFactor
		? trasladoKey(impuesto, tipoFactor, amountOf(record, 'tasaOCuota'))
		: undefined;
}

function checkTraslados(
	ctx: ValidationContext,
	items: Item[],
	expected: TrasladoGroup[] | undefined,
	decimals: number | undefined,
): void {
	const seen = new Set<string>();
	const repeated = repeatedKeys(items.map(({ record }) => trasladoItemKey(record)));
	for (const { record, path } of items) {
		checkCode(ctx, record, 'impuesto', `${path}.impuesto`, IMPUESTO, 'c_Impuesto', 'CFDI40217');
		checkCode(
			ctx,
			record,
			'tipoFactor',
			`${path}.tipoFactor`,
			TIPO_FACTOR,
			'c_TipoFactor',
			'CFDI40176',
		);
		const base = readAmount(ctx, record, 'base', `${path}.base`, decimals, 'CFDI40214');
		const importe = readAmount(ctx, record, 'importe', `${path}.importe`, decimals, 'CFDI40220');
		const impuesto = textOf(record, 'impuesto');
		const tipoFactor = textOf(record, 'tipoFactor');
		if (
			!impuesto ||
			!tipoFactor ||
			!ctx.isClean(`${path}.impuesto`, `${path}.tipoFactor`, `${path}.tasaOCuota`)
		)
			continue;
		if (tipoFactor !== 'Exento') {
			for (const key of ['tasaOCuota', 'importe']) {
				if (!isPresent(record, key))
					ctx.missing(
						`${path}.${key}`,
						`Add ${key}; a voucher-level traslado with tipoFactor ${messageValue(tipoFactor)} needs tasaOCuota and importe.`,
						'CFDI40213',
					);
			}
		}
		const key = trasladoKey(impuesto, tipoFactor, amountOf(record, 'tasaOCuota'));
		if (seen.has(key)) {
			ctx.error(
				'CFDI40218',
				path,
				`${path} repeats ${groupLabel(record)}.`,
				'Merge the voucher-level traslados that share impuesto, tipoFactor and tasaOCuota into one.',
			);
			continue;
		}
		seen.add(key);
		if (!expected || decimals === undefined || repeated.has(key)) continue;
		const group = expected.find((candidate) => candidate.key === key);
		if (!group) {
			ctx.error(
				'TAX_SUMMARY_UNMATCHED',
				path,
				`${path} (${groupLabel(record)}) matches no concept tax line.`,
				'Remove it, or add the tax to the concepts it applies to.',
			);
			continue;
		}
		if (base && compareDecimal(base, group.base) !== 0) {
			ctx.error(
				'CFDI40215',
				`${path}.base`,
				`${path}.base ${messageValue(record.base)} is not the sum of the concept bases for ${groupLabel(record)} (${decimalToString(group.base, decimals)}).`,
				`Set it to ${decimalToString(group.base, decimals)}.`,
				record.base,
			);
		}
		if (importe && group.importe && compareDecimal(importe, group.importe) !== 0) {
			ctx.error(
				'CFDI40221',
				`${path}.importe`,
				`${path}.importe ${messageValue(record.importe)} is not the sum of the rounded concept tax amounts for ${groupLabel(record)} (${decimalToString(group.importe, decimals)}).`,
				`Set it to ${decimalToString(group.importe, decimals)}: add up the concept amounts already rounded, do not recompute base × rate for the whole voucher.`,
				record.importe,
			);
		}
	}
	if (!expected || decimals === undefined) return;
	for (const group of expected) {
		if (seen.has(group.key)) continue;
		const label = describeTrasladoGroup(group.impuesto, group.tipoFactor, group.tasaOCuota);
		const importe = group.importe ? `, importe ${decimalToString(group.importe, decimals)}` : '';
		ctx.error(
			'TAX_SUMMARY_MISSING',
			'impuestos.traslados',
			`impuestos.traslados has no entry for ${label}, which the concepts carry.`,
			`Add {base ${decimalToString(group.base, decimals)}, impuesto ${messageValue(group.impuesto)}, tipoFactor ${messageValue(group.tipoFactor)}${group.tasaOCuota ? `, tasaOCuota ${decimalToString(group.tasaOCuota, 6)}` : ''}${importe}}.`,
		);
	}
}

function checkRetenciones(
	ctx: ValidationContext,
	items: Item[],
	expected: RetencionGroup[] | undefined,
	decimals: number | undefined,
): void {
	const seen = new Set<string>();
	const repeated = repeatedKeys(items.map(({ record }) => textOf(record, 'impuesto')));
	for (const { record, path } of items) {
		checkCode(ctx, record, 'impuesto', `${path}.impuesto`, IMPUESTO, 'c_Impuesto', 'CFDI40207');
		const importe = readAmount(ctx, record, 'importe', `${path}.importe`, decimals, 'CFDI40210');
		const impuesto = textOf(record, 'impuesto');
		if (!impuesto || !ctx.isClean(`${path}.impuesto`)) continue;
		if (seen.has(impuesto)) {
			ctx.error(
				'CFDI40208',
				path,
				`${path} repeats impuesto ${messageValue(impuesto)}.`,
				'Merge the voucher-level retenciones of the same impuesto into one.',
			);
			continue;
		}
		seen.add(impuesto);
		if (!expected || decimals === undefined || repeated.has(impuesto)) continue;
		const group = expected.find((candidate) => candidate.impuesto === impuesto);
		if (!group) {
			ctx.error(
				'TAX_SUMMARY_UNMATCHED',
				path,
				`${path} (impuesto ${messageValue(impuesto)}) matches no concept withholding.`,
				'Remove it, or add the withholding to the concepts it applies to.',
			);
		} else if (importe && compareDecimal(importe, group.importe) !== 0) {
			ctx.error(
				'CFDI40211',
				`${path}.importe`,
				`${path}.importe ${messageValue(record.importe)} is not the sum of the rounded concept withholdings of impuesto ${messageValue(impuesto)} (${decimalToString(group.importe, decimals)}).`,
				`Set it to ${decimalToString(group.importe, decimals)}.`,
				record.importe,
			);
		}
	}
	if (!expected || decimals === undefined) return;
	for (const group of expected) {
		if (seen.has(group.impuesto)) continue;
		ctx.error(
			'TAX_SUMMARY_MISSING',
			'impuestos.retenciones',
			`impuestos.retenciones has no entry for impuesto ${messageValue(group.impuesto)}, which the concepts withhold.`,
			`Add {impuesto ${messageValue(group.impuesto)}, importe ${decimalToString(group.importe, decimals)}}.`,
		);
	}
}

/** A voucher-level total must exist when its lines do, and equal their sum. */
function checkTotal(
	ctx: ValidationContext,
	impuestos: UnknownRecord,
	key: string,
	items: Item[],
	codes: { missing: string; sum: string; decimals: string },
	decimals: number | undefined,
): void {
	const path = `impuestos.${key}`;
	const amounts = items.filter(({ record }) => textOf(record, 'tipoFactor') !== 'Exento');
	const total = readAmount(ctx, impuestos, key, path, decimals, codes.decimals);
	if (amounts.length > 0 && !isPresent(impuestos, key)) {
		ctx.missing(
			path,
			`Add ${key}, the sum of the importe of the voucher-level items.`,
			codes.missing,
		);
		return;
	}
	if (
		!total ||
		decimals === undefined ||
		!ctx.isClean(...amounts.map(({ path: itemPath }) => itemPath))
	)
		return;
	const parts = amounts.map(({ record }) => amountOf(record, 'importe'));
	if (parts.some((part) => !part)) return;
	const sum = sumDecimals(parts as Decimal[]);
	if (compareDecimal(total, sum) !== 0) {
		ctx.error(
			codes.sum,
			path,
			`${path} ${messageValue(impuestos[key])} is not the sum of the voucher-level importe values (${decimalToString(sum, decimals)}).`,
			`Set it to ${decimalToString(sum, decimals)}.`,
			impuestos[key],
		);
	}
}

/** Voucher-level impuestos equal the grouped concept taxes (CFDI40215 / CFDI40221) and their totals. */
export function checkVoucherTaxes(ctx: ValidationContext): void {
	const { impuestos, tipo } = ctx.view;
	if (tipo === 'T' || tipo === 'P') return;
	const decimals = ctx.isClean('moneda') ? ctx.decimals : undefined;
	if (!impuestos) {
		if (allTaxLines(ctx.view).length > 0) {
			ctx.warn(
				'TAX_SUMMARY_ABSENT',
				'impuestos',
				'impuestos is missing although the concepts carry taxes.',
				'Add the voucher-level impuestos (traslados, retenciones and their totals), grouped from the concept taxes; computing totals fills it.',
			);
		}
		return;
	}
	const concepts = conceptAmounts(ctx);
	const expectedTraslados =
		concepts && decimals !== undefined ? groupTraslados(concepts.traslados, decimals) : undefined;
	const expectedRetenciones =
		concepts && decimals !== undefined
			? groupRetenciones(concepts.retenciones, decimals)
			: undefined;
	const traslados = itemsOf(impuestos, 'traslados');
	const retenciones = itemsOf(impuestos, 'retenciones');
	checkTraslados(ctx, traslados, expectedTraslados, decimals);
	checkRetenciones(ctx, retenciones, expectedRetenciones, decimals);
	checkTotal(
		ctx,
		impuestos,
		'totalImpuestosTrasladados',
		traslados,
		{ missing: 'CFDI40212', sum: 'CFDI40205', decimals: 'CFDI40204' },
		decimals,
	);
	checkTotal(
		ctx,
		impuestos,
		'totalImpuestosRetenidos',
		retenciones,
		{ missing: 'CFDI40206', sum: 'CFDI40203', decimals: 'CFDI40202' },
		decimals,
	);
}
