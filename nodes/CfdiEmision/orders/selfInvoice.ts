/**
 * A buyer asking for the invoice of their order on a self-invoice page: the order must be theirs
 * (its e-mail), paid, not cancelled, not refunded in full, and asked for inside the window the shop
 * sets. Each refusal has a stable reason code a page can translate and a sentence it can show. The
 * e-mail is checked first, and a stranger learns nothing else about the order.
 */
import { addDays, daysBetween, lastDayOfMonth, mexicoCityMoment } from '../cfdi/mexicoTime';
import type { SelfInvoiceSettings } from './settings';
import { orderLabel } from './shopifyOrder';
import { type UnknownRecord } from '../cfdi/validation/context';
import { fieldText } from '../cfdi/fieldText';

export type { SelfInvoiceSettings };

export type SelfInvoiceReason =
	'otherEmail' | 'unpaid' | 'cancelled' | 'refunded' | 'outsideWindow' | 'otherRfcAtCheckout';

export interface SelfInvoiceRefusal {
	reason: SelfInvoiceReason;
	message: string;
}

/** The e-mail of the order's buyer: the order's, else its customer's, else the contact e-mail. */
export function orderEmail(order: UnknownRecord): string {
	const customer = order.customer;
	const customerEmail =
		customer && typeof customer === 'object' ? (customer as UnknownRecord).email : undefined;
	return fieldText(order.email) || fieldText(customerEmail) || fieldText(order.contact_email);
}

/** The order's day (YYYY-MM-DD) in Mexico City, where the window's days and months are counted. */
export function orderDate(order: UnknownRecord): string | undefined {
	for (const value of [order.created_at, order.processed_at]) {
		const moment = mexicoCityMoment(value);
		if (moment) return moment.date;
	}
	return undefined;
}

const PAID = new Set(['paid', 'partially_refunded']);

/**
 * Why this order may not be invoiced to the buyer who asks, or undefined when it may. Without a
 * buyer's e-mail in the settings there is no self-invoice request and nothing is checked.
 */
export function selfInvoiceRefusal(
	order: UnknownRecord,
	settings: SelfInvoiceSettings,
): SelfInvoiceRefusal | undefined {
	const buyer = fieldText(settings.buyerEmail).toLowerCase();
	if (!buyer) return undefined;
	const label = orderLabel(order);
	if (orderEmail(order).toLowerCase() !== buyer)
		return {
			reason: 'otherEmail',
			message: `The e-mail given is not the e-mail of ${label}; only the buyer may invoice it. Nothing was sent.`,
		};
	const status = fieldText(order.financial_status).toLowerCase();
	if (order.cancelled_at || status === 'voided')
		return { reason: 'cancelled', message: `${label} was cancelled; it cannot be invoiced.` };
	if (status === 'refunded')
		return {
			reason: 'refunded',
			message: `${label} was refunded in full; there is nothing to invoice.`,
		};
	if (!PAID.has(status))
		return {
			reason: 'unpaid',
			message: `${label} is not paid yet (financial status ${status || 'unknown'}); it can be invoiced once it is paid.`,
		};
	const days = Number(settings.windowDays ?? 0);
	if ((days > 0 || settings.untilMonthEnd) && !/^\d{4}-\d{2}-\d{2}$/.test(settings.today))
		throw new Error(`selfInvoiceRefusal: today is ${JSON.stringify(settings.today)}`);
	const date = orderDate(order);
	if (!date) {
		if (days > 0 || settings.untilMonthEnd)
			return {
				reason: 'outsideWindow',
				message: `${label} carries no date (created_at), so the self-invoice window cannot be checked; ask the shop.`,
			};
		return undefined;
	}
	if (days > 0 && daysBetween(date, settings.today) > days)
		return {
			reason: 'outsideWindow',
			message: `${label} is dated ${date}: invoices are given within ${days} days of the order (until ${addDays(date, days)}).`,
		};
	if (settings.untilMonthEnd && settings.today > lastDayOfMonth(date))
		return {
			reason: 'outsideWindow',
			message: `${label} is dated ${date}: invoices are given until the end of the order's month (${lastDayOfMonth(date)}).`,
		};
	return undefined;
}

/**
 * A buyer asking with an RFC other than the one the order carries from checkout: the order's tax
 * data is the shop's record of the sale, so the page neither invoices the checkout RFC in silence
 * nor overrides it; the buyer uses the checkout RFC, or the shop corrects the order.
 */
export function otherRfcAtCheckout(
	order: UnknownRecord,
	rfcs: { checkout: string; given: string },
): SelfInvoiceRefusal & { checkoutRfc: string; requestedRfc: string } {
	return {
		reason: 'otherRfcAtCheckout',
		message: `${orderLabel(order)} carries RFC ${rfcs.checkout} from checkout; it was asked to be invoiced to ${rfcs.given}. Nothing was sent. Ask again with RFC ${rfcs.checkout}, or the shop corrects the order's tax data (its note attributes) first.`,
		checkoutRfc: rfcs.checkout,
		requestedRfc: rfcs.given,
	};
}
