/**
 * The Pagos 2.0 complement of a payment voucher: the CRP202xx rules of the SAT's error matrix that
 * can be checked without the SAT's databases. The expected amounts come from the same calculators
 * that build payment receipts (receiptTaxes.ts, receiptTotals.ts), so what the node computes is
 * what it accepts.
 */
import { FORMA_PAGO } from '../../../cfdi/catalogs/formaPago';
import { currencyDecimals, MONEDA } from '../../../cfdi/catalogs/moneda';
import { compareDecimal, decimalToString, type Decimal } from '../../../cfdi/decimal';
import { paidBalanceProblems } from './paidBalances';
import { mexicoCityDate } from '../../../cfdi/mexicoTime';
import { minimumMonto } from './receiptTaxes';
import { paymentTotals, readPagoAmounts, type PagoAmounts } from './receiptTotals';
import {
	complementOf,
	itemPath,
	memberPath,
	PATHS,
	TOTALES_MEMBERS,
	VERSIONS,
	type PaymentTotals,
	isRecord,
} from '../../../cfdi/voucherShape';
import { messageValue } from '../../../cfdi/validation/describe';
import { type UnknownRecord, type ValidationContext } from '../../../cfdi/validation/context';
import { isRealDateTime } from '../../../cfdi/validation/formats';
import {
	near,
	readCode,
	readList,
	readNumber,
	readObject,
	readText,
	type ListItem,
} from '../../../cfdi/validation/members';
import { conversionTolerance, exact, ONE, TIPO_CAMBIO_DECIMALS } from './ruleAmounts';
import { checkDocument } from './paidDocumentRules';
import { checkPaymentTaxes } from './receiptTaxRules';

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

// Without fecha the receipt's date is the moment it is stamped, which may be days after the data
// was prepared (a scheduled run, a store in another time zone); only dates clearly ahead are refused.
const DAYS_AHEAD_WITHOUT_FECHA = 30;

/**
 * A receipt records a payment already received (Pagos 2.0 guide: FechaPago is when the beneficiary
 * received it), so a payment dated after the receipt is a mistake (a year typed wrong, a due date
 * instead of a payment date). Compared with fecha when given; without it, with today in Mexico City
 * plus DAYS_AHEAD_WITHOUT_FECHA days.
 */
function checkPaymentNotAhead(ctx: ValidationContext, fechaPago: string, at: string): void {
	const fecha = ctx.isClean('fecha') ? ctx.view.root.fecha : undefined;
	const issued = typeof fecha === 'string' && isRealDateTime(fecha) ? fecha : undefined;
	const limit = issued ?? `${mexicoCityDate(DAYS_AHEAD_WITHOUT_FECHA)}T23:59:59`;
	if (fechaPago <= limit) return;
	const against = issued
		? `the receipt's fecha ${messageValue(issued)}`
		: `${limit.slice(0, 10)}, ${DAYS_AHEAD_WITHOUT_FECHA} days after today in Mexico City`;
	ctx.error(
		'FECHA_PAGO_AHEAD',
		at,
		`${at} ${messageValue(fechaPago)} is after ${against}; a payment receipt records a payment already received.`,
		'Use the date the payment was received (check the year), and issue the receipt once it has been received.',
		fechaPago,
	);
}

