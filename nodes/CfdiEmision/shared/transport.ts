import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';

import { URL_TEMPLATE } from '../auth/endpoints';
import { ServiceCallError, describeNetworkCode, isUnreachableCode } from './serviceError';
import { SessionGate } from './sessionGate';

export const CREDENTIAL_TYPE = 'cfdiEmisionApi';
/** Route prefixes; the credential's `authenticate` turns them into the configured host and path. */
export const API_ROOT = `${URL_TEMPLATE.apiRoot}/emisores/${URL_TEMPLATE.emisorId}`;
export const EMAIL_ROOT = `${URL_TEMPLATE.emailRoot}/emisores/${URL_TEMPLATE.emisorId}`;

const DEFAULT_TIMEOUT_MS = 120_000;

export interface ServiceRequest {
	method: IHttpRequestMethods;
	/** A path under API_ROOT or EMAIL_ROOT. */
	url: string;
	qs?: IDataObject;
	/** JSON body; omitted means no body at all (Content-Length 0 on POST). */
	json?: IDataObject;
	headers?: IDataObject;
	/** Read the answer as bytes instead of text. */
	binary?: boolean;
}

export interface ServiceResponse {
	statusCode: number;
	body: unknown;
	headers: IDataObject;
}

/** Per-run state shared by the items of one execution (never module-level: queue mode). */
export class RunSession {
	readonly gate = new SessionGate();

	constructor(
		/** Issuer id typed on the node; empty means the credential's. */
		readonly emisorIdOverride: string,
		readonly timeoutMs: number,
		readonly allowUnauthorizedCerts: boolean,
	) {}

	static fromNode(ctx: IExecuteFunctions): RunSession {
		const override = String(ctx.getNodeParameter('emisorIdOverride', 0, '') ?? '').trim();
		const requestOptions = ctx.getNodeParameter('requestOptions', 0, {}) as { timeout?: number; allowUnauthorizedCerts?: boolean };
		return new RunSession(override, requestOptions.timeout || DEFAULT_TIMEOUT_MS, requestOptions.allowUnauthorizedCerts === true);
	}
}

function isSignInFailure(error: unknown): boolean {
	return error instanceof ServiceCallError && error.kind === 'auth';
}

/** Turns whatever the n8n request helper threw into a classified ServiceCallError. */
export function classifyFailure(error: unknown, url: string): ServiceCallError {
	const cause = ((error as { cause?: unknown }).cause ?? error) as {
		name?: string;
		message?: string;
		code?: string;
		isAxiosError?: boolean;
		response?: { status?: number; data?: unknown };
	};
	if (cause.response?.status) {
		return new ServiceCallError(`HTTP ${cause.response.status}`, 'http', { status: cause.response.status, body: cause.response.data, url });
	}
	if (!cause.isAxiosError) {
		// Thrown before anything was sent: signing in failed, or the credential is incomplete.
		return new ServiceCallError(String(cause.message ?? error), 'auth', { url });
	}
	if (isUnreachableCode(cause.code)) {
		return new ServiceCallError(`The service could not be reached (${describeNetworkCode(cause.code)}).`, 'unreachable', { code: cause.code, url });
	}
	return new ServiceCallError(`No answer from the service (${describeNetworkCode(cause.code)}).`, 'ambiguous', { code: cause.code, url });
}

/**
 * The one way this node calls the issuing API: the credential signs the request (and signs in
 * when needed), the first call of a run goes alone, and failures come back classified.
 */
export async function callService(ctx: IExecuteFunctions, session: RunSession, request: ServiceRequest): Promise<ServiceResponse> {
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
		encoding: request.binary ? 'arraybuffer' : 'text',
		returnFullResponse: true,
		timeout: session.timeoutMs,
		skipSslCertificateValidation: session.allowUnauthorizedCerts,
	};
	return await session.gate.run(async () => {
		try {
			const response = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, options)) as IN8nHttpFullResponse;
			return { statusCode: response.statusCode, body: response.body, headers: response.headers as IDataObject };
		} catch (error) {
			throw classifyFailure(error, url);
		}
	}, isSignInFailure);
}
