import type { INodeProperties } from 'n8n-workflow';

import {
	EXPORTACION,
	FORMA_PAGO,
	METODO_PAGO,
	MONEDA,
	OBJETO_IMP,
	REGIMEN_FISCAL,
	TIPO_DE_COMPROBANTE,
	USO_CFDI,
} from '../cfdi/catalogs';
import { catalogOptions } from '../shared/catalogOptions';

/** The operations whose voucher comes from the Input Mode. */
export const VOUCHER_INPUT_OPERATIONS = ['create', 'update', 'validate'];
/** Builds a voucher from an order without sending it (resources/voucher/buildFromOrder.ts). */
export const BUILD_FROM_ORDER = 'buildFromOrder';
const show = (extra: Record<string, string[]> = {}) => ({
	show: { resource: ['voucher'], operation: VOUCHER_INPUT_OPERATIONS, ...extra },
});
const showFields = show({ inputMode: ['fields'] });
// Recipient, payment and currency fields also set those of a voucher built from line items.
const showFieldsOrLines = show({ inputMode: ['fields', 'lineItems'] });
// Issuer, place of issue and series also set those of a voucher built from an order or line items,
// so a workflow can switch modes without retyping them; Build From Order shows no Input Mode.
const showIssuer = {
	show: { resource: ['voucher'], operation: [...VOUCHER_INPUT_OPERATIONS, BUILD_FROM_ORDER] },
	hide: { inputMode: ['json'] },
};

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

/** Fields the voucher operations share, by parameter name; each operation gives its own displayOptions. */
const SHARED_FIELDS = {
	emisorRfc: {
		displayName: 'Issuer RFC',
		name: 'emisorRfc',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'EKU9003173C9',
		description: 'Taxpayer ID of the issuer; it must be the RFC of the credential\'s account',
	},
	emisorNombre: {
		displayName: 'Issuer Name',
		name: 'emisorNombre',
		type: 'string',
		required: true,
		default: '',
		description: 'Legal name of the issuer as registered with SAT, without the regime suffix (e.g. without "SA de CV")',
	},
	emisorRegimenFiscal: {
		displayName: 'Issuer Tax Regime',
		name: 'emisorRegimenFiscal',
		type: 'options',
		options: catalogOptions(REGIMEN_FISCAL),
		default: '601',
	},
	receptorRfc: {
		displayName: 'Recipient RFC',
		name: 'receptorRfc',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'XAXX010101000',
		description: 'Taxpayer ID of the recipient; XAXX010101000 for the general public, XEXX010101000 for a foreign recipient',
	},
	receptorNombre: {
		displayName: 'Recipient Name',
		name: 'receptorNombre',
		type: 'string',
		required: true,
		default: '',
		description: 'Name of the recipient exactly as in their tax certificate',
	},
	receptorUsoCfdi: {
		displayName: 'Recipient CFDI Use',
		name: 'receptorUsoCfdi',
		type: 'options',
		options: catalogOptions(USO_CFDI),
		default: 'G03',
		description: 'What the recipient will use the voucher for (usoCFDI); it must be allowed for the recipient tax regime',
	},
	receptorRegimenFiscal: {
		displayName: 'Recipient Tax Regime',
		name: 'receptorRegimenFiscal',
		type: 'options',
		options: catalogOptions(REGIMEN_FISCAL),
		default: '601',
	},
	receptorDomicilioFiscal: {
		displayName: 'Recipient Fiscal Postal Code',
		name: 'receptorDomicilioFiscal',
		type: 'string',
		required: true,
		default: '',
		placeholder: '64000',
		description: 'Postal code of the recipient fiscal address (domicilioFiscalReceptor)',
	},
	serie: {
		displayName: 'Series',
		name: 'serie',
		type: 'string',
		default: '',
		placeholder: 'A',
		description: 'Series label configured in the provider account; leave empty to send none',
	},
	formaPago: {
		displayName: 'Payment Form',
		name: 'formaPago',
		type: 'options',
		options: catalogOptions(FORMA_PAGO),
		default: '01',
		description: 'How it was paid (formaPago); use 99 with the PPD payment method',
	},
	moneda: {
		displayName: 'Currency',
		name: 'moneda',
		type: 'options',
		options: catalogOptions(MONEDA),
		default: 'MXN',
	},
	lugarExpedicion: {
		displayName: 'Place of Issue Postal Code',
		name: 'lugarExpedicion',
		type: 'string',
		required: true,
		default: '',
		placeholder: '64000',
		description: 'Postal code where the voucher is issued (lugarExpedicion)',
	},
	descripcionFacturador: {
		displayName: 'Voucher Description',
		name: 'descripcionFacturador',
		type: 'string',
		default: '',
		description: 'Free label of the voucher in the provider account (descripcionFacturador)',
	},
} satisfies Record<string, Omit<INodeProperties, 'displayOptions'>>;

export type SharedVoucherField = keyof typeof SHARED_FIELDS;

/** A shared voucher field (same name, so the value follows the user across operations) shown where asked. */
export function voucherField(name: SharedVoucherField, displayOptions: INodeProperties['displayOptions'], overrides: Partial<INodeProperties> = {}): INodeProperties {
	return { ...(SHARED_FIELDS[name] as INodeProperties), displayOptions, ...overrides };
}

