import type { CatalogEntry } from './types';

/**
 * Common c_ClaveUnidad codes, for UI suggestions only. The SAT catalog has thousands of codes,
 * so this list is common, not exhaustive: claveUnidad is validated by pattern, not against it.
 */
export const CLAVE_UNIDAD: CatalogEntry[] = [
	{ code: 'H87', description: 'Piece' },
	{ code: 'E48', description: 'Service unit' },
	{ code: 'ACT', description: 'Activity' },
	{ code: 'KGM', description: 'Kilogram' },
	{ code: 'LTR', description: 'Liter' },
	{ code: 'MTR', description: 'Meter' },
	{ code: 'XBX', description: 'Box' },
	{ code: 'DAY', description: 'Day' },
	{ code: 'HUR', description: 'Hour' },
	{ code: 'MON', description: 'Month' },
];
