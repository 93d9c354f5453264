/**
 * One related document of a Pagos 2.0 payment (DoctoRelacionado): its identity, currency and
 * equivalence, balances (CRP20236-CRP20245) and taxes (CRP20246-CRP20261, CRP20278-CRP20279).
 */
import { FOLIO_FISCAL_PATTERN } from '../../../cfdi/cancellation';
import { currencyDecimals, MONEDA } from '../../../cfdi/catalogs/moneda';
import { OBJETO_IMP } from '../../../cfdi/catalogs/objetoImp';
import {
	compareDecimal,
	decimalToString,
	isNegative,
	subtractDecimal,
	type Decimal,
} from '../../../cfdi/decimal';
import { readDocumentTaxAmounts, type DocumentTaxAmounts } from './receiptTaxes';
import { memberPath } from '../../../cfdi/voucherShape';
import { messageValue } from '../../../cfdi/validation/describe';
import { type ValidationContext } from '../../../cfdi/validation/context';
import { readCode, readNumber, readText, type ListItem } from '../../../cfdi/validation/members';
import { EQUIVALENCIA_DECIMALS, ONE } from './ruleAmounts';
import { checkDocumentTaxes } from './paidDocumentTaxRules';

export interface DocumentCheck {
	clean: boolean;
	impPagado?: Decimal;
	equivalencia?: Decimal;
	amounts?: DocumentTaxAmounts;
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
			`${at} ${messageValue(idDocumento)} is not a UUID.`,
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
				`${eqPath} is missing; it is required when monedaDR ${messageValue(monedaDR)} differs from monedaP ${messageValue(monedaP)}.`,
			);
		} else if (sameCurrency && equivalencia && compareDecimal(equivalencia, ONE) !== 0) {
			ctx.error(
				'CRP20238',
				eqPath,
				`${eqPath} ${messageValue(doc.equivalenciaDR)} must be 1 when monedaDR equals monedaP (${messageValue(monedaP)}).`,
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
		expected && decimals !== undefined ? decimalToString(expected, decimals) : undefined;
	let insoluto: Decimal | undefined;
	if (typeof rawInsoluto === 'number' && rawInsoluto < 0) {
		ctx.error(
			'CRP20244',
			insolutoPath,
			`${insolutoPath} ${messageValue(rawInsoluto)} is negative: more was paid than was owed.`,
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
				`${memberPath(path, 'impPagado')} ${messageValue(doc.impPagado)} is more than impSaldoAnt ${messageValue(doc.impSaldoAnt)}: the balance would be negative.`,
				'Apply to this invoice at most its balance; put the rest on another invoice.',
				doc.impPagado,
			);
		} else if (insoluto && compareDecimal(insoluto, expected) !== 0) {
			ctx.error(
				'CRP20244',
				insolutoPath,
				`${insolutoPath} ${messageValue(rawInsoluto)} is not impSaldoAnt − impPagado (${messageValue(doc.impSaldoAnt)} − ${messageValue(doc.impPagado)} = ${expectedText}).`,
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
