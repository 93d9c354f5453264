/**
 * The sandbox's store stand-in over real HTTP, as a Shopify client sees it: the order list, its
 * filters, Shopify's Link-header pages, the access token, faults, and the control API's orders.
 * Also covers: sandbox/shopifyOrders.ts (the order builder and the sample orders).
 */
import {
	dayOfLastMonth,
	SHOP_ACCESS_TOKEN,
	shopifyOrder,
	startSandbox,
	type Sandbox,
	type SampleOrderSpec,
} from '../../sandbox';
import { INVALID_TOKEN } from '../../sandbox/shopifyAdmin';
import { SandboxControl, startControlServer } from '../../sandbox/control';

// A fixed clock: 2026-03-15 12:00 in Mexico City.
const NOW = Date.parse('2026-03-15T12:00:00-06:00');
let sandbox: Sandbox;
afterEach(async () => await sandbox?.close());

type Order = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function get(
	path: string,
	token: string | null = SHOP_ACCESS_TOKEN,
): Promise<{ status: number; body: any; link: string | null; headers: Headers }> {
	const response = await fetch(`${sandbox.shopUrl}${path}`, {
		headers: token === null ? {} : { 'X-Shopify-Access-Token': token },
	});
	const text = await response.text();
	return {
		status: response.status,
		body: text ? JSON.parse(text) : null,
		link: response.headers.get('link'),
		headers: response.headers,
	};
}

const names = (body: { orders: Order[] }) => body.orders.map((order) => order.name);

