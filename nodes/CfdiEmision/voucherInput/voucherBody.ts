import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	computeFormVoucher,
	conceptsFromFormLines,
	FormLineError,
	type FormLineInput,
	type TypedTotal,
} from '../cfdi/formLines';
import type { Voucher } from '../cfdi/types';
import type { KindRules } from '../cfdi/kindRules';
import type { InputKinds } from './inputKinds';
import { unitForProduct } from '../cfdi/catalogs/unitForProduct';
import { cfdiDateTime } from '../cfdi/mexicoTime';
import { codeOf } from '../execution/parameters';
import { mergeMembers, readJsonParameter } from '../execution/parameters';
import { BuiltVoucher } from './builtVoucher';
import type { IssuerDefaults } from './issuerDefaults';
import { refusedInput } from './refusedInput';
import { voucherFromLineItems, voucherFromOrder } from './orderInput';
import { runParameter } from '../execution/runParameters';

function compactAddress(address: IDataObject | undefined): IDataObject | undefined {
	if (!address) return undefined;
	const members = Object.entries(address).filter(
		([, value]) => value !== undefined && value !== '',
	);
	return members.length ? Object.fromEntries(members) : undefined;
}

function withoutEmpty(object: IDataObject): IDataObject {
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

/**
 * Whether the Fields input mode computes the voucher's amounts from its lines (version 1.1 on):
 * the Additional Fields are then merged by the form itself, and the totals are not computed again.
 */
export function formComputesTotals(ctx: IExecuteFunctions, itemIndex: number): boolean {
	if (ctx.getNode().typeVersion < 1.1) return false;
	const get = (name: string) => runParameter(ctx, name, itemIndex, '');
	return (
		get('resource') === 'voucher' &&
		VOUCHER_INPUT_OPERATIONS.includes(get('operation')) &&
		get('inputMode') === 'fields'
	);
}

/** Whether the voucher is typed in the Fields form of Create, Update or Validate (any version). */
export function formInput(ctx: IExecuteFunctions, itemIndex: number): boolean {
	const get = (name: string) => runParameter(ctx, name, itemIndex, '');
	return (
		get('resource') === 'voucher' &&
		VOUCHER_INPUT_OPERATIONS.includes(get('operation')) &&
		get('inputMode') === 'fields'
	);
}

/** The header members of spec 2.1 from the node's field-by-field parameters (version 1.1). */
function headerFromFields(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const get = <T>(name: string, fallback: T) =>
		ctx.getNodeParameter(name, itemIndex, fallback) as T;
	return {
		emisor: issuerFromFields(ctx, itemIndex),
		receptor: recipientFromFields(ctx, itemIndex),
		version: '4.0',
		serie: get('serie', ''),
		formaPago: get('formaPago', ''),
		moneda: get('moneda', ''),
		tipoDeComprobante: get('tipoDeComprobante', ''),
		exportacion: get('exportacion', ''),
		metodoPago: get('metodoPago', ''),
		lugarExpedicion: get('lugarExpedicion', ''),
		descripcionFacturador: get('descripcionFacturador', ''),
	};
}

/** The voucher of spec 2.1 from the node's field-by-field parameters (version 1: amounts as typed). */
function voucherFromFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kinds: KindRules,
): IDataObject | BuiltVoucher {
	if (formComputesTotals(ctx, itemIndex)) return voucherFromFormLines(ctx, itemIndex, kinds);
	const get = <T>(name: string, fallback: T) =>
		ctx.getNodeParameter(name, itemIndex, fallback) as T;
	const conceptos = (get<{ concepto?: IDataObject[] }>('conceptos', {}).concepto ?? []).map(
		(line) => ({
			claveProdServ: line.claveProdServ,
			cantidad: line.cantidad,
			claveUnidad: line.claveUnidad,
			descripcion: line.descripcion,
			valorUnitario: line.valorUnitario,
			importe: line.importe,
			objetoImp: line.objetoImp,
		}),
	);
	return withoutEmpty({
		emisor: issuerFromFields(ctx, itemIndex),
		receptor: recipientFromFields(ctx, itemIndex),
		conceptos,
		version: '4.0',
		serie: get('serie', ''),
		formaPago: get('formaPago', ''),
		subTotal: get('subTotal', 0),
		moneda: get('moneda', ''),
		total: get('total', 0),
		tipoDeComprobante: get('tipoDeComprobante', ''),
		exportacion: get('exportacion', ''),
		metodoPago: get('metodoPago', ''),
		lugarExpedicion: get('lugarExpedicion', ''),
		descripcionFacturador: get('descripcionFacturador', ''),
	});
}

