/**
 * One related document of a Pagos 2.0 payment (DoctoRelacionado): its identity, currency and
 * equivalence, balances (CRP20236-CRP20245) and taxes (CRP20246-CRP20261, CRP20278-CRP20279).
 */
import { FOLIO_FISCAL_PATTERN } from '../cancellation';
import { IMPUESTO } from '../catalogs/impuesto';
import { currencyDecimals, MONEDA } from '../catalogs/moneda';
import { OBJETO_IMP } from '../catalogs/objetoImp';
import { TIPO_FACTOR } from '../catalogs/tipoFactor';
import {
	compareDecimal,
	isNegative,
	multiplyDecimal,
	roundDecimal,
	subtractDecimal,
	type Decimal,
} from '../decimal';
import { readDocumentTaxAmounts, type DocumentTaxAmounts } from '../kinds/paymentTaxes';
import { taxImporteBounds, withinBounds } from '../tolerance';
import { memberPath } from '../voucherShape';
import { show } from './describe';
import { type UnknownRecord, type ValidationContext } from './context';
import { rateProblem } from './conceptTaxes';
import {
	forbid,
	readCode,
	readList,
	readNumber,
	readObject,
	readText,
	type ListItem,
} from './members';
import { amountText, EQUIVALENCIA_DECIMALS, ONE, TAX_DECIMALS } from './paymentAmounts';

export interface DocumentCheck {
	clean: boolean;
	impPagado?: Decimal;
	equivalencia?: Decimal;
	amounts?: DocumentTaxAmounts;
}

function checkTaxLine(
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
		required: `Add tasaOCuotaDR; a line with tipoFactorDR ${show(tipoFactor)} needs its rate.`,
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
			`${at} ${show(item.tasaOCuotaDR)} is not valid for impuestoDR ${show(impuesto)} with tipoFactorDR ${show(tipoFactor)}.`,
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
			`${at} ${show(item.importeDR)} is not baseDR × tasaOCuotaDR (${show(item.baseDR)} × ${show(item.tasaOCuotaDR)}); the SAT accepts ${amountText(bounds.lower, decimals)} to ${amountText(bounds.upper, decimals)}.`,
			`Set importeDR to ${amountText(roundDecimal(multiplyDecimal(base, rate), decimals), decimals)}.`,
			item.importeDR,
		);
	}
}

