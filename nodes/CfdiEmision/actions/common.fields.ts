/**
 * Editor fields several resources share: the resource/operation and version conditions, the issuer
 * override, the voucher reference parameters (UUID, Voucher ID) and the SAT catalog option and picker builders.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { CatalogEntry } from '../cfdi/catalogs/catalogEntry';
import { CLAVE_PROD_SERV_CATALOG, CLAVE_UNIDAD_CATALOG } from '../cfdi/catalogs/codeCatalogs';

/**
 * What the package does, as n8n's node panel shows it. The panel merges a node and its trigger
 * (type name + "Trigger") into one entry and shows the TRIGGER's description for it
 * (generateMergedNodesAndActions in n8n's editor), so the trigger's description starts with this.
 */
export const APP_DESCRIPTION =
	'Issue Mexican electronic tax vouchers (CFDI 4.0): stamp, download the XML and PDF, send by e-mail';

/** Shows a field only for the given resource and operations. */
export function showFor(resource: string, operations: string[]): INodeProperties['displayOptions'] {
	return { show: { resource: [resource], operation: operations } };
}

export const emisorIdOverrideField: INodeProperties = {
	displayName: 'Issuer ID Override',
	name: 'emisorIdOverride',
	type: 'string',
	default: '',
	placeholder: '1234',
	description:
		'Numeric issuer ID (emisorId) to act for. Leave empty to use the issuer the credential finds for its account.',
};

/** The UUID pattern SAT uses for the folio fiscal. */
export { FOLIO_FISCAL_PATTERN as UUID_PATTERN } from '../cfdi/cancellation';

/** displayOptions.show members for fields of node version 1 only, and of 1.1 on (docs/creating-vouchers.md, "Node versions"). */
export const ONLY_VERSION_1 = { '@version': [1] };
export const FROM_VERSION_1_1 = { '@version': [{ _cnd: { gte: 1.1 } }] };

/**
 * A field whose default changed in version 1.1: two descriptions of the same parameter, one per
 * version, so that workflows saved with version 1 keep the default they were saved with.
 */
export function withDefaultFromVersion11(
	property: INodeProperties,
	newDefault: INodeProperties['default'],
	newDescription?: string,
): INodeProperties[] {
	const show = property.displayOptions?.show ?? {};
	return [
		{
			...property,
			displayOptions: { ...property.displayOptions, show: { ...show, ...ONLY_VERSION_1 } },
		},
		{
			...property,
			default: newDefault,
			...(newDescription ? { description: newDescription } : {}),
			displayOptions: { ...property.displayOptions, show: { ...show, ...FROM_VERSION_1_1 } },
		},
	];
}
/**
 * The binary field a file goes to: the Options' "Put Output File in Field" when set, otherwise the
 * node's default: `data` for nodes saved as version 1, and from 1.1 a field per file (`xml`, `pdf`),
 * so a chain Create → XML → PDF keeps both files.
 */
export function fileFieldOf(
	ctx: { getNode(): { typeVersion: number } },
	options: { binaryPropertyName?: unknown },
	fileField: 'xml' | 'pdf',
): string {
	const fallback = ctx.getNode().typeVersion >= 1.1 ? fileField : 'data';
	return String(options.binaryPropertyName || fallback).trim() || fallback;
}

/**
 * An Options collection holding "Put Output File in Field" (binaryPropertyName), once per version:
 * version 1 with its default `data`, 1.1 with `fileField`.
 */
export function withFileFieldDefault(
	collection: INodeProperties,
	fileField: 'xml' | 'pdf',
): INodeProperties[] {
	const v11Options = (collection.options as INodeProperties[]).map((option) =>
		option.name === 'binaryPropertyName' ? { ...option, default: fileField } : option,
	);
	const show = collection.displayOptions?.show ?? {};
	return [
		{
			...collection,
			displayOptions: { ...collection.displayOptions, show: { ...show, ...ONLY_VERSION_1 } },
		},
		{
			...collection,
			options: v11Options,
			displayOptions: { ...collection.displayOptions, show: { ...show, ...FROM_VERSION_1_1 } },
		},
	];
}
/*
 * How a voucher is named in the parameters that point at one (UUID: XML, PDF, E-mail, Get Status,
 * Cancel; Voucher ID: Get, Update). Version 1 keeps its plain text or number field; version 1.1 has
 * a resource locator under the same name (From List / By UUID or By ID) whose default is the
 * incoming item's uuid or voucher id, so a chain Create → XML → PDF → E-mail needs no mapping.
 * The reader takes either: n8n's extractValue gives the locator's value and leaves plain values as
 * they are.
 */

