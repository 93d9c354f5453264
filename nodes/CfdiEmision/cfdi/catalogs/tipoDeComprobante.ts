import { withSatNames } from './satNames';
import type { CatalogEntry } from './catalogEntry';

/** c_TipoDeComprobante. */
export const TIPO_DE_COMPROBANTE: CatalogEntry[] = withSatNames('c_TipoDeComprobante', [
	{ code: 'I', description: 'Income (invoice)' },
	{ code: 'E', description: 'Expense (credit note)' },
	{ code: 'T', description: 'Transfer (goods in transit)' },
	{ code: 'N', description: 'Payroll' },
	{ code: 'P', description: 'Payment (payment complement)' },
]);
