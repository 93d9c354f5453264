import type {
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import {
	CLAVE_PROD_SERV_CATALOG,
	CLAVE_UNIDAD_CATALOG,
	type CatalogEntry,
	type CodeCatalog,
} from '../cfdi/catalogs';

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

/** How many codes one page of a code picker shows; the editor asks for the next page on scroll. */
export const CODE_PAGE_SIZE = 100;

/** One page of a large catalog's search as a resource locator's list ("H87 - Pieza (Piece)"). */
export function searchCodePage(
	catalog: CodeCatalog,
	filter: string | undefined,
	paginationToken: string | undefined,
): INodeListSearchResult {
	const matches = catalog.search(filter ?? '');
	const start = Math.max(0, Number(paginationToken) || 0);
	const page = matches.slice(start, start + CODE_PAGE_SIZE);
	const end = start + page.length;
	return {
		results: page.map((entry) => ({
			name: `${entry.code} - ${entry.name}${entry.english ? ` (${entry.english})` : ''}`,
			value: entry.code,
		})),
		...(end < matches.length ? { paginationToken: String(end) } : {}),
	};
}

/** The node's list searches over the embedded SAT catalogs (methods.listSearch). */
export const catalogListSearch = {
	async searchProductCodes(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		return searchCodePage(CLAVE_PROD_SERV_CATALOG, filter, paginationToken);
	},
	async searchUnitCodes(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		return searchCodePage(CLAVE_UNIDAD_CATALOG, filter, paginationToken);
	},
};

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

/** The code of a picker's value: a resource locator gives its value, a plain value (version 1, JSON) stays as it is. */
export function codeOf(value: unknown): unknown {
	if (
		value &&
		typeof value === 'object' &&
		!Array.isArray(value) &&
		'mode' in value &&
		'value' in value
	)
		return (value as { value: unknown }).value;
	return value;
}