describe('the sample orders of a fresh sandbox', () => {
	beforeEach(async () => {
		sandbox = await startSandbox({ now: () => NOW });
	});

	test('listed newest first, open ones only by default; status=any adds the cancelled one', async () => {
		const open = await get('/admin/api/2025-01/orders.json');
		expect(open.status).toBe(200);
		expect(open.headers.get('content-type')).toBe('application/json; charset=utf-8');
		expect(names(open.body)).toEqual(['#1007', '#1006', '#1004', '#1003', '#1002', '#1001']);
		const any = await get('/admin/api/2025-01/orders.json?status=any');
		expect(names(any.body)).toContain('#1005');
		expect(any.body.orders.find((order: Order) => order.name === '#1005').cancelled_at).toBe(
			'2026-02-27T12:00:00-06:00',
		);
	});

	test("an order by name, with or without the #: Shopify's shape, MXN, prices with IVA included, the checkout's RFC attributes", async () => {
		const withHash = await get(
			`/admin/api/2025-01/orders.json?name=${encodeURIComponent('#1001')}&status=any`,
		);
		const plain = await get('/admin/api/2024-07/orders.json?name=1001&status=any');
		expect(plain.body).toEqual(withHash.body);
		const [order] = withHash.body.orders as Order[];
		expect(order).toMatchObject({
			id: 5829364211001,
			name: '#1001',
			order_number: 1001,
			email: 'compras@robotica.example.com',
			created_at: '2026-02-05T12:00:00-06:00',
			currency: 'MXN',
			financial_status: 'paid',
			payment_gateway_names: ['shopify_payments'],
			taxes_included: true,
			total_price: '1508.00',
			total_tax: '208.00',
			current_total_price: '1508.00',
			total_price_set: {
				shop_money: { amount: '1508.00', currency_code: 'MXN' },
				presentment_money: { amount: '1508.00', currency_code: 'MXN' },
			},
			cancelled_at: null,
			note_attributes: [
				{ name: 'RFC', value: 'URE180429TM6' },
				{ name: 'Razon social', value: 'UNIVERSIDAD ROBOTICA ESPAÑOLA' },
				{ name: 'Regimen fiscal', value: '601' },
				{ name: 'Codigo postal', value: '65000' },
				{ name: 'Uso CFDI', value: 'G03' },
			],
		});
		expect(
			order.line_items.map((line: Order) => [
				line.sku,
				line.quantity,
				line.price,
				line.tax_lines.map((tax: Order) => [tax.rate, tax.price]),
			]),
		).toEqual([
			['KB-01', 2, '580.00', [[0.16, '160.00']]],
			['CB-02', 1, '348.00', [[0.16, '48.00']]],
		]);
		// The order example 10's page is tried with: yesterday, no tax data at checkout.
		const [recent] = (await get('/admin/api/2025-01/orders.json?name=1006&status=any')).body.orders;
		expect([recent.created_at, recent.note_attributes, recent.email]).toEqual([
			'2026-03-14T12:00:00-06:00',
			[],
			'compras@robotica.example.com',
		]);
	});

	test('an unknown name is an empty list', async () => {
		const none = await get('/admin/api/2025-01/orders.json?name=9999&status=any');
		expect([none.status, none.body, none.link]).toEqual([200, { orders: [] }, null]);
	});

	test("last month's orders (what example 11 asks): created_at_min/max inclusive, financial_status filters", async () => {
		const month = await get(
			`/admin/api/2025-01/orders.json?status=any&created_at_min=${encodeURIComponent('2026-02-01T00:00:00.000-06:00')}&created_at_max=${encodeURIComponent('2026-02-28T23:59:59.999-06:00')}&limit=250`,
		);
		expect(names(month.body)).toEqual(['#1005', '#1004', '#1003', '#1002', '#1001']);
		const refunded = month.body.orders.find((order: Order) => order.name === '#1003');
		expect([refunded.financial_status, refunded.total_price, refunded.current_total_price]).toEqual(
			['partially_refunded', '1160.00', '580.00'],
		);
		const paid = await get('/admin/api/2025-01/orders.json?status=any&financial_status=paid');
		expect(names(paid.body)).toEqual(['#1007', '#1006', '#1002', '#1001']);
		const exact = await get(
			`/admin/api/2025-01/orders.json?created_at_min=${encodeURIComponent('2026-02-05T12:00:00-06:00')}&created_at_max=${encodeURIComponent('2026-02-05T12:00:00-06:00')}`,
		);
		expect(names(exact.body)).toEqual(['#1001']);
	});

	test('ids, since_id and fields', async () => {
		const byIds = await get('/admin/api/2025-01/orders.json?ids=5829364211002,5829364211007');
		expect(names(byIds.body)).toEqual(['#1007', '#1002']);
		const since = await get('/admin/api/2025-01/orders.json?since_id=5829364211005&status=any');
		expect(names(since.body)).toEqual(['#1007', '#1006']);
		const fields = await get('/admin/api/2025-01/orders.json?name=1002&fields=name,total_price');
		expect(fields.body).toEqual({ orders: [{ name: '#1002', total_price: '499.00' }] });
	});

	test('an untaxed line (a book) has no tax lines; the order tax is the taxed lines only', async () => {
		const [order] = (await get('/admin/api/2025-01/orders.json?name=1007')).body.orders;
		expect(order.line_items.map((line: Order) => [line.taxable, line.tax_lines.length])).toEqual([
			[true, 1],
			[false, 0],
		]);
		expect([order.total_price, order.total_tax]).toEqual(['582.00', '32.00']);
	});
});

