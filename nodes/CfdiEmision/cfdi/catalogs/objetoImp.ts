import { withSatNames } from './satNames';
import type { CatalogEntry } from './catalogEntry';

/** c_ObjetoImp: whether a concept is subject to tax and whether its taxes are itemized. */
export const OBJETO_IMP: CatalogEntry[] = withSatNames('c_ObjetoImp', [
	{ code: '01', description: 'Not subject to tax' },
	{ code: '02', description: 'Subject to tax' },
	{ code: '03', description: 'Subject to tax, not required to itemize' },
	{ code: '04', description: 'Subject to tax, no tax is due' },
	{ code: '05', description: 'Subject to tax, VAT credit (PODEBI)' },
	{ code: '06', description: 'Subject to VAT, VAT not transferred' },
	{ code: '07', description: 'VAT not transferred, IEPS itemized' },
	{ code: '08', description: 'VAT not transferred, IEPS not itemized' },
]);
