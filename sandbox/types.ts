/**
 * Public types of the CFDI issuing-service sandbox. Engine tests, the demo and the
 * benchmarks depend on these names, so changes here are API changes.
 */
import type { ShopOrderInput, ShopifyOrder } from './shopifyOrders';

export type RouteName =
	| 'token'
	| 'userinfo'
	| 'createVoucher'
	| 'getVoucher'
	| 'updateVoucher'
	| 'downloadXml'
	| 'requestPdf'
	| 'getPdfLink'
	| 'sendEmail'
	| 'cancelVoucher'
	| 'listVouchers'
	| 'blob'
	| 'shopifyOrders';

export type ServerName = 'auth' | 'api' | 'blob' | 'shop';

export interface SandboxAccount {
	/** RFC of the account, used as the password-grant username. */
	username: string;
	/** Plain text; the token service compares the lower-case MD5 hex digest of it. */
	password: string;
	clientId: string;
	clientSecret: string;
	emisorId: number;
	usuarioId: number;
	rfc: string;
	nombre: string;
	regimenFiscal: string;
	/** Series configured for the issuer; any other serie is rejected with FAC112. */
	series: string[];
}

export interface SandboxOptions {
	host?: string;
	apiPort?: number;
	authPort?: number;
	blobPort?: number;
	/** Port of the store stand-in (shopifyAdmin.ts), the shop's https://<shop>.myshopify.com. */
	shopPort?: number;
	/** The X-Shopify-Access-Token the store stand-in accepts (default SHOP_ACCESS_TOKEN). */
	shopAccessToken?: string;
	/** The orders the store stand-in starts with (default: the sample orders, dated from `now`). */
	shopOrders?: ShopifyOrder[];
	/** Access-token lifetime; `expires_in` reports it in seconds. */
	tokenLifetimeSeconds?: number;
	/** Delay applied before every response of every server. */
	latencyMs?: number;
	pdfLinkLifetimeSeconds?: number;
	/** Time after POST pdfs before the PDF link (and the blob) is available. */
	pdfReadyAfterMs?: number;
	/** How long a stamp takes; meanwhile its series is busy (FAC119 to another stamp). See seriesLock.ts. */
	stampingTimeMs?: number;
	/** 'spec': /businessEmision/api/v1 (+ /BusinessEmision for e-mail); 'short': /api/v1 everywhere. */
	pathStyle?: 'spec' | 'short';
	xmlFraming?: 'raw' | 'json-string';
	pdfLinkFraming?: 'raw' | 'json-string' | 'double-json-string';
	accounts?: SandboxAccount[];
	/**
	 * What the service says about a voucher's state in the voucher's own answers (the spec shows
	 * neither). 'bodyWithState' (default): GET .../comprobantes/{id} gives the body plus `esValido`,
	 * `subEstatusId` and `uuid`, and the "already stamped" refusal carries the UUID. 'bodyOnly': GET
	 * gives the voucher body alone, and the refusal only its code and Spanish text; the state is then
	 * learnt from the list (or the refusal itself).
	 */
	getVoucherShape?: GetVoucherShape;
	/** Framing of the voucher list: `{ numeroComprobantes, resumenComprobante }` or a bare array. */
	listFraming?: 'summary' | 'array';
	/** Largest page the voucher list serves; a larger `take` is cut down to it. */
	maxListTake?: number;
	/**
	 * Members the voucher list leaves out of each voucher (e.g. ['serie', 'folio'] or ['subestatusId']),
	 * to show what a client does with a list that lacks what it reads. None by default.
	 */
	listOmits?: string[];
	/**
	 * The zone of the voucher list's dates (not in the spec): `offsetHours` added to Mexico City's
	 * wall clock as each `fecha` is written (6: UTC), and whether `finicial`/`ffinal` compare with
	 * the dates as written ('listed', default) or with the instant they stand for ('instant').
	 */
	listDates?: ListDates;
	/** SAT rule 2.7.1.35 IX: no acceptance needed until the end of the business day after issue (off by default). */
	nextBusinessDayRule?: boolean;
	/** Clock in epoch milliseconds (token expiry, link validity, PDF readiness, log times). */
	now?: () => number;
}