const VERSION_1: INodeProperties['displayOptions'] = { show: { '@version': [1] } };

function forVersions(
	resource: string,
	operations: string[],
	versions: 'v1' | 'later',
): INodeProperties['displayOptions'] {
	return versions === 'v1'
		? { show: { resource: [resource], operation: operations, ...VERSION_1!.show } }
		: { show: { resource: [resource], operation: operations }, hide: { '@version': [1] } };
}

// The editor compiles the regex without flags, so both letter cases are spelled out.
const UUID_REGEX = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** The UUID parameter: plain text in version 1, a From List / By UUID locator from 1.1. */
export function uuidField(resource: string, operations: string[]): INodeProperties[] {
	const description =
		'The UUID (folio fiscal) of the stamped voucher, e.g. from a previous Create operation';
	return [
		{
			displayName: 'UUID',
			name: 'uuid',
			type: 'string',
			required: true,
			default: '',
			placeholder: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
			description,
			displayOptions: forVersions(resource, operations, 'v1'),
		},
		{
			displayName: 'Voucher',
			name: 'uuid',
			type: 'resourceLocator',
			required: true,
			default: { __rl: true, mode: 'uuid', value: '={{ $json.uuid }}' },
			description: `${description}. By default the incoming item's "uuid".`,
			displayOptions: forVersions(resource, operations, 'later'),
			modes: [
				{
					displayName: 'From List',
					name: 'list',
					type: 'list',
					placeholder: 'Select a stamped voucher...',
					typeOptions: {
						searchListMethod: 'searchStampedVouchers',
						searchable: true,
						searchFilterRequired: false,
					},
				},
				{
					displayName: 'By UUID',
					name: 'uuid',
					type: 'string',
					placeholder: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
					validation: [
						{
							type: 'regex',
							properties: {
								regex: `^\\s*${UUID_REGEX}\\s*$`,
								errorMessage:
									'Not a UUID: 36 characters such as 5FB2822E-396D-4725-8521-CDC4BDD20CCF',
							},
						},
					],
				},
			],
		},
	];
}

/** The voucher id parameter: a number in version 1, a From List / By ID locator from 1.1. */
export function voucherIdField(resource: string, operations: string[]): INodeProperties[] {
	const description = 'The idComprobante of the voucher, as returned when it was saved';
	return [
		{
			displayName: 'Voucher ID',
			name: 'voucherId',
			type: 'number',
			required: true,
			default: 0,
			description: 'The idComprobante of the pending voucher, as returned when it was saved',
			displayOptions: forVersions(resource, operations, 'v1'),
		},
		{
			displayName: 'Voucher',
			name: 'voucherId',
			type: 'resourceLocator',
			required: true,
			default: { __rl: true, mode: 'id', value: '={{ $json.voucherId ?? $json.idComprobante }}' },
			description: `${description}. By default the incoming item's "voucherId" (or "idComprobante").`,
			displayOptions: forVersions(resource, operations, 'later'),
			modes: [
				{
					displayName: 'From List',
					name: 'list',
					type: 'list',
					placeholder: 'Select a voucher...',
					typeOptions: {
						searchListMethod: 'searchVoucherIds',
						searchable: true,
						searchFilterRequired: false,
					},
				},
				{
					displayName: 'By ID',
					name: 'id',
					type: 'string',
					placeholder: '1001',
					validation: [
						{
							type: 'regex',
							properties: {
								regex: '^\\s*[1-9][0-9]*\\s*$',
								errorMessage: 'Not a voucher id: a positive whole number such as 1001',
							},
						},
					],
				},
			],
		},
	];
}

/**
 * A SAT catalog as an n8n option list, valued by the code. The editor's option search matches
 * the option's name only (a case-insensitive substring of the label, not its value or description),
 * so the name carries the code, the English description and the SAT's official Spanish name:
 * "G03 - General expenses (Gastos en general)" is found by "g03", "expenses" and "gastos".
 */
