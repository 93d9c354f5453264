/**
 * Business validations of a voucher: the base ones (provider rules, checked for every
 * create/update) and the stamping ones (SAT CFDI40xxx rules, checked only when stamping).
 * Every failing rule is reported, as the service collects them before answering; and the
 * operation results of a create/update (failed, pending, stamped).
 */
import { isObject, toNumber } from './modelBinding';
import type { SandboxAccount, StoredVoucher, ValidationError, VoucherBody } from './types';
import { recipientRegistryErrors } from './satRegistry';
import { taxLimitErrors } from './taxLimits';
import { voucherKindErrors } from './voucherKinds';

export type { ValidationError } from './types';

// One cent (plus float noise): the rounding difference the SAT tolerates for MXN amounts.
const TOLERANCE = 0.01 + 1e-9;

const FECHA_PATTERN =
	/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

export function baseValidation(body: VoucherBody, account: SandboxAccount): ValidationError[] {
	const errors: ValidationError[] = [];
	if (body.version !== '4.0') {
		errors.push({ codigo: 'FAC101', mensaje: 'La versión del comprobante debe ser "4.0".' });
	}
	const emisor = isObject(body.emisor) ? body.emisor : {};
	if (emisor.rfc !== account.rfc) {
		errors.push({
			codigo: 'FAC102',
			mensaje: 'El RFC del emisor no corresponde al emisor de la cuenta.',
		});
	}
	const receptor = isObject(body.receptor) ? body.receptor : {};
	if (typeof receptor.rfc !== 'string' || receptor.rfc.trim() === '') {
		errors.push({ codigo: 'FAC103', mensaje: 'El RFC del receptor es requerido.' });
	}
	if (!Array.isArray(body.conceptos) || body.conceptos.length === 0) {
		errors.push({
			codigo: 'FAC104',
			mensaje: 'El comprobante debe contener al menos un concepto.',
		});
	}
	// An empty serie is treated as "no serie", like an omitted one.
	if (typeof body.serie === 'string' && body.serie !== '' && !account.series.includes(body.serie)) {
		errors.push({ codigo: 'FAC112', mensaje: 'La serie no existe' });
	}
	return errors;
}

export function stampingValidation(
	body: VoucherBody,
	options: { noCalcularFecha: boolean },
): ValidationError[] {
	const errors: ValidationError[] = [];
	const conceptos = Array.isArray(body.conceptos) ? body.conceptos : [];

	let sumOfImportes = 0;
	conceptos.forEach((item, index) => {
		const concepto = isObject(item) ? item : {};
		const cantidad = toNumber(concepto.cantidad);
		const valorUnitario = toNumber(concepto.valorUnitario);
		const importe = toNumber(concepto.importe);
		sumOfImportes += importe ?? NaN;
		if (
			cantidad === undefined ||
			valorUnitario === undefined ||
			importe === undefined ||
			!near(importe, cantidad * valorUnitario)
		) {
			errors.push({
				codigo: 'CFDI40167',
				mensaje: `El valor del campo Importe del concepto ${index + 1} no es igual al producto de Cantidad por ValorUnitario.`,
			});
		}
	});

	const subTotal = toNumber(body.subTotal);
	if (subTotal === undefined || !near(subTotal, sumOfImportes)) {
		errors.push({
			codigo: 'CFDI40108',
			mensaje:
				'El campo SubTotal no es igual a la suma de los importes de los conceptos registrados.',
		});
	}

	const total = toNumber(body.total);
	if (
		total === undefined ||
		subTotal === undefined ||
		!near(total, expectedTotal(body, subTotal))
	) {
		errors.push({
			codigo: 'CFDI40119',
			mensaje:
				'El campo Total no corresponde con la suma del subtotal, menos los descuentos aplicables, más las contribuciones recibidas menos los impuestos retenidos.',
		});
	}

	if (body.metodoPago === 'PPD' && body.formaPago !== '99') {
		errors.push({
			codigo: 'CFDI40105',
			mensaje:
				'Cuando el campo MetodoPago tenga el valor PPD, el campo FormaPago debe contener el valor 99.',
		});
	}

	if (
		options.noCalcularFecha &&
		(typeof body.fecha !== 'string' || !FECHA_PATTERN.test(body.fecha))
	) {
		errors.push({
			codigo: 'CFDI40101',
			mensaje: 'El campo Fecha no cumple con el patrón requerido.',
		});
	}
	errors.push(...taxLimitErrors(body));
	errors.push(...recipientRegistryErrors(body));
	errors.push(...voucherKindErrors(body));
	return errors;
}

/** total = subTotal − descuento (+ traslados − retenciones when impuestos is given). */
function expectedTotal(body: VoucherBody, subTotal: number): number {
	const descuento = toNumber(body.descuento) ?? 0;
	let expected = subTotal - descuento;
	if (isObject(body.impuestos)) {
		expected += toNumber(body.impuestos.totalImpuestosTrasladados) ?? 0;
		expected -= toNumber(body.impuestos.totalImpuestosRetenidos) ?? 0;
	}
	return expected;
}

function near(a: number, b: number): boolean {
	return Math.abs(a - b) <= TOLERANCE;
}

/** The operation result of a failed create/update (HTTP 200, esValido false, errores set). */
export function failureResult(
	errores: ValidationError[],
	idComprobante: number,
	uuid: string | null = null,
	subEstatusId = 0,
): Record<string, unknown> {
	return {
		esValido: false,
		idComprobante,
		errores,
		uuid,
		subEstatusId,
		descripcion: errores.map((e) => `${e.codigo}: ${e.mensaje}`).join(' | '),
	};
}

/** The operation result of a voucher kept pending (not stamped, or stamping not asked). */
export function pendingResult(id: number): Record<string, unknown> {
	return {
		esValido: false,
		idComprobante: id,
		errores: null,
		uuid: null,
		subEstatusId: 0,
		descripcion: null,
	};
}

/** The operation result of a stamped voucher. */
export function stampedResult(stored: StoredVoucher): Record<string, unknown> {
	return {
		esValido: true,
		idComprobante: stored.id,
		errores: null,
		uuid: stored.uuid,
		subEstatusId: 2,
		descripcion: null,
	};
}
