/** Pagos 2.0: the checks of one paid document's taxes (ImpuestosDR, each transferred or withheld line). */
import { IMPUESTO } from '../../../cfdi/catalogs/impuesto';
import { TIPO_FACTOR } from '../../../cfdi/catalogs/tipoFactor';
import { decimalToString, multiplyDecimal, roundDecimal } from '../../../cfdi/decimal';
import { taxImporteBounds, withinBounds } from '../../../cfdi/tolerance';
import { memberPath } from '../../../cfdi/voucherShape';
import { messageValue } from '../../../cfdi/validation/describe';
import { type UnknownRecord, type ValidationContext } from '../../../cfdi/validation/context';
import { rateProblem } from '../../../cfdi/validation/conceptTaxes';
import {
	forbid,
	readCode,
	readList,
	readNumber,
	readObject,
} from '../../../cfdi/validation/members';
import { TAX_DECIMALS } from './ruleAmounts';

export function checkTaxLine(
	ctx: ValidationContext,
	item: UnknownRecord,
	path: string,
	withheld: boolean,
	decimals: number | undefined,
): void {
	const codes = withheld
		? {
				base: 'CRP20249',
				impuesto: 'CRP20250',
				tipoFactor: 'CRP20251',
				rate: 'CRP20253',
				importe: 'CRP20254',
			}
		: {
				base: 'CRP20255',
				impuesto: 'CRP20256',
				tipoFactor: 'CRP20257',
				rate: 'CRP20260',
				importe: 'CRP20261',
			};
	const base = readNumber(ctx, item, 'baseDR', path, {
		required: 'Add baseDR, the part of the amount paid the tax is computed on.',
		positiveCode: codes.base,
		decimals: TAX_DECIMALS,
	});
	const impuesto = readCode(
		ctx,
		item,
		'impuestoDR',
		path,
		IMPUESTO,
		'c_Impuesto',
		codes.impuesto,
		'Add impuestoDR: "002" IVA, "003" IEPS or "001" ISR.',
	);
	const tipoFactor = readCode(
		ctx,
		item,
		'tipoFactorDR',
		path,
		TIPO_FACTOR,
		'c_TipoFactor',
		codes.tipoFactor,
		'Add tipoFactorDR: "Tasa", "Cuota" or "Exento".',
	);
	if (impuesto === '001' && !withheld) {
		const at = memberPath(path, 'impuestoDR');
		ctx.error(
			codes.impuesto,
			at,
			`${at} "001" (ISR) cannot be a transferred tax.`,
			'Move the ISR line to retencionesDR.',
			impuesto,
		);
		return;
	}
	if (!tipoFactor) return;
	if (tipoFactor === 'Exento') {
		if (withheld) {
			const at = memberPath(path, 'tipoFactorDR');
			ctx.error(
				'CRP20252',
				at,
				`${at} "Exento" is not allowed in a withholding.`,
				'Use "Tasa" or "Cuota", or remove the withholding.',
				tipoFactor,
			);
			return;
		}
		forbid(
			ctx,
			item,
			'tasaOCuotaDR',
			path,
			'CRP20258',
			'when tipoFactorDR is "Exento"',
			'Remove tasaOCuotaDR and importeDR from exempt lines.',
		);
		forbid(
			ctx,
			item,
			'importeDR',
			path,
			'CRP20258',
			'when tipoFactorDR is "Exento"',
			'Remove tasaOCuotaDR and importeDR from exempt lines.',
		);
		return;
	}
	const presenceCode = withheld ? codes.rate : 'CRP20259';
	const rate = readNumber(ctx, item, 'tasaOCuotaDR', path, {
		required: `Add tasaOCuotaDR; a line with tipoFactorDR ${messageValue(tipoFactor)} needs its rate.`,
		requiredCode: presenceCode,
	});
	const importe = readNumber(ctx, item, 'importeDR', path, {
		required: `Add importeDR = baseDR × tasaOCuotaDR.`,
		requiredCode: withheld ? codes.importe : 'CRP20259',
		decimals: TAX_DECIMALS,
	});
	const problem = rate && impuesto ? rateProblem(impuesto, tipoFactor, rate, withheld) : undefined;
	if (problem) {
		const at = memberPath(path, 'tasaOCuotaDR');
		ctx.error(
			codes.rate,
			at,
			`${at} ${messageValue(item.tasaOCuotaDR)} is not valid for impuestoDR ${messageValue(impuesto)} with tipoFactorDR ${messageValue(tipoFactor)}.`,
			problem,
			item.tasaOCuotaDR,
		);
		return;
	}
	if (!base || !rate || !importe || decimals === undefined || tipoFactor !== 'Tasa') return;
	const bounds = taxImporteBounds(base, rate, decimals);
	if (!withinBounds(importe, bounds)) {
		const at = memberPath(path, 'importeDR');
		ctx.error(
			codes.importe,
			at,
			`${at} ${messageValue(item.importeDR)} is not baseDR × tasaOCuotaDR (${messageValue(item.baseDR)} × ${messageValue(item.tasaOCuotaDR)}); the SAT accepts ${decimalToString(bounds.lower, decimals)} to ${decimalToString(bounds.upper, decimals)}.`,
			`Set importeDR to ${decimalToString(roundDecimal(multiplyDecimal(base, rate), decimals), decimals)}.`,
			item.importeDR,
		);
	}
}

