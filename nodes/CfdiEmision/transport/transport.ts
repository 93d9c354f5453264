import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import {
	REJECT_SESSIONS_BEFORE,
	SIGNED_WITH_SESSION,
	type AuthorizableRequest,
} from '../auth/authorizeRequest';
import { awaitSessionSavedElsewhere } from '../auth/renewal';
import { isSessionRenewedElsewhere } from '../auth/tokenService';
import { expandUrlTemplate, resolveEndpoints, URL_TEMPLATE } from '../auth/endpoints';
import { SecretRedactor, secretValues } from '../auth/secrets';
import { describeServiceFailure, readNetworkFailure } from '../network/failures';
import {
	describeRefusedRedirect,
	isRedirectStatus,
	readRedirect,
	sendWithinOrigin,
	type RequestHop,
} from '../network/redirects';
import { ServiceCallError } from './serviceError';
import { SessionGate } from './sessionGate';

export const CREDENTIAL_TYPE = 'cfdiEmisionApi';

/** The node's operations, the polling trigger and the voucher pickers' searches call the service the same way. */
export type ServiceContext = IExecuteFunctions | IPollFunctions | ILoadOptionsFunctions;

export interface ServiceRequest {
	method: IHttpRequestMethods;
	/** A path under API_ROOT or EMAIL_ROOT (api/paths.ts). */
	url: string;
	qs?: IDataObject;
	/** JSON body; omitted means no body at all (Content-Length 0 on POST). */
	json?: IDataObject;
	headers?: IDataObject;
	/** Read the answer as bytes instead of text. */
	binary?: boolean;
	/**
	 * The request saves or stamps a voucher: a redirect elsewhere (another path, or GET instead of
	 * the request) is never its answer, and is reported as a failure that may have taken effect.
	 */
	savesVoucher?: boolean;
}

export interface ServiceResponse {
	statusCode: number;
	body: unknown;
	headers: IDataObject;
}

/** Per-run state shared by the items of one execution (never module-level: queue mode). */
export class RunSession {
	readonly gate = new SessionGate();

	/** The credential's secret values, read at the first answer of the run and again after a new sign-in. */
	private redactor?: Promise<SecretRedactor>;

	constructor(
		/** Issuer id typed on the node; empty means the credential's. */
		readonly emisorIdOverride: string,
		readonly timeoutMs: number,
		readonly allowUnauthorizedCerts: boolean,
	) {}

	/** `settings`: the run's request settings (execution/requestSettings.ts), of which the session keeps the connection's. */
	static fromNode(
		ctx: IExecuteFunctions,
		settings: { timeoutMs: number; allowUnauthorizedCerts: boolean },
	): RunSession {
		const override = String(ctx.getNodeParameter('emisorIdOverride', 0, '') ?? '').trim();
		if (override && !/^\d+$/.test(override)) {
			throw new NodeOperationError(
				ctx.getNode(),
				`Issuer ID Override "${override}" is not an issuer ID.`,
				{
					description:
						"Enter the numeric emisorId of the issuer, or leave the field empty to use the credential's issuer.",
				},
			);
		}
		return new RunSession(override, settings.timeoutMs, settings.allowUnauthorizedCerts);
	}

	/**
	 * Whatever came back from outside (an answer's body, a failure's words) with every secret of the
	 * credential taken out: the password, its MD5 digest, the client secret and the tokens, in any
	 * form a careless service may echo them (auth/secrets.ts). Everything the node shows or returns
	 * is made from what passed here, so no secret reaches an item, an error or a log.
	 */
	async redact<T>(ctx: ServiceContext, value: T, signedInAgain = false): Promise<T> {
		if (signedInAgain || !this.redactor) {
			this.redactor = ctx.getCredentials(CREDENTIAL_TYPE).then(
				(credentials) => new SecretRedactor(secretValues(credentials)),
				// Without the values, the token-shaped patterns still apply.
				() => new SecretRedactor([]),
			);
		}
		return (await this.redactor).value(value);
	}

