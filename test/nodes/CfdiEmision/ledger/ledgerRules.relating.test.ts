/**
 * Which live documents relate a voucher (liveRelating: the SAT refuses to cancel it while one does,
 * so motive 04 asks before any stamp) and how they are named (describeDocument).
 */
import { Ledger, type LedgerDocument } from '../../../../nodes/CfdiEmision/ledger/ledger';
import { describeDocument, liveRelating } from '../../../../nodes/CfdiEmision/ledger/ledgerRules';
import { parseDecimal } from '../../../../nodes/CfdiEmision/cfdi/decimal';

const G = 'AAAAAAAA-1111-4111-8111-111111111111';
const d = (text: string) => parseDecimal(text) as NonNullable<ReturnType<typeof parseDecimal>>;
const doc = (uuid: string, extra: Partial<LedgerDocument>): LedgerDocument => ({
	uuid,
	type: 'E',
	state: 'valid',
	currency: 'MXN',
	total: d('10'),
	credits: [],
	tickets: {},
	paid: [],
	...extra,
});

test('credit notes and receipts relating it, valid, in cancellation or sent by this run; not cancelled ones, not itself, not other invoices', () => {
	const ledger = new Ledger();
	ledger.put(doc(G, { type: 'I', global: true, credits: [] }));
	ledger.put(doc('N-VALID', { credits: [G], name: 'NC-7' }));
	ledger.put(doc('N-WAITING', { credits: [G], state: 'inCancellation' }));
	ledger.put(doc('N-SENT', { credits: [G], state: 'pending' }));
	ledger.put(doc('N-CANCELLED', { credits: [G], state: 'cancelled' }));
	ledger.put(doc('N-OTHER', { credits: ['BBBBBBBB-2222-4222-8222-222222222222'] }));
	ledger.put(doc('P-1', { type: 'P', paid: [{ invoice: G, installment: 1, amount: d('5') }] }));
	expect(liveRelating(ledger, G.toLowerCase()).map((one) => one.uuid)).toEqual([
		'N-VALID',
		'N-WAITING',
		'N-SENT',
		'P-1',
	]);
	expect(liveRelating(ledger, 'N-VALID')).toEqual([]);
});

test('named by type, series-folio and UUID, with its state when not valid', () => {
	expect(describeDocument(doc('U-1', { name: 'NC-7' }))).toBe('credit note NC-7 (UUID U-1)');
	expect(describeDocument(doc('U-2', { type: 'P', state: 'inCancellation' }))).toBe(
		'payment receipt (UUID U-2, in cancellation)',
	);
	expect(describeDocument(doc('U-3', { type: 'T' }))).toBe('voucher of type T (UUID U-3)');
	expect(describeDocument(doc('U-4', { type: 'I', name: 'A-1', state: 'cancelled' }))).toBe(
		'invoice A-1 (UUID U-4, cancelled)',
	);
	expect(describeDocument(doc('U-5', { state: 'pending' }))).toBe(
		'credit note (UUID U-5, pending (saved, not stamped))',
	);
});