export type GetVoucherShape = 'bodyWithState' | 'bodyOnly';

export interface ListDates {
	offsetHours: number;
	filterBy?: 'listed' | 'instant';
}

export type ResolvedSandboxOptions = Required<Omit<SandboxOptions, 'shopOrders'>>;

export interface LoggedRequest {
	server: ServerName;
	route: RouteName | 'unknown';
	method: string;
	/** Path + query exactly as received. */
	url: string;
	pathname: string;
	query: Record<string, string>;
	/** Lower-case header names; repeated headers joined with ', '. */
	headers: Record<string, string>;
	/** Raw body as UTF-8 text ('' when none). */
	body: string;
	/** Status sent, or 0 when no response was sent (held, reset, closed). */
	status: number;
	/** Provider error codes (errores[].codigo) of the answer, when it carried any. */
	codes?: string[];
	/** A held request performed when its hold ended (timeout fault, perform 'afterHold'): its unsent answer. */
	late?: { status: number; codes?: string[] };
	at: number;
}

export type VoucherBody = Record<string, unknown>;

export interface StoredVoucher {
	id: number;
	emisorId: number;
	state: 'pending' | 'stamped';
	/** The voucher JSON as last accepted (without `id`). */
	body: VoucherBody;
	uuid: string | null;
	xml: string | null;
	stampCount: number;
	pdfRequestedAt: number | null;
	createdAt: number;
	/** Stamping time (epoch ms) and the voucher date written into the CFDI (Mexico City time). */
	stampedAt: number | null;
	fecha: string | null;
}

/** A cancellation request as the sandbox tracks it (SAT: with or without the recipient's acceptance). */
export interface CancellationRecord {
	uuid: string;
	emisorId: number;
	motivo: string;
	folioSustitucion: string | null;
	/** pending: waiting for the recipient; rejected: the recipient refused and the voucher stays valid. */
	state: 'pending' | 'cancelled' | 'rejected';
	/** SAT wording: Cancelado sin aceptación, Cancelado con aceptación, Plazo vencido, En proceso, Solicitud rechazada. */
	descripcion: string;
	requestedAt: number;
	resolvedAt: number | null;
	/** How many more times the cancellation was asked while it was cancelled or waiting (a repeated request). */
	askedAgain: number;
}

export interface EmailRequest {
	para: string;
	cc?: string | null;
	asunto: string;
	mensaje: string;
	responderA?: string | null;
	cfdi: { uuid: string };
	[extra: string]: unknown;
}

export interface SentEmail {
	emisorId: number;
	body: EmailRequest;
	at: number;
}

interface FaultBase<R extends RouteName = RouteName> {
	route: R;
	/** How many matching requests the fault applies to (default 1). */
	times?: number;
	/** How many matching requests go through untouched before the fault applies (default 0). */
	after?: number;
}

/** Faults queue per route and apply, in order, to the next requests of that route. */
export type FaultSpec =
	| (FaultBase & { kind: 'status'; status: number; body?: string; contentType?: string })
	| (FaultBase & { kind: 'unauthorized' })
	| (FaultBase<'createVoucher' | 'updateVoucher' | 'sendEmail' | 'cancelVoucher'> & {
			kind: 'storeThen500';
			stamp?: boolean;
	  })
	/** perform: true (default) before holding, false never, 'afterHold' when the hold ends (a slow service). */
	| (FaultBase & { kind: 'timeout'; perform?: boolean | 'afterHold'; holdMs?: number })
	| (FaultBase & { kind: 'connectionReset'; perform?: boolean })
	| (FaultBase<'createVoucher' | 'updateVoucher'> & { kind: 'seriesBusy' })
	| (FaultBase & { kind: 'malformedJson' })
	| (FaultBase & { kind: 'html' })
	| (FaultBase<'getPdfLink'> & { kind: 'pdfNotReady' })
	| (FaultBase<'getPdfLink'> & { kind: 'expiredLink' })
	| (FaultBase & { kind: 'rateLimited' })
	/**
	 * Answers a redirect instead of performing the operation. `location` is sent as given (absolute:
	 * another host; relative: this one), with `{url}` replaced by the request's path and query.
	 */
	| (FaultBase & { kind: 'redirect'; location: string; status?: 301 | 302 | 303 | 307 | 308 })
	/**
	 * A careless service that echoes the request in its error body: every header (Authorization
	 * included) and the body's fields, as `framing` says (see faults.ts, echoReply).
	 */
	| (FaultBase & { kind: 'echoRequest'; status?: number; framing?: EchoFraming });

