import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

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
import { catalogOptions, codePickerField } from '../actions/common.fields';
import { FROM_VERSION_1_1, ONLY_VERSION_1 } from '../actions/common.fields';

/** The operations whose voucher comes from the Input Mode. */
export const VOUCHER_INPUT_OPERATIONS = ['create', 'update', 'validate'];
/** Builds a voucher from an order without sending it (resources/voucher/buildFromOrder.ts). */
export const BUILD_FROM_ORDER = 'buildFromOrder';
const show = (extra: IDisplayOptions['show'] = {}) => ({
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
		default: '',
		placeholder: 'EKU9003173C9',
		description:
			"Taxpayer ID of the issuer; it must be the RFC of the credential's account. Leave empty to use the issuer (RFC, name, regime) remembered in the credential.",
	},
	emisorNombre: {
		displayName: 'Issuer Name',
		name: 'emisorNombre',
		type: 'string',
		default: '',
		description:
			'Legal name of the issuer as registered with SAT, without the regime suffix (e.g. without "SA de CV"); empty with an empty Issuer RFC: the credential\'s',
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
		description:
			'Taxpayer ID of the recipient; XAXX010101000 for the general public, XEXX010101000 for a foreign recipient',
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
		description:
			'What the recipient will use the voucher for (usoCFDI); it must be allowed for the recipient tax regime',
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
		default: '',
		placeholder: '64000',
		description:
			'Postal code where the voucher is issued (lugarExpedicion); leave empty to use the one remembered in the credential',
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
export function voucherField(
	name: SharedVoucherField,
	displayOptions: INodeProperties['displayOptions'],
	overrides: Partial<INodeProperties> = {},
): INodeProperties {
	return { ...(SHARED_FIELDS[name] as INodeProperties), displayOptions, ...overrides };
}

/** Version 1 keeps its fields exactly (n8n stores only non-default values); 1.1 has the new ones. */
const V1: IDisplayOptions['show'] = ONLY_VERSION_1;
const FROM_V1_1: IDisplayOptions['show'] = FROM_VERSION_1_1;

const CODE_AND_UNIT_VALUES: INodeProperties[] = [
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
];

/** The taxes of one line (1.1), shown when the line is subject to tax (Tax Object 02). */
const SUBJECT_TO_TAX = { show: { objetoImp: ['02'] } };
const LINE_TAX_VALUES: INodeProperties[] = [
	{
		displayName: 'Discount',
		name: 'descuento',
		type: 'number',
		typeOptions: { numberPrecision: 6, minValue: 0 },
		default: 0,
		description:
			'Discount on the whole line (descuento); the line amount is quantity × unit price, and taxes apply to it minus the discount',
	},
	{
		displayName: 'IEPS',
		name: 'ieps',
		type: 'options',
		options: [
			{ name: 'None', value: 'none' },
			{
				name: 'Rate',
				value: 'tasa',
				description: 'A percentage of the line amount (Tasa), e.g. 8 % on high-calorie food',
			},
			{
				name: 'Quota per Unit',
				value: 'cuota',
				description: 'An amount per unit (Cuota), e.g. on fuel',
			},
		],
		default: 'none',
		description:
			'Special tax on production and services (IEPS, impuesto 003) transferred on the line',
		displayOptions: SUBJECT_TO_TAX,
	},
	{
		displayName: 'IEPS Rate or Quota',
		name: 'iepsRate',
		type: 'number',
		typeOptions: { numberPrecision: 6, minValue: 0 },
		default: 0,
		description:
			'The IEPS rate as a fraction (0.08 for 8 %, 0.265 for 26.5 %), or the amount per unit for a quota',
		displayOptions: { show: { objetoImp: ['02'], ieps: ['tasa', 'cuota'] } },
	},
	{
		displayName: 'ISR Withheld',
		name: 'isrRetencion',
		type: 'options',
		options: [
			{ name: 'None', value: 'none' },
			{
				name: '10 %',
				value: '0.10',
				description: 'Fees or leasing paid by a company to an individual',
			},
			{
				name: '1.25 % (RESICO)',
				value: '0.0125',
				description: 'Paid by a company to an individual in the simplified trust regime',
			},
		],
		default: 'none',
		description: 'Income tax withheld by the recipient (retención ISR, impuesto 001)',
		displayOptions: SUBJECT_TO_TAX,
	},
	{
		displayName: 'IVA',
		name: 'iva',
		type: 'options',
		options: [
			{
				name: '0 %',
				value: '0',
				description: 'Zero-rated goods, e.g. most food and medicine, exports',
			},
			{ name: '16 %', value: '0.16', description: 'The general rate' },
			{
				name: '8 % (Border Region)',
				value: '0.08',
				description: 'The northern and southern border region incentive',
			},
			{
				name: 'Exempt',
				value: 'exempt',
				description: 'Exempt (Exento), e.g. education, housing rent, medical services',
			},
			{
				name: 'None',
				value: 'none',
				description: 'No IVA line, e.g. a line with IEPS or withholdings only',
			},
		],
		default: '0.16',
		description: 'Value added tax (IVA, impuesto 002) transferred on the line',
		displayOptions: SUBJECT_TO_TAX,
	},
	{
		displayName: 'IVA Withheld',
		name: 'ivaRetencion',
		type: 'options',
		options: [
			{
				name: '16 %',
				value: '0.16',
				description: 'Full withholding, e.g. waste or services from a foreign resident',
			},
			{
				name: '4 % (Freight)',
				value: '0.04',
				description: 'Ground freight transport paid by a company',
			},
			{
				name: '6 % (Staffing Services)',
				value: '0.06',
				description: 'Subcontracted staff services',
			},
			{ name: 'None', value: 'none' },
			{
				name: 'Two Thirds of 16 % (10.6667 %)',
				value: '0.106667',
				description: 'Fees or leasing paid by a company to an individual',
			},
		],
		default: 'none',
		description: 'IVA withheld by the recipient (retención IVA, impuesto 002)',
		displayOptions: SUBJECT_TO_TAX,
	},
	{
		displayName: 'Price Includes Tax',
		name: 'priceIncludesTax',
		type: 'boolean',
		default: false,
		description:
			'Whether the unit price and discount include the IVA; the node then splits out the net price so that the voucher adds up to the price charged',
		displayOptions: SUBJECT_TO_TAX,
	},
];

function byName(a: INodeProperties, b: INodeProperties): number {
	return a.displayName.localeCompare(b.displayName);
}

function lineItemsField(
	displayOptions: INodeProperties['displayOptions'],
	values: INodeProperties[],
	description?: string,
): INodeProperties {
	return {
		displayName: 'Line Items',
		name: 'conceptos',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Line Item',
		default: {},
		required: true,
		...(description ? { description } : {}),
		displayOptions,
		options: [{ displayName: 'Line Item', name: 'concepto', values: [...values].sort(byName) }],
	};
}

/** Version 1.1: the product and unit codes of a line are pickers over the embedded SAT catalogs. */
function withCodePickers(field: INodeProperties): INodeProperties {
	if (field.name === 'claveProdServ') {
		return codePickerField('product', {
			displayName: field.displayName,
			name: field.name,
			code: String(field.default),
			description:
				'SAT product or service code (c_ClaveProdServ): search the catalog by name in Spanish (e.g. "servicios de facturación") or type the 8 digits',
		});
	}
	if (field.name === 'claveUnidad') {
		return codePickerField('unit', {
			displayName: field.displayName,
			name: field.name,
			code: String(field.default),
			description:
				'SAT unit code (c_ClaveUnidad): search by name in Spanish or English (e.g. "pieza" or "piece"), or type it',
		});
	}
	return field;
}

/** Line Items: version 1 as it was (amount typed); 1.1 with each line's taxes and the amounts computed. */
function lineItemFields(): INodeProperties[] {
	const amount: INodeProperties = {
		displayName: 'Amount',
		name: 'importe',
		type: 'number',
		typeOptions: { numberPrecision: 6 },
		default: 0,
		description: 'Quantity times unit price (importe)',
	};
	return [
		lineItemsField(show({ inputMode: ['fields'], ...V1 }), [amount, ...CODE_AND_UNIT_VALUES]),
		lineItemsField(
			show({ inputMode: ['fields'], ...FROM_V1_1 }),
			[...CODE_AND_UNIT_VALUES.map(withCodePickers), ...LINE_TAX_VALUES],
			'Each line with its taxes; the line amounts, the taxes, the subtotal and the total are computed from them',
		),
	];
}

/** Subtotal and Total: typed in version 1; in 1.1 computed from the lines, and a typed amount is checked. */
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
		displayOptions: show({ inputMode: ['fields'], ...version }),
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

export const voucherInputFields: INodeProperties[] = [
	{
		displayName: 'Input Mode',
		name: 'inputMode',
		type: 'options',
		options: [
			{ name: 'Fields', value: 'fields', description: 'Fill in the voucher field by field' },
			{
				name: 'JSON',
				value: 'json',
				description: 'Give the whole voucher object, e.g. mapped from a previous node',
			},
			{
				name: 'Order',
				value: 'order',
				description: 'Build the voucher from a Shopify order, by the settings below (no code)',
			},
			{
				name: 'Line Items',
				value: 'lineItems',
				description:
					'Build the voucher from sale lines of any source (WooCommerce, a sheet, a form)',
			},
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
		description:
			'The voucher body as the API expects it (spec section 2.1), e.g. {{ $JSON.voucher }}',
		displayOptions: show({ inputMode: ['json'] }),
	},
	// Issuer (spec 2.2)
	voucherField('emisorRfc', showIssuer),
	voucherField('emisorNombre', showIssuer),
	voucherField('emisorRegimenFiscal', showIssuer),
	addressField(
		'Issuer Branch Address',
		'emisorSucursal',
		'Optional branch (sucursal) address of the issuer',
	),
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
		description:
			'Optional ID of an address stored in the provider account (direccionIDFacturador); 0 sends none',
		displayOptions: showFields,
	},
	addressField(
		'Recipient Address',
		'receptorDireccion',
		'Optional address of the recipient (direccion)',
	),
	// Line items (spec 2.4): version 1 keeps its form; 1.1 gives each line its taxes.
	...lineItemFields(),
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
	...totalFields(),
	voucherField('descripcionFacturador', showFields),
];
