/**
 * The Pagos 2.0 complement of a payment voucher: the CRP202xx rules of the SAT's error matrix
 * that can be checked without the SAT's databases. The expected amounts come from the same
 * calculators that build payment receipts (kinds/paymentReceipt), so what the node computes is
 * what it accepts.
 */
import { FOLIO_FISCAL_PATTERN } from '../cancellation';
import { FORMA_PAGO } from '../catalogs/formaPago';
import { IMPUESTO } from '../catalogs/impuesto';
import { currencyDecimals, MONEDA } from '../catalogs/moneda';
import { OBJETO_IMP } from '../catalogs/objetoImp';
import { TIPO_FACTOR } from '../catalogs/tipoFactor';
import { compareDecimal, decimalOf, decimalToString, isNegative, multiplyDecimal, normalizeDecimal, parseDecimal, roundDecimal, subtractDecimal, type Decimal } from '../decimal';
import {
	groupPaymentTaxes,
	minimumMonto,
	paymentTotals,
	readDocumentTaxAmounts,
	readPagoAmounts,
	type DocumentTaxAmounts,
	type PagoAmounts,
} from '../kinds/paymentReceipt';
import { taxImporteBounds, withinBounds } from '../tolerance';
import { complementOf, memberPath, PATHS, TOTALES_MEMBERS, VERSIONS, type PaymentTotals } from '../voucherShape';
import { show } from './describe';
import { isRecord, type UnknownRecord, type ValidationContext } from './context';
import { rateProblem } from './conceptTaxes';
import { isRealDateTime } from './formats';
import { forbid, near, readCode, readList, readNumber, readObject, readText, type ListItem } from './members';

const ONE = decimalOf(1);
const ZERO = decimalOf(0);
// EquivalenciaDR and TipoCambioP carry up to 10 and 6 decimals in the Pagos 2.0 schema.
const EQUIVALENCIA_DECIMALS = 10;
const TIPO_CAMBIO_DECIMALS = 6;
// DR and payment tax amounts carry up to 6 decimals in the schema.
const TAX_DECIMALS = 6;

const TOTALES_CODES: Record<keyof PaymentTotals, string> = {
	totalRetencionesIVA: 'CRP20201',
	totalRetencionesISR: 'CRP20202',
	totalRetencionesIEPS: 'CRP20203',
	totalTrasladosBaseIVA16: 'CRP20204',
	totalTrasladosImpuestoIVA16: 'CRP20205',
	totalTrasladosBaseIVA8: 'CRP20206',
	totalTrasladosImpuestoIVA8: 'CRP20207',
	totalTrasladosBaseIVA0: 'CRP20208',
	totalTrasladosImpuestoIVA0: 'CRP20209',
	totalTrasladosBaseIVAExento: 'CRP20210',
	montoTotalPagos: 'CRP20211',
};

/** The exact decimal of a JSON number (the numbers compared here were already read as numbers). */
function exact(value: number): Decimal {
	return parseDecimal(value) as Decimal;
}

function amountText(value: Decimal, decimals: number): string {
	return decimalToString(value, decimals);
}

/** One unit in the last decimal per converted amount: rounding room when currencies differ. */
function conversionTolerance(count: number, decimals: number, converted: boolean): Decimal {
	return converted ? decimalOf(Math.max(count, 1), decimals) : ZERO;
}

interface DocumentCheck {
	clean: boolean;
	impPagado?: Decimal;
	equivalencia?: Decimal;
	amounts?: DocumentTaxAmounts;
}

