import { withSatNames } from './satNames';
import type { CatalogEntry } from './catalogEntry';

/** c_FormaPago: how the voucher is (or will be) paid. */
export const FORMA_PAGO: CatalogEntry[] = withSatNames('c_FormaPago', [
	{ code: '01', description: 'Cash' },
	{ code: '02', description: 'Nominative check' },
	{ code: '03', description: 'Electronic funds transfer' },
	{ code: '04', description: 'Credit card' },
	{ code: '05', description: 'Electronic wallet' },
	{ code: '06', description: 'Electronic money' },
	{ code: '08', description: 'Grocery vouchers' },
	{ code: '12', description: 'Payment in kind (dation in payment)' },
	{ code: '13', description: 'Payment by subrogation' },
	{ code: '14', description: 'Payment by consignment' },
	{ code: '15', description: 'Debt forgiveness' },
	{ code: '17', description: 'Offsetting (compensation)' },
	{ code: '23', description: 'Novation' },
	{ code: '24', description: 'Merger of debtor and creditor (confusion)' },
	{ code: '25', description: 'Debt remission' },
	{ code: '26', description: 'Statute of limitations or expiry' },
	{ code: '27', description: "To the creditor's satisfaction" },
	{ code: '28', description: 'Debit card' },
	{ code: '29', description: 'Service card' },
	{ code: '30', description: 'Application of advances' },
	{ code: '31', description: 'Payment intermediary' },
	{ code: '99', description: 'To be defined' },
]);
