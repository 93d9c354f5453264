import { withSatNames } from './satNames';
import type { CatalogEntry } from './catalogEntry';

/** c_Impuesto. ISR can only be withheld, never transferred. */
export const IMPUESTO: CatalogEntry[] = withSatNames('c_Impuesto', [
	{ code: '001', description: 'ISR (income tax)' },
	{ code: '002', description: 'IVA (value added tax)' },
	{ code: '003', description: 'IEPS (special tax on production and services)' },
]);
