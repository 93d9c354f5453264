import type { CatalogEntry } from './catalogEntry';

// Catalogs are constant arrays, so one index per array is built lazily and kept.
const indexes = new WeakMap<ReadonlyArray<CatalogEntry>, Map<string, CatalogEntry>>();

function indexOf(catalog: ReadonlyArray<CatalogEntry>): Map<string, CatalogEntry> {
	let index = indexes.get(catalog);
	if (!index) {
		index = new Map(catalog.map((entry) => [entry.code, entry]));
		indexes.set(catalog, index);
	}
	return index;
}

/** The entry with exactly this code (codes are case-sensitive, as in the SAT catalogs). */
export function findEntry<T extends CatalogEntry>(
	catalog: ReadonlyArray<T>,
	code: unknown,
): T | undefined {
	if (typeof code !== 'string') return undefined;
	return indexOf(catalog).get(code) as T | undefined;
}

/** The codes of a catalog, in catalog order. */
export function catalogCodes(catalog: ReadonlyArray<CatalogEntry>): string[] {
	return catalog.map((entry) => entry.code);
}
