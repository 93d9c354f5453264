/**
 * A stamped voucher's PDF (spec 4.6): its link, asked for through the service, and the file itself,
 * downloaded from the storage host the link names. That download is the one request of the package
 * that does not go through callService: it goes to another host, with no Authorization header.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { backoff } from '../network/backoff';
import { operationFailed } from '../transport/errors';
import {
	describeDownloadAdvice,
	describeDownloadFailure,
	readNetworkFailure,
} from '../network/failures';
import { unwrapLink } from '../transport/responses';
import { ServiceCallError } from '../transport/serviceError';
import { callService, type RunSession } from '../transport/transport';
import { pdfRenderPath, voucherPdfPath } from './paths';
import { describeLink, type PdfLink } from './pdfLink';

/** The longest pause between two asks for the link. */
const MAX_LINK_DELAY_MS = 10_000;
export const BYTES_PER_MB = 1024 * 1024;

function isNotReady(error: unknown): boolean {
	return error instanceof ServiceCallError && error.kind === 'http' && error.details.status === 404;
}

/**
 * POST .../pdfs/{uuid} asks the service to render the PDF, then GET .../comprobantes/{uuid}/pdf
 * asks for its link, waiting with growing pauses (at most MAX_LINK_DELAY_MS) while it is not ready.
 */
export async function fetchPdfLink(
	ctx: IExecuteFunctions,
	session: RunSession,
	uuid: string,
	attempts: number,
	firstDelayMs: number,
): Promise<PdfLink> {
	await callService(ctx, session, { method: 'POST', url: pdfRenderPath(uuid) });
	for (let attempt = 1; ; attempt++) {
		const text = await callService(ctx, session, {
			method: 'GET',
			url: voucherPdfPath(uuid),
			// The header the spec lists for this call (4.6), although it has no body.
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		}).then(
			(response) => unwrapLink(response.body),
			(error: unknown) => {
				// 404 means "not generated yet"; anything else is a real failure.
				if (isNotReady(error)) return '';
				throw error;
			},
		);
		const link = describeLink(text);
		if (link) return link;
		if (text) {
			throw new ServiceCallError(
				`the service answered "${text.slice(0, 120)}" instead of a PDF link`,
				'malformed',
			);
		}
		if (attempt >= attempts) {
			throw new ServiceCallError(
				`the PDF was still not ready after ${attempts} attempts. Run the item again later, or raise "Link Attempts"`,
				'malformed',
			);
		}
		await backoff(firstDelayMs, attempt - 1, MAX_LINK_DELAY_MS);
	}
}

/** How much of an error answer of the storage host is read to quote it. */
const ERROR_TEXT_BYTES = 2048;

function megabytes(bytes: number): string {
	return `${(bytes / BYTES_PER_MB).toFixed(1)} MB`;
}

/** A response body as n8n's request helper gives it with `encoding: 'stream'` (a Node readable stream). */
type BodyStream = AsyncIterable<Uint8Array> & { destroy?: () => void };

function isStream(body: unknown): body is BodyStream {
	return !!body && typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function';
}

/** Ends a transfer early and frees its connection. */
function stopTransfer(body: unknown): void {
	if (isStream(body)) body.destroy?.();
}

/**
 * Reads a streamed body while counting its bytes, and stops the transfer as soon as it passes
 * `limit`, holding at most the limit in memory: the bytes up to the limit, and whether that was all.
 */
async function readAtMost(
	body: unknown,
	limit: number,
): Promise<{ bytes: Buffer; complete: boolean }> {
	if (!isStream(body)) {
		const bytes = Buffer.isBuffer(body)
			? body
			: Buffer.from(typeof body === 'string' ? body : '', 'utf8');
		return { bytes: bytes.subarray(0, limit), complete: bytes.length <= limit };
	}
	const chunks: Buffer[] = [];
	let size = 0;
	try {
		for await (const chunk of body) {
			const room = limit - size;
			chunks.push(Buffer.from(chunk.subarray(0, Math.max(0, room))));
			size += Math.min(chunk.length, Math.max(0, room));
			if (chunk.length > room) return { bytes: Buffer.concat(chunks, size), complete: false };
		}
	} finally {
		stopTransfer(body);
	}
	return { bytes: Buffer.concat(chunks, size), complete: true };
}

/**
 * Downloads the PDF from its time-limited link, with no Authorization header (another host), as a
 * stream counted against the size limit. Its failures name the storage host and never blame the
 * credential's URLs; what the host says is redacted like any answer.
 */
export async function downloadPdf(
	ctx: IExecuteFunctions,
	session: RunSession,
	link: PdfLink,
	itemIndex: number,
	uuid: string,
	maxBytes: number,
): Promise<Buffer> {
	const host = new URL(link.url).host;
	const failed = (reason: string, advice: string) =>
		operationFailed(ctx, itemIndex, `Could not get the PDF of ${uuid}: ${reason}`, advice);
	const response = (await ctx.helpers
		.httpRequest({
			method: 'GET',
			url: link.url,
			encoding: 'stream',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: session.timeoutMs,
			skipSslCertificateValidation: session.allowUnauthorizedCerts,
		})
		.catch((error: unknown) => {
			const failure = readNetworkFailure(error);
			throw failed(describeDownloadFailure(failure, host), describeDownloadAdvice(failure, host));
		})) as { statusCode: number; body: unknown; headers?: Record<string, unknown> };
	const stream = response.body;
	const again = describeDownloadAdvice(undefined, host);
	if (response.statusCode !== 200) {
		if (response.statusCode === 403 && link.expiresAt && Date.parse(link.expiresAt) < Date.now()) {
			stopTransfer(stream);
			throw failed(
				`the PDF link expired at ${link.expiresAt}`,
				'Links are short-lived and nothing was changed: run the item again for a fresh link, and download it in the same run (Download on).',
			);
		}
		const text =
			(await readAtMost(stream, ERROR_TEXT_BYTES).catch(() => undefined))?.bytes.toString('utf8') ??
			'';
		const quoted = (await session.redact(ctx, text)).slice(0, 160);
		throw failed(
			`the storage host ${host} answered HTTP ${response.statusCode}${quoted ? ` (${quoted})` : ''}`,
			again,
		);
	}
	const tooLarge = (seen: string) =>
		failed(
			`the PDF on ${host} is larger than the ${megabytes(maxBytes)} limit (${seen}); the download was stopped`,
			`Nothing was kept and nothing was changed: a voucher's PDF is normally well under 1 MB, so check the link. If this PDF really is that large, raise the option "Max PDF Size (MB)".`,
		);
	const declared = Number(response.headers?.['content-length']);
	if (Number.isFinite(declared) && declared > maxBytes) {
		stopTransfer(stream);
		throw tooLarge(`it announced ${megabytes(declared)}`);
	}
	let read: { bytes: Buffer; complete: boolean };
	try {
		read = await readAtMost(stream, maxBytes);
	} catch (error) {
		const failure = readNetworkFailure(error);
		throw failed(describeDownloadFailure(failure, host), describeDownloadAdvice(failure, host));
	}
	if (!read.complete) throw tooLarge('more than that arrived');
	const { bytes } = read;
	if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
		throw failed(`the link on ${host} returned something that is not a PDF file`, again);
	}
	return bytes;
}
