/**
 * A Pagos 2.0 payment's taxes (ImpuestosP): present exactly when its related documents carry
 * taxes, one line per tax and rate, each the sum of the documents' lines (CRP20262-CRP20274).
 */
import { IMPUESTO } from '../../../cfdi/catalogs/impuesto';
import { TIPO_FACTOR } from '../../../cfdi/catalogs/tipoFactor';
import {
	compareDecimal,
	decimalToString,
	normalizeDecimal,
	type Decimal,
} from '../../../cfdi/decimal';
import { groupPaymentTaxes, type DocumentTaxAmounts } from './receiptTaxes';
import { memberPath } from '../../../cfdi/voucherShape';
import { show } from '../../../cfdi/validation/describe';
import { type UnknownRecord, type ValidationContext } from '../../../cfdi/validation/context';
import {
	forbid,
	near,
	readCode,
	readList,
	readNumber,
	readObject,
} from '../../../cfdi/validation/members';
import { amountText, conversionTolerance, exact, ONE, TAX_DECIMALS } from './ruleAmounts';
import type { DocumentCheck } from './paidDocumentRules';

function taxKey(impuesto: unknown, tipoFactor: unknown, rate: unknown): string {
	const parsed =
		typeof rate === 'number' && Number.isFinite(rate)
			? decimalToString(normalizeDecimal(exact(rate)))
			: '';
	return `${String(impuesto)}|${String(tipoFactor)}|${tipoFactor === 'Exento' ? '' : parsed}`;
}

/** The side of a payment tax line: its error code and the documents' importeDR it sums. */
interface TaxSide {
	code: string;
	sums: string;
}
const TRANSFERRED: TaxSide = { code: 'CRP20274', sums: 'importeDR for this tax' };
const WITHHELD: TaxSide = { code: 'CRP20265', sums: 'withheld importeDR' };

/** A line's importeP is the sum of the related documents' importeDR of its tax, within the conversion tolerance. */
function checkImporteSum(
	ctx: ValidationContext,
	item: UnknownRecord,
	itemPath: string,
	want: number | undefined,
	side: TaxSide,
	tolerance: Decimal,
	decimals: number,
): void {
	const importePath = memberPath(itemPath, 'importeP');
	if (want === undefined || typeof item.importeP !== 'number' || !ctx.isClean(importePath)) return;
	const wantImporte = exact(want);
	if (near(exact(item.importeP), wantImporte, tolerance)) return;
	ctx.error(
		side.code,
		importePath,
		`${importePath} ${show(item.importeP)} is not the sum of the related documents' ${side.sums} (${amountText(wantImporte, decimals)}).`,
		`Set importeP to ${amountText(wantImporte, decimals)}.`,
		item.importeP,
	);
}

