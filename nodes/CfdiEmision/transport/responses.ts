import type { IDataObject } from 'n8n-workflow';

import { ServiceCallError } from './serviceError';

export function bodyText(body: unknown): string {
	if (Buffer.isBuffer(body)) return body.toString('utf8');
	if (typeof body === 'string') return body;
	if (body === undefined || body === null) return '';
	return JSON.stringify(body);
}

export function looksLikeHtml(text: string): boolean {
	return /^\s*(<!doctype html|<html[\s>])/i.test(text);
}

/** Parses a JSON answer strictly: a truncated or HTML body is an error, never half-read data. */
export function parseJsonBody(body: unknown, what: string): unknown {
	const text = bodyText(body);
	if (looksLikeHtml(text)) {
		throw new ServiceCallError(
			`The service answered ${what} with an HTML page instead of JSON. Check the credential's Base URL and API path style.`,
			'malformed',
			{ body: text.slice(0, 300) },
		);
	}
	const parsed = tryParseJson(text);
	if (!parsed.ok) {
		throw new ServiceCallError(
			`The service answered ${what} with malformed JSON: ${text.slice(0, 120)}`,
			'malformed',
			{ body: text.slice(0, 300) },
		);
	}
	return parsed.value;
}

export function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
	try {
		return { ok: true, value: JSON.parse(text) as unknown };
	} catch {
		return { ok: false };
	}
}

export function parseJsonObject(body: unknown, what: string): IDataObject {
	const parsed = parseJsonBody(body, what);
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw new ServiceCallError(
			`The service answered ${what} with ${JSON.stringify(parsed)?.slice(0, 80)} instead of a JSON object.`,
			'malformed',
		);
	}
	return parsed as IDataObject;
}

/** The PDF link comes as a raw URL, a JSON string, or a JSON string of a JSON string. */
export function unwrapLink(body: unknown): string {
	let value: unknown = bodyText(body).trim();
	for (let depth = 0; depth < 3 && typeof value === 'string' && value.startsWith('"'); depth++) {
		try {
			value = JSON.parse(value) as unknown;
		} catch {
			break;
		}
		if (typeof value === 'string') value = value.trim();
	}
	return typeof value === 'string' ? value : '';
}

/** The XML may come raw or framed as a JSON string; an HTML page is a broken deployment, not XML. */
export function extractXml(body: unknown): string {
	let text = bodyText(body);
	if (text.trimStart().startsWith('"')) {
		try {
			const parsed = JSON.parse(text) as unknown;
			if (typeof parsed === 'string') text = parsed;
		} catch {
			// Not JSON framing: judged as text below.
		}
	}
	if (looksLikeHtml(text)) {
		throw new ServiceCallError(
			"The service answered the XML download with an HTML page, not a CFDI XML. Check the credential's Base URL and API path style, or try again later.",
			'malformed',
			{ body: text.slice(0, 300) },
		);
	}
	if (!/<([\w-]+:)?Comprobante[\s>]/.test(text)) {
		throw new ServiceCallError(
			`The service answered the XML download with something that is not a CFDI document: ${text.slice(0, 120)}`,
			'malformed',
			{ body: text.slice(0, 300) },
		);
	}
	return text.replace(/^\uFEFF/, '');
}
