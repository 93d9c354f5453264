/** The voucher kinds' shared fields: an invoice's or a sale's tax rates, and the related vouchers and fiscal legends every Create offers. */
import type { INodeProperties } from 'n8n-workflow';

import { TIPO_RELACION } from '../../../cfdi/catalogs/tipoRelacion';
import { taxFieldName } from '../../../voucherInput/kindInputReaders';
import { catalogOptions } from '../../common.fields';

type DisplayOptions = INodeProperties['displayOptions'];

const IVA_OPTIONS = [
	{ name: 'IVA 16%', value: '0.16' },
	{ name: 'IVA 8% (Northern or Southern Border Region)', value: '0.08' },
	{ name: 'IVA 0%', value: '0' },
	{ name: 'IVA Exempt', value: 'exempt' },
	{ name: 'No IVA (Not Subject to Tax)', value: 'none' },
];

/** IVA, IEPS and withholdings of an invoice or a sale; `prefix` keeps the names of two uses apart. */
export function taxRateFields(
	prefix: string,
	what: string,
	displayOptions?: DisplayOptions,
): INodeProperties[] {
	const field = (name: string, extra: Partial<INodeProperties>): INodeProperties =>
		({
			name: taxFieldName(prefix, name),
			...(displayOptions ? { displayOptions } : {}),
			...extra,
		}) as INodeProperties;
	const percent = {
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 100, numberPrecision: 4 },
		default: 0,
	} as const;
	return [
		field('ivaRate', {
			displayName: 'IVA',
			type: 'options',
			options: IVA_OPTIONS,
			default: '0.16',
			description: `The IVA (value added tax) of ${what}`,
		}),
		field('iepsRate', {
			displayName: 'IEPS (%)',
			...percent,
			description: `The IEPS (special tax on production and services) rate of ${what}, as a percentage such as 8; 0 for none`,
		}),
		field('ivaWithheldRate', {
			displayName: 'IVA Withheld (%)',
			...percent,
			description: `The IVA withheld on ${what}, as a percentage such as 10.6667 (two thirds of 16%); 0 for none`,
		}),
		field('isrWithheldRate', {
			displayName: 'ISR Withheld (%)',
			...percent,
			description: `The ISR (income tax) withheld on ${what}, as a percentage such as 10, or 1.25 for RESICO; 0 for none`,
		}),
	];
}

/** Related Vouchers, on every Create. */
export const relatedVouchers: INodeProperties = {
	displayName: 'Related Vouchers',
	name: 'relatedVouchers',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Relation',
	default: {},
	description:
		'Vouchers this one relates to (cfdiRelacionados), e.g. the voucher it replaces (04) or the invoice a credit note corrects (01)',
	options: [
		{
			displayName: 'Relation',
			name: 'relation',
			values: [
				{
					displayName: 'Relation Type',
					name: 'tipoRelacion',
					type: 'options',
					options: catalogOptions(TIPO_RELACION),
					default: '04',
				},
				{
					displayName: 'UUIDs',
					name: 'uuids',
					type: 'string',
					default: '',
					placeholder: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
					description: 'UUID of each related voucher; several separated by commas or new lines',
				},
			],
		},
	],
};

/** Fiscal Legends, on every Create. */
export const fiscalLegends: INodeProperties = {
	displayName: 'Fiscal Legends',
	name: 'fiscalLegends',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Legend',
	default: {},
	description: 'Legends a tax provision requires on the voucher (complement LeyendasFiscales)',
	options: [
		{
			displayName: 'Legend',
			name: 'legend',
			values: [
				{
					displayName: 'Legend Text',
					name: 'textoLeyenda',
					type: 'string',
					default: '',
					description: 'The text of the legend (textoLeyenda)',
				},
				{
					displayName: 'Tax Provision',
					name: 'disposicionFiscal',
					type: 'string',
					default: '',
					placeholder: 'RMF2024',
					description:
						'The law or resolution that requires it (disposicionFiscal), up to 20 characters',
				},
				{
					displayName: 'Rule',
					name: 'norma',
					type: 'string',
					default: '',
					placeholder: 'Regla 2.7.1.2',
					description: 'The article or rule (norma), up to 100 characters',
				},
			],
		},
	],
};