	/** A failure with its words and quoted body redacted (see redact). */
	async redactFailure(ctx: ServiceContext, failure: ServiceCallError): Promise<ServiceCallError> {
		const message = await this.redact(ctx, failure.message);
		const body = await this.redact(ctx, failure.details.body);
		if (message === failure.message && body === failure.details.body) return failure;
		return new ServiceCallError(message, failure.kind, { ...failure.details, body });
	}
}

function isSignInFailure(error: unknown): boolean {
	return error instanceof ServiceCallError && error.kind === 'auth';
}

/**
 * Classifies what n8n's authenticated request helper threw. Status errors never get here (the node
 * reads them from the response). n8n wraps the rest in a NodeApiError that drops the original error
 * but keeps its message in `messages`, so the network code is read from there; anything else was
 * thrown before a request went out (signing in, or the credential's own checks).
 */
export function classifyFailure(error: unknown, url: string): ServiceCallError {
	const network = readNetworkFailure(error);
	if (!network)
		return new ServiceCallError(String((error as Error)?.message ?? error), 'auth', { url });
	return new ServiceCallError(
		describeServiceFailure(network),
		network.neverArrived ? 'unreachable' : 'ambiguous',
		{ code: network.code, url },
	);
}

/** The request sent again at a redirect's place within the same host (its URL carries the query). */
function optionsForHop(options: IHttpRequestOptions, hop: RequestHop): IHttpRequestOptions {
	if (hop.first) return options;
	const headers = { ...(options.headers ?? {}) };
	if (!hop.keepsBody) delete headers['Content-Type'];
	return {
		...options,
		url: hop.url,
		method: hop.method as IHttpRequestMethods,
		qs: undefined,
		body: hop.keepsBody ? options.body : undefined,
		headers,
	};
}

/**
 * A save or stamp answered by a redirect that does not repeat it at the same place (303, 301/302
 * turning it into a GET, or another path): what comes back there is not this request's answer,
 * and the service may have saved or stamped the voucher before redirecting.
 */
async function refuseRedirectedSave(
	ctx: ServiceContext,
	hop: { url: string; first: boolean },
	answer: IN8nHttpFullResponse,
	url: string,
): Promise<void> {
	// Nearly every answer is no redirect: the credential is then not read for its host.
	if (!isRedirectStatus(answer.statusCode)) return;
	const from = hop.first ? await absoluteServiceUrl(ctx, hop.url) : hop.url;
	const redirect = readRedirect(answer.statusCode, answer.headers as Record<string, unknown>, from);
	if (!redirect || !redirect.sameOrigin) return;
	const repeated =
		(redirect.status === 307 || redirect.status === 308) &&
		redirect.to.pathname === redirect.from.pathname;
	if (repeated) return;
	throw new ServiceCallError(
		`The service answered the voucher request with a redirect (HTTP ${redirect.status}) to ${redirect.to.pathname === redirect.from.pathname ? 'the same place with GET' : 'another place'}; a redirect is not the answer to a save or a stamp, and the voucher may have been saved or stamped before it.`,
		'ambiguous',
		{ status: redirect.status, url },
	);
}

/** The full URL a templated request went to (only needed to read a redirect's Location against it). */
async function absoluteServiceUrl(ctx: ServiceContext, templateUrl: string): Promise<string> {
	try {
		const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
		return expandUrlTemplate(
			templateUrl,
			resolveEndpoints(credentials),
			String(credentials.emisorId ?? ''),
		);
	} catch {
		// Unreadable: the redirect is then reported as the unexpected answer it is.
		return templateUrl;
	}
}

/**
 * The one way this node calls the issuing API: the credential signs the request (and signs in
 * when needed), the first call of a run goes alone, and failures come back classified.
 */