function formLineFailed(
	ctx: IExecuteFunctions,
	itemIndex: number,
	error: FormLineError,
): NodeOperationError {
	// The form's own field, for a page or a clerk to act on, as every local refusal.
	const { member, code, value } = error.refused;
	return refusedInput(ctx.getNode(), itemIndex, error.message, {
		field: error.path || null,
		path: member ?? null,
		code: code ?? 'FORM_INPUT',
		...(value !== undefined ? { value } : {}),
		message: error.message,
		fix: error.fix,
	});
}

/**
 * Additional Fields (JSON) on a form voucher: its lines (conceptos) are added after the form's, so
 * neither is dropped; a voucher-level impuestos is refused, because the form computes it from the
 * lines; a subTotal or total in it is checked like a typed one.
 */
function withAdditionalFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
	voucher: IDataObject,
	typed: TypedTotal[],
): IDataObject {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	if (options.additionalFieldsJson === undefined) return voucher;
	const label = 'Additional Fields (JSON)';
	const { conceptos, subTotal, total, ...extra } = readJsonParameter(
		ctx,
		'options.additionalFieldsJson',
		itemIndex,
		label,
	);
	if (extra.impuestos !== undefined) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Item ${itemIndex}: "${label}" has impuestos, but in the Fields input mode the voucher's taxes are computed from the line items.`,
			{
				itemIndex,
				description:
					'Nothing was sent. Give each line its taxes in its fields (IVA, IEPS, withholdings), or put them on lines of the JSON (conceptos[].impuestos), and remove impuestos from "Additional Fields (JSON)".',
			},
		);
	}
	if (conceptos !== undefined && !Array.isArray(conceptos)) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Item ${itemIndex}: "${label}" conceptos must be a list of lines ([ ... ]).`,
			{
				itemIndex,
				description:
					"Nothing was sent. Its lines are added after the form's line items; give them as a JSON array, or remove conceptos.",
			},
		);
	}
	typed.push(
		{ member: 'subTotal', label: `${label} > subTotal`, value: subTotal },
		{ member: 'total', label: `${label} > total`, value: total },
	);
	const merged = mergeMembers(voucher, extra);
	if (conceptos)
		merged.conceptos = [...(voucher.conceptos as IDataObject[]), ...(conceptos as IDataObject[])];
	return merged;
}

/**
 * Version 1.1's Fields mode: each line with its taxes, the Additional Fields merged (lines added,
 * never replacing the form's), and every amount computed (cfdi/formLines.ts); a Subtotal or Total
 * typed is checked against the computed one.
 */
function voucherFromFormLines(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kinds: KindRules,
): IDataObject | BuiltVoucher {
	const header = headerFromFields(ctx, itemIndex);
	// The product and unit codes are pickers in 1.1: their locator values give the codes.
	const lines = (
		(ctx.getNodeParameter('conceptos', itemIndex, {}) as { concepto?: FormLineInput[] }).concepto ??
		[]
	).map((line) => {
		const claveProdServ = codeOf(line.claveProdServ);
		// An empty Unit Code (no preset from 1.1) fits the product code: E48 for a service, else H87.
		const claveUnidad = codeOf(line.claveUnidad) || unitForProduct(String(claveProdServ ?? ''));
		return { ...line, claveProdServ, claveUnidad };
	});
	const typed: TypedTotal[] = [
		{
			member: 'subTotal',
			label: 'Subtotal',
			value: ctx.getNodeParameter('subTotal', itemIndex, 0),
		},
		{ member: 'total', label: 'Total', value: ctx.getNodeParameter('total', itemIndex, 0) },
	];
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const { conceptos, notes } = formStep(ctx, itemIndex, () =>
		conceptsFromFormLines(lines, header.moneda, {
			lugarExpedicion: header.lugarExpedicion,
			allowBorderRateAnywhere: options.allowBorderIvaAnywhere === true,
		}),
	);
	const voucher = withAdditionalFields(
		ctx,
		itemIndex,
		withoutEmpty({ ...header, conceptos: conceptos as unknown as IDataObject[] }),
		typed,
	);
	// A kind's own members (a type P form's complement) completed after the totals, as Compute Totals does.
	const body = formStep(ctx, itemIndex, () =>
		kinds.complete(computeFormVoucher(normalizeVoucher(voucher) as Voucher, typed)),
	) as IDataObject;
	return notes.length ? new BuiltVoucher(body, { pricingNotes: notes }) : body;
}

/** Runs a pure step of the form voucher, wording its refusal as the node's error. */
function formStep<T>(ctx: IExecuteFunctions, itemIndex: number, step: () => T): T {
	try {
		return step();
	} catch (error) {
		if (error instanceof FormLineError) throw formLineFailed(ctx, itemIndex, error);
		throw new NodeOperationError(ctx.getNode(), error as Error, {
			itemIndex,
			description:
				'An unexpected error while computing the voucher from the line items; nothing was sent. Report the message to the package maintainers.',
		});
	}
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
 * The voucher of the Input Mode (Fields, JSON, Order, Line Items): the body builder of Create and
 * Update, and what Validate checks; `kinds`: the kinds table its operation hands down.
 */
export function voucherFromInput(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kinds: InputKinds,
	issuer: IssuerDefaults = {},
): IDataObject | BuiltVoucher {
	const mode = runParameter<string>(ctx, 'inputMode', itemIndex, 'fields');
	// The order modes check the issuer while converting, so the credential's goes in first.
	if (mode === 'order') return voucherFromOrder(ctx, itemIndex, kinds, issuer);
	if (mode === 'lineItems') return voucherFromLineItems(ctx, itemIndex, issuer);
	return mode === 'json'
		? readJsonParameter(ctx, 'voucherJson', itemIndex, 'Voucher (JSON)')
		: voucherFromFields(ctx, itemIndex, kinds);
}

/**
 * The Voucher Date option when Use Voucher Date is on, as the CFDI writes it: an instant (`$now`, a
 * UTC text) is Mexico City's wall clock at that instant, a zone-less text is kept; empty: none.
 */
export function voucherDateOption(options: IDataObject): string | undefined {
	if (options.noCalcularFecha !== true) return undefined;
	return cfdiDateTime(options.fecha) || undefined;
}

/**
 * What the Options collection adds to any voucher, whatever built it: the "additional fields"
 * merged in and the options that belong in the body (fecha). `id` is the stamping handler's.
 */
export function applyBodyOptions(
	ctx: IExecuteFunctions,
	itemIndex: number,
	given: IDataObject,
	options: IDataObject,
): IDataObject {
	let voucher: IDataObject = { ...given };
	// The form's own merge (withAdditionalFields) has already taken them in.
	if (options.additionalFieldsJson !== undefined && !formComputesTotals(ctx, itemIndex)) {
		const extra = readJsonParameter(
			ctx,
			'options.additionalFieldsJson',
			itemIndex,
			'Additional Fields (JSON)',
		);
		voucher = mergeMembers(voucher, extra);
	}
	const fecha = voucherDateOption(options);
	if (fecha) voucher.fecha = fecha;
	return normalizeVoucher(voucher);
}
