/**
 * The sandbox's control surface over HTTP, for when it runs as its own process (`npm run sandbox`)
 * and the test driving it is another process (queue-mode e2e): the request log and counts, and
 * the in-process control methods (expire tokens, latency, faults, token lifetime, ...).
 *
 *   GET  /<view>             a read-only view (table CONTROL_VIEWS), JSON
 *   POST /actions/<action>   calls an in-process method (table CONTROL_ACTIONS) with the JSON body
 *
 * Exposing one more in-process method is one line in CONTROL_ACTIONS. It listens on its own port
 * and logs nothing into the sandbox's request log.
 */
import * as http from 'http';
import type { AddressInfo, Socket } from 'net';

import { readBody } from './http';
import type { ShopOrderInput } from './shopifyOrders';
import type { FaultSpec, GetVoucherShape, ListDates, LoggedRequest, Sandbox } from './types';

type Args = Record<string, unknown>;

function numberArg(args: Args, name: string): number {
	const value = args[name];
	if (typeof value !== 'number' || !Number.isFinite(value))
		throw new Error(`"${name}" must be a number`);
	return value;
}

function fail(message: string): never {
	throw new Error(message);
}

/** POST /actions/<name>: in-process methods, one line each. The body is a JSON object of arguments. */
export const CONTROL_ACTIONS: Record<string, (sandbox: Sandbox, args: Args) => unknown> = {
	clearLog: (sandbox) => sandbox.clearLog(),
	expireAccessTokens: (sandbox) => sandbox.expireAccessTokens(),
	revokeRefreshTokens: (sandbox) => sandbox.revokeRefreshTokens(),
	setLatency: (sandbox, args) => sandbox.setLatency(numberArg(args, 'ms')),
	setTokenLifetime: (sandbox, args) => sandbox.setTokenLifetime(numberArg(args, 'seconds')),
	setStampingTime: (sandbox, args) => sandbox.setStampingTime(numberArg(args, 'ms')),
	setGetVoucherShape: (sandbox, args) => sandbox.setGetVoucherShape(args.shape as GetVoucherShape),
	// { offsetHours, filterBy?: 'listed' | 'instant' }: the zone the voucher list writes its dates in.
	setListDates: (sandbox, args) =>
		sandbox.setListDates({
			offsetHours: numberArg(args, 'offsetHours'),
			filterBy: args.filterBy as ListDates['filterBy'],
		}),
	injectFault: (sandbox, args) => sandbox.injectFault(args as unknown as FaultSpec),
	// The store stand-in: { orders: [whole Shopify orders, or sample-order facts { number, createdAt, email, lines, ... }] }.
	addShopOrders: (sandbox, args) =>
		Array.isArray(args.orders)
			? sandbox.addShopOrders(args.orders as ShopOrderInput[]).map((order) => order.name)
			: fail('"orders" must be an array'),
	clearShopOrders: (sandbox) => sandbox.clearShopOrders(),
	clearFaults: (sandbox) => sandbox.clearFaults(),
	resolveCancellation: (sandbox, args) =>
		sandbox.resolveCancellation(
			String(args.uuid),
			args.answer === 'accepted'
				? 'accepted'
				: args.answer === 'rejected'
					? 'rejected'
					: fail('"answer" is accepted or rejected'),
		),
};

export interface GrantCounts {
	accepted: number;
	refused: number;
}

/** What a queue-mode test asserts on, computed from the request log and the stored vouchers. */
export interface SandboxCounts {
	requests: number;
	/** Token calls by grant_type (refused: any answer but 200). */
	tokenCalls: Record<string, GrantCounts>;
	userinfoCalls: number;
	/** Requests by status code ('0': no answer sent: held, reset, closed). */
	statuses: Record<string, number>;
	/** Answers that carried the provider's FAC119 ("series busy"). */
	fac119: number;
	vouchers: { total: number; stamped: number; stampedMoreThanOnce: number };
	/** idComprobante → how many times it was stamped. */
	stampsPerVoucher: Record<string, number>;
}

export function sandboxCounts(sandbox: Sandbox): SandboxCounts {
	const tokenCalls: Record<string, GrantCounts> = {};
	const statuses: Record<string, number> = {};
	let fac119 = 0;
	for (const request of sandbox.requests) {
		statuses[request.status] = (statuses[request.status] ?? 0) + 1;
		if (request.codes?.includes('FAC119')) fac119++;
		if (request.route !== 'token') continue;
		const grant = new URLSearchParams(request.body).get('grant_type') || '(none)';
		const counts = (tokenCalls[grant] ??= { accepted: 0, refused: 0 });
		if (request.status === 200) counts.accepted++;
		else counts.refused++;
	}
	const vouchers = [...sandbox.vouchers.values()];
	return {
		requests: sandbox.requests.length,
		tokenCalls,
		userinfoCalls: sandbox.requests.filter((request) => request.route === 'userinfo').length,
		statuses,
		fac119,
		vouchers: {
			total: vouchers.length,
			stamped: vouchers.filter((voucher) => voucher.stampCount > 0).length,
			stampedMoreThanOnce: vouchers.filter((voucher) => voucher.stampCount > 1).length,
		},
		stampsPerVoucher: Object.fromEntries(
			vouchers.map((voucher) => [String(voucher.id), voucher.stampCount]),
		),
	};
}

