import { SAT_NAMES } from './generated/satNameTable';
import type { CatalogEntry } from './catalogEntry';

/** The SAT catalogs whose official Spanish names are embedded (scripts/satCatalogs.ts). */
export type NamedCatalog = string;

/**
 * Gives each entry the SAT's official Spanish name from the embedded catalog. The English
 * descriptions stay hand-written; the Spanish ones come from the SAT's own files, not translated.
 */
export function withSatNames<T extends CatalogEntry>(catalog: NamedCatalog, entries: T[]): T[] {
	const names = SAT_NAMES[catalog] ?? {};
	return entries.map((entry) =>
		names[entry.code] && !entry.spanish ? { ...entry, spanish: names[entry.code] } : entry,
	);
}