function checkPago(ctx: ValidationContext, entry: ListItem): void {
	const { item: pago, path } = entry;
	const fecha = readText(
		ctx,
		pago,
		'fechaPago',
		path,
		'Add fechaPago, when the payment was received, e.g. "2024-05-10T12:00:00".',
	);
	if (fecha !== undefined && !isRealDateTime(fecha)) {
		const at = memberPath(path, 'fechaPago');
		ctx.error(
			'FECHA_PAGO_FORMAT',
			at,
			`${at} ${messageValue(fecha)} is not a real date-time in the form YYYY-MM-DDThh:mm:ss.`,
			'Use local time without a time zone, e.g. "2024-05-10T12:00:00".',
			fecha,
		);
	} else if (fecha !== undefined) {
		checkPaymentNotAhead(ctx, fecha, memberPath(path, 'fechaPago'));
	}
	const forma = readCode(
		ctx,
		pago,
		'formaDePagoP',
		path,
		FORMA_PAGO,
		'c_FormaPago',
		'CATALOG_CODE',
		'Add formaDePagoP, how the payment was received, e.g. "03" (transfer).',
	);
	if (forma === '99') {
		const at = memberPath(path, 'formaDePagoP');
		ctx.error(
			'CRP20212',
			at,
			`${at} "99" (to be defined) is not allowed: a payment receipt records a payment already received.`,
			'Use the form the payment was received in, e.g. "03" (transfer), "01" (cash), "04" (credit card), "28" (debit card).',
			forma,
		);
	}
	const monedaP = readCode(
		ctx,
		pago,
		'monedaP',
		path,
		MONEDA,
		'c_Moneda',
		'CATALOG_CODE',
		'Add monedaP, the currency of the payment, e.g. "MXN".',
	);
	if (monedaP === 'XXX') {
		const at = memberPath(path, 'monedaP');
		ctx.error(
			'CRP20213',
			at,
			`${at} "XXX" is not the currency of a payment.`,
			'Use the currency the payment was received in, e.g. "MXN" or "USD".',
			monedaP,
		);
	}
	const decimals = monedaP && monedaP !== 'XXX' ? currencyDecimals(monedaP) : undefined;
	const tcPath = memberPath(path, 'tipoCambioP');
	const tipoCambio = readNumber(ctx, pago, 'tipoCambioP', path, {
		positiveCode: 'CRP20214',
		decimals: TIPO_CAMBIO_DECIMALS,
	});
	if (monedaP && monedaP !== 'XXX' && ctx.isClean(tcPath)) {
		if (monedaP !== 'MXN' && pago.tipoCambioP === undefined) {
			ctx.missing(
				tcPath,
				`Add tipoCambioP, the MXN per 1 ${monedaP} on the payment date, e.g. 17.25.`,
				'CRP20214',
				`${tcPath} is missing; it is required when monedaP is ${messageValue(monedaP)}.`,
			);
		} else if (monedaP === 'MXN' && tipoCambio && compareDecimal(tipoCambio, ONE) !== 0) {
			ctx.error(
				'CRP20215',
				tcPath,
				`${tcPath} ${messageValue(pago.tipoCambioP)} must be 1 when monedaP is "MXN".`,
				'Use 1.',
				pago.tipoCambioP,
			);
		}
	}
	const monto = readNumber(ctx, pago, 'monto', path, {
		required: 'Add monto, the amount received.',
		positiveCode: 'CRP20218',
		decimals,
		decimalsCode: 'CRP20219',
	});

	const documents = readList(
		ctx,
		pago,
		'doctoRelacionado',
		path,
		'Add doctoRelacionado: one item per invoice this payment pays (its UUID, balances and amount paid).',
	).map((doc) => checkDocument(ctx, doc, monedaP));

	const montoPath = memberPath(path, 'monto');
	if (
		monto &&
		decimals !== undefined &&
		documents.length > 0 &&
		documents.every((doc) => doc.impPagado && doc.equivalencia) &&
		ctx.isClean(montoPath)
	) {
		const least = minimumMonto(
			documents.map((doc) => ({
				impPagado: doc.impPagado as Decimal,
				equivalencia: doc.equivalencia as Decimal,
			})),
			decimals,
		);
		if (compareDecimal(monto, least) < 0) {
			ctx.error(
				'CRP20217',
				montoPath,
				`${montoPath} ${messageValue(pago.monto)} is less than the amounts paid (Σ impPagado ÷ equivalenciaDR = ${decimalToString(least, decimals)}).`,
				`Set monto to at least ${decimalToString(least, decimals)}, or lower the amounts applied to the invoices.`,
				pago.monto,
			);
		}
	}
	checkPaymentTaxes(ctx, pago, path, documents, decimals);
}

