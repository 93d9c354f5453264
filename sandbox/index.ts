/**
 * Local stand-in of the CFDI 4.0 issuing service: token service, issuing API and PDF blob
 * storage on three loopback ports, and a fourth for the store stand-in (the Shopify Admin API's
 * order list the shop examples read). See sandbox/README.md for behaviour and choices.
 */
import { BlobStorage } from './blobStorage';
import { dispatch } from './dispatch';
import { FaultBook } from './faults';
import { InFlight } from './inFlight';
import { RequestGates } from './requestGate';
import { type HttpHost, listen } from './http';
import { IssuingApi } from './issuingApi';
import { ShopifyAdmin } from './shopifyAdmin';
import { sampleShopifyOrders } from './shopifyOrders';
import { TokenService } from './tokenService';
import type {
	FaultSpec,
	GetVoucherShape,
	ListDates,
	LoggedRequest,
	ResolvedSandboxOptions,
	RouteName,
	Sandbox,
	SandboxAccount,
	SandboxOptions,
} from './types';

export type {
	CancellationRecord,
	EchoFraming,
	EmailRequest,
	FaultKind,
	FaultSpec,
	GetVoucherShape,
	ListDates,
	LoggedRequest,
	ResolvedSandboxOptions,
	RouteName,
	Sandbox,
	SandboxAccount,
	SandboxOptions,
	SentEmail,
	ServerName,
	StoredVoucher,
	VoucherBody,
} from './types';
export { routeTable } from './apiRoutes';
export type { HeldRequests } from './types';
export {
	dayOfLastMonth,
	sampleShopifyOrders,
	SAMPLE_BUYER,
	shopifyDateTime,
	shopifyOrder,
	type CheckoutTaxData,
	type SampleLine,
	type SampleOrderSpec,
	type ShopifyOrder,
	type ShopOrderInput,
} from './shopifyOrders';

/** The X-Shopify-Access-Token the store stand-in accepts unless `shopAccessToken` says another. */
export const SHOP_ACCESS_TOKEN = 'shpat_sandbox_0000000000000000';

/** The test account (the SAT's public test taxpayer EKU9003173C9). */
export const DEFAULT_ACCOUNT: SandboxAccount = Object.freeze({
	username: 'EKU9003173C9',
	password: 'Sandbox-Pass-2024',
	clientId: 'sandbox-client',
	clientSecret: 'sandbox-secret-9f2c',
	emisorId: 1234,
	usuarioId: 77,
	rfc: 'EKU9003173C9',
	nombre: 'ESCUELA KEMPER URGATE',
	regimenFiscal: '601',
	series: Object.freeze(['A', 'B', 'F', 'NC', 'P']) as string[],
});

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const resolved = resolveOptions(options);
	const shop = new ShopifyAdmin(
		structuredClone(options.shopOrders ?? sampleShopifyOrders(resolved.now())),
		() => resolved.shopAccessToken,
	);
	const requests: LoggedRequest[] = [];
	const flights = new InFlight();
	const env = { now: resolved.now, latencyMs: () => resolved.latencyMs, log: requests, flights };
	const urls = { auth: '', api: '', blob: '', shop: '' };

	const faults = new FaultBook();
	const gates = new RequestGates();
	const tokens = new TokenService({
		accounts: resolved.accounts,
		get tokenLifetimeSeconds() {
			return resolved.tokenLifetimeSeconds;
		},
		now: resolved.now,
		issuer: () => urls.auth,
	});
	const blobs = new BlobStorage({ now: resolved.now, baseUrl: () => urls.blob });
	const api = new IssuingApi(resolved, tokens, blobs);

	const hosts: HttpHost[] = [];
	const closeAll = async (): Promise<void> => {
		gates.clear();
		await Promise.all(hosts.map((host) => host.close()));
	};
	try {
		// One server per host, so a test can tell which host received which header.
		const servers = [
			{ name: 'auth', port: resolved.authPort, resolver: tokens },
			{ name: 'api', port: resolved.apiPort, resolver: api },
			{ name: 'blob', port: resolved.blobPort, resolver: blobs },
			{ name: 'shop', port: resolved.shopPort, resolver: shop },
		] as const;
		for (const { name, port, resolver } of servers) {
			const server = await listen({
				name,
				host: resolved.host,
				port,
				env,
				handle: async (call) => {
					const resolution = resolver.resolve(call);
					await gates.pass(resolution.route);
					return dispatch(call, resolution, faults);
				},
			});
			hosts.push(server);
			urls[name] = server.url;
			resolved[`${name}Port`] = server.port;
		}
	} catch (err) {
		await closeAll();
		throw err;
	}

	let closed: Promise<void> | null = null;
	return {
		authUrl: urls.auth,
		baseUrl: urls.api,
		blobUrl: urls.blob,
		shopUrl: urls.shop,
		options: resolved,
		requests,
		clearLog: () => {
			requests.length = 0;
			flights.resetPeaks();
		},
		peakInFlight: (route: RouteName) => flights.peak(route),
		injectFault: (fault: FaultSpec) => faults.inject(fault),
		clearFaults: () => faults.clear(),
		holdRequests: (route: RouteName, count: number) => gates.hold(route, count),
		setLatency: (ms: number) => {
			resolved.latencyMs = nonNegative(ms, 'latency');
		},
		setTokenLifetime: (seconds: number) => {
			resolved.tokenLifetimeSeconds = nonNegative(seconds, 'tokenLifetimeSeconds');
		},
		expireAccessTokens: () => tokens.expireAccessTokens(),
		revokeRefreshTokens: () => tokens.revokeRefreshTokens(),
		vouchers: api.vouchers,
		emails: api.emails,
		stampCount: () => api.stampCount(),
		cancellations: api.cancellations.records,
		resolveCancellation: (uuid: string, answer: 'accepted' | 'rejected') =>
			api.cancellations.resolve(uuid, answer),
		setGetVoucherShape: (shape: GetVoucherShape) => {
			resolved.getVoucherShape = getVoucherShape(shape);
		},
		setStampingTime: (ms: number) => {
			resolved.stampingTimeMs = nonNegative(ms, 'stampingTime');
		},
		setListDates: (dates: ListDates) => {
			resolved.listDates = listDates(dates);
		},
		seriesBusyCount: () => api.seriesLock.busyAnswers,
		peakBusySeries: () => api.seriesLock.peakBusySeries,
		grantedStamps: api.seriesLock.granted,
		shopOrders: shop.orders,
		addShopOrders: (orders) => shop.add(orders),
		clearShopOrders: () => {
			shop.orders.length = 0;
		},
		close: () => (closed ??= closeAll()),
	};
}

