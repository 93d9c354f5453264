/**
 * A sale's key from its voucher's content (identity/contentKey.ts), for a voucher without a key of its
 * own: the same sale built again gives the same folio ("C-" and 8 hex digits), another recipient,
 * line or total another; the window it is looked for in; a typed key read as text. The identity rule
 * that uses it: saleIdentity.test.ts beside this one.
 */
import {
	BACKDATE_SECONDS,
	CLOCK_MARGIN_SECONDS,
	contentKey,
	contentOf,
	keyText,
	saleWindow,
	withinKeyWindow,
	ageUnsure,
} from '../../../../nodes/CfdiEmision/identity/contentKey';
import { unixSeconds } from '../../../../nodes/CfdiEmision/cfdi/mexicoTime';
import { invoiceVoucher } from '../../../support/vouchers';

const NOW = Date.parse('2026-11-27T12:00:00Z') / 1000;

describe('contentKey', () => {
	test('the same content, built again with another date or payment form, gives the same folio', () => {
		const first = contentKey(invoiceVoucher(), NOW);
		const again = contentKey(
			invoiceVoucher({ fecha: '2026-11-27T09:00:00', formaPago: '01' }),
			NOW,
		);
		expect(first.folio).toMatch(/^C-[0-9A-F]{8}$/);
		expect(again.folio).toBe(first.folio);
		expect(first.key).toMatchObject({
			value: `content:${first.folio.slice(2)}`,
			folio: first.folio,
			serie: 'A',
			since: '2026-11-26T12:00:00.000Z',
			exactSince: true,
		});
	});

	test('numbers compare as amounts (1000.75 and "1000.750"), text trimmed and RFCs without case', () => {
		const base = invoiceVoucher();
		const receptor = base.receptor as Record<string, unknown>;
		const same = invoiceVoucher({
			total: '1000.750',
			receptor: { ...receptor, rfc: ` ${String(receptor.rfc).toLowerCase()} ` },
		});
		expect(contentKey(same, NOW).folio).toBe(contentKey(base, NOW).folio);
	});

	test('another total or another recipient is another sale', () => {
		const base = contentKey(invoiceVoucher(), NOW).folio;
		expect(contentKey(invoiceVoucher({ total: 1000.76 }), NOW).folio).not.toBe(base);
		const receptor = invoiceVoucher().receptor as Record<string, unknown>;
		expect(
			contentKey(invoiceVoucher({ receptor: { ...receptor, rfc: 'EKU9003173C9' } }), NOW).folio,
		).not.toBe(base);
	});

	test('the window is the given hours before now', () => {
		expect(contentKey(invoiceVoucher(), NOW, 2).key.since).toBe('2026-11-27T10:00:00.000Z');
	});
});

describe('lines in any order (issue 33)', () => {
	const lines = () => invoiceVoucher().conceptos as Array<Record<string, unknown>>;

	test('the same lines in another order are the same content; the folio of the sorted order is kept and the given order is looked for as the former folio', () => {
		const sorted = contentKey(invoiceVoucher(), NOW);
		const reversed = contentKey(invoiceVoucher({ conceptos: [...lines()].reverse() }), NOW);
		expect(reversed.folio).toBe(sorted.folio);
		// Pinned: the folios the node wrote before the lines were sorted (C-006FF58F for this order).
		expect(sorted.folio).toBe('C-006FF58F');
		expect(sorted.key.formerFolio).toBeUndefined();
		expect(reversed.key.formerFolio).toBe('C-894E3391');
	});

	test('a voucher of one line keeps the folio it had before (C-A650ADFD)', () => {
		const single = invoiceVoucher({ conceptos: [lines()[0]], total: 700, subTotal: 700 });
		expect(contentKey(single, NOW)).toMatchObject({
			folio: 'C-A650ADFD',
			key: { folio: 'C-A650ADFD' },
		});
		expect(contentKey(single, NOW).key.formerFolio).toBeUndefined();
	});

	test('the lines still count: another quantity on one line is another content, whatever the order', () => {
		const changed = lines();
		changed[1] = { ...changed[1], cantidad: '2.5' };
		expect(contentOf(invoiceVoucher({ conceptos: changed }))).not.toBe(contentOf(invoiceVoucher()));
		// Two lines that swap their quantities are not the same content either.
		const swapped = lines();
		[swapped[0].cantidad, swapped[1].cantidad] = [swapped[1].cantidad, swapped[0].cantidad];
		expect(contentOf(invoiceVoucher({ conceptos: swapped }))).not.toBe(contentOf(invoiceVoucher()));
	});
});

