/**
 * A sale's ledger documents as the tests write them (ledger/ledger.ts's LedgerDocument): each kind's
 * fixed members here, the figures and anything else given by the test.
 */
import { parseDecimal, type Decimal } from '../../nodes/CfdiEmision/cfdi/decimal';
import type { LedgerDocument, LedgerPaid } from '../../nodes/CfdiEmision/ledger/ledger';

/** An amount written as decimal text, as the ledger holds it. */
export const exact = (text: string): Decimal => parseDecimal(text) as Decimal;

const amount = (total: string | Decimal): Decimal =>
	typeof total === 'string' ? exact(total) : total;

/** An invoice (type I): valid, in MXN, paid in installments (PPD), crediting and paying nothing. */
export const ledgerInvoice = (
	uuid: string,
	total: string | Decimal,
	extra: Partial<LedgerDocument> = {},
): LedgerDocument => ({
	uuid,
	type: 'I',
	state: 'valid',
	currency: 'MXN',
	total: amount(total),
	metodoPago: 'PPD',
	credits: [],
	tickets: {},
	paid: [],
	...extra,
});

/** A credit note (type E) crediting `credits`: valid, in MXN. */
export const ledgerNote = (
	uuid: string,
	total: string | Decimal,
	credits: string[],
	extra: Partial<LedgerDocument> = {},
): LedgerDocument => ({
	uuid,
	type: 'E',
	state: 'valid',
	currency: 'MXN',
	total: amount(total),
	credits,
	tickets: {},
	paid: [],
	...extra,
});

/** A payment receipt (type P) paying `paid`: valid, currency XXX and total 0 as the SAT has it. */
export const ledgerReceipt = (
	uuid: string,
	paid: LedgerPaid[],
	extra: Partial<LedgerDocument> = {},
): LedgerDocument => ({
	uuid,
	type: 'P',
	state: 'valid',
	currency: 'XXX',
	total: exact('0'),
	credits: [],
	tickets: {},
	paid,
	...extra,
});