function checkTaxLine(ctx: ValidationContext, item: UnknownRecord, path: string, withheld: boolean, decimals: number | undefined): void {
	const codes = withheld
		? { base: 'CRP20249', impuesto: 'CRP20250', tipoFactor: 'CRP20251', rate: 'CRP20253', importe: 'CRP20254' }
		: { base: 'CRP20255', impuesto: 'CRP20256', tipoFactor: 'CRP20257', rate: 'CRP20260', importe: 'CRP20261' };
	const base = readNumber(ctx, item, 'baseDR', path, { required: 'Add baseDR, the part of the amount paid the tax is computed on.', positiveCode: codes.base, decimals: TAX_DECIMALS });
	const impuesto = readCode(ctx, item, 'impuestoDR', path, IMPUESTO, 'c_Impuesto', codes.impuesto, 'Add impuestoDR: "002" IVA, "003" IEPS or "001" ISR.');
	const tipoFactor = readCode(ctx, item, 'tipoFactorDR', path, TIPO_FACTOR, 'c_TipoFactor', codes.tipoFactor, 'Add tipoFactorDR: "Tasa", "Cuota" or "Exento".');
	if (impuesto === '001' && !withheld) {
		const at = memberPath(path, 'impuestoDR');
		ctx.error(codes.impuesto, at, `${at} "001" (ISR) cannot be a transferred tax.`, 'Move the ISR line to retencionesDR.', impuesto);
		return;
	}
	if (!tipoFactor) return;
	if (tipoFactor === 'Exento') {
		if (withheld) {
			const at = memberPath(path, 'tipoFactorDR');
			ctx.error('CRP20252', at, `${at} "Exento" is not allowed in a withholding.`, 'Use "Tasa" or "Cuota", or remove the withholding.', tipoFactor);
			return;
		}
		forbid(ctx, item, 'tasaOCuotaDR', path, 'CRP20258', 'when tipoFactorDR is "Exento"', 'Remove tasaOCuotaDR and importeDR from exempt lines.');
		forbid(ctx, item, 'importeDR', path, 'CRP20258', 'when tipoFactorDR is "Exento"', 'Remove tasaOCuotaDR and importeDR from exempt lines.');
		return;
	}
	const presenceCode = withheld ? codes.rate : 'CRP20259';
	const rate = readNumber(ctx, item, 'tasaOCuotaDR', path, { required: `Add tasaOCuotaDR; a line with tipoFactorDR ${show(tipoFactor)} needs its rate.`, requiredCode: presenceCode });
	const importe = readNumber(ctx, item, 'importeDR', path, { required: `Add importeDR = baseDR × tasaOCuotaDR.`, requiredCode: withheld ? codes.importe : 'CRP20259', decimals: TAX_DECIMALS });
	const problem = rate && impuesto ? rateProblem(impuesto, tipoFactor, rate, withheld) : undefined;
	if (problem) {
		const at = memberPath(path, 'tasaOCuotaDR');
		ctx.error(codes.rate, at, `${at} ${show(item.tasaOCuotaDR)} is not valid for impuestoDR ${show(impuesto)} with tipoFactorDR ${show(tipoFactor)}.`, problem, item.tasaOCuotaDR);
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

function checkDocumentTaxes(ctx: ValidationContext, doc: UnknownRecord, path: string, objetoImpDR: string | undefined, decimals: number | undefined): void {
	const impuestosPath = memberPath(path, 'impuestosDR');
	const present = doc.impuestosDR !== undefined && doc.impuestosDR !== null;
	if (objetoImpDR === '02' && !present) {
		ctx.missing(impuestosPath, "Add impuestosDR with the invoice's taxes in proportion to the amount paid (trasladosDR / retencionesDR), or turn on Compute Totals.", 'CRP20246', `${impuestosPath} is missing; objetoImpDR "02" means the invoice carries taxes.`);
		return;
	}
	if (objetoImpDR && ['01', '03', '04', '05'].includes(objetoImpDR) && present) {
		ctx.error('CRP20247', impuestosPath, `${impuestosPath} must not be present when objetoImpDR is ${show(objetoImpDR)}.`, 'Remove impuestosDR, or use objetoImpDR "02" if the invoice carries taxes.');
		return;
	}
	if (!present) return;
	const impuestos = readObject(ctx, doc, 'impuestosDR', path);
	if (!impuestos) return;
	const traslados = readList(ctx, impuestos, 'trasladosDR', impuestosPath);
	const retenciones = readList(ctx, impuestos, 'retencionesDR', impuestosPath);
	if (traslados.length === 0 && retenciones.length === 0 && ctx.isClean(impuestosPath)) {
		ctx.error('CRP20248', impuestosPath, `${impuestosPath} has no trasladosDR or retencionesDR.`, 'Add the tax lines, or remove impuestosDR.');
		return;
	}
	for (const { item, path: linePath } of traslados) checkTaxLine(ctx, item, linePath, false, decimals);
	for (const { item, path: linePath } of retenciones) checkTaxLine(ctx, item, linePath, true, decimals);
	// ObjetoImpDR 06/08 (not IVA / IEPS object) and 07 (IEPS only) narrow the taxes a DR may carry.
	const lines = [...traslados.map((entry) => ({ ...entry, withheld: false })), ...retenciones.map((entry) => ({ ...entry, withheld: true }))];
	for (const { item, path: linePath } of lines) {
		const impuesto = item.impuestoDR;
		const at = memberPath(linePath, 'impuestoDR');
		if ((objetoImpDR === '06' || objetoImpDR === '08') && (impuesto === '002' || impuesto === '003') && ctx.isClean(at)) {
			ctx.error('CRP20278', at, `${at} ${show(impuesto)} is not allowed when objetoImpDR is ${show(objetoImpDR)}.`, 'Only an ISR ("001") withholding may appear with this objetoImpDR.', impuesto);
		} else if (objetoImpDR === '07' && impuesto === '002' && ctx.isClean(at)) {
			ctx.error('CRP20279', at, `${at} "002" (IVA) is not allowed when objetoImpDR is "07".`, 'Use IEPS ("003") lines only, or another objetoImpDR.', impuesto);
		}
	}
}

function checkDocument(ctx: ValidationContext, entry: ListItem, monedaP: string | undefined): DocumentCheck {
	const { item: doc, path } = entry;
	const idDocumento = readText(ctx, doc, 'idDocumento', path, 'Add idDocumento, the UUID of the invoice paid.');
	if (idDocumento !== undefined && !FOLIO_FISCAL_PATTERN.test(idDocumento.trim())) {
		const at = memberPath(path, 'idDocumento');
		ctx.error('UUID_PATTERN', at, `${at} ${show(idDocumento)} is not a UUID.`, 'Use the 36-character folio fiscal (UUID) of the paid invoice, e.g. "5FB2822E-396D-4725-8521-CDC4BDD20CCF".', idDocumento);
	}
	readText(ctx, doc, 'serie', path);
	readText(ctx, doc, 'folio', path);

	const monedaDR = readCode(ctx, doc, 'monedaDR', path, MONEDA, 'c_Moneda', 'CATALOG_CODE', "Add monedaDR, the paid invoice's currency, e.g. \"MXN\".");
	if (monedaDR === 'XXX') {
		const at = memberPath(path, 'monedaDR');
		ctx.error('CRP20236', at, `${at} "XXX" is not a currency an invoice is paid in.`, "Use the paid invoice's currency, e.g. \"MXN\".", monedaDR);
	}
	const decimals = monedaDR && monedaDR !== 'XXX' ? currencyDecimals(monedaDR) : undefined;
	const eqPath = memberPath(path, 'equivalenciaDR');
	let equivalencia = readNumber(ctx, doc, 'equivalenciaDR', path, { positiveCode: 'CRP20237', decimals: EQUIVALENCIA_DECIMALS });
	const sameCurrency = monedaDR !== undefined && monedaP !== undefined && monedaDR === monedaP;
	if (monedaDR && monedaP && monedaDR !== 'XXX' && ctx.isClean(eqPath)) {
		if (!sameCurrency && doc.equivalenciaDR === undefined) {
			ctx.missing(eqPath, `Add equivalenciaDR: how many ${monedaDR} one ${monedaP} of the payment pays (e.g. 0.05 when 1 ${monedaDR} = 20 ${monedaP}).`, 'CRP20237', `${eqPath} is missing; it is required when monedaDR ${show(monedaDR)} differs from monedaP ${show(monedaP)}.`);
		} else if (sameCurrency && equivalencia && compareDecimal(equivalencia, ONE) !== 0) {
			ctx.error('CRP20238', eqPath, `${eqPath} ${show(doc.equivalenciaDR)} must be 1 when monedaDR equals monedaP (${show(monedaP)}).`, 'Use 1.', doc.equivalenciaDR);
			equivalencia = undefined;
		}
	}
	if (!equivalencia && sameCurrency && doc.equivalenciaDR === undefined) equivalencia = ONE;

	readNumber(ctx, doc, 'numParcialidad', path, { required: 'Add numParcialidad: 1 for the first payment of the invoice, 2 for the second, ...', positiveCode: 'NUM_PARCIALIDAD', integer: true });
	const ant = readNumber(ctx, doc, 'impSaldoAnt', path, { required: 'Add impSaldoAnt: the invoice total for the first installment, else the balance left by the previous payment receipt.', positiveCode: 'CRP20239', decimals, decimalsCode: 'CRP20240' });
	const paid = readNumber(ctx, doc, 'impPagado', path, { required: 'Add impPagado, the amount of this payment applied to the invoice, in monedaDR.', positiveCode: 'CRP20241', decimals, decimalsCode: 'CRP20242' });
	const insolutoPath = memberPath(path, 'impSaldoInsoluto');
	const rawInsoluto = doc.impSaldoInsoluto;
	const expected = ant && paid ? subtractDecimal(ant, paid) : undefined;
	const expectedText = expected && decimals !== undefined ? amountText(expected, decimals) : undefined;
	let insoluto: Decimal | undefined;
	if (typeof rawInsoluto === 'number' && rawInsoluto < 0) {
		ctx.error('CRP20244', insolutoPath, `${insolutoPath} ${show(rawInsoluto)} is negative: more was paid than was owed.`, expectedText && expected && !isNegative(expected) ? `Set it to ${expectedText}.` : 'Check impSaldoAnt and impPagado: the amount paid cannot exceed the balance.', rawInsoluto);
	} else {
		insoluto = readNumber(ctx, doc, 'impSaldoInsoluto', path, {
			required: expectedText ? `Add impSaldoInsoluto ${expectedText} (impSaldoAnt − impPagado), or turn on Compute Totals.` : 'Add impSaldoInsoluto = impSaldoAnt − impPagado.',
			decimals,
			decimalsCode: 'CRP20243',
		});
	}
	if (expected && ctx.isClean(insolutoPath, memberPath(path, 'impSaldoAnt'), memberPath(path, 'impPagado'))) {
		if (isNegative(expected)) {
			ctx.error('CRP20244', memberPath(path, 'impPagado'), `${memberPath(path, 'impPagado')} ${show(doc.impPagado)} is more than impSaldoAnt ${show(doc.impSaldoAnt)}: the balance would be negative.`, 'Apply to this invoice at most its balance; put the rest on another invoice.', doc.impPagado);
		} else if (insoluto && compareDecimal(insoluto, expected) !== 0) {
			ctx.error('CRP20244', insolutoPath, `${insolutoPath} ${show(rawInsoluto)} is not impSaldoAnt − impPagado (${show(doc.impSaldoAnt)} − ${show(doc.impPagado)} = ${expectedText}).`, `Set impSaldoInsoluto to ${expectedText}.`, rawInsoluto);
		}
	}
	const objetoImpDR = readCode(ctx, doc, 'objetoImpDR', path, OBJETO_IMP, 'c_ObjetoImp', 'CRP20245', 'Add objetoImpDR: "02" when the paid invoice carries taxes, "01" when it does not.');
	checkDocumentTaxes(ctx, doc, path, objetoImpDR, decimals);

	const clean = ctx.isClean(path);
	return { clean, impPagado: paid, equivalencia, amounts: clean ? readDocumentTaxAmounts(doc, monedaP) : undefined };
}

function taxKey(impuesto: unknown, tipoFactor: unknown, rate: unknown): string {
	const parsed = typeof rate === 'number' && Number.isFinite(rate) ? decimalToString(normalizeDecimal(exact(rate))) : '';
	return `${String(impuesto)}|${String(tipoFactor)}|${tipoFactor === 'Exento' ? '' : parsed}`;
}

function checkPaymentTaxes(ctx: ValidationContext, pago: UnknownRecord, path: string, documents: DocumentCheck[], decimals: number | undefined): void {
	const taxesPath = memberPath(path, 'impuestosP');
	const present = pago.impuestosP !== undefined && pago.impuestosP !== null;
	const impuestos = readObject(ctx, pago, 'impuestosP', path);
	const traslados = impuestos ? readList(ctx, impuestos, 'trasladosP', taxesPath) : [];
	const retenciones = impuestos ? readList(ctx, impuestos, 'retencionesP', taxesPath) : [];
	for (const { item, path: itemPath } of traslados) {
		readNumber(ctx, item, 'baseP', itemPath, { required: 'Add baseP, the sum of the baseDR of this tax and rate (÷ equivalenciaDR).', decimals: TAX_DECIMALS });
		readCode(ctx, item, 'impuestoP', itemPath, IMPUESTO, 'c_Impuesto', 'CRP20270', 'Add impuestoP.');
		const tipoFactor = readCode(ctx, item, 'tipoFactorP', itemPath, TIPO_FACTOR, 'c_TipoFactor', 'CATALOG_CODE', 'Add tipoFactorP.');
		if (tipoFactor === 'Exento') {
			forbid(ctx, item, 'tasaOCuotaP', itemPath, 'CRP20266', 'when tipoFactorP is "Exento"', 'Remove tasaOCuotaP and importeP from exempt lines.');
			forbid(ctx, item, 'importeP', itemPath, 'CRP20266', 'when tipoFactorP is "Exento"', 'Remove tasaOCuotaP and importeP from exempt lines.');
		} else if (tipoFactor) {
			readNumber(ctx, item, 'tasaOCuotaP', itemPath, { required: 'Add tasaOCuotaP.', requiredCode: 'CRP20272' });
			readNumber(ctx, item, 'importeP', itemPath, { required: 'Add importeP, the sum of the importeDR of this tax and rate (÷ equivalenciaDR).', requiredCode: 'CRP20274', decimals: TAX_DECIMALS });
		}
	}
	for (const { item, path: itemPath } of retenciones) {
		readCode(ctx, item, 'impuestoP', itemPath, IMPUESTO, 'c_Impuesto', 'CRP20262', 'Add impuestoP.');
		readNumber(ctx, item, 'importeP', itemPath, { required: 'Add importeP, the sum of the importeDR withheld for this tax (÷ equivalenciaDR).', requiredCode: 'CRP20265', decimals: TAX_DECIMALS });
	}
	if (impuestos && traslados.length === 0 && retenciones.length === 0 && ctx.isClean(taxesPath)) {
		ctx.error('IMPUESTOS_P_EMPTY', taxesPath, `${taxesPath} has no trasladosP or retencionesP.`, 'Add the payment taxes, or remove impuestosP.');
		return;
	}
	const documentsPath = memberPath(path, 'doctoRelacionado');
	if (decimals === undefined || documents.length === 0 || documents.some((doc) => !doc.clean || !doc.amounts) || !ctx.isClean(taxesPath, documentsPath)) return;

	const expected = groupPaymentTaxes(documents.map((doc) => doc.amounts as DocumentTaxAmounts), decimals);
	if (!expected) {
		if (present) ctx.error('IMPUESTOS_P_UNEXPECTED', taxesPath, `${taxesPath} is present but no related document carries taxes.`, 'Remove impuestosP.');
		return;
	}
	if (!present) {
		ctx.missing(taxesPath, 'Add impuestosP: the related documents\' taxes grouped per tax and rate, or turn on Compute Totals.', 'IMPUESTOS_P_REQUIRED', `${taxesPath} is missing; the related documents carry taxes.`);
		return;
	}
	const converted = documents.some((doc) => doc.equivalencia && compareDecimal(doc.equivalencia, ONE) !== 0);
	const tolerance = conversionTolerance(documents.length, decimals, converted);

	const expectedTraslados = new Map((expected.trasladosP ?? []).map((item) => [taxKey(item.impuestoP, item.tipoFactorP, item.tasaOCuotaP), item]));
	const seen = new Set<string>();
	for (const { item, path: itemPath } of traslados) {
		const key = taxKey(item.impuestoP, item.tipoFactorP, item.tasaOCuotaP);
		const label = `${show(item.impuestoP)} ${show(item.tipoFactorP)}${item.tasaOCuotaP !== undefined ? ` ${show(item.tasaOCuotaP)}` : ''}`;
		if (seen.has(key)) {
			ctx.error('CRP20271', itemPath, `${itemPath} repeats tax ${label}; trasladosP holds one line per tax, factor and rate.`, 'Merge the repeated lines into one.');
			continue;
		}
		seen.add(key);
		const want = expectedTraslados.get(key);
		if (!want) {
			ctx.error('CRP20268', itemPath, `${itemPath} (tax ${label}) matches no tax of the related documents.`, 'Remove it, or add the tax to the related documents it belongs to.');
			continue;
		}
		const base = typeof item.baseP === 'number' && Number.isFinite(item.baseP) ? exact(item.baseP) : undefined;
		const wantBase = exact(want.baseP);
		const basePath = memberPath(itemPath, 'baseP');
		if (base && ctx.isClean(basePath) && !near(base, wantBase, tolerance)) {
			ctx.error(item.tipoFactorP === 'Exento' ? 'CRP20269' : 'CRP20268', basePath, `${basePath} ${show(item.baseP)} is not the sum of the related documents' baseDR for this tax (${amountText(wantBase, decimals)}).`, `Set baseP to ${amountText(wantBase, decimals)}.`, item.baseP);
		}
		const importePath = memberPath(itemPath, 'importeP');
		if (want.importeP !== undefined && typeof item.importeP === 'number' && ctx.isClean(importePath)) {
			const wantImporte = exact(want.importeP);
			if (!near(exact(item.importeP), wantImporte, tolerance)) {
				ctx.error('CRP20274', importePath, `${importePath} ${show(item.importeP)} is not the sum of the related documents' importeDR for this tax (${amountText(wantImporte, decimals)}).`, `Set importeP to ${amountText(wantImporte, decimals)}.`, item.importeP);
			}
		}
	}
	for (const [key, want] of expectedTraslados) {
		if (seen.has(key) || !ctx.isClean(taxesPath)) continue;
		const at = memberPath(taxesPath, 'trasladosP');
		ctx.error('CRP20268', at, `${at} lacks the line for tax ${show(want.impuestoP)} ${show(want.tipoFactorP)}${want.tasaOCuotaP !== undefined ? ` ${show(want.tasaOCuotaP)}` : ''} that the related documents carry.`, `Add { baseP: ${want.baseP}, impuestoP: ${show(want.impuestoP)}, tipoFactorP: ${show(want.tipoFactorP)}${want.importeP !== undefined ? `, tasaOCuotaP: ${want.tasaOCuotaP}, importeP: ${want.importeP}` : ''} }, or turn on Compute Totals.`);
	}

	const expectedRetenciones = new Map((expected.retencionesP ?? []).map((item) => [item.impuestoP, item]));
	const seenRetenciones = new Set<string>();
	for (const { item, path: itemPath } of retenciones) {
		const impuesto = String(item.impuestoP);
		if (seenRetenciones.has(impuesto)) {
			ctx.error('CRP20263', itemPath, `${itemPath} repeats withheld tax ${show(item.impuestoP)}; retencionesP holds one line per tax.`, 'Merge the repeated lines into one.');
			continue;
		}
		seenRetenciones.add(impuesto);
		const want = expectedRetenciones.get(impuesto);
		const importePath = memberPath(itemPath, 'importeP');
		if (!want) {
			ctx.error('CRP20265', itemPath, `${itemPath} (withheld tax ${show(item.impuestoP)}) matches no withholding of the related documents.`, 'Remove it, or add the withholding to the related documents.');
		} else if (typeof item.importeP === 'number' && ctx.isClean(importePath)) {
			const wantImporte = exact(want.importeP);
			if (!near(exact(item.importeP), wantImporte, tolerance)) {
				ctx.error('CRP20265', importePath, `${importePath} ${show(item.importeP)} is not the sum of the related documents' withheld importeDR (${amountText(wantImporte, decimals)}).`, `Set importeP to ${amountText(wantImporte, decimals)}.`, item.importeP);
			}
		}
	}
	for (const [impuesto, want] of expectedRetenciones) {
		if (seenRetenciones.has(impuesto) || !ctx.isClean(taxesPath)) continue;
		const at = memberPath(taxesPath, 'retencionesP');
		ctx.error('CRP20265', at, `${at} lacks the withheld tax ${show(impuesto)} that the related documents carry.`, `Add { impuestoP: ${show(impuesto)}, importeP: ${want.importeP} }, or turn on Compute Totals.`);
	}
}

function checkPago(ctx: ValidationContext, entry: ListItem): void {
	const { item: pago, path } = entry;
	const fecha = readText(ctx, pago, 'fechaPago', path, 'Add fechaPago, when the payment was received, e.g. "2024-05-10T12:00:00".');
	if (fecha !== undefined && !isRealDateTime(fecha)) {
		const at = memberPath(path, 'fechaPago');
		ctx.error('FECHA_PAGO_FORMAT', at, `${at} ${show(fecha)} is not a real date-time in the form YYYY-MM-DDThh:mm:ss.`, 'Use local time without a time zone, e.g. "2024-05-10T12:00:00".', fecha);
	}
	const forma = readCode(ctx, pago, 'formaDePagoP', path, FORMA_PAGO, 'c_FormaPago', 'CATALOG_CODE', 'Add formaDePagoP, how the payment was received, e.g. "03" (transfer).');
	if (forma === '99') {
		const at = memberPath(path, 'formaDePagoP');
		ctx.error('CRP20212', at, `${at} "99" (to be defined) is not allowed: a payment receipt records a payment already received.`, 'Use the form the payment was received in, e.g. "03" (transfer), "01" (cash), "04" (credit card), "28" (debit card).', forma);
	}
	const monedaP = readCode(ctx, pago, 'monedaP', path, MONEDA, 'c_Moneda', 'CATALOG_CODE', 'Add monedaP, the currency of the payment, e.g. "MXN".');
	if (monedaP === 'XXX') {
		const at = memberPath(path, 'monedaP');
		ctx.error('CRP20213', at, `${at} "XXX" is not the currency of a payment.`, 'Use the currency the payment was received in, e.g. "MXN" or "USD".', monedaP);
	}
	const decimals = monedaP && monedaP !== 'XXX' ? currencyDecimals(monedaP) : undefined;
	const tcPath = memberPath(path, 'tipoCambioP');
	const tipoCambio = readNumber(ctx, pago, 'tipoCambioP', path, { positiveCode: 'CRP20214', decimals: TIPO_CAMBIO_DECIMALS });
	if (monedaP && monedaP !== 'XXX' && ctx.isClean(tcPath)) {
		if (monedaP !== 'MXN' && pago.tipoCambioP === undefined) {
			ctx.missing(tcPath, `Add tipoCambioP, the MXN per 1 ${monedaP} on the payment date, e.g. 17.25.`, 'CRP20214', `${tcPath} is missing; it is required when monedaP is ${show(monedaP)}.`);
		} else if (monedaP === 'MXN' && tipoCambio && compareDecimal(tipoCambio, ONE) !== 0) {
			ctx.error('CRP20215', tcPath, `${tcPath} ${show(pago.tipoCambioP)} must be 1 when monedaP is "MXN".`, 'Use 1.', pago.tipoCambioP);
		}
	}
	const monto = readNumber(ctx, pago, 'monto', path, { required: 'Add monto, the amount received.', positiveCode: 'CRP20218', decimals, decimalsCode: 'CRP20219' });

	const documents = readList(ctx, pago, 'doctoRelacionado', path, 'Add doctoRelacionado: one item per invoice this payment pays (its UUID, balances and amount paid).').map((doc) => checkDocument(ctx, doc, monedaP));

	const montoPath = memberPath(path, 'monto');
	if (monto && decimals !== undefined && documents.length > 0 && documents.every((doc) => doc.impPagado && doc.equivalencia) && ctx.isClean(montoPath)) {
		const least = minimumMonto(documents.map((doc) => ({ impPagado: doc.impPagado as Decimal, equivalencia: doc.equivalencia as Decimal })), decimals);
		if (compareDecimal(monto, least) < 0) {
			ctx.error('CRP20217', montoPath, `${montoPath} ${show(pago.monto)} is less than the amounts paid (Σ impPagado ÷ equivalenciaDR = ${amountText(least, decimals)}).`, `Set monto to at least ${amountText(least, decimals)}, or lower the amounts applied to the invoices.`, pago.monto);
		}
	}
	checkPaymentTaxes(ctx, pago, path, documents, decimals);
}

function checkTotales(ctx: ValidationContext, complement: UnknownRecord, pagos: ListItem[]): void {
	const totalesPath = memberPath(PATHS.payments, 'totales');
	const totales = readObject(ctx, complement, 'totales', PATHS.payments, 'Add totales with montoTotalPagos (and the tax totals that apply), or turn on Compute Totals.');
	if (!totales) return;
	const given = new Map<keyof PaymentTotals, Decimal>();
	for (const member of TOTALES_MEMBERS) {
		const value = readNumber(ctx, totales, member, totalesPath, {
			decimals: 2,
			required: member === 'montoTotalPagos' ? 'Add montoTotalPagos, the sum of each payment monto × tipoCambioP, in MXN.' : undefined,
			requiredCode: TOTALES_CODES[member],
		});
		if (value) given.set(member, value);
	}
	if (pagos.length === 0 || !pagos.every((pago) => ctx.isClean(pago.path)) || !ctx.isClean(totalesPath)) return;
	const amounts = pagos.map((pago) => readPagoAmounts(pago.item));
	if (amounts.some((entry) => entry === undefined)) return;
	const expected = paymentTotals(amounts as PagoAmounts[]);
	const converted = (amounts as PagoAmounts[]).some((pago) => compareDecimal(pago.tipoCambio, ONE) !== 0);
	const tolerance = conversionTolerance(pagos.length, 2, converted);
	for (const member of TOTALES_MEMBERS) {
		const path = memberPath(totalesPath, member);
		const want = expected[member];
		const have = given.get(member);
		if (!ctx.isClean(path)) continue;
		if (want === undefined) {
			if (have) ctx.error(TOTALES_CODES[member], path, `${path} must not be present: no payment has that tax.`, 'Remove it.', totales[member]);
			continue;
		}
		const wantDecimal = exact(want);
		if (!have) {
			ctx.missing(path, `Add ${member} ${amountText(wantDecimal, 2)}, or turn on Compute Totals.`, TOTALES_CODES[member], `${path} is missing; the payments carry that tax.`);
		} else if (!near(have, wantDecimal, tolerance)) {
			ctx.error(TOTALES_CODES[member], path, `${path} ${show(totales[member])} does not add up: the payments give ${amountText(wantDecimal, 2)} MXN (each amount × tipoCambioP).`, `Set ${member} to ${amountText(wantDecimal, 2)}.`, totales[member]);
		}
	}
}

/** The payment complement, when the voucher is of type P and carries one. */
export function checkPaymentComplement(ctx: ValidationContext): void {
	const { root } = ctx.view;
	const tipo = ctx.isClean('tipoDeComprobante') ? ctx.view.tipo : undefined;
	const raw = complementOf(root, 'payments');
	if (raw === undefined || raw === null || tipo !== 'P') return;
	if (!isRecord(raw)) {
		ctx.error('OBJECT_EXPECTED', PATHS.payments, `${PATHS.payments} ${show(raw)} is not an object.`, 'Send the payment complement as an object: { version: "2.0", totales: {...}, pago: [...] }.', raw);
		return;
	}
	const version = readText(ctx, raw, 'version', PATHS.payments, 'Add version "2.0".');
	if (version !== undefined && version !== VERSIONS.payments) {
		const at = memberPath(PATHS.payments, 'version');
		ctx.error('COMPLEMENT_VERSION', at, `${at} ${show(version)} is not supported.`, 'Use version "2.0" (Pagos 2.0, the version for CFDI 4.0).', version);
	}
	const pagos = readList(ctx, raw, 'pago', PATHS.payments, 'Add pago: one item per payment received.');
	for (const pago of pagos) checkPago(ctx, pago);
	checkTotales(ctx, raw, pagos);
}
