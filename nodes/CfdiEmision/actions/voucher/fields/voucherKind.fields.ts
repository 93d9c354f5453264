/**
 * Fields and readers the voucher kinds share: an invoice's or a sale's tax rates, the related
 * vouchers and fiscal legends every Create offers, and the error for a builder's input problem.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	KindInputError,
	TIPO_RELACION,
	withFiscalLegends,
	withRelatedVouchers,
	type TaxRate,
	type Voucher,
} from '../../../cfdi';
import { decimalToNumber, parseDecimal, roundDecimal } from '../../../cfdi/decimal';
import { catalogOptions } from '../../common.fields';

type DisplayOptions = INodeProperties['displayOptions'];

// ---------------------------------------------------------------------------------------------
// Tax rates
// ---------------------------------------------------------------------------------------------

const IVA_OPTIONS = [
	{ name: 'IVA 16%', value: '0.16' },
	{ name: 'IVA 8% (Northern or Southern Border Region)', value: '0.08' },
	{ name: 'IVA 0%', value: '0' },
	{ name: 'IVA Exempt', value: 'exempt' },
	{ name: 'No IVA (Not Subject to Tax)', value: 'none' },
];

function taxFieldName(prefix: string, name: string): string {
	return prefix ? `${prefix}${name.charAt(0).toUpperCase()}${name.slice(1)}` : name;
}

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

/** A percentage as the CFDI rate (exact: 10.6667 → 0.106667); undefined for 0 or nothing. */
function rateOfPercent(value: unknown): number | undefined {
	const percent =
		typeof value === 'number' || typeof value === 'string' ? parseDecimal(value) : undefined;
	if (!percent || percent.units <= BigInt(0)) return undefined;
	return decimalToNumber(roundDecimal({ units: percent.units, scale: percent.scale + 2 }, 6));
}

/** The TaxRate list of `taxRateFields`, from a collection entry or from the node's parameters. */
export function readTaxRates(read: (name: string) => unknown, prefix = ''): TaxRate[] {
	const get = (name: string) => read(taxFieldName(prefix, name));
	const rates: TaxRate[] = [];
	const iva = String(get('ivaRate') ?? '0.16');
	if (iva === 'exempt') rates.push({ impuesto: '002', tipoFactor: 'Exento' });
	else if (iva !== 'none')
		rates.push({ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: Number(iva) });
	const ieps = rateOfPercent(get('iepsRate'));
	if (ieps !== undefined) rates.push({ impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: ieps });
	const ivaWithheld = rateOfPercent(get('ivaWithheldRate'));
	if (ivaWithheld !== undefined)
		rates.push({ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: ivaWithheld, withheld: true });
	const isrWithheld = rateOfPercent(get('isrWithheldRate'));
	if (isrWithheld !== undefined)
		rates.push({ impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: isrWithheld, withheld: true });
	return rates;
}

// ---------------------------------------------------------------------------------------------
// Related vouchers and fiscal legends, on every Create
// ---------------------------------------------------------------------------------------------

export function relatedVouchersField(displayOptions: DisplayOptions): INodeProperties {
	return {
		displayName: 'Related Vouchers',
		name: 'relatedVouchers',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Relation',
		default: {},
		description:
			'Vouchers this one relates to (cfdiRelacionados), e.g. the voucher it replaces (04) or the invoice a credit note corrects (01)',
		displayOptions,
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
}

export function fiscalLegendsField(displayOptions: DisplayOptions): INodeProperties {
	return {
		displayName: 'Fiscal Legends',
		name: 'fiscalLegends',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Legend',
		default: {},
		description: 'Legends a tax provision requires on the voucher (complement LeyendasFiscales)',
		displayOptions,
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
}

/** The voucher with the item's Related Vouchers and Fiscal Legends added (after any it had). */
export function withRelationsAndLegends(
	ctx: IExecuteFunctions,
	itemIndex: number,
	voucher: IDataObject,
): IDataObject {
	const relations = (
		ctx.getNodeParameter('relatedVouchers.relation', itemIndex, []) as IDataObject[]
	).map((entry) => ({
		tipoRelacion: String(entry.tipoRelacion ?? ''),
		uuids: String(entry.uuids ?? ''),
	}));
	const legends = (
		ctx.getNodeParameter('fiscalLegends.legend', itemIndex, []) as IDataObject[]
	).map((entry) => ({
		textoLeyenda: String(entry.textoLeyenda ?? ''),
		disposicionFiscal: String(entry.disposicionFiscal ?? ''),
		norma: String(entry.norma ?? ''),
	}));
	const related = withRelatedVouchers(voucher as Voucher, relations);
	return withFiscalLegends(related, legends) as IDataObject;
}

// ---------------------------------------------------------------------------------------------
// Input problems and dates
// ---------------------------------------------------------------------------------------------

/** A builder's input problem as the item's error, naming the field the user filled in. */
export function kindInputFailure(
	ctx: IExecuteFunctions,
	itemIndex: number,
	error: unknown,
	label: (field: string) => string,
): Error {
	if (!(error instanceof KindInputError)) return error as Error;
	return new NodeOperationError(
		ctx.getNode(),
		`Item ${itemIndex}: ${label(error.field)}: ${error.message}`,
		{ itemIndex, description: `${error.fix} Nothing was sent to the service.` },
	);
}

/** A date or date-time as CFDI local time YYYY-MM-DDThh:mm:ss (a date alone is taken at noon). */
export function cfdiDateTime(value: unknown): string {
	const text = value instanceof Date ? value.toISOString() : String(value ?? '').trim();
	const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::(\d{2}))?)?/.exec(text);
	if (!match) return text;
	return `${match[1]}T${match[2] ?? '12:00'}:${match[3] ?? '00'}`;
}

/** A positive number from a field, or undefined (0 and empty mean "not given"). */
export function positiveNumber(value: unknown): number | undefined {
	const n = Number(value);
	return Number.isFinite(n) && n > 0 ? n : undefined;
}
