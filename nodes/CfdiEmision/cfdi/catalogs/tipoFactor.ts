import type { CatalogEntry } from './catalogEntry';

/** c_TipoFactor: how a tax line is computed. */
export const TIPO_FACTOR: CatalogEntry[] = [
	{ code: 'Tasa', description: 'Rate (base × rate)' },
	{ code: 'Cuota', description: 'Fixed amount per unit (units × amount)' },
	{ code: 'Exento', description: 'Exempt (no tax amount)' },
];
