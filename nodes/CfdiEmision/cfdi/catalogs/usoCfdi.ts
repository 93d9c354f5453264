import { REGIMEN_FISCAL } from './regimenFiscal';
import { withSatNames } from './satNames';
import type { CatalogEntry } from './catalogEntry';

/** A CFDI use code, the taxpayer kinds it applies to and the recipient regimes that may use it. */
export type UsoCfdiEntry = CatalogEntry & { fisica: boolean; moral: boolean; regimes: string[] };

// Recipient regimes allowed per use code, from the c_UsoCFDI catalog.
const BUSINESS_REGIMES = [
	'601',
	'603',
	'606',
	'612',
	'620',
	'621',
	'622',
	'623',
	'624',
	'625',
	'626',
];
const RETURNS_REGIMES = [...BUSINESS_REGIMES, '616'];
const PERSONAL_DEDUCTION_REGIMES = ['605', '606', '607', '608', '611', '612', '614', '615', '625'];
const EVERY_REGIME = REGIMEN_FISCAL.map((entry) => entry.code);

function business(code: string, description: string): UsoCfdiEntry {
	return { code, description, fisica: true, moral: true, regimes: BUSINESS_REGIMES };
}

function personalDeduction(code: string, description: string): UsoCfdiEntry {
	return { code, description, fisica: true, moral: false, regimes: PERSONAL_DEDUCTION_REGIMES };
}

/** c_UsoCFDI. */
export const USO_CFDI: UsoCfdiEntry[] = withSatNames('c_UsoCFDI', [
	business('G01', 'Acquisition of goods'),
	{
		code: 'G02',
		description: 'Returns, discounts or rebates',
		fisica: true,
		moral: true,
		regimes: RETURNS_REGIMES,
	},
	business('G03', 'General expenses'),
	business('I01', 'Construction'),
	business('I02', 'Office furniture and equipment'),
	business('I03', 'Transport equipment'),
	business('I04', 'Computer equipment and accessories'),
	business('I05', 'Dies, punches, molds, matrices and tooling'),
	business('I06', 'Telephone communications'),
	business('I07', 'Satellite communications'),
	business('I08', 'Other machinery and equipment'),
	personalDeduction('D01', 'Medical, dental and hospital expenses'),
	personalDeduction('D02', 'Medical expenses for disability'),
	personalDeduction('D03', 'Funeral expenses'),
	personalDeduction('D04', 'Donations'),
	personalDeduction('D05', 'Real interest paid on mortgage loans (home)'),
	personalDeduction('D06', 'Voluntary contributions to the retirement savings system (SAR)'),
	personalDeduction('D07', 'Medical insurance premiums'),
	personalDeduction('D08', 'Mandatory school transportation expenses'),
	personalDeduction('D09', 'Deposits in retirement savings accounts, pension plan premiums'),
	personalDeduction('D10', 'Payments for educational services (tuition)'),
	{ code: 'S01', description: 'No tax effects', fisica: true, moral: true, regimes: EVERY_REGIME },
	{ code: 'CP01', description: 'Payments', fisica: true, moral: true, regimes: EVERY_REGIME },
	{ code: 'CN01', description: 'Payroll', fisica: true, moral: false, regimes: ['605'] },
]);
