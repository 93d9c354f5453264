import type { CatalogEntry } from './catalogEntry';

/** A cancellation motive; 01 needs the UUID of the replacing voucher (folioSustitucion). */
export type CancellationMotiveEntry = CatalogEntry & { requiresFolioSustitucion: boolean };

/** SAT cancellation motives, with their official Spanish names (the SAT's cancellation service). */
export const CANCELLATION_MOTIVE: CancellationMotiveEntry[] = [
	{
		code: '01',
		description: 'Issued with errors, with a replacement voucher',
		spanish: 'Comprobante emitido con errores con relación',
		requiresFolioSustitucion: true,
	},
	{
		code: '02',
		description: 'Issued with errors, without a replacement voucher',
		spanish: 'Comprobante emitido con errores sin relación',
		requiresFolioSustitucion: false,
	},
	{
		code: '03',
		description: 'The operation did not take place',
		spanish: 'No se llevó a cabo la operación',
		requiresFolioSustitucion: false,
	},
	{
		code: '04',
		description: 'Nominative operation related to a global invoice',
		spanish: 'Operación nominativa relacionada en una factura global',
		requiresFolioSustitucion: false,
	},
];