function checkDocumentTaxes(
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
			`${impuestosPath} must not be present when objetoImpDR is ${show(objetoImpDR)}.`,
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
				`${at} ${show(impuesto)} is not allowed when objetoImpDR is ${show(objetoImpDR)}.`,
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

export function checkDocument(
	ctx: ValidationContext,
	entry: ListItem,
	monedaP: string | undefined,
): DocumentCheck {
	const { item: doc, path } = entry;
	const idDocumento = readText(
		ctx,
		doc,
		'idDocumento',
		path,
		'Add idDocumento, the UUID of the invoice paid.',
	);
	if (idDocumento !== undefined && !FOLIO_FISCAL_PATTERN.test(idDocumento.trim())) {
		const at = memberPath(path, 'idDocumento');
		ctx.error(
			'UUID_PATTERN',
			at,
			`${at} ${show(idDocumento)} is not a UUID.`,
			'Use the 36-character folio fiscal (UUID) of the paid invoice, e.g. "5FB2822E-396D-4725-8521-CDC4BDD20CCF".',
			idDocumento,
		);
	}
	readText(ctx, doc, 'serie', path);
	readText(ctx, doc, 'folio', path);

	const monedaDR = readCode(
		ctx,
		doc,
		'monedaDR',
		path,
		MONEDA,
		'c_Moneda',
		'CATALOG_CODE',
		'Add monedaDR, the paid invoice\'s currency, e.g. "MXN".',
	);
	if (monedaDR === 'XXX') {
		const at = memberPath(path, 'monedaDR');
		ctx.error(
			'CRP20236',
			at,
			`${at} "XXX" is not a currency an invoice is paid in.`,
			'Use the paid invoice\'s currency, e.g. "MXN".',
			monedaDR,
		);
	}
	const decimals = monedaDR && monedaDR !== 'XXX' ? currencyDecimals(monedaDR) : undefined;
	const eqPath = memberPath(path, 'equivalenciaDR');
	let equivalencia = readNumber(ctx, doc, 'equivalenciaDR', path, {
		positiveCode: 'CRP20237',
		decimals: EQUIVALENCIA_DECIMALS,
	});
	const sameCurrency = monedaDR !== undefined && monedaP !== undefined && monedaDR === monedaP;
	if (monedaDR && monedaP && monedaDR !== 'XXX' && ctx.isClean(eqPath)) {
		if (!sameCurrency && doc.equivalenciaDR === undefined) {
			ctx.missing(
				eqPath,
				`Add equivalenciaDR: how many ${monedaDR} one ${monedaP} of the payment pays (e.g. 0.05 when 1 ${monedaDR} = 20 ${monedaP}).`,
				'CRP20237',
				`${eqPath} is missing; it is required when monedaDR ${show(monedaDR)} differs from monedaP ${show(monedaP)}.`,
			);
		} else if (sameCurrency && equivalencia && compareDecimal(equivalencia, ONE) !== 0) {
			ctx.error(
				'CRP20238',
				eqPath,
				`${eqPath} ${show(doc.equivalenciaDR)} must be 1 when monedaDR equals monedaP (${show(monedaP)}).`,
				'Use 1.',
				doc.equivalenciaDR,
			);
			equivalencia = undefined;
		}
	}
	if (!equivalencia && sameCurrency && doc.equivalenciaDR === undefined) equivalencia = ONE;

	readNumber(ctx, doc, 'numParcialidad', path, {
		required: 'Add numParcialidad: 1 for the first payment of the invoice, 2 for the second, ...',
		positiveCode: 'NUM_PARCIALIDAD',
		integer: true,
	});
	const ant = readNumber(ctx, doc, 'impSaldoAnt', path, {
		required:
			'Add impSaldoAnt: the invoice total for the first installment, else the balance left by the previous payment receipt.',
		positiveCode: 'CRP20239',
		decimals,
		decimalsCode: 'CRP20240',
	});
	const paid = readNumber(ctx, doc, 'impPagado', path, {
		required: 'Add impPagado, the amount of this payment applied to the invoice, in monedaDR.',
		positiveCode: 'CRP20241',
		decimals,
		decimalsCode: 'CRP20242',
	});
	const insolutoPath = memberPath(path, 'impSaldoInsoluto');
	const rawInsoluto = doc.impSaldoInsoluto;
	const expected = ant && paid ? subtractDecimal(ant, paid) : undefined;
	const expectedText =
		expected && decimals !== undefined ? amountText(expected, decimals) : undefined;
	let insoluto: Decimal | undefined;
	if (typeof rawInsoluto === 'number' && rawInsoluto < 0) {
		ctx.error(
			'CRP20244',
			insolutoPath,
			`${insolutoPath} ${show(rawInsoluto)} is negative: more was paid than was owed.`,
			expectedText && expected && !isNegative(expected)
				? `Set it to ${expectedText}.`
				: 'Check impSaldoAnt and impPagado: the amount paid cannot exceed the balance.',
			rawInsoluto,
		);
	} else {
		insoluto = readNumber(ctx, doc, 'impSaldoInsoluto', path, {
			required: expectedText
				? `Add impSaldoInsoluto ${expectedText} (impSaldoAnt − impPagado), or turn on Compute Totals.`
				: 'Add impSaldoInsoluto = impSaldoAnt − impPagado.',
			decimals,
			decimalsCode: 'CRP20243',
		});
	}
	if (
		expected &&
		ctx.isClean(insolutoPath, memberPath(path, 'impSaldoAnt'), memberPath(path, 'impPagado'))
	) {
		if (isNegative(expected)) {
			ctx.error(
				'CRP20244',
				memberPath(path, 'impPagado'),
				`${memberPath(path, 'impPagado')} ${show(doc.impPagado)} is more than impSaldoAnt ${show(doc.impSaldoAnt)}: the balance would be negative.`,
				'Apply to this invoice at most its balance; put the rest on another invoice.',
				doc.impPagado,
			);
		} else if (insoluto && compareDecimal(insoluto, expected) !== 0) {
			ctx.error(
				'CRP20244',
				insolutoPath,
				`${insolutoPath} ${show(rawInsoluto)} is not impSaldoAnt − impPagado (${show(doc.impSaldoAnt)} − ${show(doc.impPagado)} = ${expectedText}).`,
				`Set impSaldoInsoluto to ${expectedText}.`,
				rawInsoluto,
			);
		}
	}
	const objetoImpDR = readCode(
		ctx,
		doc,
		'objetoImpDR',
		path,
		OBJETO_IMP,
		'c_ObjetoImp',
		'CRP20245',
		'Add objetoImpDR: "02" when the paid invoice carries taxes, "01" when it does not.',
	);
	checkDocumentTaxes(ctx, doc, path, objetoImpDR, decimals);

	const clean = ctx.isClean(path);
	return {
		clean,
		impPagado: paid,
		equivalencia,
		amounts: clean ? readDocumentTaxAmounts(doc, monedaP) : undefined,
	};
}
