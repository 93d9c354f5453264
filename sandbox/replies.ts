/**
 * Response builders in the formats the real service uses: plain JSON, ASP.NET Core
 * problem details, OAuth errors and bearer challenges.
 */
import { randomBytes } from 'crypto';

import type { Reply } from './http';

export const JSON_TYPE = 'application/json; charset=utf-8';

export function json(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
	return {
		status,
		headers: { 'content-type': JSON_TYPE, ...headers },
		body: JSON.stringify(value),
	};
}

export function message(status: number, text: string): Reply {
	return json(status, { message: text });
}

export function empty(status: number, headers: Record<string, string> = {}): Reply {
	return { status, headers, body: '' };
}

/** ASP.NET Core [ApiController] validation failure (ValidationProblemDetails). */
export function validationProblem(errors: Record<string, string[]>): Reply {
	return {
		status: 400,
		headers: { 'content-type': 'application/problem+json; charset=utf-8' },
		body: JSON.stringify({
			type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
			title: 'One or more validation errors occurred.',
			status: 400,
			errors,
			traceId: traceId(),
		}),
	};
}

/** ASP.NET Core answer when [FromBody] meets an unsupported Content-Type. */
export function unsupportedMediaType(): Reply {
	return {
		status: 415,
		headers: { 'content-type': 'application/problem+json; charset=utf-8' },
		body: JSON.stringify({
			type: 'https://tools.ietf.org/html/rfc9110#section-15.5.16',
			title: 'Unsupported Media Type',
			status: 415,
			traceId: traceId(),
		}),
	};
}

export function methodNotAllowed(allow: string[]): Reply {
	return empty(405, { allow: allow.join(', ') });
}

/** OAuth 2.0 token-endpoint error as IdentityServer sends it (HTTP 400). */
export function oauthError(error: string, description?: string): Reply {
	const body: Record<string, string> = { error };
	if (description !== undefined) body.error_description = description;
	return json(400, body, { 'cache-control': 'no-store', pragma: 'no-cache' });
}

/** 401 with an RFC 6750 challenge and an empty body, like ASP.NET JwtBearer. */
export function bearerChallenge(error?: string, description?: string): Reply {
	let challenge = 'Bearer';
	if (error !== undefined) {
		challenge += ` error="${error}"`;
		if (description !== undefined) challenge += `, error_description="${description}"`;
	}
	return empty(401, { 'www-authenticate': challenge });
}

function traceId(): string {
	return `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-00`;
}

/** Media type without parameters, lower-cased ('' when absent). */
export function mediaType(contentType: string | undefined): string {
	return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/** The media types ASP.NET Core's System.Text.Json input formatter accepts. */
export function isJsonMediaType(contentType: string | undefined): boolean {
	const type = mediaType(contentType);
	return (
		type === 'application/json' ||
		type === 'text/json' ||
		/^application\/[a-z0-9.+-]+\+json$/.test(type)
	);
}
