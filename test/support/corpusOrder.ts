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
