/**
 * Injected faults: a FIFO queue per route, plus the canned replies of the faults that
 * answer instead of performing the operation.
 */
import type { Call, Reply } from './http';
import { bearerChallenge, json, message } from './replies';
import { seriesBusyResult } from './seriesLock';
import type { EchoFraming, FaultKind, FaultSpec, RouteName } from './types';

const ROUTES: readonly RouteName[] = [
	'token',
	'userinfo',
	'createVoucher',
	'getVoucher',
	'updateVoucher',
	'downloadXml',
	'requestPdf',
	'getPdfLink',
	'sendEmail',
	'cancelVoucher',
	'listVouchers',
	'blob',
	'shopifyOrders',
];

// Kinds that only make sense on some routes; injecting them elsewhere is a test bug.
const ROUTE_LIMITS: Partial<Record<FaultKind, readonly RouteName[]>> = {
	// The operation is carried out, then a 500 hides it (create and update store or stamp; e-mail sends; cancel records).
	storeThen500: ['createVoucher', 'updateVoucher', 'sendEmail', 'cancelVoucher'],
	seriesBusy: ['createVoucher', 'updateVoucher'],
	pdfNotReady: ['getPdfLink'],
	expiredLink: ['getPdfLink'],
};

const KINDS: readonly FaultKind[] = [
	'status',
	'unauthorized',
	'storeThen500',
	'timeout',
	'connectionReset',
	'seriesBusy',
	'malformedJson',
	'html',
	'pdfNotReady',
	'expiredLink',
	'rateLimited',
	'redirect',
	'echoRequest',
];

const REDIRECT_STATUSES: readonly number[] = [301, 302, 303, 307, 308];
const ECHO_FRAMINGS: readonly EchoFraming[] = ['json', 'text', 'oauth', 'base64'];

export const PDF_NOT_READY_MESSAGE = 'The PDF has not been generated yet.';

interface QueuedFault {
	spec: FaultSpec;
	remaining: number;
	/** Matching requests still to let through before the fault applies. */
	skip: number;
}

export class FaultBook {
	private readonly queues = new Map<RouteName, QueuedFault[]>();

	inject(spec: FaultSpec): void {
		if (!ROUTES.includes(spec.route))
			throw new Error(`injectFault: unknown route '${String(spec.route)}'`);
		if (!KINDS.includes(spec.kind))
			throw new Error(`injectFault: unknown kind '${String(spec.kind)}'`);
		const allowed = ROUTE_LIMITS[spec.kind];
		if (allowed && !allowed.includes(spec.route)) {
			throw new Error(`injectFault: '${spec.kind}' applies only to ${allowed.join(', ')}`);
		}
		const times = spec.times ?? 1;
		if (!Number.isInteger(times) || times < 1)
			throw new Error('injectFault: times must be a positive integer');
		if (
			spec.kind === 'status' &&
			!(Number.isInteger(spec.status) && spec.status >= 100 && spec.status <= 599)
		) {
			throw new Error('injectFault: status must be an HTTP status code');
		}
		if (spec.kind === 'redirect') {
			if (typeof spec.location !== 'string' || !spec.location)
				throw new Error('injectFault: a redirect needs a location');
			if (spec.status !== undefined && !REDIRECT_STATUSES.includes(spec.status))
				throw new Error(`injectFault: a redirect status is one of ${REDIRECT_STATUSES.join(', ')}`);
		}
		if (spec.kind === 'echoRequest') {
			if (spec.framing !== undefined && !ECHO_FRAMINGS.includes(spec.framing))
				throw new Error(`injectFault: framing is one of ${ECHO_FRAMINGS.join(', ')}`);
			if (
				spec.status !== undefined &&
				!(Number.isInteger(spec.status) && spec.status >= 400 && spec.status <= 599)
			)
				throw new Error('injectFault: an echo is an error status (400-599)');
		}
		const queue = this.queues.get(spec.route) ?? [];
		const after = spec.after ?? 0;
		if (!Number.isInteger(after) || after < 0)
			throw new Error('injectFault: after must be a non-negative integer');
		queue.push({ spec: { ...spec }, remaining: times, skip: after });
		this.queues.set(spec.route, queue);
	}

	clear(): void {
		this.queues.clear();
	}

	peek(route: RouteName): FaultSpec | null {
		const head = this.queues.get(route)?.[0];
		return head && head.skip === 0 ? head.spec : null;
	}

