import { withSatNames } from './satNames';
import type { CatalogEntry } from './catalogEntry';

/** A tax regime and the kinds of taxpayer (individual = fisica, legal entity = moral) it applies to. */
export type RegimenFiscalEntry = CatalogEntry & { fisica: boolean; moral: boolean };

/** c_RegimenFiscal (current codes). */
export const REGIMEN_FISCAL: RegimenFiscalEntry[] = withSatNames('c_RegimenFiscal', [
	{ code: '601', description: 'General regime for legal entities', fisica: false, moral: true },
	{ code: '603', description: 'Non-profit legal entities', fisica: false, moral: true },
	{
		code: '605',
		description: 'Salaries and income treated as salaries',
		fisica: true,
		moral: false,
	},
	{ code: '606', description: 'Leasing', fisica: true, moral: false },
	{ code: '607', description: 'Sale or acquisition of goods', fisica: true, moral: false },
	{ code: '608', description: 'Other income', fisica: true, moral: false },
	{
		code: '610',
		description: 'Residents abroad without a permanent establishment in Mexico',
		fisica: true,
		moral: true,
	},
	{
		code: '611',
		description: 'Dividend income (partners and shareholders)',
		fisica: true,
		moral: false,
	},
	{
		code: '612',
		description: 'Individuals with business and professional activities',
		fisica: true,
		moral: false,
	},
	{ code: '614', description: 'Interest income', fisica: true, moral: false },
	{ code: '615', description: 'Income from prizes', fisica: true, moral: false },
	{ code: '616', description: 'No tax obligations', fisica: true, moral: false },
	{
		code: '620',
		description: 'Cooperative production companies that defer their income',
		fisica: false,
		moral: true,
	},
	{ code: '621', description: 'Tax incorporation', fisica: true, moral: false },
	{
		code: '622',
		description: 'Agricultural, livestock, forestry and fishing activities',
		fisica: false,
		moral: true,
	},
	{
		code: '623',
		description: 'Optional regime for groups of companies',
		fisica: false,
		moral: true,
	},
	{ code: '624', description: 'Coordinated', fisica: false, moral: true },
	{
		code: '625',
		description: 'Business activities with income through technology platforms',
		fisica: true,
		moral: false,
	},
	{ code: '626', description: 'Simplified trust regime (RESICO)', fisica: true, moral: true },
	{ code: '628', description: 'Hydrocarbons', fisica: false, moral: true },
	{
		code: '629',
		description: 'Preferential tax regimes and multinational companies',
		fisica: true,
		moral: false,
	},
	{ code: '630', description: 'Sale of shares on the stock exchange', fisica: true, moral: false },
]);