export async function callService(
	ctx: ServiceContext,
	session: RunSession,
	request: ServiceRequest,
): Promise<ServiceResponse> {
	const url = session.emisorIdOverride
		? request.url.split(URL_TEMPLATE.emisorId).join(encodeURIComponent(session.emisorIdOverride))
		: request.url;
	const options: IHttpRequestOptions = {
		method: request.method,
		url,
		qs: request.qs,
		headers: {
			Accept: request.binary ? '*/*' : 'application/json, text/plain, */*',
			...(request.json ? { 'Content-Type': 'application/json' } : {}),
			...request.headers,
		},
		body: request.json,
		// Without an encoding axios parses JSON answers and keeps anything else as text.
		...(request.binary ? { encoding: 'arraybuffer' as const } : {}),
		returnFullResponse: true,
		// Status errors come back as responses, so their bodies reach the user intact.
		ignoreHttpStatusErrors: true,
		timeout: session.timeoutMs,
		skipSslCertificateValidation: session.allowUnauthorizedCerts,
		// Redirects are followed below, and only within the configured host (sendWithinOrigin).
		disableFollowRedirect: true,
	};
	const send = async (attempt: AuthorizableRequest): Promise<IN8nHttpFullResponse> => {
		for (let lostRaces = 0; ; lostRaces++) {
			let outcome: IN8nHttpFullResponse | ServiceCallError | 'renewed elsewhere';
			try {
				outcome = (await ctx.helpers.httpRequestWithAuthentication.call(
					ctx,
					CREDENTIAL_TYPE,
					attempt,
				)) as IN8nHttpFullResponse;
			} catch (error) {
				// Nothing was sent: wait for the session the other process saves, then go again.
				outcome =
					isSessionRenewedElsewhere(error) && lostRaces < 2
						? 'renewed elsewhere'
						: classifyFailure(error, url);
			}
			if (outcome instanceof ServiceCallError) throw outcome;
			if (outcome !== 'renewed elsewhere') return outcome;
			await awaitSessionSavedElsewhere(
				async () => await ctx.getCredentials(CREDENTIAL_TYPE),
				sleep,
			);
		}
	};
	let signedInAgain = false;
	const sendSigned = async (hopOptions: IHttpRequestOptions): Promise<IN8nHttpFullResponse> => {
		const sentAt = Date.now();
		const attempt: AuthorizableRequest = { ...hopOptions };
		const first = await send(attempt);
		if (first.statusCode !== 401) return first;
		signedInAgain = true;
		// A 401 means the request was not processed: retire the session it was signed with, sign in again and send it once more.
		return await send({
			...hopOptions,
			[REJECT_SESSIONS_BEFORE]: attempt[SIGNED_WITH_SESSION] || sentAt,
		});
	};
	let response: IN8nHttpFullResponse;
	try {
		response = await session.gate.run(
			async () =>
				await sendWithinOrigin(
					{ url, method: request.method },
					async (hop) => {
						const answer = await sendSigned(optionsForHop(options, hop));
						if (request.savesVoucher) await refuseRedirectedSave(ctx, hop, answer, url);
						return answer;
					},
					async (templateUrl) => await absoluteServiceUrl(ctx, templateUrl),
					(redirect, loop) => {
						const words = describeRefusedRedirect(redirect, loop, 'the issuing API');
						return new ServiceCallError(words.message, 'redirect', {
							status: redirect.status,
							url,
							advice: words.advice,
						});
					},
				),
			isSignInFailure,
		);
	} catch (error) {
		throw error instanceof ServiceCallError ? await session.redactFailure(ctx, error) : error;
	}
	// An answer may quote the request (an echoed Authorization header, form fields): nothing of it travels on unredacted.
	const body = await session.redact(ctx, response.body, signedInAgain);
	if (response.statusCode < 200 || response.statusCode > 299) {
		throw new ServiceCallError(`HTTP ${response.statusCode}`, 'http', {
			status: response.statusCode,
			body,
			url,
		});
	}
	return { statusCode: response.statusCode, body, headers: response.headers as IDataObject };
}
