/** The Shopify-shaped test orders (shopifyOrders.json), one fresh copy per call, by key. */
import corpus from './shopifyOrders.json';

export type Order = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export function corpusOrder(key: string): Order {
	const entry = corpus.find((candidate) => candidate.key === key);
	if (!entry) throw new Error(`no corpus order ${key}`);
	return structuredClone(entry.order) as Order;
}