export function catalogOptions(catalog: readonly CatalogEntry[]): INodePropertyOptions[] {
	return catalog.map((entry) => ({ name: catalogLabel(entry), value: entry.code }));
}

/** "code - English (Spanish)"; the Spanish name is left out where it says the same as the English. */
export function catalogLabel(entry: CatalogEntry): string {
	const spanish =
		entry.spanish && entry.spanish.toLowerCase() !== entry.description.toLowerCase()
			? ` (${entry.spanish})`
			: '';
	return `${entry.code} - ${entry.description}${spanish}`;
}

/**
 * A product or unit code as a picker (resource locator): From List searches the embedded SAT
 * catalog; By Code takes the code typed or an expression. The value read is the code either way
 * (see codeOf). A code outside its catalog is refused by the local checks (cfdi/validation/formats.ts).
 */
export function codePickerField(
	kind: 'product' | 'unit',
	base: { displayName: string; name: string; description: string; code: string },
): INodeProperties {
	const product = kind === 'product';
	const cached = product
		? CLAVE_PROD_SERV_CATALOG.find(base.code)
		: CLAVE_UNIDAD_CATALOG.find(base.code);
	const initial: INodeProperties['default'] = cached
		? {
				__rl: true,
				mode: 'list',
				value: base.code,
				cachedResultName: `${cached.code} - ${cached.name}${cached.english ? ` (${cached.english})` : ''}`,
			}
		: { __rl: true, mode: base.code ? 'code' : 'list', value: base.code };
	return {
		displayName: base.displayName,
		name: base.name,
		type: 'resourceLocator',
		default: initial,
		description: base.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: product
					? 'Search the SAT product and service codes...'
					: 'Search the SAT unit codes...',
				typeOptions: {
					searchListMethod: product ? 'searchProductCodes' : 'searchUnitCodes',
					searchable: true,
					searchFilterRequired: false,
				},
			},
			{
				displayName: 'By Code',
				name: 'code',
				type: 'string',
				placeholder: product ? '84111506' : 'H87',
				validation: [
					product
						? {
								type: 'regex',
								properties: {
									regex: '^\\s*[0-9]{8}\\s*$',
									errorMessage: 'A c_ClaveProdServ code has 8 digits, e.g. 84111506',
								},
							}
						: {
								type: 'regex',
								properties: {
									regex: '^\\s*[A-Z0-9]{2,3}\\s*$',
									errorMessage:
										'A c_ClaveUnidad code has 2 or 3 capital letters or digits, e.g. H87',
								},
							},
				],
			},
		],
	};
}

/**
 * A resource's fields, from its operations' descriptions. A field object several operations list is
 * declared once and shown for each of them; every field is placed after the fields listed before it
 * in each operation, so each operation shows its fields in its own order. A field's own conditions
 * (Input Mode, version, another field) are kept.
 */
export function resourceFields(
	resource: string,
	operations: Record<string, INodeProperties[]>,
): INodeProperties[] {
	const shownFor = new Map<INodeProperties, string[]>();
	const listedAfter = new Map<INodeProperties, INodeProperties[]>();
	const firstSeen: INodeProperties[] = [];
	for (const [operation, fields] of Object.entries(operations)) {
		fields.forEach((field, index) => {
			if (!shownFor.has(field)) {
				shownFor.set(field, []);
				listedAfter.set(field, []);
				firstSeen.push(field);
			}
			shownFor.get(field)!.push(operation);
			if (index > 0) listedAfter.get(field)!.push(fields[index - 1]);
		});
	}
	const placed = new Set<INodeProperties>();
	const ordered: INodeProperties[] = [];
	while (ordered.length < firstSeen.length) {
		const next = firstSeen.find(
			(field) =>
				!placed.has(field) && listedAfter.get(field)!.every((before) => placed.has(before)),
		);
		if (!next)
			throw new Error(`The ${resource} operations list their shared fields in different orders`);
		placed.add(next);
		ordered.push(next);
	}
	return ordered.map((field) => ({
		...field,
		displayOptions: {
			...field.displayOptions,
			show: {
				...field.displayOptions?.show,
				resource: [resource],
				operation: shownFor.get(field)!,
			},
		},
	}));
}
