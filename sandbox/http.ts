/**
 * HTTP plumbing shared by the three sandbox servers: body reading, request logging,
 * latency, held requests, connection resets and a close() that never waits on clients.
 */
import * as http from 'http';
import type { AddressInfo, Socket } from 'net';

import type { InFlight } from './inFlight';
import type { LoggedRequest, ServerName } from './types';

/** A fully read request, handed to the route handlers. */
export interface Call {
	readonly server: ServerName;
	readonly method: string;
	readonly url: string;
	readonly pathname: string;
	readonly searchParams: URLSearchParams;
	readonly headers: Record<string, string>;
	readonly body: string;
	/** The log entry of this request; handlers set its route. */
	readonly log: LoggedRequest;
}

export interface Reply {
	status: number;
	headers?: Record<string, string>;
	body?: string | Buffer;
	/** Extra time the operation takes before its answer (e.g. stamping), on top of the latency. */
	delayMs?: number;
}

/** What to do with a request: answer it, hold it without answering, or reset the connection. */
export type Outcome =
	Reply | { readonly hold: number; readonly thenPerform?: () => Reply } | { readonly reset: true };

export interface HostEnvironment {
	now(): number;
	latencyMs(): number;
	log: LoggedRequest[];
	/** Counts each routed request until it is answered, reset or its hold ends. */
	flights: InFlight;
}

export interface HttpHost {
	readonly url: string;
	readonly port: number;
	close(): Promise<void>;
}

// Large enough for any voucher; stops a runaway client from filling memory.
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export async function listen(options: {
	name: ServerName;
	host: string;
	port: number;
	env: HostEnvironment;
	handle: (call: Call) => Outcome | Promise<Outcome>;
}): Promise<HttpHost> {
	const { name, env, handle } = options;
	const sockets = new Set<Socket>();
	const timers = new Set<NodeJS.Timeout>();
	let closing = false;

	const later = (ms: number, fn: () => void): void => {
		const timer = setTimeout(() => {
			timers.delete(timer);
			fn();
		}, ms);
		timers.add(timer);
	};

	const server = http.createServer((req, res) => {
		void serve(req, res);
	});
	server.on('connection', (socket: Socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});

	async function serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
		res.on('error', () => undefined);
		const url = req.url ?? '/';
		const queryAt = url.indexOf('?');
		const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
		const searchParams = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1));
		const entry: LoggedRequest = {
			server: name,
			route: 'unknown',
			method: req.method ?? 'GET',
			url,
			pathname,
			query: Object.fromEntries(searchParams),
			headers: flattenHeaders(req.headers),
			body: '',
			status: 0,
			at: env.now(),
		};
		env.log.push(entry);

		let raw: Buffer;
		try {
			raw = await readBody(req);
		} catch {
			// As IIS/Kestrel do: answer 413 at once, then close; the rest of the upload is discarded.
			entry.status = 413;
			const body = JSON.stringify({ message: 'Request body too large.' });
			if (!res.headersSent)
				res
					.writeHead(413, {
						connection: 'close',
						'content-type': 'application/json; charset=utf-8',
						'content-length': Buffer.byteLength(body),
					})
					.end(body);
			return;
		}
		entry.body = raw.toString('utf8');

		let outcome: Outcome;
		try {
			outcome = await handle({
				server: name,
				method: entry.method,
				url,
				pathname,
				searchParams,
				headers: entry.headers,
				body: entry.body,
				log: entry,
			});
		} catch (err) {
			// A sandbox bug: answer like the real service's generic failure but keep the cause visible.
			outcome = {
				status: 500,
				headers: {
					'content-type': 'application/json; charset=utf-8',
					'x-sandbox-error': String((err as Error)?.message ?? err)
						.replace(/[^\x20-\x7e]/g, '?')
						.slice(0, 300),
				},
				body: JSON.stringify({ message: 'An error has occurred.' }),
			};
		}
		env.flights.start(entry.route);
		let landed = false;
		const land = (): void => {
			if (!landed) env.flights.end(entry.route);
			landed = true;
		};
		deliver(res, entry, outcome, land);
	}

	function deliver(
		res: http.ServerResponse,
		entry: LoggedRequest,
		outcome: Outcome,
		land: () => void,
	): void {
		if ('hold' in outcome) {
			// Never answer: the socket is dropped when the hold ends or the sandbox closes.
			const hold = setTimeout(() => {
				timers.delete(hold);
				// A slow service: the work lands only when the hold ends (after the client gave up); the
				// answer nobody receives is logged, so a test can see the late work happen.
				const late = outcome.thenPerform?.();
				if (late) {
					const codes = providerCodes(late.body ?? '');
					entry.late = { status: late.status, ...(codes.length ? { codes } : {}) };
				}
				land();
				res.socket?.destroy();
			}, outcome.hold);
			hold.unref();
			timers.add(hold);
			return;
		}
		const act = (): void => {
			land();
			if (closing || res.socket === null || res.socket.destroyed) return;
			if ('reset' in outcome) {
				resetSocket(res.socket);
				return;
			}
			const body = outcome.body ?? '';
			const headers: Record<string, string | number> = { ...(outcome.headers ?? {}) };
			headers['content-length'] = Buffer.byteLength(body);
			entry.status = outcome.status;
			const codes = providerCodes(body);
			if (codes.length) entry.codes = codes;
			res.writeHead(outcome.status, headers);
			res.end(body);
		};
		const latency = env.latencyMs() + ('delayMs' in outcome ? (outcome.delayMs ?? 0) : 0);
		if (latency > 0) later(latency, act);
		else act();
	}

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port, options.host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	const address = server.address() as AddressInfo;

	return {
		url: `http://${formatHost(options.host)}:${address.port}`,
		port: address.port,
		close: () =>
			new Promise<void>((resolve) => {
				closing = true;
				for (const timer of timers) clearTimeout(timer);
				timers.clear();
				server.close(() => resolve());
				for (const socket of sockets) socket.destroy();
				sockets.clear();
			}),
	};
}

export function readBody(req: http.IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) {
				// Stop keeping it, but keep reading: a client still sending then sees the 413, not a reset.
				chunks.length = 0;
				reject(new Error('body too large'));
				return;
			}
			chunks.push(chunk);
		});
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

/** The codes of a provider answer's `errores` list (e.g. FAC119), for the log. */
function providerCodes(body: string | Buffer): string[] {
	if (typeof body !== 'string' || !body.includes('"codigo"')) return [];
	try {
		const errores = (JSON.parse(body) as { errores?: unknown }).errores;
		return Array.isArray(errores)
			? errores
					.map((error) => String((error as { codigo?: unknown })?.codigo ?? ''))
					.filter(Boolean)
			: [];
	} catch {
		return [];
	}
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
	const flat: Record<string, string> = {};
	for (const [name, value] of Object.entries(headers)) {
		if (value === undefined) continue;
		flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
	}
	return flat;
}

// A TCP RST is what a client sees when a proxy or the service drops the connection mid-request.
function resetSocket(socket: Socket): void {
	const withReset = socket as Socket & { resetAndDestroy?: () => Socket };
	if (typeof withReset.resetAndDestroy === 'function') withReset.resetAndDestroy();
	else socket.destroy();
}

function formatHost(host: string): string {
	return host.includes(':') ? `[${host}]` : host;
}
