import { withSatNames } from './satNames';
import type { CatalogEntry } from './catalogEntry';

/** c_MetodoPago: paid at once (PUE) or later / in parts (PPD, which requires formaPago 99). */
export const METODO_PAGO: CatalogEntry[] = withSatNames('c_MetodoPago', [
	{ code: 'PUE', description: 'Payment in a single installment' },
	{ code: 'PPD', description: 'Payment in installments or deferred' },
]);
