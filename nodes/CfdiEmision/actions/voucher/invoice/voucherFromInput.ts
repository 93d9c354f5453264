/**
 * The voucher of the invoice's Input Mode (Fields, JSON, Order, Line Items): the body Create and
 * Update send and Validate checks. What any kind's body shares (the issuer and recipient fields,
 * the Options collection's members, normalisation) is the kernel's: voucherInput/voucherBody.ts.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	computeFormVoucher,
	conceptsFromFormLines,
	FormLineError,
	type FormLineInput,
	type TypedTotal,
} from '../../../cfdi/formLines';
import type { Voucher } from '../../../cfdi/types';
import type { KindRules } from '../../../cfdi/kindRules';
import { unitForProduct } from '../../../cfdi/catalogs/unitForProduct';
import { codeOf, mergeMembers, readJsonParameter } from '../../../execution/itemParameters';
import { runParameter } from '../../../execution/runParameters';
import { BuiltVoucher } from '../../../voucherInput/builtVoucher';
import type { InputKinds } from '../../../voucherInput/inputKinds';
import type { IssuerDefaults } from '../../../voucherInput/issuerDefaults';
import { refusedInput } from '../../../voucherInput/refusedInput';
import {
	formComputesTotals,
	issuerFromFields,
	normalizeVoucher,
	recipientFromFields,
	withoutEmpty,
} from '../../../voucherInput/voucherBody';
import { voucherFromLineItems, voucherFromOrder } from './orderInput';

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
