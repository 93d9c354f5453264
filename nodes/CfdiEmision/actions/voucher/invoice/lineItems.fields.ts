/** The Line Items (conceptos) of the voucher form: version 1 as it was, 1.1 with each line's taxes. */
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { OBJETO_IMP } from '../../../cfdi/catalogs/objetoImp';
import {
	catalogOptions,
	codePickerField,
	FROM_VERSION_1_1,
	ONLY_VERSION_1,
} from '../../common.fields';
import { showWhen } from '../fields/voucherForm.fields';

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

/**
 * Version 1.1's line in the order a person fills it: what, how many, at what price, then the taxes.
 * n8n shows a fixedCollection's values in the order given (it sorts a collection's options, not
 * these), so the order is set here; version 1 keeps its alphabetical order.
 */
const FILL_ORDER = [
	'descripcion',
	'claveProdServ',
	'cantidad',
	'claveUnidad',
	'valorUnitario',
	'descuento',
	'priceIncludesTax',
	'objetoImp',
	'iva',
	'ieps',
	'iepsRate',
	'ivaRetencion',
	'isrRetencion',
];

function inFillOrder(a: INodeProperties, b: INodeProperties): number {
	const rank = (field: INodeProperties) =>
		FILL_ORDER.includes(field.name) ? FILL_ORDER.indexOf(field.name) : FILL_ORDER.length;
	return rank(a) - rank(b) || byName(a, b);
}

function lineItemsField(
	displayOptions: INodeProperties['displayOptions'],
	values: INodeProperties[],
	description?: string,
	order: (a: INodeProperties, b: INodeProperties) => number = byName,
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
		options: [{ displayName: 'Line Item', name: 'concepto', values: [...values].sort(order) }],
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
		// No preset: an empty unit fits the product code (cfdi/catalogs/unitForProduct.ts), where
		// version 1's H87 "Pieza" also named a service line in pieces.
		return codePickerField('unit', {
			displayName: field.displayName,
			name: field.name,
			code: '',
			description:
				'SAT unit code (c_ClaveUnidad): search by name in Spanish or English (e.g. "pieza" or "piece"), or type it. Empty: E48 (service unit) for a service\'s product code (c_ClaveProdServ 70000000 to 94999999), H87 (piece) for any other.',
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
		lineItemsField(showWhen({ inputMode: ['fields'], ...V1 }), [amount, ...CODE_AND_UNIT_VALUES]),
		lineItemsField(
			showWhen({ inputMode: ['fields'], ...FROM_V1_1 }),
			[...CODE_AND_UNIT_VALUES.map(withCodePickers), ...LINE_TAX_VALUES],
			'Each line with its taxes; the line amounts, the taxes, the subtotal and the total are computed from them',
			inFillOrder,
		),
	];
}

export const conceptos: INodeProperties[] = lineItemFields();