describe("Shopify's pages", () => {
	beforeEach(async () => {
		sandbox = await startSandbox({ now: () => NOW, shopOrders: [] });
		sandbox.addShopOrders(
			Array.from({ length: 7 }, (_, index) => ({
				number: 2001 + index,
				createdAt: dayOfLastMonth(NOW, 1 + index),
				email: 'a@example.com',
				lines: [{ title: 'Cable', quantity: 1, price: '116.00' }],
			})),
		);
	});

	const linkOf = (link: string | null, rel: string) =>
		new RegExp(`<([^>]+)>; rel="${rel}"`).exec(link ?? '')?.[1];

	test('limit 3: the next page is in the Link header (absolute URL, limit and page_info only); the last page has only a previous link', async () => {
		const first = await get('/admin/api/2025-01/orders.json?status=any&limit=3');
		expect(names(first.body)).toEqual(['#2007', '#2006', '#2005']);
		const next = linkOf(first.link, 'next')!;
		expect(first.link).not.toContain('rel="previous"');
		const url = new URL(next);
		expect(url.origin).toBe(sandbox.shopUrl);
		expect(url.pathname).toBe('/admin/api/2025-01/orders.json');
		expect([...url.searchParams.keys()]).toEqual(['limit', 'page_info']);

		const second = await get(`${url.pathname}${url.search}`);
		expect(names(second.body)).toEqual(['#2004', '#2003', '#2002']);
		expect(linkOf(second.link, 'previous')).toBeDefined();
		const third = await get(
			new URL(linkOf(second.link, 'next')!).pathname + new URL(linkOf(second.link, 'next')!).search,
		);
		expect(names(third.body)).toEqual(['#2001']);
		expect(linkOf(third.link, 'next')).toBeUndefined();
		const back = new URL(linkOf(third.link, 'previous')!);
		expect(names((await get(back.pathname + back.search)).body)).toEqual([
			'#2004',
			'#2003',
			'#2002',
		]);
	});

	test('the filters of the first page hold on the next ones', async () => {
		const first = await get(
			`/admin/api/2025-01/orders.json?limit=2&created_at_max=${encodeURIComponent(new Date(dayOfLastMonth(NOW, 4)).toISOString())}`,
		);
		expect(names(first.body)).toEqual(['#2004', '#2003']);
		const url = new URL(linkOf(first.link, 'next')!);
		const second = await get(url.pathname + url.search);
		expect(names(second.body)).toEqual(['#2002', '#2001']);
		expect(second.link).not.toContain('rel="next"');
	});

	test('page_info with another filter, or made up, is refused (400); limit above 250 is cut to 250; limit 0 is refused', async () => {
		const first = await get('/admin/api/2025-01/orders.json?limit=3');
		const url = new URL(linkOf(first.link, 'next')!);
		const withStatus = await get(`${url.pathname}${url.search}&status=any`);
		expect([withStatus.status, withStatus.body]).toEqual([
			400,
			{ errors: { page_info: 'Invalid value.' } },
		]);
		const madeUp = await get('/admin/api/2025-01/orders.json?page_info=abc');
		expect(madeUp.status).toBe(400);
		const big = await get('/admin/api/2025-01/orders.json?limit=1000');
		expect([big.status, big.body.orders.length, big.link]).toEqual([200, 7, null]);
		expect((await get('/admin/api/2025-01/orders.json?limit=0')).status).toBe(400);
		expect((await get('/admin/api/2025-01/orders.json?created_at_min=yesterday')).status).toBe(400);
	});
});

