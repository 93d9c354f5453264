import { withSatNames } from './satNames';
import type { CatalogEntry } from './catalogEntry';

/** c_Periodicidad: the period a global invoice covers. */
export const PERIODICIDAD: CatalogEntry[] = withSatNames('c_Periodicidad', [
	{ code: '01', description: 'Daily' },
	{ code: '02', description: 'Weekly' },
	{ code: '03', description: 'Fortnightly' },
	{ code: '04', description: 'Monthly' },
	{ code: '05', description: 'Bimonthly' },
]);

/** c_Meses: the month (01-12) or bimonthly period (13-18) of a global invoice. */
export const MESES: CatalogEntry[] = withSatNames('c_Meses', [
	{ code: '01', description: 'January' },
	{ code: '02', description: 'February' },
	{ code: '03', description: 'March' },
	{ code: '04', description: 'April' },
	{ code: '05', description: 'May' },
	{ code: '06', description: 'June' },
	{ code: '07', description: 'July' },
	{ code: '08', description: 'August' },
	{ code: '09', description: 'September' },
	{ code: '10', description: 'October' },
	{ code: '11', description: 'November' },
	{ code: '12', description: 'December' },
	{ code: '13', description: 'January-February' },
	{ code: '14', description: 'March-April' },
	{ code: '15', description: 'May-June' },
	{ code: '16', description: 'July-August' },
	{ code: '17', description: 'September-October' },
	{ code: '18', description: 'November-December' },
]);
