import type { CatalogEntry } from './catalogEntry';

/**
 * Common c_ClaveUnidad codes with English names. The whole SAT catalog (thousands of codes, Spanish
 * names) is CLAVE_UNIDAD_CATALOG; these English names are added to its entries for search and labels.
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