/**
 * How an echoing error body quotes the request: 'json' `{ message, headers, form }` (the values JSON-escaped,
 * the message a raw dump), 'text' (a text/plain dump: request line, headers, raw body, URL-encoded as sent),
 * 'oauth' (`{ error: "invalid_request", error_description: <dump> }`, as a token service would),
 * 'base64' (`{ message, trace }` with the dump base64-encoded, as some gateways attach it).
 */
export type EchoFraming = 'json' | 'text' | 'oauth' | 'base64';

export type FaultKind = FaultSpec['kind'];

export interface Sandbox {
	readonly authUrl: string;
	readonly baseUrl: string;
	readonly blobUrl: string;
	/** Resolved options; ports are the bound ones and latencyMs follows setLatency. */
	readonly options: ResolvedSandboxOptions;
	readonly requests: LoggedRequest[];
	clearLog(): void;
	injectFault(fault: FaultSpec): void;
	clearFaults(): void;
	/** Holds the next `count` requests on `route` until all have arrived (explicit ordering; requestGate.ts). */
	holdRequests(route: RouteName, count: number): HeldRequests;
	/** The most requests on a route routed and not yet answered at once, since the start or clearLog. */
	peakInFlight(route: RouteName): number;
	setLatency(ms: number): void;
	/** Lifetime of the access tokens issued from now on. */
	setTokenLifetime(seconds: number): void;
	expireAccessTokens(): void;
	revokeRefreshTokens(): void;
	readonly vouchers: Map<number, StoredVoucher>;
	readonly emails: SentEmail[];
	stampCount(): number;
	/** Cancellation requests by UUID (upper case). */
	readonly cancellations: ReadonlyMap<string, CancellationRecord>;
	/** The recipient's answer to a cancellation waiting for acceptance. */
	resolveCancellation(uuid: string, answer: 'accepted' | 'rejected'): CancellationRecord;
	/** Changes live what GET .../comprobantes/{id} and the "already stamped" refusal show (see SandboxOptions). */
	setGetVoucherShape(shape: GetVoucherShape): void;
	/** Changes the stamping time live. */
	setStampingTime(ms: number): void;
	/** Changes live the zone the voucher list writes its dates in (see SandboxOptions.listDates). */
	setListDates(dates: ListDates): void;
	/** FAC119 answers the series lock gave (injected seriesBusy faults not counted). */
	seriesBusyCount(): number;
	/** The most series that were being stamped at the same moment (0 with a stamping time of 0). */
	peakBusySeries(): number;
	/** The store stand-in (https://<shop>.myshopify.com): http://127.0.0.1:PORT, no path. */
	readonly shopUrl: string;
	/** The orders the store stand-in serves, live (change, add or remove them between requests). */
	readonly shopOrders: ShopifyOrder[];
	/** Adds orders (whole Shopify orders, or sample-order facts built by shopifyOrder); a known name is replaced. */
	addShopOrders(orders: ShopOrderInput[]): ShopifyOrder[];
	/** Removes every order from the store stand-in. */
	clearShopOrders(): void;
	/** The stamps the series lock let through, in order (series and voucher body). */
	readonly grantedStamps: ReadonlyArray<{ emisorId: number; serie: string; body: VoucherBody }>;
	close(): Promise<void>;
}

/** One failed business rule, as the service reports it (errores). */
export interface ValidationError {
	codigo: string;
	mensaje: string;
}

/** Requests held by `holdRequests` (requestGate.ts) until `count` have arrived. */
export interface HeldRequests {
	/** Settles once `count` requests have arrived (they are released at that moment). */
	readonly arrived: Promise<void>;
	/** Lets the held requests go on now, however many arrived. */
	release(): void;
}
