/**
 * The blob store that serves generated PDFs through time-limited signed links, answering
 * like Azure Blob Storage with a service SAS (sv, st, se, sr, sp, sig query parameters).
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'crypto';

import { isoSeconds } from './clock';
import type { Resolution } from './dispatch';
import type { Call, Reply } from './http';
import { methodNotAllowed } from './replies';

const SAS_VERSION = '2021-08-06';
const CONTAINER = 'cfdi-pdfs';

interface StoredBlob {
	bytes: Buffer;
	contentType: string;
	/** Epoch ms from which the blob exists (PDF generation is asynchronous). */
	availableFrom: number;
	etag: string;
	lastModified: string;
}

export function pdfBlobPath(emisorId: number, uuid: string): string {
	return `/${CONTAINER}/${emisorId}/${uuid}.pdf`;
}

export class BlobStorage {
	private readonly key = randomBytes(32);
	private readonly blobs = new Map<string, StoredBlob>();

	constructor(private readonly config: { now: () => number; baseUrl: () => string }) {}

	/** Stores a blob that becomes readable at `availableFrom`; an existing blob is kept. */
	put(path: string, bytes: Buffer, contentType: string, availableFrom: number): void {
		if (this.blobs.has(path)) return;
		this.blobs.set(path, {
			bytes,
			contentType,
			availableFrom,
			etag: `"0x${createHash('sha256').update(bytes).digest('hex').slice(0, 15).toUpperCase()}"`,
			lastModified: new Date(availableFrom).toUTCString(),
		});
	}

	/** A read-only SAS link to `path`, valid from `startMs` to `expiryMs` (whole seconds). */
	signedUrl(path: string, startMs: number, expiryMs: number): string {
		const st = isoSeconds(startMs);
		const se = isoSeconds(expiryMs);
		const query = new URLSearchParams({
			sv: SAS_VERSION,
			st,
			se,
			sr: 'b',
			sp: 'r',
			sig: this.sign(path, 'r', st, se, 'b', SAS_VERSION),
		});
		return `${this.config.baseUrl()}${path}?${query.toString()}`;
	}

	resolve(call: Call): Resolution {
		if (call.method !== 'GET' && call.method !== 'HEAD') {
			return { route: 'blob', reply: methodNotAllowed(['GET', 'HEAD']) };
		}
		return { route: 'blob', perform: () => this.read(call) };
	}

	private read(call: Call): Reply {
		const q = call.searchParams;
		const authorization = call.headers.authorization;
		if (authorization !== undefined) {
			// What Azure answers to a Bearer header sent without x-ms-version: the token is never accepted here.
			const scheme = authorization.split(' ')[0];
			return azureError(
				403,
				'AuthenticationFailed',
				AUTH_FAILED,
				`Authentication scheme ${scheme} is not supported in this version.`,
			);
		}
		if (!q.has('sig')) {
			// Anonymous access to a private container: Azure hides whether the blob exists.
			return azureError(404, 'ResourceNotFound', 'The specified resource does not exist.');
		}
		const fields = {
			sv: q.get('sv') ?? '',
			st: q.get('st') ?? '',
			se: q.get('se') ?? '',
			sr: q.get('sr') ?? '',
			sp: q.get('sp') ?? '',
		};
		const start = Date.parse(fields.st);
		const expiry = Date.parse(fields.se);
		if (
			!fields.sv ||
			!fields.se ||
			!fields.sr ||
			!fields.sp ||
			Number.isNaN(expiry) ||
			(fields.st && Number.isNaN(start))
		) {
			return azureError(
				403,
				'AuthenticationFailed',
				AUTH_FAILED,
				'Signature fields not well formed.',
			);
		}
		const expected = this.sign(
			call.pathname,
			fields.sp,
			fields.st,
			fields.se,
			fields.sr,
			fields.sv,
		);
		if (!safeEqual(expected, q.get('sig') ?? '')) {
			return azureError(403, 'AuthenticationFailed', AUTH_FAILED, 'Signature did not match.');
		}
		if (!Number.isNaN(start) && expiry <= start) {
			return azureError(
				403,
				'AuthenticationFailed',
				AUTH_FAILED,
				`Signed expiry time [${fields.se}] has to be after signed start time [${fields.st}]`,
			);
		}
		const now = this.config.now();
		if ((!Number.isNaN(start) && now < start) || now > expiry) {
			return azureError(
				403,
				'AuthenticationFailed',
				AUTH_FAILED,
				`Signature not valid in the specified time frame: Start [${fields.st}] - Expiry [${fields.se}] - Current [${new Date(now).toUTCString()}]`,
			);
		}
		const blob = this.blobs.get(call.pathname);
		if (!blob || now < blob.availableFrom) {
			return azureError(404, 'BlobNotFound', 'The specified blob does not exist.');
		}
		return {
			status: 200,
			headers: {
				'content-type': blob.contentType,
				etag: blob.etag,
				'last-modified': blob.lastModified,
				'accept-ranges': 'bytes',
				'x-ms-blob-type': 'BlockBlob',
				'x-ms-version': SAS_VERSION,
				'x-ms-request-id': randomUUID(),
			},
			body: blob.bytes,
		};
	}

	private sign(path: string, sp: string, st: string, se: string, sr: string, sv: string): string {
		return createHmac('sha256', this.key)
			.update([sp, st, se, path, sv, sr].join('\n'))
			.digest('base64');
	}
}

const AUTH_FAILED =
	'Server failed to authenticate the request. Make sure the value of Authorization header is formed correctly including the signature.';

function azureError(status: number, code: string, text: string, detail?: string): Reply {
	const requestId = randomUUID();
	const time = new Date().toISOString();
	const detailXml =
		detail === undefined
			? ''
			: `<AuthenticationErrorDetail>${escapeText(detail)}</AuthenticationErrorDetail>`;
	return {
		status,
		headers: {
			'content-type': 'application/xml',
			'x-ms-error-code': code,
			'x-ms-request-id': requestId,
		},
		body:
			`<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code>` +
			`<Message>${escapeText(text)}\nRequestId:${requestId}\nTime:${time}</Message>${detailXml}</Error>`,
	};
}

function escapeText(value: string): string {
	return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function safeEqual(a: string, b: string): boolean {
	const left = Buffer.from(a, 'utf8');
	const right = Buffer.from(b, 'utf8');
	return left.length === right.length && timingSafeEqual(left, right);
}
