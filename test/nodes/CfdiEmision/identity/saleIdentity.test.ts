/**
 * A sale's identity on the voucher list (issue 27 items 1-3, identity/saleIdentity.ts): which listed
 * voucher is this sale (judgeListed) and the messages that name it. The content key, the list's
 * window, a key's text and the state read from a listed status: saleIdentity.keys.test.ts.
 */
import {
	collisionMessage,
	describeListed,
	judgeListed,
	totalChangedMessage,
	type ListedSale,
} from '../../../../nodes/CfdiEmision/identity/saleIdentity';
import { listedSale } from '../../../support/listedSale';
import type { BusinessKey } from '../../../../nodes/CfdiEmision/cfdi/voucherSource';

const KEY: BusinessKey = { value: 'order:1', from: 'the order', serie: 'A', folio: '1001' };
const SALE = { recipientRfc: 'URE180429TM6', total: '1160.00', currency: 'MXN' };

describe('judgeListed: which listed voucher is this sale', () => {
	test('same series, folio, recipient and total: this sale, stamped', () => {
		const voucher = listedSale();
		expect(judgeListed(KEY, SALE, [voucher])).toEqual({
			kind: 'stamped',
			voucher,
			others: [],
		});
	});

	test('series and folio compared trimmed and without case', () => {
		const voucher = listedSale({ series: ' a ', folio: '1001 ' });
		expect(
			judgeListed({ ...KEY, folio: 'so-1001' }, SALE, [listedSale({ folio: 'SO-1001' })]).kind,
		).toBe('stamped');
		expect(judgeListed(KEY, SALE, [voucher]).kind).toBe('stamped');
	});

	test('another series or folio: not this sale', () => {
		expect(
			judgeListed(KEY, SALE, [listedSale({ series: 'B' }), listedSale({ folio: '1002' })]),
		).toEqual({
			kind: 'none',
		});
	});

	test('the key with another recipient: a folio collision, never an answer', () => {
		const other = listedSale({ recipientRfc: 'XOJI740919U48', total: 116 });
		expect(judgeListed(KEY, SALE, [other])).toEqual({ kind: 'collision', vouchers: [other] });
	});

	test('the same recipient next to a collision: this sale wins', () => {
		const other = listedSale({ recipientRfc: 'XOJI740919U48' });
		const mine = listedSale();
		expect(judgeListed(KEY, SALE, [other, mine])).toMatchObject({ kind: 'stamped', voucher: mine });
	});

	test('same recipient, another total: stamped, with both totals', () => {
		const voucher = listedSale({ total: 1508 });
		expect(judgeListed(KEY, { ...SALE, total: '2088.00' }, [voucher])).toEqual({
			kind: 'stamped',
			voucher,
			others: [],
			totalChanged: { invoiced: '1508.00', now: '2088.00' },
		});
	});

	test('a total equal to the cent in another notation is the same total', () => {
		expect(judgeListed(KEY, SALE, [listedSale({ total: '1160' })]).kind).toBe('stamped');
		expect(judgeListed(KEY, SALE, [listedSale({ total: 1160.01 })])).toMatchObject({
			totalChanged: { invoiced: '1160.01', now: '1160.00' },
		});
	});

	test('an unknown sale total compares recipient only', () => {
		const voucher = listedSale({ total: 5 });
		expect(judgeListed(KEY, { recipientRfc: SALE.recipientRfc }, [voucher])).toEqual({
			kind: 'stamped',
			voucher,
			others: [],
		});
	});

	test('every stamped voucher of the sale is reported, oldest first; a changed total counts as another', () => {
		const newer = listedSale({ date: '2026-11-25T10:00:00' });
		const older = listedSale({ date: '2026-11-24T10:00:00' });
		const changed = listedSale({ date: '2026-11-23T10:00:00', total: 99 });
		expect(judgeListed(KEY, SALE, [newer, changed, older])).toEqual({
			kind: 'stamped',
			voucher: older,
			others: [newer, changed],
		});
	});

	test('cancelled (by code or by words) does not count; awaiting acceptance does', () => {
		expect(judgeListed(KEY, SALE, [listedSale({ status: 'cancelled' })])).toEqual({ kind: 'none' });
		expect(
			judgeListed(KEY, SALE, [listedSale({ status: 'unknown', statusDescription: 'Cancelado' })]),
		).toEqual({ kind: 'none' });
		expect(judgeListed(KEY, SALE, [listedSale({ status: 'pendingAcceptance' })]).kind).toBe(
			'stamped',
		);
	});

	test('a pending voucher of the sale is finished; of another total or without id it is not', () => {
		const pending = listedSale({ status: 'pending', uuid: '' });
		expect(judgeListed(KEY, SALE, [pending])).toEqual({ kind: 'pending', voucher: pending });
		expect(judgeListed(KEY, SALE, [listedSale({ status: 'pending', uuid: '', total: 1 })])).toEqual(
			{
				kind: 'none',
			},
		);
		expect(
			judgeListed(KEY, SALE, [listedSale({ status: 'pending', uuid: '', voucherId: null })]),
		).toEqual({ kind: 'none' });
		// A stamped one goes before a pending one; another recipient's pending draft is no collision.
		const stamped = listedSale();
		expect(judgeListed(KEY, SALE, [pending, stamped]).kind).toBe('stamped');
		expect(
			judgeListed(KEY, SALE, [listedSale({ status: 'pending', recipientRfc: 'XOJI740919U48' })]),
		).toEqual({ kind: 'none' });
	});

	test.each([
		['folio', { folio: null, omits: ['folio'] }, 'folio'],
		['series', { series: null, omits: ['series'] }, 'series'],
		['recipient RFC', { recipientRfc: null }, 'recipient RFC'],
		['state', { status: 'unknown', statusDescription: null }, 'state'],
		['state words nobody knows', { status: 'unknown', statusDescription: 'Procesado' }, 'state'],
		['UUID of a stamped voucher', { uuid: '' }, 'UUID'],
	])('a voucher that could be this sale without its %s: undecidable', (_, over, missing) => {
		const verdict = judgeListed(KEY, SALE, [listedSale(over as Partial<ListedSale>)]);
		expect(verdict.kind).toBe('undecidable');
		expect(verdict.kind === 'undecidable' && verdict.reason).toContain(`without its ${missing}`);
	});

	test('a voucher lacking facts that cannot be this sale is read past', () => {
		expect(
			judgeListed(KEY, SALE, [
				listedSale({ folio: null, omits: ['folio'], recipientRfc: 'XOJI740919U48' }),
			]),
		).toEqual({ kind: 'none' });
		expect(
			judgeListed(KEY, SALE, [listedSale({ folio: null, omits: ['folio'], total: 3 })]),
		).toEqual({
			kind: 'none',
		});
		// A key without series: a listed voucher without series is under it.
		expect(judgeListed({ ...KEY, serie: '' }, SALE, [listedSale({ series: null })]).kind).toBe(
			'stamped',
		);
	});

	test('a voucher the list gives without series or folio (null, not left out) is another sale', () => {
		// The e2e's account holds receipts of series P without a folio, to the same recipient and total.
		expect(judgeListed(KEY, SALE, [listedSale({ folio: null })])).toEqual({ kind: 'none' });
		expect(judgeListed(KEY, SALE, [listedSale({ folio: '' })])).toEqual({ kind: 'none' });
		expect(judgeListed(KEY, SALE, [listedSale({ series: null })])).toEqual({ kind: 'none' });
	});

	test('this sale found stamped beats an unclear voucher', () => {
		const mine = listedSale();
		expect(
			judgeListed(KEY, SALE, [listedSale({ folio: null, omits: ['folio'] }), mine]),
		).toMatchObject({
			kind: 'stamped',
			voucher: mine,
		});
	});

	test('the list in another case or with spaces still names this sale', () => {
		const voucher = listedSale({ recipientRfc: ' ure180429tm6 ' });
		expect(judgeListed(KEY, SALE, [voucher])).toEqual({ kind: 'stamped', voucher, others: [] });
	});

	test('stamped at the same second: the lower voucher id is the invoice, the other its twin', () => {
		const second = listedSale({ date: '2026-11-20T10:00:00', voucherId: 9 });
		const first = listedSale({ date: '2026-11-20T10:00:00', voucherId: 3 });
		const third = listedSale({ date: '2026-11-20T10:00:00', voucherId: 5 });
		expect(judgeListed(KEY, SALE, [second, first, third])).toEqual({
			kind: 'stamped',
			voucher: first,
			others: [third, second],
		});
	});

	test('two invoices whose total is no longer the sale: the oldest answers with both totals, the other is its twin', () => {
		const older = listedSale({ date: '2026-11-20T10:00:00', total: 1508 });
		const newer = listedSale({ date: '2026-11-21T10:00:00', total: 1508 });
		expect(judgeListed(KEY, { ...SALE, total: '2088' }, [newer, older])).toEqual({
			kind: 'stamped',
			voucher: older,
			others: [newer],
			totalChanged: { invoiced: '1508.00', now: '2088.00' },
		});
	});

	test('a sale without a recipient RFC cannot be told from a voucher under its key: undecidable', () => {
		const voucher = listedSale();
		expect(judgeListed(KEY, { total: '1160.00' }, [voucher])).toEqual({
			kind: 'undecidable',
			reason: `the list shows a voucher that could be this sale's without its recipient RFC (UUID ${voucher.uuid}, id ${voucher.voucherId}, series A folio 1001, recipient URE180429TM6, total 1160.00, dated ${voucher.date})`,
			vouchers: [voucher],
		});
	});

	test('a state the list does not give, with another total under the same series and folio: undecidable, not another sale', () => {
		const voucher = listedSale({ status: 'unknown', total: 99 });
		expect(judgeListed(KEY, SALE, [voucher])).toMatchObject({
			kind: 'undecidable',
			vouchers: [voucher],
		});
	});

	test('a key without series: a state the list does not give, with another total, is still undecidable', () => {
		const voucher = listedSale({ series: null, status: 'unknown', total: 99 });
		expect(judgeListed({ ...KEY, serie: '' }, SALE, [voucher]).kind).toBe('undecidable');
	});

	test('a listed voucher whose total the list leaves out is this sale by its recipient', () => {
		const voucher = listedSale({ total: null });
		expect(judgeListed(KEY, SALE, [voucher])).toEqual({ kind: 'stamped', voucher, others: [] });
	});

	test('a voucher without its series on the list, with another total, is another sale', () => {
		expect(
			judgeListed(KEY, SALE, [listedSale({ series: null, omits: ['series'], total: 3 })]),
		).toEqual({ kind: 'none' });
	});

	test('every fact the list lacks is named', () => {
		const voucher = listedSale({
			folio: null,
			omits: ['folio'],
			recipientRfc: null,
			status: 'unknown',
		});
		const verdict = judgeListed(KEY, SALE, [voucher]);
		expect(verdict.kind === 'undecidable' && verdict.reason).toContain(
			"could be this sale's without its folio, recipient RFC, state (",
		);
	});

	test("totals in the decimals of the sale's currency, or of the listed voucher's when the sale names none", () => {
		const voucher = listedSale({ total: 1508, currency: 'JPY' });
		const changed = { invoiced: '1508', now: '2088' };
		expect(judgeListed(KEY, { ...SALE, total: '2088', currency: 'JPY' }, [voucher])).toMatchObject({
			totalChanged: changed,
		});
		expect(
			judgeListed(KEY, { recipientRfc: SALE.recipientRfc, total: '2088' }, [voucher]),
		).toMatchObject({ totalChanged: changed });
	});

	test('what decides first: this sale stamped, then an unclear voucher, then a pending one, then a collision', () => {
		const unclear = listedSale({ folio: null, omits: ['folio'] });
		const pending = listedSale({ status: 'pending', uuid: '' });
		const collision = listedSale({ recipientRfc: 'XOJI740919U48', date: '2026-11-20T10:00:00' });
		expect(judgeListed(KEY, SALE, [collision, pending, unclear]).kind).toBe('undecidable');
		expect(judgeListed(KEY, SALE, [collision, pending])).toEqual({
			kind: 'pending',
			voucher: pending,
		});
		expect(judgeListed(KEY, SALE, [collision, unclear]).kind).toBe('undecidable');
		const later = listedSale({ recipientRfc: 'EKU9003173C9', date: '2026-11-21T10:00:00' });
		expect(judgeListed(KEY, SALE, [later, collision])).toEqual({
			kind: 'collision',
			vouchers: [collision, later],
		});
	});

	test('two vouchers without facts: the reason counts them', () => {
		const unclear = listedSale({ folio: null, omits: ['folio'] });
		const verdict = judgeListed(KEY, SALE, [unclear, { ...unclear }]);
		expect(verdict.kind === 'undecidable' && verdict.reason).toBe(
			`the list shows 2 vouchers that could be this sale's without its folio (UUID ${unclear.uuid}, id ${unclear.voucherId}, series A folio (none), recipient URE180429TM6, total 1160.00, dated ${unclear.date})`,
		);
		expect(verdict.kind === 'undecidable' && verdict.vouchers).toEqual([unclear, unclear]);
	});
});