export const voucherInputFields: INodeProperties[] = [
	{
		displayName: 'Input Mode',
		name: 'inputMode',
		type: 'options',
		options: [
			{ name: 'Fields', value: 'fields', description: 'Fill in the voucher field by field' },
			{ name: 'JSON', value: 'json', description: 'Give the whole voucher object, e.g. mapped from a previous node' },
			{ name: 'Order', value: 'order', description: 'Build the voucher from a Shopify order, by the settings below (no code)' },
			{ name: 'Line Items', value: 'lineItems', description: 'Build the voucher from sale lines of any source (WooCommerce, a sheet, a form)' },
		],
		default: 'fields',
		displayOptions: show(),
	},
	{
		displayName: 'Voucher (JSON)',
		name: 'voucherJson',
		type: 'json',
		default: '{\n  "version": "4.0",\n  "emisor": {},\n  "receptor": {},\n  "conceptos": []\n}',
		required: true,
		description: 'The voucher body as the API expects it (spec section 2.1), e.g. {{ $JSON.voucher }}',
		displayOptions: show({ inputMode: ['json'] }),
	},
	// Issuer (spec 2.2)
	voucherField('emisorRfc', showIssuer),
	voucherField('emisorNombre', showIssuer),
	voucherField('emisorRegimenFiscal', showIssuer),
	addressField('Issuer Branch Address', 'emisorSucursal', 'Optional branch (sucursal) address of the issuer'),
	// Recipient (spec 2.3)
	voucherField('receptorRfc', showFieldsOrLines),
	voucherField('receptorNombre', showFieldsOrLines),
	voucherField('receptorUsoCfdi', showFieldsOrLines),
	voucherField('receptorRegimenFiscal', showFieldsOrLines),
	voucherField('receptorDomicilioFiscal', showFieldsOrLines),
	{
		displayName: 'Recipient Address ID',
		name: 'receptorDireccionId',
		type: 'number',
		default: 0,
		description: 'Optional ID of an address stored in the provider account (direccionIDFacturador); 0 sends none',
		displayOptions: showFields,
	},
	addressField('Recipient Address', 'receptorDireccion', 'Optional address of the recipient (direccion)'),
	// Line items (spec 2.4)
	{
		displayName: 'Line Items',
		name: 'conceptos',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Line Item',
		default: {},
		required: true,
		displayOptions: showFields,
		options: [
			{
				displayName: 'Line Item',
				name: 'concepto',
				values: [
					{
						displayName: 'Amount',
						name: 'importe',
						type: 'number',
						typeOptions: { numberPrecision: 6 },
						default: 0,
						description: 'Quantity times unit price (importe)',
					},
					{
						displayName: 'Description',
						name: 'descripcion',
						type: 'string',
						default: '',
					},
					{
						displayName: 'Product or Service Code',
						name: 'claveProdServ',
						type: 'string',
						default: '',
						placeholder: '01010101',
						description: 'SAT product/service code (claveProdServ), 8 digits',
					},
					{
						displayName: 'Quantity',
						name: 'cantidad',
						type: 'string',
						default: '1',
						description: 'Quantity, sent as a string as the API expects',
					},
					{
						displayName: 'Tax Object',
						name: 'objetoImp',
						type: 'options',
						options: catalogOptions(OBJETO_IMP),
						default: '02',
					},
					{
						displayName: 'Unit Code',
						name: 'claveUnidad',
						type: 'string',
						default: 'H87',
						description: 'SAT unit code (claveUnidad), e.g. H87 piece, E48 service unit, ACT activity',
					},
					{
						displayName: 'Unit Price',
						name: 'valorUnitario',
						type: 'number',
						typeOptions: { numberPrecision: 6 },
						default: 0,
					},
				],
			},
		],
	},
	// General voucher fields (spec 2.1)
	{
		displayName: 'Voucher Type',
		name: 'tipoDeComprobante',
		type: 'options',
		options: catalogOptions(TIPO_DE_COMPROBANTE),
		default: 'I',
		displayOptions: showFields,
	},
	voucherField('serie', showIssuer),
	voucherField('formaPago', showFieldsOrLines),
	{
		displayName: 'Payment Method',
		name: 'metodoPago',
		type: 'options',
		options: catalogOptions(METODO_PAGO),
		default: 'PUE',
		displayOptions: showFieldsOrLines,
	},
	voucherField('moneda', showFieldsOrLines),
	{
		displayName: 'Export',
		name: 'exportacion',
		type: 'options',
		options: catalogOptions(EXPORTACION),
		default: '01',
		displayOptions: showFields,
	},
	voucherField('lugarExpedicion', showIssuer),
	{
		displayName: 'Subtotal',
		name: 'subTotal',
		type: 'number',
		typeOptions: { numberPrecision: 2 },
		default: 0,
		description: 'Sum of the line item amounts before taxes',
		displayOptions: showFields,
	},
	{
		displayName: 'Total',
		name: 'total',
		type: 'number',
		typeOptions: { numberPrecision: 2 },
		default: 0,
		description: 'Subtotal minus discounts plus transferred taxes minus withheld taxes',
		displayOptions: showFields,
	},
	voucherField('descripcionFacturador', showFields),
];