describe('withinKeyWindow (issue 33)', () => {
	const since = '2026-11-26T12:00:00.000Z';
	const bound = { since, exactSince: true };
	// Listed dates as Unix seconds, for the test: ISO dates with a zone.
	const seconds = (date: string) => {
		const parsed = Date.parse(date);
		return Number.isNaN(parsed) ? null : Math.floor(parsed / 1000);
	};
	const at = (date: string | null) => ({ date });

	test("a window-bound key keeps only the vouchers that may be dated within its own window, whatever the read's span", () => {
		const listed = [
			at('2026-11-22T12:00:00Z'),
			// 14 hours and a second before the start: before it in any zone the list may write.
			at('2026-11-25T21:59:59Z'),
			// Within the zone margin: kept while its stamp time is not known.
			at('2026-11-25T22:00:00Z'),
			at('2026-11-26T12:00:00Z'),
			at('2026-11-27T11:00:00Z'),
		];
		expect(withinKeyWindow(bound, listed, seconds)).toEqual(listed.slice(2));
	});

	test('a stamp time read (FechaTimbrado) decides over the listed date (issue 39)', () => {
		const start = Date.parse(since) / 1000;
		const listed = [
			{ date: '2026-11-26T20:00:00Z', stamp: start - 1 },
			{ date: '2026-11-26T02:00:00Z', stamp: start },
			{ date: '2026-11-26T03:00:00Z', stamp: undefined },
		];
		const kept = withinKeyWindow(bound, listed, seconds, undefined, (voucher) => voucher.stamp);
		expect(kept).toEqual(listed.slice(1));
	});

	test('ageUnsure: the vouchers listed within the zone margin either side of the start; none for a key not bound to a window', () => {
		const listed = [
			at('2026-11-25T21:59:59Z'),
			at('2026-11-25T22:00:00Z'),
			at('2026-11-27T01:59:59Z'),
			at('2026-11-27T02:00:00Z'),
			at(null),
		];
		expect(ageUnsure(bound, listed, seconds)).toEqual(listed.slice(1, 3));
		expect(ageUnsure({ since }, listed, seconds)).toEqual([]);
	});

	test('a key not bound to a window (an order, a Duplicate Check Key) keeps every voucher', () => {
		const listed = [at('2026-10-01T00:00:00Z')];
		expect(withinKeyWindow({ since }, listed, seconds)).toEqual(listed);
		expect(withinKeyWindow({}, listed, seconds)).toEqual(listed);
	});

	test('with its own date (Use Voucher Date): a voucher of that very date is kept however old, others of that age are not', () => {
		const own = '2026-11-25T09:15:00';
		const listed = [at('2026-11-25 09:15:00'), at('2026-11-25T09:15:01Z')];
		expect(withinKeyWindow(bound, listed, seconds, own)).toEqual([listed[0]]);
	});

	test('its own date as the list writes it in another zone (whole hours off) is still its own; a minute off is not', () => {
		const own = '2026-11-25T09:15:00';
		const listed = [
			at('2026-11-25T15:15:00'),
			at('2026-11-25T01:15:00'),
			at('2026-11-25T15:16:00'),
		];
		expect(withinKeyWindow(bound, listed, unixSeconds, own)).toEqual(listed.slice(0, 2));
	});

	test("a zone-less window start is Mexico City's wall clock, as the list's dates are, not this process's zone", () => {
		// 2026-11-26 06:00 in Mexico City is 12:00 UTC: a voucher listed 14 hours and a minute before
		// that there is out of reach of the zone margin; read as UTC's 06:00, both would be kept.
		const mexicoBound = { since: '2026-11-26T06:00:00', exactSince: true };
		const listed = [at('2026-11-25T15:59:00'), at('2026-11-25T16:00:00')];
		expect(withinKeyWindow(mexicoBound, listed, unixSeconds)).toEqual([listed[1]]);
		expect(saleWindow([{ since: '2026-11-26', exactSince: true }], NOW, 30).from).toBe(
			Date.parse('2026-11-26T06:00:00Z') / 1000,
		);
	});

	test('a voucher whose date is missing or unreadable is kept: the rule weighs it rather than stamping twice', () => {
		const listed = [at(null), at('not a date')];
		expect(withinKeyWindow(bound, listed, seconds)).toEqual(listed);
	});
});

describe('saleWindow', () => {
	test('from the earliest sale less a clock margin (and 72 h when the sender dates vouchers), to now plus the margin', () => {
		const since = '2026-11-20T00:00:00Z';
		const start = Date.parse(since) / 1000;
		expect(saleWindow([{ since }, { since: '2026-11-25T00:00:00Z' }], NOW, 30)).toEqual({
			from: start - CLOCK_MARGIN_SECONDS,
			to: NOW + CLOCK_MARGIN_SECONDS,
		});
		expect(saleWindow([{ since }], NOW, 30, true).from).toBe(
			start - CLOCK_MARGIN_SECONDS - BACKDATE_SECONDS,
		);
		expect(saleWindow([{ since, exactSince: true }], NOW, 30).from).toBe(start);
	});

	test('a key without a date looks back the given days', () => {
		expect(saleWindow([{}], NOW, 7).from).toBe(NOW - 7 * 86_400);
	});
});

describe('keyText', () => {
	test('text trimmed and finite numbers are keys; nothing is an empty key', () => {
		expect(keyText(' order-1 ')).toEqual({ text: 'order-1' });
		expect(keyText(5001)).toEqual({ text: '5001' });
		expect(keyText(null)).toEqual({ text: '' });
	});

	test('anything else would match every sale with such a key: said what it is', () => {
		expect(keyText({ id: 1 })).toEqual({ wrongType: 'an object' });
		expect(keyText([1])).toEqual({ wrongType: 'a list' });
		expect(keyText(true)).toEqual({ wrongType: 'a boolean' });
		expect(keyText(NaN)).toEqual({ wrongType: 'the number NaN' });
	});
});
