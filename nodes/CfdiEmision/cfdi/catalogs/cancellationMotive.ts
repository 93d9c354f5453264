import type { CatalogEntry } from './types';

/** A cancellation motive; 01 needs the UUID of the replacing voucher (folioSustitucion). */
export type CancellationMotiveEntry = CatalogEntry & { requiresFolioSustitucion: boolean };

/** SAT cancellation motives. */
export const CANCELLATION_MOTIVE: CancellationMotiveEntry[] = [
	{ code: '01', description: 'Issued with errors, with a replacement voucher', requiresFolioSustitucion: true },
	{ code: '02', description: 'Issued with errors, without a replacement voucher', requiresFolioSustitucion: false },
	{ code: '03', description: 'The operation did not take place', requiresFolioSustitucion: false },
	{ code: '04', description: 'Nominative operation related to a global invoice', requiresFolioSustitucion: false },
];