	/** Consumes one application of the fault at the head of the route's queue. */
	take(route: RouteName): FaultSpec | null {
		const queue = this.queues.get(route);
		const head = queue?.[0];
		if (!queue || !head) return null;
		if (head.skip > 0) {
			head.skip -= 1;
			return null;
		}
		head.remaining -= 1;
		if (head.remaining <= 0) queue.shift();
		return head.spec;
	}
}

/** The request as a careless server dumps it: request line, headers, blank line, raw body. */
function requestDump(call: Call): string {
	const headers = Object.entries(call.headers).map(([name, value]) => `${name}: ${value}`);
	return [`${call.method} ${call.url}`, ...headers, '', call.body].join('\n');
}

/** The body's fields: a form's, or a JSON object's top-level members. */
function bodyFields(call: Call): Record<string, unknown> {
	if ((call.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded'))
		return Object.fromEntries(new URLSearchParams(call.body));
	try {
		const parsed = JSON.parse(call.body) as unknown;
		return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
			? (parsed as Record<string, unknown>)
			: {};
	} catch {
		return {};
	}
}

/** An error body that quotes the request back (the echoRequest fault). */
export function echoReply(call: Call, status: number, framing: EchoFraming): Reply {
	const dump = requestDump(call);
	switch (framing) {
		case 'text':
			return {
				status,
				headers: { 'content-type': 'text/plain; charset=utf-8' },
				body: `Request rejected:\n${dump}`,
			};
		case 'oauth':
			return json(status, {
				error: 'invalid_request',
				error_description: `Request rejected: ${dump}`,
			});
		case 'base64':
			return json(status, {
				message: 'Request rejected; the trace has the request.',
				trace: Buffer.from(dump, 'utf8').toString('base64'),
			});
		case 'json':
			return json(status, {
				message: `Request rejected: ${dump}`,
				headers: call.headers,
				form: bodyFields(call),
			});
	}
}

/** Faults whose answer quotes the request (redirect, echoRequest); null for the others. */
export function requestReply(fault: FaultSpec, call: Call): Reply | null {
	switch (fault.kind) {
		case 'redirect':
			return {
				status: fault.status ?? 307,
				headers: { location: fault.location.split('{url}').join(call.url) },
				body: '',
			};
		case 'echoRequest':
			return echoReply(call, fault.status ?? 400, fault.framing ?? 'json');
		default:
			return null;
	}
}

/** Faults that answer on their own, without performing the operation; null for the others. */
export function cannedReply(fault: FaultSpec): Reply | null {
	switch (fault.kind) {
		case 'status':
			return {
				status: fault.status,
				headers: { 'content-type': fault.contentType ?? 'application/json; charset=utf-8' },
				body: fault.body ?? '',
			};
		case 'unauthorized':
			return bearerChallenge('invalid_token');
		case 'seriesBusy':
			return json(200, seriesBusyResult(0));
		case 'malformedJson':
			return {
				status: 200,
				headers: { 'content-type': 'application/json; charset=utf-8' },
				body: '{"esValido": tru',
			};
		case 'html':
			return {
				status: 200,
				headers: { 'content-type': 'text/html; charset=utf-8' },
				body: IIS_ERROR_PAGE,
			};
		case 'pdfNotReady':
			return message(404, PDF_NOT_READY_MESSAGE);
		case 'rateLimited':
			return json(429, { message: 'Too many requests. Try again later.' }, { 'retry-after': '1' });
		default:
			return null;
	}
}

/** The 500 that follows a performed storeThen500 operation. */
export function genericServerError(): Reply {
	return message(500, 'An error has occurred.');
}

// What a broken IIS/ASP.NET deployment serves instead of JSON.
const IIS_ERROR_PAGE = `<!DOCTYPE html>
<html>
    <head>
        <title>Runtime Error</title>
        <meta name="viewport" content="width=device-width" />
        <style>
         body {font-family:"Verdana";font-weight:normal;font-size: .7em;color:black;}
         H1 { font-family:"Verdana";font-weight:normal;font-size:18pt;color:red }
        </style>
    </head>
    <body bgcolor="white">
            <span><H1>Server Error in '/' Application.<hr width=100% size=1 color=silver></H1>
            <h2> <i>Runtime Error</i> </h2></span>
            <font face="Arial, Helvetica, Geneva, SunSans-Regular, sans-serif ">
            <b> Description: </b>An application error occurred on the server. The current custom error settings for this application prevent the details of the application error from being viewed remotely (for security reasons).
            <br><br>
    </body>
</html>
`;
