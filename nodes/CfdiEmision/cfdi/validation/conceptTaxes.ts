import { IMPUESTO } from '../catalogs/impuesto';
import { TIPO_FACTOR } from '../catalogs/tipoFactor';
import {
	compareDecimal,
	decimalOf,
	decimalToString,
	isZero,
	multiplyDecimal,
	parseDecimal,
	roundDecimal,
	type Decimal,
} from '../decimal';
import { taxImporteBounds, withinBounds } from '../tolerance';
import { messageValue } from './describe';
import { isPresent, textOf, type ValidationContext } from './context';
import { isRecord } from '../voucherShape';
import { checkCode } from './codes';
import { CONCEPT_MAX_DECIMALS } from './formats';
import { readAmount } from './amountRules';
import { conceptTaxLines, type TaxLineRef } from './taxLines';

const IVA = '002';
const ISR = '001';
// IVA can only be transferred at 0%, 8% (border region) or 16%.
const IVA_RATES = ['0', '0.08', '0.16'].map((rate) => parseDecimal(rate) as Decimal);
// Withholding ranges of c_TasaOCuota.
const WITHHOLDING_MAX: Record<string, Decimal> = {
	[IVA]: decimalOf(16, 2),
	[ISR]: decimalOf(35, 2),
};

function checkObjetoImp(ctx: ValidationContext, index: number, lineCount: number): void {
	const concepto = ctx.view.conceptos[index];
	const path = `conceptos[${index}]`;
	const objetoImp = textOf(concepto, 'objetoImp');
	if (!ctx.isClean(`${path}.objetoImp`)) return;
	if (objetoImp === '02' && lineCount === 0) {
		ctx.error(
			'CFDI40171',
			`${path}.objetoImp`,
			`${path}.objetoImp is "02" (subject to tax) but the concept has no taxes.`,
			'Add impuestos.traslados, e.g. IVA {impuesto "002", tipoFactor "Tasa", tasaOCuota 0.16}, or use objetoImp "01" if the item is not subject to tax.',
			objetoImp,
		);
	} else if ((objetoImp === '01' || objetoImp === '03') && lineCount > 0) {
		ctx.error(
			'CFDI40172',
			`${path}.objetoImp`,
			`${path}.objetoImp is ${messageValue(objetoImp)} but the concept carries taxes.`,
			'Use objetoImp "02" for a concept with itemized taxes, or remove its impuestos.',
			objetoImp,
		);
	} else if (lineCount === 0 && isRecord(concepto?.impuestos)) {
		ctx.error(
			'CFDI40173',
			`${path}.impuestos`,
			`${path}.impuestos has no traslados or retenciones.`,
			'Remove the empty impuestos, or add the tax lines.',
		);
	}
}

/** Rate rules of c_TasaOCuota that hold for every taxpayer. */
export function rateProblem(
	impuesto: string,
	tipoFactor: string,
	rate: Decimal,
	withheld: boolean,
): string | undefined {
	if (rate.scale > CONCEPT_MAX_DECIMALS)
		return `Round tasaOCuota to ${CONCEPT_MAX_DECIMALS} decimals.`;
	if (withheld) {
		const max = WITHHOLDING_MAX[impuesto];
		if (tipoFactor === 'Tasa' && max && compareDecimal(rate, max) > 0) {
			return `Use a withholding rate from 0 to ${decimalToString(max, 6)} for impuesto ${messageValue(impuesto)}.`;
		}
		return undefined;
	}
	if (impuesto !== IVA) return undefined;
	if (tipoFactor === 'Cuota')
		return 'IVA has no per-unit amount: use tipoFactor "Tasa" with 0.16, 0.08 or 0, or "Exento".';
	if (!IVA_RATES.some((allowed) => compareDecimal(allowed, rate) === 0))
		return 'Use an IVA rate of 0.16, 0.08 (border region) or 0.';
	return undefined;
}