describe('messages', () => {
	test('a collision names both sales and how to keep shops apart', () => {
		const { message, fix } = collisionMessage(KEY, SALE, [
			listedSale({
				uuid: 'AAA',
				voucherId: 1,
				recipientRfc: 'XOJI740919U48',
				total: 116,
				date: '2026-11-20',
			}),
		]);
		expect(message).toContain(
			'Folio collision: series A folio 1001 already documents another sale',
		);
		expect(message).toContain(
			'(UUID AAA, id 1, series A folio 1001, recipient XOJI740919U48, total 116.00, dated 2026-11-20)',
		);
		expect(message).toContain(
			'this sale (order:1, from the order) is for recipient URE180429TM6, total 1160.00',
		);
		expect(fix).toMatch(/^Nothing was sent\. The listed voucher is another recipient's/);
		expect(fix).toContain('cancel it first (motive 01 or 02)');
		expect(fix).toContain('its own series');
		expect(fix).toContain('Folio = Order ID');
		expect(fix).toContain('Duplicate Check Key');
	});

	test('a collision of a key without series, in a currency without decimals, for a sale given in lower case', () => {
		const { message } = collisionMessage(
			{ ...KEY, serie: '' },
			{ recipientRfc: 'ure180429tm6', total: '1160', currency: 'JPY' },
			[
				listedSale({
					uuid: 'AAA',
					voucherId: null,
					date: null,
					series: null,
					folio: '1001',
					recipientRfc: 'XOJI740919U48',
					total: 116,
					currency: 'JPY',
				}),
			],
		);
		expect(message).toBe(
			'Folio collision: series (none) folio 1001 already documents another sale (UUID AAA, series (none) folio 1001, recipient XOJI740919U48, total 116); this sale (order:1, from the order) is for recipient URE180429TM6, total 1160',
		);
	});

	test('a collision with two listed sales names both', () => {
		const { message } = collisionMessage(KEY, SALE, [
			listedSale({
				uuid: 'AAA',
				voucherId: 1,
				date: null,
				recipientRfc: 'XOJI740919U48',
				total: 116,
			}),
			listedSale({
				uuid: 'BBB',
				voucherId: 2,
				date: null,
				recipientRfc: 'EKU9003173C9',
				total: 58,
			}),
		]);
		expect(message).toContain(
			'(UUID AAA, id 1, series A folio 1001, recipient XOJI740919U48, total 116.00; UUID BBB, id 2, series A folio 1001, recipient EKU9003173C9, total 58.00)',
		);
	});

	test('a collision for a sale whose total is not known names what is known', () => {
		const vouchers = [listedSale({ recipientRfc: 'XOJI740919U48' })];
		expect(collisionMessage(KEY, { recipientRfc: 'URE180429TM6' }, vouchers).message).toMatch(
			/this sale \(order:1, from the order\) is for recipient URE180429TM6$/,
		);
		expect(collisionMessage(KEY, {}, vouchers).message).toMatch(/is for another recipient$/);
	});

	test('a changed total says both totals and what to do', () => {
		const text = totalChangedMessage(KEY, listedSale({ uuid: 'BBB' }), {
			invoiced: '1508.00',
			now: '2088.00',
		});
		expect(text).toContain('invoiced by UUID BBB for 1508.00, but the sale now totals 2088.00');
		expect(text).toContain('additional invoice');
		expect(text).toContain('credit note against UUID BBB');
		expect(text).toMatch(/^The sale changed after its invoice: order:1 is invoiced/);
		expect(text).toContain('Nothing was sent.');
	});

	test('describeListed leaves out what the list does not give', () => {
		expect(
			describeListed({
				uuid: '',
				voucherId: null,
				date: null,
				status: '',
				series: null,
				folio: null,
			}),
		).toBe('');
		expect(
			describeListed({ uuid: 'U', voucherId: 7, date: 'd', status: '', series: null, folio: '9' }),
		).toBe('UUID U, id 7, series (none) folio 9, dated d');
		expect(
			describeListed({
				uuid: 'U',
				voucherId: null,
				date: null,
				status: '',
				series: 'A',
				folio: null,
				total: 'n/a',
			}),
		).toBe('UUID U, series A folio (none), total n/a');
	});
});