export function checkDocumentTaxes(
	ctx: ValidationContext,
	doc: UnknownRecord,
	path: string,
	objetoImpDR: string | undefined,
	decimals: number | undefined,
): void {
	const impuestosPath = memberPath(path, 'impuestosDR');
	const present = doc.impuestosDR !== undefined && doc.impuestosDR !== null;
	if (objetoImpDR === '02' && !present) {
		ctx.missing(
			impuestosPath,
			"Add impuestosDR with the invoice's taxes in proportion to the amount paid (trasladosDR / retencionesDR), or turn on Compute Totals.",
			'CRP20246',
			`${impuestosPath} is missing; objetoImpDR "02" means the invoice carries taxes.`,
		);
		return;
	}
	if (objetoImpDR && ['01', '03', '04', '05'].includes(objetoImpDR) && present) {
		ctx.error(
			'CRP20247',
			impuestosPath,
			`${impuestosPath} must not be present when objetoImpDR is ${messageValue(objetoImpDR)}.`,
			'Remove impuestosDR, or use objetoImpDR "02" if the invoice carries taxes.',
		);
		return;
	}
	if (!present) return;
	const impuestos = readObject(ctx, doc, 'impuestosDR', path);
	if (!impuestos) return;
	const traslados = readList(ctx, impuestos, 'trasladosDR', impuestosPath);
	const retenciones = readList(ctx, impuestos, 'retencionesDR', impuestosPath);
	if (traslados.length === 0 && retenciones.length === 0 && ctx.isClean(impuestosPath)) {
		ctx.error(
			'CRP20248',
			impuestosPath,
			`${impuestosPath} has no trasladosDR or retencionesDR.`,
			'Add the tax lines, or remove impuestosDR.',
		);
		return;
	}
	for (const { item, path: linePath } of traslados)
		checkTaxLine(ctx, item, linePath, false, decimals);
	for (const { item, path: linePath } of retenciones)
		checkTaxLine(ctx, item, linePath, true, decimals);
	// ObjetoImpDR 06/08 (not IVA / IEPS object) and 07 (IEPS only) narrow the taxes a DR may carry.
	const lines = [
		...traslados.map((entry) => ({ ...entry, withheld: false })),
		...retenciones.map((entry) => ({ ...entry, withheld: true })),
	];
	for (const { item, path: linePath } of lines) {
		const impuesto = item.impuestoDR;
		const at = memberPath(linePath, 'impuestoDR');
		if (
			(objetoImpDR === '06' || objetoImpDR === '08') &&
			(impuesto === '002' || impuesto === '003') &&
			ctx.isClean(at)
		) {
			ctx.error(
				'CRP20278',
				at,
				`${at} ${messageValue(impuesto)} is not allowed when objetoImpDR is ${messageValue(objetoImpDR)}.`,
				'Only an ISR ("001") withholding may appear with this objetoImpDR.',
				impuesto,
			);
		} else if (objetoImpDR === '07' && impuesto === '002' && ctx.isClean(at)) {
			ctx.error(
				'CRP20279',
				at,
				`${at} "002" (IVA) is not allowed when objetoImpDR is "07".`,
				'Use IEPS ("003") lines only, or another objetoImpDR.',
				impuesto,
			);
		}
	}
}