function checkTaxLine(ctx: ValidationContext, ref: TaxLineRef, decimals: number | undefined): void {
	const { line, path, withheld } = ref;
	const codes = withheld
		? {
				impuesto: 'CFDI40182',
				tipoFactor: 'CFDI40183',
				base: 'CFDI40181',
				importe: 'CFDI40186',
				rate: 'CFDI40185',
			}
		: {
				impuesto: 'CFDI40175',
				tipoFactor: 'CFDI40176',
				base: 'CFDI40174',
				importe: 'CFDI40180',
				rate: 'CFDI40179',
			};
	checkCode(ctx, line, 'impuesto', `${path}.impuesto`, IMPUESTO, 'c_Impuesto', codes.impuesto);
	checkCode(
		ctx,
		line,
		'tipoFactor',
		`${path}.tipoFactor`,
		TIPO_FACTOR,
		'c_TipoFactor',
		codes.tipoFactor,
	);
	const impuesto = ctx.isClean(`${path}.impuesto`) ? textOf(line, 'impuesto') : undefined;
	const tipoFactor = ctx.isClean(`${path}.tipoFactor`) ? textOf(line, 'tipoFactor') : undefined;

	if (impuesto === ISR && !withheld) {
		ctx.error(
			'CFDI40175',
			`${path}.impuesto`,
			`${path}.impuesto "001" (ISR) cannot be a transferred tax.`,
			'Move the ISR line to impuestos.retenciones.',
			impuesto,
		);
		return;
	}
	if (tipoFactor === 'Exento' && withheld) {
		ctx.error(
			'CFDI40184',
			`${path}.tipoFactor`,
			`${path}.tipoFactor "Exento" is not allowed in a withholding.`,
			'Use "Tasa" or "Cuota", or remove the withholding.',
			tipoFactor,
		);
		return;
	}

	const base = readAmount(ctx, line, 'base', `${path}.base`, CONCEPT_MAX_DECIMALS);
	if (base && isZero(base)) {
		ctx.error(
			codes.base,
			`${path}.base`,
			`${path}.base is 0.`,
			'Use a base greater than 0, or remove the tax line.',
			line.base,
		);
	}

	if (tipoFactor === 'Exento') {
		const extra = ['tasaOCuota', 'importe'].find((key) => isPresent(line, key));
		if (extra) {
			ctx.error(
				'CFDI40177',
				`${path}.${extra}`,
				`${path}.${extra} must not be present when tipoFactor is "Exento".`,
				'Remove tasaOCuota and importe from exempt lines.',
				line[extra],
			);
		}
		return;
	}
	if (tipoFactor === undefined) return;

	const missingCode = withheld ? 'REQUIRED' : 'CFDI40178';
	for (const key of ['tasaOCuota', 'importe']) {
		if (!isPresent(line, key))
			ctx.missing(
				`${path}.${key}`,
				`Add ${key}; a line with tipoFactor ${messageValue(tipoFactor)} needs both tasaOCuota and importe.`,
				missingCode,
			);
	}
	const rate = readAmount(ctx, line, 'tasaOCuota', `${path}.tasaOCuota`, undefined);
	const problem = rate && impuesto ? rateProblem(impuesto, tipoFactor, rate, withheld) : undefined;
	if (problem)
		ctx.error(
			codes.rate,
			`${path}.tasaOCuota`,
			`${path}.tasaOCuota ${messageValue(line.tasaOCuota)} is not valid for impuesto ${messageValue(impuesto)} with tipoFactor ${messageValue(tipoFactor)}.`,
			problem,
			line.tasaOCuota,
		);

	const importe = readAmount(ctx, line, 'importe', `${path}.importe`, CONCEPT_MAX_DECIMALS);
	if (
		!base ||
		!rate ||
		!importe ||
		decimals === undefined ||
		!ctx.isClean(`${path}.base`, `${path}.tasaOCuota`)
	)
		return;
	const bounds = taxImporteBounds(base, rate, decimals);
	if (!withinBounds(importe, bounds)) {
		ctx.error(
			codes.importe,
			`${path}.importe`,
			`${path}.importe ${messageValue(line.importe)} is not base × tasaOCuota (${messageValue(line.base)} × ${messageValue(line.tasaOCuota)}); the SAT accepts ${decimalToString(bounds.lower, decimals)} to ${decimalToString(bounds.upper, decimals)}.`,
			`Set importe to ${decimalToString(roundDecimal(multiplyDecimal(base, rate), decimals), decimals)}.`,
			line.importe,
		);
	}
}

/** Concept tax lines: codes, Exento/Tasa/Cuota members, rates, amounts, and objetoImp consistency. */
export function checkConceptTaxes(ctx: ValidationContext): void {
	const decimals = ctx.isClean('moneda') ? ctx.decimals : undefined;
	ctx.view.conceptos.forEach((concepto, index) => {
		if (!concepto) return;
		const lines = conceptTaxLines(concepto, index);
		checkObjetoImp(ctx, index, lines.length);
		for (const ref of lines) checkTaxLine(ctx, ref, decimals);
	});
}
