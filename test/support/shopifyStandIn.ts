/**
 * A stand-in for the part of Shopify's Admin REST API the shop examples read, on 127.0.0.1:
 * `GET /admin/api/<version>/orders.json` with `name`, `status`, `financial_status`,
 * `created_at_min` and `created_at_max`, answering `{ orders: [...] }` as Shopify does, or the bare
 * list with `as=list` (what n8n's Shopify node outputs: one item per order). Tests change `orders`
 * between runs (an order paid, refunded, cancelled) and read `requests`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ShopifyOrder = Record<string, unknown>;

export interface ShopifyStandIn {
	/** http://127.0.0.1:<port> */
	url: string;
	orders: ShopifyOrder[];
	requests: URL[];
	close(): Promise<void>;
}

const ORDERS_PATH = /^\/admin\/api\/[\w-]+\/orders\.json$/;

function matches(order: ShopifyOrder, query: URLSearchParams): boolean {
	const name = query.get('name');
	if (name && String(order.name) !== (name.startsWith('#') ? name : `#${name}`)) return false;
	const status = query.get('status') ?? 'open';
	if (status === 'open' && (order.cancelled_at || order.closed_at)) return false;
	if (status === 'cancelled' && !order.cancelled_at) return false;
	const financial = query.get('financial_status');
	if (financial && financial !== 'any' && order.financial_status !== financial) return false;
	const created = Date.parse(String(order.created_at));
	const min = query.get('created_at_min');
	const max = query.get('created_at_max');
	if (min && created < Date.parse(min)) return false;
	if (max && created > Date.parse(max)) return false;
	return true;
}

export async function startShopifyStandIn(orders: ShopifyOrder[] = []): Promise<ShopifyStandIn> {
	const requests: URL[] = [];
	const standIn = { orders, requests } as ShopifyStandIn;
	const server: Server = createServer((request, response) => {
		const url = new URL(request.url ?? '/', 'http://127.0.0.1');
		requests.push(url);
		if (request.method !== 'GET' || !ORDERS_PATH.test(url.pathname)) {
			response.writeHead(404, { 'content-type': 'application/json' });
			response.end(JSON.stringify({ errors: 'Not Found' }));
			return;
		}
		const found = standIn.orders.filter((order) => matches(order, url.searchParams));
		response.writeHead(200, { 'content-type': 'application/json' });
		response.end(JSON.stringify(url.searchParams.get('as') === 'list' ? found : { orders: found }));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
	return standIn;
}