function checkTotales(ctx: ValidationContext, complement: UnknownRecord, pagos: ListItem[]): void {
	const totalesPath = memberPath(PATHS.payments, 'totales');
	const totales = readObject(
		ctx,
		complement,
		'totales',
		PATHS.payments,
		'Add totales with montoTotalPagos (and the tax totals that apply), or turn on Compute Totals.',
	);
	if (!totales) return;
	const given = new Map<keyof PaymentTotals, Decimal>();
	for (const member of TOTALES_MEMBERS) {
		const value = readNumber(ctx, totales, member, totalesPath, {
			decimals: 2,
			required:
				member === 'montoTotalPagos'
					? 'Add montoTotalPagos, the sum of each payment monto × tipoCambioP, in MXN.'
					: undefined,
			requiredCode: TOTALES_CODES[member],
		});
		if (value) given.set(member, value);
	}
	if (
		pagos.length === 0 ||
		!pagos.every((pago) => ctx.isClean(pago.path)) ||
		!ctx.isClean(totalesPath)
	)
		return;
	const amounts = pagos.map((pago) => readPagoAmounts(pago.item));
	if (amounts.some((entry) => entry === undefined)) return;
	const expected = paymentTotals(amounts as PagoAmounts[]);
	const converted = (amounts as PagoAmounts[]).some(
		(pago) => compareDecimal(pago.tipoCambio, ONE) !== 0,
	);
	const tolerance = conversionTolerance(pagos.length, 2, converted);
	for (const member of TOTALES_MEMBERS) {
		const path = memberPath(totalesPath, member);
		const want = expected[member];
		const have = given.get(member);
		if (!ctx.isClean(path)) continue;
		if (want === undefined) {
			if (have)
				ctx.error(
					TOTALES_CODES[member],
					path,
					`${path} must not be present: no payment has that tax.`,
					'Remove it.',
					totales[member],
				);
			continue;
		}
		const wantDecimal = exact(want);
		if (!have) {
			ctx.missing(
				path,
				`Add ${member} ${decimalToString(wantDecimal, 2)}, or turn on Compute Totals.`,
				TOTALES_CODES[member],
				`${path} is missing; the payments carry that tax.`,
			);
		} else if (!near(have, wantDecimal, tolerance)) {
			ctx.error(
				TOTALES_CODES[member],
				path,
				`${path} ${messageValue(totales[member])} does not add up: the payments give ${decimalToString(wantDecimal, 2)} MXN (each amount × tipoCambioP).`,
				`Set ${member} to ${decimalToString(wantDecimal, 2)}.`,
				totales[member],
			);
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
		ctx.error(
			'OBJECT_EXPECTED',
			PATHS.payments,
			`${PATHS.payments} ${messageValue(raw)} is not an object.`,
			'Send the payment complement as an object: { version: "2.0", totales: {...}, pago: [...] }.',
			raw,
		);
		return;
	}
	const version = readText(ctx, raw, 'version', PATHS.payments, 'Add version "2.0".');
	if (version !== undefined && version !== VERSIONS.payments) {
		const at = memberPath(PATHS.payments, 'version');
		ctx.error(
			'COMPLEMENT_VERSION',
			at,
			`${at} ${messageValue(version)} is not supported.`,
			'Use version "2.0" (Pagos 2.0, the version for CFDI 4.0).',
			version,
		);
	}
	const pagos = readList(
		ctx,
		raw,
		'pago',
		PATHS.payments,
		'Add pago: one item per payment received.',
	);
	for (const pago of pagos) checkPago(ctx, pago);
	// An invoice listed more than once counts once against its balance (paidBalances.ts).
	if (pagos.every((pago) => ctx.isClean(pago.path))) {
		for (const problem of paidBalanceProblems(pagos.map((pago) => pago.item))) {
			const at = memberPath(
				itemPath(pagos[problem.pago].path, 'doctoRelacionado', problem.document),
				problem.member,
			);
			ctx.error('DR_BALANCE', at, `${at}: ${problem.message}`, problem.fix);
		}
	}
	checkTotales(ctx, raw, pagos);
}
