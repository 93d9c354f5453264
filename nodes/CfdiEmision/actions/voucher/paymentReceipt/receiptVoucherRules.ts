/**
 * The fixed members of a payment voucher (type P), rules CRP20101-CRP20123 of the SAT's error
 * matrix for Pagos 2.0. Rules already checked for every voucher (formaPago, metodoPago, moneda
 * XXX, subTotal 0, impuestos, concept discounts) keep their CFDI40xxx codes.
 */
import { compareDecimal, decimalOf, isZero, parseDecimal } from '../../../cfdi/decimal';
import { PAYMENT_CONCEPT } from './buildReceipt';
import { hasComplement, PATHS } from '../../../cfdi/voucherShape';
import { messageValue } from '../../../cfdi/validation/describe';
import { isPresent, textOf, type ValidationContext } from '../../../cfdi/validation/context';

/** Members of the payment concept that must hold exactly the fixed text. */
const FIXED_TEXT: ReadonlyArray<
	[key: 'claveProdServ' | 'claveUnidad' | 'descripcion' | 'objetoImp', code: string]
> = [
	['claveProdServ', 'CRP20113'],
	['claveUnidad', 'CRP20116'],
	['descripcion', 'CRP20118'],
	['objetoImp', 'CRP20122'],
];

function checkPaymentConcept(ctx: ValidationContext): void {
	const { conceptos, root } = ctx.view;
	if (!Array.isArray(root.conceptos) || !ctx.isClean('conceptos')) return;
	if (conceptos.length !== 1) {
		ctx.error(
			'CRP20111',
			'conceptos',
			`conceptos has ${conceptos.length} concepts; a payment voucher has exactly one.`,
			`Use one concept: claveProdServ "84111506", cantidad "1", claveUnidad "ACT", descripcion "Pago", valorUnitario 0, importe 0, objetoImp "01".`,
		);
		return;
	}
	const concepto = conceptos[0];
	if (!concepto) return;
	const path = 'conceptos[0]';
	for (const [key, code] of FIXED_TEXT) {
		const value = textOf(concepto, key);
		const member = `${path}.${key}`;
		if (value === undefined || value === PAYMENT_CONCEPT[key] || !ctx.isClean(member)) continue;
		ctx.error(
			code,
			member,
			`${member} ${messageValue(value)} is not the payment concept's ${messageValue(PAYMENT_CONCEPT[key])}.`,
			`Use ${messageValue(PAYMENT_CONCEPT[key])}.`,
			value,
		);
	}
	for (const [key, code] of [
		['valorUnitario', 'CRP20119'],
		['importe', 'CRP20120'],
	] as const) {
		const member = `${path}.${key}`;
		const amount = typeof concepto[key] === 'number' ? parseDecimal(concepto[key]) : undefined;
		if (amount && !isZero(amount) && ctx.isClean(member)) {
			ctx.error(
				code,
				member,
				`${member} ${messageValue(concepto[key])} must be 0 in a payment voucher.`,
				'Use 0; the amounts paid go in the payment complement.',
				concepto[key],
			);
		}
	}
	const cantidad = parseDecimal(concepto.cantidad);
	if (cantidad && compareDecimal(cantidad, decimalOf(1)) !== 0 && ctx.isClean(`${path}.cantidad`)) {
		ctx.error(
			'CRP20115',
			`${path}.cantidad`,
			`${path}.cantidad ${messageValue(concepto.cantidad)} must be "1" in a payment voucher.`,
			'Use "1".',
			concepto.cantidad,
		);
	}
	for (const [key, code] of [
		['noIdentificacion', 'CRP20114'],
		['unidad', 'CRP20117'],
		['impuestos', 'CRP20123'],
	] as const) {
		const member = `${path}.${key}`;
		if (isPresent(concepto, key) && ctx.isClean(member)) {
			ctx.error(
				code,
				member,
				`${member} must not be present in a payment voucher.`,
				`Remove ${key}; the payment concept carries only the fixed members.`,
				concepto[key],
			);
		}
	}
}

/** A payment complement only on type P; type P only with it, and with its fixed members. */
export function checkPaymentVoucher(ctx: ValidationContext): void {
	const { root } = ctx.view;
	const tipo = ctx.isClean('tipoDeComprobante') ? ctx.view.tipo : undefined;
	const withComplement = hasComplement(root, 'payments');
	if (withComplement && tipo !== undefined && tipo !== 'P') {
		ctx.error(
			'CRP20101',
			'tipoDeComprobante',
			`tipoDeComprobante ${messageValue(tipo)} cannot carry ${PATHS.payments}: the payment complement goes only on a payment voucher.`,
			'Use tipoDeComprobante "P" (issue a separate payment receipt), or remove the payment complement.',
			tipo,
		);
		return;
	}
	if (tipo !== 'P') return;
	if (!withComplement) {
		ctx.missing(
			PATHS.payments,
			'Add the payment complement (version "2.0", totales and pago[]), or use Create Payment Receipt, which computes it.',
			'REQUIRED',
			`${PATHS.payments} is missing; a payment voucher (type "P") carries it.`,
		);
	}
	const exportacion = textOf(root, 'exportacion');
	if (exportacion !== undefined && exportacion !== '01' && ctx.isClean('exportacion')) {
		ctx.error(
			'CRP20102',
			'exportacion',
			`exportacion ${messageValue(exportacion)} must be "01" in a payment voucher.`,
			'Use "01".',
			exportacion,
		);
	}
	for (const [key, code] of [
		['condicionesDePago', 'CRP20107'],
		['descuento', 'CRP20108'],
	] as const) {
		if (isPresent(root, key) && ctx.isClean(key)) {
			ctx.error(
				code,
				key,
				`${key} must not be present in a payment voucher.`,
				`Remove ${key}.`,
				root[key],
			);
		}
	}
	checkPaymentConcept(ctx);
}
