/**
 * Injected faults: a FIFO queue per route, plus the canned replies of the faults that
 * answer instead of performing the operation.
 */
import type { Reply } from './http';
import { bearerChallenge, json, message } from './replies';
import { seriesBusyResult } from './seriesLock';
import type { FaultKind, FaultSpec, RouteName } from './types';

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
];

// Kinds that only make sense on some routes; injecting them elsewhere is a test bug.
const ROUTE_LIMITS: Partial<Record<FaultKind, readonly RouteName[]>> = {
	storeThen500: ['createVoucher', 'updateVoucher'],
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
];

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
		if (!ROUTES.includes(spec.route)) throw new Error(`injectFault: unknown route '${String(spec.route)}'`);
		if (!KINDS.includes(spec.kind)) throw new Error(`injectFault: unknown kind '${String(spec.kind)}'`);
		const allowed = ROUTE_LIMITS[spec.kind];
		if (allowed && !allowed.includes(spec.route)) {
			throw new Error(`injectFault: '${spec.kind}' applies only to ${allowed.join(', ')}`);
		}
		const times = spec.times ?? 1;
		if (!Number.isInteger(times) || times < 1) throw new Error('injectFault: times must be a positive integer');
		if (spec.kind === 'status' && !(Number.isInteger(spec.status) && spec.status >= 100 && spec.status <= 599)) {
			throw new Error('injectFault: status must be an HTTP status code');
		}
		const queue = this.queues.get(spec.route) ?? [];
		const after = spec.after ?? 0;
		if (!Number.isInteger(after) || after < 0) throw new Error('injectFault: after must be a non-negative integer');
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
			return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"esValido": tru' };
		case 'html':
			return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: IIS_ERROR_PAGE };
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
