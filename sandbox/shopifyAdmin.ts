/**
 * The store stand-in: the part of Shopify's Admin REST API the shop examples read, on its own
 * server of the sandbox (`shopUrl`, standing for https://<shop>.myshopify.com).
 *
 *   GET /admin/api/<version>/orders.json   the order list, `{ "orders": [...] }`
 *
 * Query (as Shopify documents it for this endpoint): `name` (with or without the #), `ids`,
 * `since_id`, `status` (open by default, closed, cancelled, any), `financial_status` (a status or
 * any), `created_at_min`/`created_at_max` (ISO 8601, inclusive), `fields` (comma-separated), `limit`
 * (default 50, at most 250). Newest first. A longer list is paged as Shopify pages it: a `Link`
 * header with the next (and previous) page's absolute URL carrying `limit` and an opaque
 * `page_info`, which may be combined only with `limit` and `fields`.
 * Every request needs the `X-Shopify-Access-Token` header with the store's token (401 otherwise).
 * See sandbox/README.md ("Store stand-in").
 */
import type { RouteHandler, Resolution } from './dispatch';
import type { Call, Reply } from './http';
import { json, methodNotAllowed } from './replies';
import { toShopOrder, type ShopOrderInput, type ShopifyOrder } from './shopifyOrders';

const ORDERS_PATH = /^\/admin\/api\/(\d{4}-\d{2}|unstable)\/orders\.json$/;

export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 250;

/** Shopify's answer to a missing or wrong access token. */
export const INVALID_TOKEN =
	'[API] Invalid API key or access token (unrecognized login or wrong password)';

/** The filters a first page was asked with; page_info carries them to the next pages. */
const FILTERS = [
	'name',
	'ids',
	'since_id',
	'status',
	'financial_status',
	'created_at_min',
	'created_at_max',
] as const;
const PAGE_ONLY = new Set(['page_info', 'limit', 'fields']);

interface Cursor {
	filters: Record<string, string>;
	offset: number;
}

const shopifyError = (status: number, errors: unknown): Reply => json(status, { errors });

function orderTime(order: ShopifyOrder): number {
	return Date.parse(String(order.created_at));
}

function matches(order: ShopifyOrder, filters: Record<string, string>): boolean {
	const name = filters.name?.trim();
	if (name && String(order.name) !== (name.startsWith('#') ? name : `#${name}`)) return false;
	if (filters.ids) {
		const ids = filters.ids.split(',').map((id) => id.trim());
		if (!ids.includes(String(order.id))) return false;
	}
	if (filters.since_id && !(Number(order.id) > Number(filters.since_id))) return false;
	const status = filters.status ?? 'open';
	if (status === 'open' && (order.cancelled_at || order.closed_at)) return false;
	if (status === 'closed' && !order.closed_at) return false;
	if (status === 'cancelled' && !order.cancelled_at) return false;
	const financial = filters.financial_status;
	if (financial && financial !== 'any' && order.financial_status !== financial) return false;
	const created = orderTime(order);
	if (filters.created_at_min && created < Date.parse(filters.created_at_min)) return false;
	if (filters.created_at_max && created > Date.parse(filters.created_at_max)) return false;
	return true;
}

function encodeCursor(cursor: Cursor): string {
	return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

function decodeCursor(text: string): Cursor | null {
	try {
		const cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
		return cursor && typeof cursor.offset === 'number' && typeof cursor.filters === 'object'
			? cursor
			: null;
	} catch {
		return null;
	}
}

export class ShopifyAdmin {
	constructor(
		/** The orders served, live: tests add, change and remove orders between requests. */
		readonly orders: ShopifyOrder[],
		private readonly accessToken: () => string,
	) {}

	/** Adds orders; one with the name of an order already there replaces it. */
	add(inputs: ShopOrderInput[]): ShopifyOrder[] {
		const added = inputs.map(toShopOrder);
		for (const order of added) {
			const at = this.orders.findIndex((existing) => existing.name === order.name);
			if (at >= 0) this.orders[at] = order;
			else this.orders.push(order);
		}
		return added;
	}

	resolve(call: Call): Resolution {
		const version = ORDERS_PATH.exec(call.pathname)?.[1];
		if (!version) return { route: 'unknown', reply: shopifyError(404, 'Not Found') };
		if (call.method !== 'GET') return { route: 'shopifyOrders', reply: methodNotAllowed(['GET']) };
		const handler: RouteHandler = {
			route: 'shopifyOrders',
			authorize: () =>
				call.headers['x-shopify-access-token'] === this.accessToken()
					? null
					: shopifyError(401, INVALID_TOKEN),
			perform: () => this.list(call, version),
		};
		return handler;
	}

	private list(call: Call, version: string): Reply {
		const query = call.searchParams;
		const limitText = query.get('limit');
		const limit = limitText === null ? DEFAULT_PAGE : Number(limitText);
		if (!Number.isInteger(limit) || limit < 1)
			return shopifyError(400, { limit: 'Invalid value.' });
		const pageSize = Math.min(limit, MAX_PAGE);

		let cursor: Cursor;
		const pageInfo = query.get('page_info');
		if (pageInfo !== null) {
			const others = [...query.keys()].filter((key) => !PAGE_ONLY.has(key));
			const decoded = decodeCursor(pageInfo);
			if (others.length || !decoded) return shopifyError(400, { page_info: 'Invalid value.' });
			cursor = decoded;
		} else {
			const filters: Record<string, string> = {};
			for (const key of FILTERS) {
				const value = query.get(key);
				if (value !== null && value !== '') filters[key] = value;
			}
			for (const key of ['created_at_min', 'created_at_max'])
				if (filters[key] && Number.isNaN(Date.parse(filters[key])))
					return shopifyError(400, { [key]: 'Invalid value.' });
			cursor = { filters, offset: 0 };
		}

		const found = this.orders
			.filter((order) => matches(order, cursor.filters))
			.sort((a, b) => orderTime(b) - orderTime(a) || Number(b.id) - Number(a.id));
		const page = found.slice(cursor.offset, cursor.offset + pageSize);
		const fields = query
			.get('fields')
			?.split(',')
			.map((field) => field.trim())
			.filter(Boolean);
		const orders = fields?.length
			? page.map((order) => Object.fromEntries(fields.map((field) => [field, order[field]])))
			: page;

		const link = (offset: number, rel: string): string => {
			const next = new URLSearchParams({ limit: String(pageSize) });
			if (fields?.length) next.set('fields', fields.join(','));
			next.set('page_info', encodeCursor({ filters: cursor.filters, offset }));
			const host = call.headers.host ?? '127.0.0.1';
			return `<http://${host}/admin/api/${version}/orders.json?${next}>; rel="${rel}"`;
		};
		const links: string[] = [];
		if (cursor.offset > 0) links.push(link(Math.max(0, cursor.offset - pageSize), 'previous'));
		if (cursor.offset + pageSize < found.length) links.push(link(cursor.offset + pageSize, 'next'));
		const headers: Record<string, string> = {
			'x-shopify-api-version': version,
			'x-shopify-shop-api-call-limit': '1/40',
		};
		if (links.length) headers.link = links.join(', ');
		return json(200, { orders }, headers);
	}
}
