/**
 * A sale's key from its voucher's content (cfdi/contentKey.ts), for a voucher without a key of its
 * own: the same sale built again gives the same folio ("C-" and 8 hex digits), another recipient,
 * line or total another; the window it is looked for in; a typed key read as text. The identity rule
 * that uses it: saleIdentity.test.ts beside this one.
 */
import {
	BACKDATE_SECONDS,
	CLOCK_MARGIN_SECONDS,
	contentKey,
	keyText,
	saleWindow,
} from '../../../../nodes/CfdiEmision/cfdi/contentKey';
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