function resolveOptions(options: SandboxOptions): ResolvedSandboxOptions {
	const accounts = (options.accounts ?? [DEFAULT_ACCOUNT]).map((a) => ({
		...a,
		series: [...a.series],
	}));
	if (accounts.length === 0) throw new Error('startSandbox: at least one account is required');
	for (const key of ['clientId', 'emisorId', 'username'] as const) {
		if (new Set(accounts.map((a) => a[key])).size !== accounts.length) {
			throw new Error(`startSandbox: accounts must have distinct ${key} values`);
		}
	}
	return {
		host: options.host ?? '127.0.0.1',
		apiPort: options.apiPort ?? 0,
		authPort: options.authPort ?? 0,
		blobPort: options.blobPort ?? 0,
		shopPort: options.shopPort ?? 0,
		shopAccessToken: options.shopAccessToken ?? SHOP_ACCESS_TOKEN,
		tokenLifetimeSeconds: nonNegative(options.tokenLifetimeSeconds ?? 3600, 'tokenLifetimeSeconds'),
		latencyMs: nonNegative(options.latencyMs ?? 0, 'latencyMs'),
		pdfLinkLifetimeSeconds: nonNegative(
			options.pdfLinkLifetimeSeconds ?? 300,
			'pdfLinkLifetimeSeconds',
		),
		pdfReadyAfterMs: nonNegative(options.pdfReadyAfterMs ?? 0, 'pdfReadyAfterMs'),
		stampingTimeMs: nonNegative(options.stampingTimeMs ?? 0, 'stampingTimeMs'),
		pathStyle: options.pathStyle ?? 'spec',
		xmlFraming: options.xmlFraming ?? 'raw',
		pdfLinkFraming: options.pdfLinkFraming ?? 'json-string',
		getVoucherShape: getVoucherShape(options.getVoucherShape ?? 'bodyWithState'),
		listFraming: options.listFraming ?? 'summary',
		maxListTake: positiveInteger(options.maxListTake ?? 100, 'maxListTake'),
		listOmits: options.listOmits ?? [],
		listDates: listDates(options.listDates ?? { offsetHours: 0 }),
		nextBusinessDayRule: options.nextBusinessDayRule ?? false,
		accounts,
		now: options.now ?? Date.now,
	};
}

function listDates(value: ListDates): ListDates {
	const { offsetHours, filterBy = 'listed' } = value ?? {};
	if (
		typeof offsetHours !== 'number' ||
		!Number.isFinite(offsetHours) ||
		Math.abs(offsetHours) > 48
	)
		throw new Error(
			`startSandbox: listDates.offsetHours must be a number of hours from -48 to 48, not ${JSON.stringify(offsetHours)}`,
		);
	if (filterBy !== 'listed' && filterBy !== 'instant')
		throw new Error(
			`startSandbox: listDates.filterBy must be 'listed' or 'instant', not ${JSON.stringify(filterBy)}`,
		);
	return { offsetHours, filterBy };
}

function getVoucherShape(value: unknown): GetVoucherShape {
	if (value !== 'bodyWithState' && value !== 'bodyOnly')
		throw new Error(
			`startSandbox: getVoucherShape must be 'bodyWithState' or 'bodyOnly', not ${JSON.stringify(value)}`,
		);
	return value;
}

function nonNegative(value: number, name: string): number {
	if (!Number.isFinite(value) || value < 0)
		throw new Error(`startSandbox: ${name} must be a non-negative number`);
	return value;
}

function positiveInteger(value: number, name: string): number {
	if (!Number.isInteger(value) || value < 1)
		throw new Error(`startSandbox: ${name} must be a positive integer`);
	return value;
}
