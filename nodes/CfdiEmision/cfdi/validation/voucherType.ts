import { findEntry } from '../catalogs/lookup';
import { FORMA_PAGO } from '../catalogs/formaPago';
import { MONEDA } from '../catalogs/moneda';
import { TIPO_DE_COMPROBANTE } from '../catalogs/tipoDeComprobante';
import { compareDecimal, decimalOf } from '../decimal';
import { messageValue } from './describe';
import { amountOf, isPresent, textOf, type ValidationContext } from './context';

const TIPO_CAMBIO_MAX_DECIMALS = 6;
const ONE = decimalOf(1);

/** The voucher type when it is a valid code. */
function validTipo(ctx: ValidationContext): string | undefined {
	const tipo = ctx.view.tipo;
	return tipo && findEntry(TIPO_DE_COMPROBANTE, tipo) && ctx.isClean('tipoDeComprobante')
		? tipo
		: undefined;
}

function checkPaymentMembers(ctx: ValidationContext, tipo: string | undefined): void {
	const { root } = ctx.view;
	const formaPago = root.formaPago;
	if (tipo === 'I') {
		if (!isPresent(root, 'formaPago'))
			ctx.missing(
				'formaPago',
				'Add formaPago, e.g. "03" (electronic funds transfer), or "99" (to be defined) with metodoPago "PPD".',
			);
		if (!isPresent(root, 'metodoPago'))
			ctx.missing(
				'metodoPago',
				'Add metodoPago: "PUE" (paid in full at issue) or "PPD" (paid later or in installments).',
			);
	}
	if ((tipo === 'T' || tipo === 'N' || tipo === 'P') && isPresent(root, 'formaPago')) {
		ctx.error(
			'CFDI40103',
			'formaPago',
			`formaPago ${messageValue(formaPago)} must not be present when tipoDeComprobante is ${messageValue(tipo)}.`,
			'Remove formaPago.',
			formaPago,
		);
	}
	if ((tipo === 'T' || tipo === 'P') && isPresent(root, 'metodoPago')) {
		ctx.error(
			'CFDI40125',
			'metodoPago',
			`metodoPago ${messageValue(root.metodoPago)} must not be present when tipoDeComprobante is ${messageValue(tipo)}.`,
			'Remove metodoPago.',
			root.metodoPago,
		);
	}
	// A deferred payment is not paid yet, so its form of payment is "to be defined".
	const forma = textOf(root, 'formaPago');
	if (
		textOf(root, 'metodoPago') === 'PPD' &&
		forma &&
		forma !== '99' &&
		findEntry(FORMA_PAGO, forma) &&
		ctx.isClean('formaPago', 'metodoPago')
	) {
		ctx.error(
			'CFDI40105',
			'formaPago',
			`formaPago ${messageValue(forma)} is not allowed with metodoPago "PPD".`,
			'Use formaPago "99" (to be defined); the actual form goes in the payment complement.',
			forma,
		);
	}
	// The other way round (RMF rule 2.7.1.29, Anexo 20 filling guide): a voucher paid in one payment
	// at issue (PUE) says how it was paid; "99" is only for what is not paid yet.
	if (
		textOf(root, 'metodoPago') === 'PUE' &&
		forma === '99' &&
		ctx.isClean('formaPago', 'metodoPago')
	) {
		ctx.error(
			'PUE_FORMA_PAGO_99',
			'formaPago',
			'formaPago "99" (to be defined) is not allowed with metodoPago "PUE" (paid in one payment at issue).',
			'Use the form the payment was made with, e.g. "03" (transfer), "01" (cash) or "04" (credit card); or metodoPago "PPD" if it is not paid yet.',
			forma,
		);
	}
}

/** Payment and transfer vouchers carry no amounts of their own. */
function checkNoAmountTypes(ctx: ValidationContext, tipo: string | undefined): void {
	if (tipo !== 'T' && tipo !== 'P') return;
	const { root, conceptos } = ctx.view;
	if (
		tipo === 'P' &&
		ctx.view.moneda !== undefined &&
		ctx.view.moneda !== 'XXX' &&
		ctx.isClean('moneda')
	) {
		ctx.error(
			'CRP20104',
			'moneda',
			`moneda ${messageValue(ctx.view.moneda)} must be "XXX" when tipoDeComprobante is "P".`,
			'Use "XXX"; the payment currency goes in the payment complement.',
			ctx.view.moneda,
		);
	}
	if (isPresent(root, 'impuestos')) {
		ctx.error(
			'CFDI40201',
			'impuestos',
			`impuestos must not be present when tipoDeComprobante is ${messageValue(tipo)}.`,
			'Remove the voucher-level impuestos.',
		);
	}
	conceptos.forEach((concepto, index) => {
		if (!isPresent(concepto, 'descuento')) return;
		const path = `conceptos[${index}].descuento`;
		ctx.error(
			'CFDI40111',
			path,
			`${path} must not be present when tipoDeComprobante is ${messageValue(tipo)}.`,
			'Remove the discount.',
			concepto?.descuento,
		);
	});
}

/** tipoCambio: required for foreign currencies, 1 (or absent) for MXN, absent for XXX. */
function checkTipoCambio(ctx: ValidationContext): void {
	const { root, moneda } = ctx.view;
	if (!moneda || !findEntry(MONEDA, moneda) || !ctx.isClean('moneda', 'tipoCambio')) return;
	const present = isPresent(root, 'tipoCambio');
	const tipoCambio = amountOf(root, 'tipoCambio');
	if (moneda === 'XXX') {
		if (present)
			ctx.error(
				'CFDI40116',
				'tipoCambio',
				'tipoCambio must not be present when moneda is "XXX".',
				'Remove tipoCambio.',
				root.tipoCambio,
			);
		return;
	}
	if (moneda === 'MXN') {
		if (tipoCambio && compareDecimal(tipoCambio, ONE) !== 0) {
			ctx.error(
				'CFDI40114',
				'tipoCambio',
				`tipoCambio ${messageValue(root.tipoCambio)} must be 1 when moneda is "MXN".`,
				'Use 1, or leave tipoCambio out.',
				root.tipoCambio,
			);
		}
		return;
	}
	if (!present) {
		ctx.missing(
			'tipoCambio',
			`Add tipoCambio, the number of pesos (MXN) per 1 ${moneda}, e.g. 17.25 (up to ${TIPO_CAMBIO_MAX_DECIMALS} decimals).`,
			'CFDI40115',
			`tipoCambio is missing; it is required when moneda is ${messageValue(moneda)}.`,
		);
		return;
	}
	if (
		tipoCambio &&
		(tipoCambio.units <= BigInt(0) || tipoCambio.scale > TIPO_CAMBIO_MAX_DECIMALS)
	) {
		ctx.error(
			'CFDI40117',
			'tipoCambio',
			`tipoCambio ${messageValue(root.tipoCambio)} is not a positive number with at most ${TIPO_CAMBIO_MAX_DECIMALS} decimals.`,
			`Use the exchange rate to MXN, greater than 0, rounded to ${TIPO_CAMBIO_MAX_DECIMALS} decimals.`,
			root.tipoCambio,
		);
	}
}

/** Rules that depend on tipoDeComprobante, metodoPago and moneda. */
export function checkVoucherType(ctx: ValidationContext): void {
	const tipo = validTipo(ctx);
	checkPaymentMembers(ctx, tipo);
	checkNoAmountTypes(ctx, tipo);
	checkTipoCambio(ctx);
}
