/**
 * formaPago and metodoPago of an order's invoice, from its payment gateways and financial status.
 */
import { addDecimal, compareDecimal, parseDecimal, type Decimal } from '../cfdi/decimal';
import { OrderInputError } from './orderInputError';
import {
	DEFAULT_PAYMENT_FORMS,
	GIFT_CARD_GATEWAY,
	normalizeName,
	type PaymentMethodSetting,
} from './settings';

export interface PaymentTerms {
	formaPago: string;
	metodoPago: 'PUE' | 'PPD';
	/** The gateway that decided formaPago, when one did. */
	gateway?: string;
	notes: string[];
}

// Not yet paid in full (authorized: the card is held, not charged): the invoice is issued PPD and
// each payment gets a payment receipt.
const UNPAID_STATUSES = ['pending', 'authorized', 'partially_paid'];

/** The gateway table in force: defaults, then the user's entries (names compared without case). */
export function paymentFormTable(overrides: Record<string, string> = {}): Map<string, string> {
	const table = new Map<string, string>();
	for (const [gateway, form] of Object.entries(DEFAULT_PAYMENT_FORMS))
		table.set(normalizeName(gateway), form);
	for (const [gateway, form] of Object.entries(overrides))
		if (form) table.set(normalizeName(gateway), String(form).trim());
	return table;
}

/** Successful sale/capture amounts per gateway, when the order carries its transactions. */
function amountsByGateway(order: Record<string, unknown>): Map<string, Decimal> | undefined {
	if (!Array.isArray(order.transactions)) return undefined;
	const amounts = new Map<string, Decimal>();
	for (const transaction of order.transactions as Array<Record<string, unknown>>) {
		if (
			!transaction ||
			!['sale', 'capture'].includes(String(transaction.kind)) ||
			String(transaction.status) !== 'success'
		)
			continue;
		const amount = parseDecimal(transaction.amount);
		if (!amount) continue;
		const gateway = normalizeName(transaction.gateway);
		const sum = amounts.get(gateway);
		amounts.set(gateway, sum ? addDecimal(sum, amount) : amount);
	}
	return amounts.size > 0 ? amounts : undefined;
}

/**
 * The gateway whose form goes on the invoice. With the order's transactions: the one that paid the
 * largest amount, as the SAT asks for a sale paid several ways. Without them: the first gateway
 * that is not a gift card (a gift card only decides when it paid everything).
 */
export function decidingGateway(order: Record<string, unknown>): string | undefined {
	const amounts = amountsByGateway(order);
	if (amounts) {
		let best: [string, Decimal] | undefined;
		for (const entry of amounts) if (!best || compareDecimal(entry[1], best[1]) > 0) best = entry;
		return best?.[0];
	}
	const names = Array.isArray(order.payment_gateway_names)
		? order.payment_gateway_names.map(normalizeName).filter(Boolean)
		: [];
	if (names.length === 0 && order.gateway) names.push(normalizeName(order.gateway));
	return names.find((name) => name !== GIFT_CARD_GATEWAY) ?? names[0];
}

export function paymentTerms(
	order: Record<string, unknown>,
	table: Map<string, string>,
	setting: PaymentMethodSetting = 'auto',
): PaymentTerms {
	const notes: string[] = [];
	const gateway = decidingGateway(order);
	const form = gateway ? table.get(gateway) : undefined;
	const status = normalizeName(order.financial_status);
	if (setting === 'PPD') return { formaPago: '99', metodoPago: 'PPD', gateway, notes };
	if (setting === 'PUE' && UNPAID_STATUSES.includes(status)) {
		throw new OrderInputError(
			'financial_status',
			`The order is ${status.replace('_', ' ')}: its money was not received in full, so it cannot be invoiced as paid (PUE).`,
			'Set Payment Method to Automatic or PPD (the invoice is PPD with 99 and each payment gets a payment receipt), or invoice the order once it is paid.',
		);
	}
	if (setting === 'auto' && UNPAID_STATUSES.includes(status)) {
		notes.push(
			`The order is ${status.replace('_', ' ')}: the invoice is PPD with formaPago 99, and each payment gets a payment receipt.`,
		);
		return { formaPago: '99', metodoPago: 'PPD', gateway, notes };
	}
	if (form) return { formaPago: form, metodoPago: 'PUE', gateway, notes };
	const shown = gateway ? `"${gateway}"` : 'no gateway';
	if (setting === 'PUE') {
		notes.push(
			`The order's payment gateway (${shown}) has no payment form in the table; formaPago 99 cannot go with PUE, so the invoice is PPD. Add the gateway to Payment Forms.`,
		);
	} else {
		notes.push(
			`The order's payment gateway (${shown}) has no payment form in the table: the invoice is PPD with formaPago 99. Add the gateway to Payment Forms to issue it PUE.`,
		);
	}
	return { formaPago: '99', metodoPago: 'PPD', gateway, notes };
}
