import { withSatNames } from './satNames';
import type { CatalogEntry } from './catalogEntry';

/** c_Exportacion. */
export const EXPORTACION: CatalogEntry[] = withSatNames('c_Exportacion', [
	{ code: '01', description: 'Not applicable' },
	{ code: '02', description: 'Definitive export with customs key A1' },
	{ code: '03', description: 'Temporary export' },
	{
		code: '04',
		description: 'Definitive export with a customs key other than A1, or with no transfer of goods',
	},
]);
