import type { INodePropertyOptions } from 'n8n-workflow';

import type { CatalogEntry } from '../cfdi/catalogs';

/** A SAT catalog as an n8n option list: "code - description", valued by the code. */
export function catalogOptions(catalog: readonly CatalogEntry[]): INodePropertyOptions[] {
	return catalog.map((entry) => ({ name: `${entry.code} - ${entry.description}`, value: entry.code }));
}
