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
import { memberPath, type TrasladoP } from '../../../cfdi/voucherShape';
import { messageValue } from '../../../cfdi/validation/describe';
import { type UnknownRecord, type ValidationContext } from '../../../cfdi/validation/context';
import {
	forbid,
	near,
	readCode,
	readList,
	readNumber,
	readObject,
} from '../../../cfdi/validation/members';
import { conversionTolerance, exact, ONE, TAX_DECIMALS } from './ruleAmounts';
import type { DocumentCheck } from './paidDocumentRules';

function taxKey(impuesto: unknown, tipoFactor: unknown, rate: unknown): string {
	const parsed =
		typeof rate === 'number' && Number.isFinite(rate)
			? decimalToString(normalizeDecimal(exact(rate)))
			: '';
	return `${String(impuesto)}|${String(tipoFactor)}|${tipoFactor === 'Exento' ? '' : parsed}`;
}

/** A payment tax line as written, or as the related documents' lines add up to it. */
type TaxLineP = UnknownRecord | Partial<TrasladoP>;

/** What tells a payment's transferred lines from its withheld ones: keys, words and SAT codes. */
interface TaxSide {
	member: 'trasladosP' | 'retencionesP';
	/** The line's key: one line per key. */
	keyOf(line: TaxLineP): string;
	/** The line in a message, e.g. `tax "002" "Tasa" 0.16`. */
	nameOf(line: TaxLineP): string;
	onePer: string;
	repeatCode: string;
	/** The code of a line the documents do not carry, or lack of one they carry. */
	matchCode: string;
	/** What the documents carry, in "matches no …". */
	carried: string;
	unmatchedFix: string;
	/** How a missing line is introduced in "lacks …". */
	lacking: string;
	addFix(want: TaxLineP): string;
	importeCode: string;
	/** The documents' amounts importeP sums. */
	sums: string;
	/** baseP is checked too (transfers). */
	hasBase: boolean;
}

const rateLabel = (line: TaxLineP) =>
	`${messageValue(line.impuestoP)} ${messageValue(line.tipoFactorP)}${line.tasaOCuotaP !== undefined ? ` ${messageValue(line.tasaOCuotaP)}` : ''}`;

const TRANSFERRED: TaxSide = {
	member: 'trasladosP',
	keyOf: (line) => taxKey(line.impuestoP, line.tipoFactorP, line.tasaOCuotaP),
	nameOf: (line) => `tax ${rateLabel(line)}`,
	onePer: 'one line per tax, factor and rate',
	repeatCode: 'CRP20271',
	matchCode: 'CRP20268',
	carried: 'tax',
	unmatchedFix: 'Remove it, or add the tax to the related documents it belongs to.',
	lacking: 'the line for ',
	addFix: (want) =>
		`Add { baseP: ${want.baseP}, impuestoP: ${messageValue(want.impuestoP)}, tipoFactorP: ${messageValue(want.tipoFactorP)}${want.importeP !== undefined ? `, tasaOCuotaP: ${want.tasaOCuotaP}, importeP: ${want.importeP}` : ''} }, or turn on Compute Totals.`,
	importeCode: 'CRP20274',
	sums: 'importeDR for this tax',
	hasBase: true,
};

const WITHHELD: TaxSide = {
	member: 'retencionesP',
	keyOf: (line) => String(line.impuestoP),
	nameOf: (line) => `withheld tax ${messageValue(line.impuestoP)}`,
	onePer: 'one line per tax',
	repeatCode: 'CRP20263',
	matchCode: 'CRP20265',
	carried: 'withholding',
	unmatchedFix: 'Remove it, or add the withholding to the related documents.',
	lacking: 'the ',
	addFix: (want) =>
		`Add { impuestoP: ${messageValue(want.impuestoP)}, importeP: ${want.importeP} }, or turn on Compute Totals.`,
	importeCode: 'CRP20265',
	sums: 'withheld importeDR',
	hasBase: false,
};

/**
 * One side's lines against the lines the related documents add up to: one line per key, each
 * carried by the documents and equal to their sum (within the conversion tolerance), none missing.
 */
function checkSide(
	ctx: ValidationContext,
	side: TaxSide,
	lines: ReadonlyArray<{ item: UnknownRecord; path: string }>,
	expectedLines: ReadonlyArray<Partial<TrasladoP>> | undefined,
	taxesPath: string,
	tolerance: Decimal,
	decimals: number,
): void {
	const expected = new Map((expectedLines ?? []).map((line) => [side.keyOf(line), line]));
	const seen = new Set<string>();
	for (const { item, path: itemPath } of lines) {
		const key = side.keyOf(item);
		if (seen.has(key)) {
			ctx.error(
				side.repeatCode,
				itemPath,
				`${itemPath} repeats ${side.nameOf(item)}; ${side.member} holds ${side.onePer}.`,
				'Merge the repeated lines into one.',
			);
			continue;
		}
		seen.add(key);
		const want = expected.get(key);
		if (!want) {
			ctx.error(
				side.matchCode,
				itemPath,
				`${itemPath} (${side.nameOf(item)}) matches no ${side.carried} of the related documents.`,
				side.unmatchedFix,
			);
			continue;
		}
		if (side.hasBase) checkBaseSum(ctx, item, itemPath, want as TrasladoP, tolerance, decimals);
		checkImporteSum(ctx, item, itemPath, want.importeP, side, tolerance, decimals);
	}
	for (const [key, want] of expected) {
		if (seen.has(key) || !ctx.isClean(taxesPath)) continue;
		const at = memberPath(taxesPath, side.member);
		ctx.error(
			side.matchCode,
			at,
			`${at} lacks ${side.lacking}${side.nameOf(want)} that the related documents carry.`,
			side.addFix(want),
		);
	}
}

/** A transfer's baseP is the sum of the related documents' baseDR of its tax and rate. */
function checkBaseSum(
	ctx: ValidationContext,
	item: UnknownRecord,
	itemPath: string,
	want: TrasladoP,
	tolerance: Decimal,
	decimals: number,
): void {
	const base =
		typeof item.baseP === 'number' && Number.isFinite(item.baseP) ? exact(item.baseP) : undefined;
	const wantBase = exact(want.baseP);
	const basePath = memberPath(itemPath, 'baseP');
	if (base && ctx.isClean(basePath) && !near(base, wantBase, tolerance)) {
		ctx.error(
			item.tipoFactorP === 'Exento' ? 'CRP20269' : 'CRP20268',
			basePath,
			`${basePath} ${messageValue(item.baseP)} is not the sum of the related documents' baseDR for this tax (${decimalToString(wantBase, decimals)}).`,
			`Set baseP to ${decimalToString(wantBase, decimals)}.`,
			item.baseP,
		);
	}
}

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
		side.importeCode,
		importePath,
		`${importePath} ${messageValue(item.importeP)} is not the sum of the related documents' ${side.sums} (${decimalToString(wantImporte, decimals)}).`,
		`Set importeP to ${decimalToString(wantImporte, decimals)}.`,
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

	checkSide(ctx, TRANSFERRED, traslados, expected.trasladosP, taxesPath, tolerance, decimals);
	checkSide(ctx, WITHHELD, retenciones, expected.retencionesP, taxesPath, tolerance, decimals);
}
