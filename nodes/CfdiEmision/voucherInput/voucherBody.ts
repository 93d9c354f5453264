/**
 * What the body of any voucher kind shares, whatever built it: the issuer and recipient from the
 * shared fields, whether the Fields form computes the totals, the Options collection's members and
 * the small normalisations. The invoice's Input Mode builds its body in
 * actions/voucher/invoice/voucherFromInput.ts.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { cfdiDateTime } from '../cfdi/mexicoTime';
import { mergeMembers } from '../execution/itemParameters';
import { runParameter } from '../execution/runParameters';

function compactAddress(address: IDataObject | undefined): IDataObject | undefined {
	if (!address) return undefined;
	const members = Object.entries(address).filter(
		([, value]) => value !== undefined && value !== '',
	);
	return members.length ? Object.fromEntries(members) : undefined;
}

/** The object without its empty members (undefined or empty text). */
export function withoutEmpty(object: IDataObject): IDataObject {
	return Object.fromEntries(
		Object.entries(object).filter(([, value]) => value !== undefined && value !== ''),
	) as IDataObject;
}

/** The issuer (spec 2.2) from the shared issuer fields. */
export function issuerFromFields(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const get = <T>(name: string, fallback: T) =>
		ctx.getNodeParameter(name, itemIndex, fallback) as T;
	return withoutEmpty({
		rfc: get('emisorRfc', ''),
		nombre: get('emisorNombre', ''),
		regimenFiscal: get('emisorRegimenFiscal', ''),
		sucursal: compactAddress(get<IDataObject>('emisorSucursal', {})),
	});
}

/** The recipient (spec 2.3) from the shared recipient fields. */
export function recipientFromFields(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const get = <T>(name: string, fallback: T) =>
		ctx.getNodeParameter(name, itemIndex, fallback) as T;
	const direccionId = get<number>('receptorDireccionId', 0);
	return withoutEmpty({
		rfc: get('receptorRfc', ''),
		nombre: get('receptorNombre', ''),
		usoCFDI: get('receptorUsoCfdi', ''),
		regimenFiscalReceptor: get('receptorRegimenFiscal', ''),
		domicilioFiscalReceptor: get('receptorDomicilioFiscal', ''),
		direccionIDFacturador: direccionId ? direccionId : undefined,
		direccion: compactAddress(get<IDataObject>('receptorDireccion', {})),
	});
}

/** The operations whose voucher comes from the Input Mode. */
export const VOUCHER_INPUT_OPERATIONS = ['create', 'update', 'validate'];

/** Where an item's voucher comes from, read once per item by whoever holds the node's parameters. */
export interface VoucherInputMode {
	/** Typed in the Fields form of Create, Update or Validate (any version). */
	form: boolean;
	/**
	 * The Fields form computes the voucher's amounts from its lines (version 1.1 on): the Additional
	 * Fields are then merged by the form itself, and the totals are not computed again.
	 */
	formComputesTotals: boolean;
	/** Built from a shop's order (Input Mode: Order). */
	order: boolean;
}

/** The input mode from the item's Resource, Operation and Input Mode (read only where they apply). */
export function voucherInputMode(
	get: (name: string) => unknown,
	typeVersion: number,
): VoucherInputMode {
	const mode =
		get('resource') === 'voucher' && VOUCHER_INPUT_OPERATIONS.includes(get('operation') as string)
			? get('inputMode')
			: undefined;
	return {
		form: mode === 'fields',
		formComputesTotals: mode === 'fields' && typeVersion >= 1.1,
		order: mode === 'order',
	};
}

/** The item's input mode, read through the run's parameter reader. */
export function inputModeOf(ctx: IExecuteFunctions, itemIndex: number): VoucherInputMode {
	return voucherInputMode(
		(name) => runParameter(ctx, name, itemIndex, ''),
		ctx.getNode().typeVersion,
	);
}

/** Whether the Fields input mode computes the voucher's amounts from its lines (version 1.1 on). */
export function formComputesTotals(ctx: IExecuteFunctions, itemIndex: number): boolean {
	return inputModeOf(ctx, itemIndex).formComputesTotals;
}

/** Small normalisations both input modes share, so the same voucher gives the same body. */
export function normalizeVoucher(voucher: IDataObject): IDataObject {
	const normalized: IDataObject = { ...voucher };
	normalized.version ??= '4.0';
	if (Array.isArray(normalized.conceptos)) {
		// The API carries cantidad as a string (spec 2.4).
		normalized.conceptos = (normalized.conceptos as IDataObject[]).map((line) =>
			line && typeof line === 'object' && typeof line.cantidad === 'number'
				? { ...line, cantidad: String(line.cantidad) }
				: line,
		);
	}
	return normalized;
}

/**
 * The Voucher Date option when Use Voucher Date is on, as the CFDI writes it: an instant (`$now`, a
 * UTC text) is Mexico City's wall clock at that instant, a zone-less text is kept; empty: none.
 */
export function voucherDateOption(options: IDataObject): string | undefined {
	if (options.noCalcularFecha !== true) return undefined;
	return cfdiDateTime(options.fecha) || undefined;
}

/** Whether the Options' Additional Fields (JSON) join the body (the form's own merge took them in). */
export function takesAdditionalFields(options: IDataObject, input: VoucherInputMode): boolean {
	return options.additionalFieldsJson !== undefined && !input.formComputesTotals;
}

/**
 * What the Options collection adds to any voucher, whatever built it: the "additional fields"
 * (read by the caller when takesAdditionalFields) merged in and the options that belong in the
 * body (fecha). `id` is the stamping handler's.
 */
export function applyBodyOptions(
	given: IDataObject,
	options: IDataObject,
	additionalFields: IDataObject | undefined,
): IDataObject {
	const voucher = additionalFields ? mergeMembers({ ...given }, additionalFields) : { ...given };
	const fecha = voucherDateOption(options);
	if (fecha) voucher.fecha = fecha;
	return normalizeVoucher(voucher);
}