/** GET /<name>: read-only views. */
export const CONTROL_VIEWS: Record<string, (sandbox: Sandbox, query: URLSearchParams) => unknown> =
	{
		info: (sandbox) => ({
			authUrl: sandbox.authUrl,
			baseUrl: sandbox.baseUrl,
			blobUrl: sandbox.blobUrl,
			shopUrl: sandbox.shopUrl,
			options: sandbox.options,
		}),
		counts: (sandbox) => sandboxCounts(sandbox),
		// ?since=N: the entries from index N on (poll without fetching the whole log again).
		requests: (sandbox, query) => sandbox.requests.slice(Number(query.get('since') ?? 0) || 0),
		vouchers: (sandbox) => [...sandbox.vouchers.values()],
		emails: (sandbox) => sandbox.emails,
		cancellations: (sandbox) => [...sandbox.cancellations.values()],
		shopOrders: (sandbox) => sandbox.shopOrders,
	};

export interface ControlServer {
	readonly url: string;
	readonly port: number;
	close(): Promise<void>;
}

const own = (table: object, key: string): boolean =>
	Object.prototype.hasOwnProperty.call(table, key);

async function readJson(req: http.IncomingMessage): Promise<Args> {
	const text = (await readBody(req)).toString('utf8').trim();
	let parsed: unknown;
	try {
		parsed = text ? JSON.parse(text) : {};
	} catch {
		parsed = undefined;
	}
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
		throw new Error('the body must be a JSON object');
	return parsed as Args;
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
	const text = JSON.stringify(body ?? null);
	res.writeHead(status, {
		'content-type': 'application/json; charset=utf-8',
		'content-length': Buffer.byteLength(text),
	});
	res.end(text);
}

export async function startControlServer(
	sandbox: Sandbox,
	options: { host?: string; port?: number } = {},
): Promise<ControlServer> {
	const sockets = new Set<Socket>();
	const server = http.createServer((req, res) => {
		void (async () => {
			const url = new URL(req.url ?? '/', 'http://control');
			const action = /^\/actions\/([\w-]+)$/.exec(url.pathname)?.[1];
			if (action !== undefined) {
				const call = own(CONTROL_ACTIONS, action) ? CONTROL_ACTIONS[action] : undefined;
				if (!call)
					return send(res, 404, {
						error: `unknown action "${action}"`,
						actions: Object.keys(CONTROL_ACTIONS),
					});
				if (req.method !== 'POST') return send(res, 405, { error: 'actions take POST' });
				try {
					return send(res, 200, {
						ok: true,
						result: (await call(sandbox, await readJson(req))) ?? null,
					});
				} catch (error) {
					return send(res, 400, { error: (error as Error).message });
				}
			}
			const name = url.pathname.slice(1);
			const view = own(CONTROL_VIEWS, name) ? CONTROL_VIEWS[name] : undefined;
			if (!view)
				return send(res, 404, {
					error: `unknown view "${name}"`,
					views: Object.keys(CONTROL_VIEWS),
					actions: Object.keys(CONTROL_ACTIONS),
				});
			if (req.method !== 'GET') return send(res, 405, { error: 'views take GET' });
			return send(res, 200, view(sandbox, url.searchParams));
		})().catch((error: Error) => {
			if (!res.headersSent) send(res, 500, { error: error.message });
		});
	});
	server.on('connection', (socket: Socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	const host = options.host ?? '127.0.0.1';
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
		port,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				for (const socket of sockets) socket.destroy();
			}),
	};
}

/** The other side: drives a sandbox running in another process through its control URL. */
export class SandboxControl {
	constructor(readonly url: string) {}

	async view<T = unknown>(name: string, query: Record<string, string | number> = {}): Promise<T> {
		const search = new URLSearchParams(
			Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
		);
		const response = await fetch(`${this.url}/${name}${search.toString() ? `?${search}` : ''}`);
		const body = (await response.json()) as T & { error?: string };
		if (!response.ok)
			throw new Error(`sandbox control GET /${name}: HTTP ${response.status} ${body.error ?? ''}`);
		return body;
	}

	async action(name: string, args: Args = {}): Promise<unknown> {
		const response = await fetch(`${this.url}/actions/${name}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(args),
		});
		const body = (await response.json()) as { result?: unknown; error?: string };
		if (!response.ok)
			throw new Error(`sandbox control ${name}: HTTP ${response.status} ${body.error ?? ''}`);
		return body.result;
	}

	counts(): Promise<SandboxCounts> {
		return this.view<SandboxCounts>('counts');
	}

	requests(since = 0): Promise<LoggedRequest[]> {
		return this.view<LoggedRequest[]>('requests', { since });
	}
}