describe('the access token, the paths and the log', () => {
	beforeEach(async () => {
		sandbox = await startSandbox({ now: () => NOW });
	});

	test.each([
		['no token', null],
		['a wrong token', 'shpat_wrong'],
	])("%s: 401 in Shopify's words, no order", async (_, token) => {
		const answer = await get('/admin/api/2025-01/orders.json', token);
		expect([answer.status, answer.body]).toEqual([401, { errors: INVALID_TOKEN }]);
	});

	test('another token when the sandbox is started with it', async () => {
		await sandbox.close();
		sandbox = await startSandbox({ shopAccessToken: 'shpat_other' });
		expect((await get('/admin/api/2025-01/orders.json')).status).toBe(401);
		expect((await get('/admin/api/2025-01/orders.json', 'shpat_other')).status).toBe(200);
	});

	test('an unknown path is 404, another method 405; the store answers on its own server and its requests are logged as server "shop"', async () => {
		const unknown = await get('/admin/api/2025-01/products.json');
		expect([unknown.status, unknown.body]).toEqual([404, { errors: 'Not Found' }]);
		const post = await fetch(`${sandbox.shopUrl}/admin/api/2025-01/orders.json`, {
			method: 'POST',
			headers: { 'X-Shopify-Access-Token': SHOP_ACCESS_TOKEN },
		});
		expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET']);
		expect(sandbox.shopUrl).not.toBe(sandbox.baseUrl);
		expect((await fetch(`${sandbox.baseUrl}/admin/api/2025-01/orders.json`)).status).toBe(404);
		expect(
			sandbox.requests.map((request) => [request.server, request.route, request.status]),
		).toEqual([
			['shop', 'unknown', 404],
			['shop', 'shopifyOrders', 405],
			['api', 'unknown', 404],
		]);
	});

	test('faults apply to the route (a 429 as Shopify throttles, then the list again)', async () => {
		sandbox.injectFault({ route: 'shopifyOrders', kind: 'rateLimited' });
		const throttled = await get('/admin/api/2025-01/orders.json');
		expect([throttled.status, throttled.headers.get('retry-after')]).toEqual([429, '1']);
		expect((await get('/admin/api/2025-01/orders.json')).status).toBe(200);
	});
});

describe('orders put in by tests', () => {
	test('addShopOrders: whole orders or sample-order facts; a known name is replaced; clearShopOrders empties the store', async () => {
		sandbox = await startSandbox({ now: () => NOW, shopOrders: [] });
		const spec: SampleOrderSpec = {
			number: 4001,
			createdAt: NOW,
			email: 'b@example.com',
			lines: [{ title: 'Libreta', quantity: 3, price: '58.00' }],
		};
		sandbox.addShopOrders([spec, { ...shopifyOrder({ ...spec, number: 4002 }), note: 'whole' }]);
		sandbox.addShopOrders([{ ...spec, financialStatus: 'refunded' }]);
		const listed = (await get('/admin/api/2025-01/orders.json')).body.orders as Order[];
		expect(listed.map((order) => [order.name, order.financial_status, order.total_price])).toEqual([
			['#4002', 'paid', '174.00'],
			['#4001', 'refunded', '174.00'],
		]);
		expect(listed[0].note).toBe('whole');
		expect(() => sandbox.addShopOrders([{ name: '#1' }])).toThrow(/line_items/);
		sandbox.clearShopOrders();
		expect((await get('/admin/api/2025-01/orders.json')).body).toEqual({ orders: [] });
	});

	test('through the control API: addShopOrders, the shopOrders view, clearShopOrders; info names the shop URL', async () => {
		sandbox = await startSandbox({ now: () => NOW, shopOrders: [] });
		const server = await startControlServer(sandbox);
		try {
			const control = new SandboxControl(server.url);
			const added = await control.action('addShopOrders', {
				orders: [
					{
						number: 5001,
						createdAt: NOW,
						email: 'c@example.com',
						lines: [{ title: 'Cable', quantity: 1, price: '116.00' }],
						taxData: {
							rfc: 'URE180429TM6',
							razonSocial: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
							regimenFiscal: '601',
							codigoPostal: '65000',
							usoCfdi: 'G03',
						},
					},
				],
			});
			expect(added).toEqual(['#5001']);
			const view = await control.view<Order[]>('shopOrders');
			expect(view.map((order) => [order.name, order.note_attributes[0]])).toEqual([
				['#5001', { name: 'RFC', value: 'URE180429TM6' }],
			]);
			expect(names((await get('/admin/api/2025-01/orders.json?name=5001')).body)).toEqual([
				'#5001',
			]);
			await expect(control.action('addShopOrders', { orders: 'x' })).rejects.toThrow(
				/"orders" must be an array/,
			);
			expect((await control.view<{ shopUrl: string }>('info')).shopUrl).toBe(sandbox.shopUrl);
			await control.action('clearShopOrders');
			expect(await control.view('shopOrders')).toEqual([]);
		} finally {
			await server.close();
		}
	});
});
