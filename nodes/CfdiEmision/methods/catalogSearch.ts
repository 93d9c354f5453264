/** The SAT code pickers' search (methods.listSearch) over the embedded product and unit catalogs. */
import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import {
	CLAVE_PROD_SERV_CATALOG,
	CLAVE_UNIDAD_CATALOG,
	type CodeCatalog,
} from '../cfdi/catalogs/codeCatalogs';

/** How many codes one page of a code picker shows; the editor asks for the next page on scroll. */
export const CODE_PAGE_SIZE = 100;

/** One page of a large catalog's search as a resource locator's list ("H87 - Pieza (Piece)"). */
export function searchCodePage(
	catalog: CodeCatalog,
	filter: string | undefined,
	paginationToken: string | undefined,
): INodeListSearchResult {
	const matches = catalog.search(filter ?? '');
	// A token past the last match belongs to another search: n8n's list can send the next-page token
	// of the list it showed before the typing (seen in a real editor: "81112101" answered with nothing
	// after the unfiltered first page). The catalog does not change, so such a search starts over.
	const offset = Math.max(0, Number(paginationToken) || 0);
	const start = offset < matches.length ? offset : 0;
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
