/** The Shopify-shaped test orders (shopifyOrders.json), one fresh copy per call, by key. */
import corpus from './shopifyOrders.json';

export type Order = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export function corpusOrder(key: string): Order {
	const entry = corpus.find((candidate) => candidate.key === key);
	if (!entry) throw new Error(`no corpus order ${key}`);
	return structuredClone(entry.order) as Order;
}

/** Example 1's order (lines 1,300.00 + IVA 208.00 = 1,508.00) with a total_price that its lines do not add up to. */
export function orderTotalling(total: string): Order {
	const order = corpusOrder('example-1');
	order.total_price = total;
	for (const money of ['shop_money', 'presentment_money'])
		if (order.total_price_set?.[money]) order.total_price_set[money].amount = total;
	return order;
}

/** A one-line order of 116.00 with IVA included, in the plain (shop-money) shape, to vary member by member. */
export function plainOrder(extra: Order = {}): Order {
	return {
		id: 99,
		name: '#2001',
		order_number: 2001,
		created_at: '2026-11-20T10:00:00-06:00',
		currency: 'MXN',
		financial_status: 'paid',
		payment_gateway_names: ['shopify_payments'],
		taxes_included: true,
		total_price: '116.00',
		note_attributes: corpusOrder('example-1').note_attributes,
		line_items: [
			{
				id: 1,
				title: 'Mug',
				name: 'Mug - blue',
				sku: 'MUG',
				quantity: 1,
				price: '116.00',
				tax_lines: [{ title: 'IVA 16%', rate: 0.16, price: '16.00' }],
				discount_allocations: [],
			},
		],
		shipping_lines: [],
		...extra,
	};
}

/** `pending` (an order awaiting a bank deposit) once paid: one successful deposit of 20,199.00 processed at `processedAt`. */
export function paidByDeposit(pending: Order, processedAt: string): Order {
	return {
		...pending,
		financial_status: 'paid',
		transactions: [
			{
				id: 1,
				kind: 'sale',
				status: 'success',
				gateway: 'Bank Deposit',
				amount: '20199.00',
				processed_at: processedAt,
			},
		],
	};
}
