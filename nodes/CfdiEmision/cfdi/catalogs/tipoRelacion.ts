import { withSatNames } from './satNames';
import type { CatalogEntry } from './catalogEntry';

/** c_TipoRelacion: how a voucher relates to earlier vouchers. */
export const TIPO_RELACION: CatalogEntry[] = withSatNames('c_TipoRelacion', [
	{ code: '01', description: 'Credit note for the related documents' },
	{ code: '02', description: 'Debit note for the related documents' },
	{ code: '03', description: 'Return of goods from earlier invoices or transfers' },
	{ code: '04', description: 'Replacement of earlier vouchers' },
	{ code: '05', description: 'Transfer of goods already invoiced' },
	{ code: '06', description: 'Invoice for goods already transferred' },
	{ code: '07', description: 'Application of an advance' },
]);

/** The relations a credit note (type E) may use: 01 credit note, 03 return of goods, 07 advance applied. */
export const CREDIT_NOTE_RELATIONS = ['01', '03', '07'] as const;
