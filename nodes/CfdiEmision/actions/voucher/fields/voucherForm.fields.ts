/**
 * The voucher form of the Input Mode (Create, Update, Validate): Input Mode, JSON, issuer, recipient,
 * general voucher fields, and the shared voucher fields other operations show by name (the addresses
 * and Subtotal and Total are in ../invoice/inputMode.fields.ts).
 */
import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { EXPORTACION } from '../../../cfdi/catalogs/exportacion';
import { FORMA_PAGO } from '../../../cfdi/catalogs/formaPago';
import { METODO_PAGO } from '../../../cfdi/catalogs/metodoPago';
import { MONEDA } from '../../../cfdi/catalogs/moneda';
import { REGIMEN_FISCAL } from '../../../cfdi/catalogs/regimenFiscal';
import { TIPO_DE_COMPROBANTE } from '../../../cfdi/catalogs/tipoDeComprobante';
import { USO_CFDI } from '../../../cfdi/catalogs/usoCfdi';
import {
	catalogOptions,
	FROM_VERSION_1_1,
	ONLY_VERSION_1,
	withDefaultFromVersion11,
} from '../../common.fields';

/** Display conditions within an operation (each operation file adds its resource and operation). */
export const showWhen = (extra: IDisplayOptions['show'] = {}) => ({ show: { ...extra } });
export const showFields = showWhen({ inputMode: ['fields'] });
// Recipient, payment and currency fields also set those of a voucher built from line items.
const showFieldsOrLines = showWhen({ inputMode: ['fields', 'lineItems'] });
// Issuer, place of issue and series also set those of a voucher built from an order or line items,
// so a workflow can switch modes without retyping them; Build From Order shows no Input Mode.
const showIssuer = { hide: { inputMode: ['json'] } };

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

/** The Issuer Tax Regime's first option from version 1.1: empty, the credential's regime. */
export const ISSUER_REGIME_FROM_CREDENTIAL = "(Empty: The Credential's)";

/**
 * The Issuer Tax Regime once per version: version 1 keeps its preset 601 (a saved workflow relies on
 * it); version 1.1 has none, so an issuer typed once in the credential is used as the README says,
 * and a regime that neither gives is refused naming the field before anything is sent.
 */
export function issuerRegimeField(
	displayOptions: INodeProperties['displayOptions'],
	overrides: Partial<INodeProperties> = {},
): INodeProperties[] {
	const [v1, v11] = withDefaultFromVersion11(
		voucherField('emisorRegimenFiscal', displayOptions, overrides),
		'',
		overrides.description
			? `${overrides.description}; empty: the Issuer Tax Regime of the credential`
			: "The issuer's tax regime as on its tax certificate, e.g. 601 (a company, general regime) or 612 (an individual with business activity). Leave it empty to use the Issuer Tax Regime of the credential.",
	);
	return [
		v1,
		{
			...v11,
			options: [
				{ name: ISSUER_REGIME_FROM_CREDENTIAL, value: '' },
				...(v11.options as INodePropertyOptions[]),
			],
		},
	];
}

/**
 * Version 1.1's form asks, without a preset, what a preset could get wrong: the Payment Form (cash
 * is not a safe guess) and the Recipient Tax Regime (601 refuses every individual's RFC), whose list
 * shows only the regimes that fit the Recipient RFC typed. Version 1 keeps its presets (n8n stores
 * only non-default values, so a saved workflow relies on them).
 */
