/**
 * The Input Mode's fields (Create, Update, Validate): the list in the editor's order below, naming
 * where each group is defined: the form's issuer, recipient and general fields in
 * ../fields/voucherForm.fields.ts, the lines in lineItems.fields.ts, Order and Line Items in
 * order.fields.ts and orderSettings.fields.ts; the addresses and Subtotal and Total are here.
 */
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { FROM_VERSION_1_1, ONLY_VERSION_1 } from '../../common.fields';

import { conceptos } from './lineItems.fields';
import {
	invoiceUuid,
	lineItems,
	order,
	orderDocument,
	paymentOptions,
	refundId,
	skippedItems,
	withoutTaxData,
} from './order.fields';
import {
	lineItemsOptions,
	orderOptions,
	paymentForms,
	productCodes,
	recipientData,
} from './orderSettings.fields';
import {
	descripcionFacturador,
	emisorNombre,
	emisorRegimenFiscal,
	emisorRfc,
	exportacion,
	formaPago,
	inputMode,
	lugarExpedicion,
	metodoPago,
	moneda,
	receptorDomicilioFiscal,
	receptorNombre,
	receptorRegimenFiscal,
	receptorRfc,
	receptorUsoCfdi,
	serie,
	tipoDeComprobante,
	showWhen,
	showFields,
	voucherJson,
} from '../fields/voucherForm.fields';

/**
 * The Input Mode and each mode's fields, in the order the editor shows them, for the operations
 * that build a voucher from input (Create, Update, Validate). `afterOrder`: fields only one of them
 * shows below Order (Create's Sale in a Global Invoice).
 */
export function inputModeFields(afterOrder: INodeProperties[] = []): INodeProperties[] {
	return [
		// Input Mode: Fields or JSON
		inputMode,
		voucherJson,
		emisorRfc,
		emisorNombre,
		...emisorRegimenFiscal,
		emisorSucursal,
		receptorRfc,
		receptorNombre,
		receptorUsoCfdi,
		...receptorRegimenFiscal,
		receptorDomicilioFiscal,
		receptorDireccionId,
		receptorDireccion,
		...conceptos,
		tipoDeComprobante,
		serie,
		...formaPago,
		metodoPago,
		moneda,
		exportacion,
		lugarExpedicion,
		...subTotalAndTotal,
		descripcionFacturador,
		// Order and Line Items input modes
		orderDocument,
		invoiceUuid,
		refundId,
		paymentOptions,
		order,
		...afterOrder,
		lineItems,
		withoutTaxData,
		skippedItems,
		productCodes,
		paymentForms,
		recipientData,
		orderOptions,
		lineItemsOptions,
	];
}

// The form's optional addresses (spec 2.5): the issuer's branch and the recipient's, typed or by stored ID.

/** Spec 2.5: every address member is an optional string. */
const ADDRESS_FIELDS: INodeProperties[] = [
	['Name', 'nombre'],
	['Street', 'calle'],
	['Exterior Number', 'noExterior'],
	['Interior Number', 'noInterior'],
	['Neighborhood', 'colonia'],
	['Locality', 'localidad'],
	['Municipality', 'municipio'],
	['State', 'estado'],
	['Country', 'pais'],
	['Postal Code', 'codigoPostal'],
	['Reference', 'referencia'],
	['Email', 'correo'],
].map(([displayName, name]) => ({
	displayName,
	name,
	type: 'string',
	default: '',
	...(name === 'correo' ? { placeholder: 'name@email.com' } : {}),
}));

function addressField(displayName: string, name: string, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'collection',
		placeholder: 'Add Address Field',
		default: {},
		description,
		options: ADDRESS_FIELDS,
		displayOptions: showFields,
	};
}

const emisorSucursal = addressField(
	'Issuer Branch Address',
	'emisorSucursal',
	'Optional branch (sucursal) address of the issuer',
);

const receptorDireccionId: INodeProperties = {
	displayName: 'Recipient Address ID',
	name: 'receptorDireccionId',
	type: 'number',
	default: 0,
	description:
		'Optional ID of an address stored in the provider account (direccionIDFacturador); 0 sends none',
	displayOptions: showFields,
};
const receptorDireccion = addressField(
	'Recipient Address',
	'receptorDireccion',
	'Optional address of the recipient (direccion)',
);

/**
 * Subtotal and Total: typed in version 1; in 1.1 computed from the lines, and a typed amount is
 * checked. Version 1 keeps its fields exactly (n8n stores only non-default values); 1.1 has the new ones.
 */
const V1: IDisplayOptions['show'] = ONLY_VERSION_1;
const FROM_V1_1: IDisplayOptions['show'] = FROM_VERSION_1_1;

const subTotalAndTotal: INodeProperties[] = totalFields();

function totalFields(): INodeProperties[] {
	const total = (
		displayName: string,
		name: string,
		description: string,
		version: IDisplayOptions['show'],
	): INodeProperties => ({
		displayName,
		name,
		type: 'number',
		typeOptions: { numberPrecision: 2 },
		default: 0,
		description,
		displayOptions: showWhen({ inputMode: ['fields'], ...version }),
	});
	return [
		total('Subtotal', 'subTotal', 'Sum of the line item amounts before taxes', V1),
		total(
			'Total',
			'total',
			'Subtotal minus discounts plus transferred taxes minus withheld taxes',
			V1,
		),
		total(
			'Subtotal',
			'subTotal',
			'Leave at 0 to compute it from the line items (the sum of quantity × unit price); an amount typed here is checked against the computed one',
			FROM_V1_1,
		),
		total(
			'Total',
			'total',
			'Leave at 0 to compute it from the line items (subtotal − discounts + transferred taxes − withheld taxes); an amount typed here is checked against the computed one',
			FROM_V1_1,
		),
	];
}
