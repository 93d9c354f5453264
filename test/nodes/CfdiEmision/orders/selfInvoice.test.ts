/**
 * A buyer's self-invoice request (the order typed on a self-invoice page): which orders are refused,
 * with which reason code and sentence, and that a stranger learns nothing more than "not your order".
 */
import { orderToVoucher } from '../../../../nodes/CfdiEmision/orders/orderToVoucher';
import { selfInvoiceRefusal } from '../../../../nodes/CfdiEmision/orders/selfInvoice';
import type { OrderSettings } from '../../../../nodes/CfdiEmision/orders/settings';
import { corpusOrder, type Order } from '../../../support/corpusOrder';

const BUYER = 'compras@robotica.example.com';
/** Example 1's order: #1001 of 2026-11-02, paid, 1,508.00. */
const order = (extra: Order = {}): Order => ({ ...corpusOrder('example-1'), ...extra });
const ask = (extra: Order, settings: Partial<Parameters<typeof selfInvoiceRefusal>[1]> = {}) =>
	selfInvoiceRefusal(order(extra), { buyerEmail: BUYER, today: '2026-11-10', ...settings });

describe('self-invoice request: refusals', () => {
	it("the buyer's own paid order inside the window is accepted (e-mail compared without case or spaces)", () => {
		expect(ask({}, { buyerEmail: '  Compras@Robotica.Example.com ' })).toBeUndefined();
		expect(ask({ financial_status: 'partially_refunded' })).toBeUndefined();
		// The customer's e-mail when the order has none.
		expect(ask({ email: null })).toBeUndefined();
	});

	it('another e-mail: otherEmail, and nothing else about the order (not even that it is cancelled or unpaid)', () => {
		for (const extra of [
			{},
			{ cancelled_at: '2026-11-03T10:00:00-06:00' },
			{ financial_status: 'pending' },
		]) {
			const refusal = ask(extra, { buyerEmail: 'someone@else.example.com' });
			expect(refusal).toEqual({
				reason: 'otherEmail',
				message:
					'The e-mail given is not the e-mail of order #1001; only the buyer may invoice it. Nothing was sent.',
			});
		}
		expect(ask({ email: null, customer: null, contact_email: null })?.reason).toBe('otherEmail');
	});

	it.each([
		[
			{ cancelled_at: '2026-11-03T10:00:00-06:00' },
			'cancelled',
			'order #1001 was cancelled; it cannot be invoiced.',
		],
		[
			{ financial_status: 'voided' },
			'cancelled',
			'order #1001 was cancelled; it cannot be invoiced.',
		],
		[
			{ financial_status: 'refunded' },
			'refunded',
			'order #1001 was refunded in full; there is nothing to invoice.',
		],
		[
			{ financial_status: 'pending' },
			'unpaid',
			'order #1001 is not paid yet (financial status pending); it can be invoiced once it is paid.',
		],
		[
			{ financial_status: 'authorized' },
			'unpaid',
			'order #1001 is not paid yet (financial status authorized); it can be invoiced once it is paid.',
		],
		[
			{ financial_status: 'partially_paid' },
			'unpaid',
			'order #1001 is not paid yet (financial status partially_paid); it can be invoiced once it is paid.',
		],
	])('%j is refused: %s', (extra, reason, message) => {
		expect(ask(extra)).toEqual({ reason, message });
	});

	it('Self-Invoice Window (Days): the last day counts, the day after is refused with the last day named', () => {
		expect(ask({}, { windowDays: 8, today: '2026-11-10' })).toBeUndefined();
		expect(ask({}, { windowDays: 7, today: '2026-11-10' })).toEqual({
			reason: 'outsideWindow',
			message:
				'order #1001 is dated 2026-11-02: invoices are given within 7 days of the order (until 2026-11-09).',
		});
		// 0: no limit.
		expect(ask({}, { windowDays: 0, today: '2027-05-01' })).toBeUndefined();
	});

	it("Until Month End: the month's last day counts, the next month is refused (also across a year)", () => {
		expect(ask({}, { untilMonthEnd: true, today: '2026-11-30' })).toBeUndefined();
		expect(ask({}, { untilMonthEnd: true, today: '2026-12-01' })).toEqual({
			reason: 'outsideWindow',
			message:
				"order #1001 is dated 2026-11-02: invoices are given until the end of the order's month (2026-11-30).",
		});
		expect(
			ask({ created_at: '2026-12-31T23:30:00-06:00' }, { untilMonthEnd: true, today: '2027-01-01' })
				?.reason,
		).toBe('outsideWindow');
		// The order's own date (the shop's offset), not UTC: 23:30 on the 31st is still December.
		expect(
			ask(
				{ created_at: '2026-12-31T23:30:00-06:00' },
				{ untilMonthEnd: true, today: '2026-12-31' },
			),
		).toBeUndefined();
		// February of a leap year ends on the 29th.
		expect(
			ask(
				{ created_at: '2028-02-10T10:00:00-06:00' },
				{ untilMonthEnd: true, today: '2028-02-29' },
			),
		).toBeUndefined();
	});

	it("an order written in UTC is dated by Mexico City's calendar: 31 October 23:30 there is October's, in both windows", () => {
		// 2026-11-01T05:30:00Z is 31 October 23:30 in Mexico City (UTC-6).
		const utcOrder = { created_at: '2026-11-01T05:30:00Z', processed_at: '2026-11-01T05:30:00Z' };
		expect(ask(utcOrder, { untilMonthEnd: true, today: '2026-10-31' })).toBeUndefined();
		expect(ask(utcOrder, { untilMonthEnd: true, today: '2026-11-28' })).toEqual({
			reason: 'outsideWindow',
			message:
				"order #1001 is dated 2026-10-31: invoices are given until the end of the order's month (2026-10-31).",
		});
		expect(ask(utcOrder, { windowDays: 7, today: '2026-11-07' })).toBeUndefined();
		expect(ask(utcOrder, { windowDays: 7, today: '2026-11-08' })).toEqual({
			reason: 'outsideWindow',
			message:
				'order #1001 is dated 2026-10-31: invoices are given within 7 days of the order (until 2026-11-07).',
		});
		// The same order in RFC 2822, and before October 2022 (daylight time, UTC-5).
		expect(
			ask(
				{ created_at: 'Sun, 01 Nov 2026 05:30:00 +0000' },
				{ untilMonthEnd: true, today: '2026-11-01' },
			)?.reason,
		).toBe('outsideWindow');
		expect(
			ask({ created_at: '2022-08-01T04:30:00Z' }, { untilMonthEnd: true, today: '2022-08-01' })
				?.reason,
		).toBe('outsideWindow');
	});

	it('an order without a date cannot be checked against a window: refused as outsideWindow, accepted without one', () => {
		expect(ask({ created_at: null, processed_at: null }, { windowDays: 30 })?.reason).toBe(
			'outsideWindow',
		);
		expect(ask({ created_at: null, processed_at: null })).toBeUndefined();
	});

	it("without a buyer's e-mail nothing is checked (the shop's own flows: an unpaid order is invoiced PPD)", () => {
		expect(
			selfInvoiceRefusal(order({ financial_status: 'pending' }), { today: '2026-11-10' }),
		).toBe(undefined);
	});
});

describe('self-invoice request through the order conversion', () => {
	const settings: OrderSettings = {
		emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
		lugarExpedicion: '64000',
	};

	it('a refused order is skipped with the reason and the sentence, no voucher', () => {
		const result = orderToVoucher(order({ financial_status: 'refunded' }), {
			...settings,
			selfInvoice: { buyerEmail: BUYER, today: '2026-11-10' },
		});
		expect(result.voucher).toBeUndefined();
		expect(result.skipped).toEqual({
			reason: 'refunded',
			message: 'order #1001 was refunded in full; there is nothing to invoice.',
		});
		expect(result.orderTotal).toBe(1508);
	});

	it("the buyer's paid order is invoiced as without the request (same voucher)", () => {
		const asked = orderToVoucher(order(), {
			...settings,
			selfInvoice: { buyerEmail: BUYER, windowDays: 30, today: '2026-11-10' },
		});
		expect(asked.voucher).toEqual(orderToVoucher(order(), settings).voucher);
		expect(asked.voucher?.total).toBe(1508);
	});
});