const ASKED_FROM_VERSION_1_1: Partial<Record<SharedVoucherField, Partial<INodeProperties>>> = {
	formaPago: {
		default: '',
		description:
			'How it was paid (formaPago), e.g. 03 funds transfer or 04 credit card; use 99 with the PPD payment method',
	},
	receptorRegimenFiscal: {
		// The label stays the form's word (errors name it): the options are SAT codes, not entities' IDs.
		displayName: 'Recipient Tax Regime',
		options: undefined,
		typeOptions: { loadOptionsMethod: 'recipientRegimes', loadOptionsDependsOn: ['receptorRfc'] },
		default: '',
		description:
			'The recipient\'s tax regime as on their tax certificate (Constancia de Situación Fiscal); the list shows the regimes that fit the Recipient RFC (12 characters: a company, 13: an individual). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
};

/**
 * A shared field once per version: version 1 as it is, 1.1 without a preset and with `overrides`
 * (required unless they say `required: false`, as where the related invoice's XML fills an empty field).
 */
export function askedFromVersion11(
	field: INodeProperties,
	overrides: Partial<INodeProperties> = {},
): INodeProperties[] {
	const show = field.displayOptions?.show ?? {};
	const v11: INodeProperties = {
		...field,
		...ASKED_FROM_VERSION_1_1[field.name as SharedVoucherField],
		required: true,
		...overrides,
		displayOptions: { ...field.displayOptions, show: { ...show, ...FROM_VERSION_1_1 } },
	};
	if (v11.options === undefined) delete v11.options;
	return [
		{ ...field, displayOptions: { ...field.displayOptions, show: { ...show, ...ONLY_VERSION_1 } } },
		v11,
	];
}

export const inputMode: INodeProperties = {
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
			description: 'Build the voucher from sale lines of any source (WooCommerce, a sheet, a form)',
		},
	],
	default: 'fields',
	displayOptions: showWhen(),
};

export const voucherJson: INodeProperties = {
	displayName: 'Voucher (JSON)',
	name: 'voucherJson',
	type: 'json',
	default: '{\n  "version": "4.0",\n  "emisor": {},\n  "receptor": {},\n  "conceptos": []\n}',
	required: true,
	description:
		'The voucher body as the API expects it (spec section 2.1), e.g. {{ $JSON.voucher }}',
	displayOptions: showWhen({ inputMode: ['json'] }),
};

// Issuer (spec 2.2)
export const emisorRfc = voucherField('emisorRfc', showIssuer);
export const emisorNombre = voucherField('emisorNombre', showIssuer);
export const emisorRegimenFiscal = issuerRegimeField(showIssuer);

// Recipient (spec 2.3)
export const receptorRfc = voucherField('receptorRfc', showFieldsOrLines);
export const receptorNombre = voucherField('receptorNombre', showFieldsOrLines);
export const receptorUsoCfdi = voucherField('receptorUsoCfdi', showFieldsOrLines);
export const receptorRegimenFiscal = askedFromVersion11(
	voucherField('receptorRegimenFiscal', showFieldsOrLines),
);
export const receptorDomicilioFiscal = voucherField('receptorDomicilioFiscal', showFieldsOrLines);

// General voucher fields (spec 2.1)
export const tipoDeComprobante: INodeProperties = {
	displayName: 'Voucher Type',
	name: 'tipoDeComprobante',
	type: 'options',
	options: catalogOptions(TIPO_DE_COMPROBANTE),
	default: 'I',
	displayOptions: showFields,
};
export const serie = voucherField('serie', showIssuer);
export const formaPago = askedFromVersion11(voucherField('formaPago', showFieldsOrLines));
export const metodoPago: INodeProperties = {
	displayName: 'Payment Method',
	name: 'metodoPago',
	type: 'options',
	options: catalogOptions(METODO_PAGO),
	default: 'PUE',
	displayOptions: showFieldsOrLines,
};
export const moneda = voucherField('moneda', showFieldsOrLines);
export const exportacion: INodeProperties = {
	displayName: 'Export',
	name: 'exportacion',
	type: 'options',
	options: catalogOptions(EXPORTACION),
	default: '01',
	displayOptions: showFields,
};
export const lugarExpedicion = voucherField('lugarExpedicion', showIssuer);
export const descripcionFacturador = voucherField('descripcionFacturador', showFields);