export function checkPaymentTaxes(
	ctx: ValidationContext,
	pago: UnknownRecord,
	path: string,
	documents: DocumentCheck[],
	decimals: number | undefined,
): void {
	const taxesPath = memberPath(path, 'impuestosP');
	const present = pago.impuestosP !== undefined && pago.impuestosP !== null;
	const impuestos = readObject(ctx, pago, 'impuestosP', path);
	const traslados = impuestos ? readList(ctx, impuestos, 'trasladosP', taxesPath) : [];
	const retenciones = impuestos ? readList(ctx, impuestos, 'retencionesP', taxesPath) : [];
	for (const { item, path: itemPath } of traslados) {
		readNumber(ctx, item, 'baseP', itemPath, {
			required: 'Add baseP, the sum of the baseDR of this tax and rate (÷ equivalenciaDR).',
			decimals: TAX_DECIMALS,
		});
		readCode(
			ctx,
			item,
			'impuestoP',
			itemPath,
			IMPUESTO,
			'c_Impuesto',
			'CRP20270',
			'Add impuestoP.',
		);
		const tipoFactor = readCode(
			ctx,
			item,
			'tipoFactorP',
			itemPath,
			TIPO_FACTOR,
			'c_TipoFactor',
			'CATALOG_CODE',
			'Add tipoFactorP.',
		);
		if (tipoFactor === 'Exento') {
			forbid(
				ctx,
				item,
				'tasaOCuotaP',
				itemPath,
				'CRP20266',
				'when tipoFactorP is "Exento"',
				'Remove tasaOCuotaP and importeP from exempt lines.',
			);
			forbid(
				ctx,
				item,
				'importeP',
				itemPath,
				'CRP20266',
				'when tipoFactorP is "Exento"',
				'Remove tasaOCuotaP and importeP from exempt lines.',
			);
		} else if (tipoFactor) {
			readNumber(ctx, item, 'tasaOCuotaP', itemPath, {
				required: 'Add tasaOCuotaP.',
				requiredCode: 'CRP20272',
			});
			readNumber(ctx, item, 'importeP', itemPath, {
				required: 'Add importeP, the sum of the importeDR of this tax and rate (÷ equivalenciaDR).',
				requiredCode: 'CRP20274',
				decimals: TAX_DECIMALS,
			});
		}
	}
	for (const { item, path: itemPath } of retenciones) {
		readCode(
			ctx,
			item,
			'impuestoP',
			itemPath,
			IMPUESTO,
			'c_Impuesto',
			'CRP20262',
			'Add impuestoP.',
		);
		readNumber(ctx, item, 'importeP', itemPath, {
			required: 'Add importeP, the sum of the importeDR withheld for this tax (÷ equivalenciaDR).',
			requiredCode: 'CRP20265',
			decimals: TAX_DECIMALS,
		});
	}
	if (impuestos && traslados.length === 0 && retenciones.length === 0 && ctx.isClean(taxesPath)) {
		ctx.error(
			'IMPUESTOS_P_EMPTY',
			taxesPath,
			`${taxesPath} has no trasladosP or retencionesP.`,
			'Add the payment taxes, or remove impuestosP.',
		);
		return;
	}
	const documentsPath = memberPath(path, 'doctoRelacionado');
	if (
		decimals === undefined ||
		documents.length === 0 ||
		documents.some((doc) => !doc.clean || !doc.amounts) ||
		!ctx.isClean(taxesPath, documentsPath)
	)
		return;

	const expected = groupPaymentTaxes(
		documents.map((doc) => doc.amounts as DocumentTaxAmounts),
		decimals,
	);
	if (!expected) {
		if (present)
			ctx.error(
				'IMPUESTOS_P_UNEXPECTED',
				taxesPath,
				`${taxesPath} is present but no related document carries taxes.`,
				'Remove impuestosP.',
			);
		return;
	}
	if (!present) {
		ctx.missing(
			taxesPath,
			"Add impuestosP: the related documents' taxes grouped per tax and rate, or turn on Compute Totals.",
			'IMPUESTOS_P_REQUIRED',
			`${taxesPath} is missing; the related documents carry taxes.`,
		);
		return;
	}
	const converted = documents.some(
		(doc) => doc.equivalencia && compareDecimal(doc.equivalencia, ONE) !== 0,
	);
	const tolerance = conversionTolerance(documents.length, decimals, converted);

	const expectedTraslados = new Map(
		(expected.trasladosP ?? []).map((item) => [
			taxKey(item.impuestoP, item.tipoFactorP, item.tasaOCuotaP),
			item,
		]),
	);
	const seen = new Set<string>();
	for (const { item, path: itemPath } of traslados) {
		const key = taxKey(item.impuestoP, item.tipoFactorP, item.tasaOCuotaP);
		const label = `${show(item.impuestoP)} ${show(item.tipoFactorP)}${item.tasaOCuotaP !== undefined ? ` ${show(item.tasaOCuotaP)}` : ''}`;
		if (seen.has(key)) {
			ctx.error(
				'CRP20271',
				itemPath,
				`${itemPath} repeats tax ${label}; trasladosP holds one line per tax, factor and rate.`,
				'Merge the repeated lines into one.',
			);
			continue;
		}
		seen.add(key);
		const want = expectedTraslados.get(key);
		if (!want) {
			ctx.error(
				'CRP20268',
				itemPath,
				`${itemPath} (tax ${label}) matches no tax of the related documents.`,
				'Remove it, or add the tax to the related documents it belongs to.',
			);
			continue;
		}
		const base =
			typeof item.baseP === 'number' && Number.isFinite(item.baseP) ? exact(item.baseP) : undefined;
		const wantBase = exact(want.baseP);
		const basePath = memberPath(itemPath, 'baseP');
		if (base && ctx.isClean(basePath) && !near(base, wantBase, tolerance)) {
			ctx.error(
				item.tipoFactorP === 'Exento' ? 'CRP20269' : 'CRP20268',
				basePath,
				`${basePath} ${show(item.baseP)} is not the sum of the related documents' baseDR for this tax (${amountText(wantBase, decimals)}).`,
				`Set baseP to ${amountText(wantBase, decimals)}.`,
				item.baseP,
			);
		}
		checkImporteSum(ctx, item, itemPath, want.importeP, TRANSFERRED, tolerance, decimals);
	}
	for (const [key, want] of expectedTraslados) {
		if (seen.has(key) || !ctx.isClean(taxesPath)) continue;
		const at = memberPath(taxesPath, 'trasladosP');
		ctx.error(
			'CRP20268',
			at,
			`${at} lacks the line for tax ${show(want.impuestoP)} ${show(want.tipoFactorP)}${want.tasaOCuotaP !== undefined ? ` ${show(want.tasaOCuotaP)}` : ''} that the related documents carry.`,
			`Add { baseP: ${want.baseP}, impuestoP: ${show(want.impuestoP)}, tipoFactorP: ${show(want.tipoFactorP)}${want.importeP !== undefined ? `, tasaOCuotaP: ${want.tasaOCuotaP}, importeP: ${want.importeP}` : ''} }, or turn on Compute Totals.`,
		);
	}

	const expectedRetenciones = new Map(
		(expected.retencionesP ?? []).map((item) => [item.impuestoP, item]),
	);
	const seenRetenciones = new Set<string>();
	for (const { item, path: itemPath } of retenciones) {
		const impuesto = String(item.impuestoP);
		if (seenRetenciones.has(impuesto)) {
			ctx.error(
				'CRP20263',
				itemPath,
				`${itemPath} repeats withheld tax ${show(item.impuestoP)}; retencionesP holds one line per tax.`,
				'Merge the repeated lines into one.',
			);
			continue;
		}
		seenRetenciones.add(impuesto);
		const want = expectedRetenciones.get(impuesto);
		if (!want) {
			ctx.error(
				'CRP20265',
				itemPath,
				`${itemPath} (withheld tax ${show(item.impuestoP)}) matches no withholding of the related documents.`,
				'Remove it, or add the withholding to the related documents.',
			);
		} else checkImporteSum(ctx, item, itemPath, want.importeP, WITHHELD, tolerance, decimals);
	}
	for (const [impuesto, want] of expectedRetenciones) {
		if (seenRetenciones.has(impuesto) || !ctx.isClean(taxesPath)) continue;
		const at = memberPath(taxesPath, 'retencionesP');
		ctx.error(
			'CRP20265',
			at,
			`${at} lacks the withheld tax ${show(impuesto)} that the related documents carry.`,
			`Add { impuestoP: ${show(impuesto)}, importeP: ${want.importeP} }, or turn on Compute Totals.`,
		);
	}
}
