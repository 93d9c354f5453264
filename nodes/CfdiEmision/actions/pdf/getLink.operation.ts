/** PDF → Get Link: its fields and its execute. */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { backoff } from '../../transport/backoff';
import {
	describeDownloadAdvice,
	describeDownloadFailure,
	readNetworkFailure,
} from '../../transport/failures';

import {
	fileFieldOf,
	showFor,
	withFileFieldDefault,
	uuidField,
	withDefaultFromVersion11,
} from '../common.fields';
import { addedToIncoming } from '../../execution/incomingItem';
import { operationFailed, toNodeError } from '../../transport/errors';
import { readUuid } from '../../execution/parameters';
import { unwrapLink } from '../../transport/responses';
import {
	concurrencyOption,
	ignoreSslOption,
	readRequestSettings,
	timeoutOption,
} from '../../transport/requestSettings';
import { runItems } from '../../execution/runItems';
import { ServiceCallError } from '../../transport/serviceError';
import { callService, type RunSession } from '../../transport/transport';
import { pdfRenderPath, voucherPdfPath } from '../../api/paths';
import { describeLink, type PdfLink } from '../../api/pdfLink';

const PDF_CONCURRENCY = 4;
const DEFAULT_LINK_ATTEMPTS = 5;
const DEFAULT_LINK_DELAY_MS = 1000;
const MAX_LINK_DELAY_MS = 10_000;
/** The default most a PDF download may bring in; a voucher's PDF is a few hundred kilobytes. */
const DEFAULT_MAX_PDF_MB = 20;
const BYTES_PER_MB = 1024 * 1024;

const getLinkFields: INodeProperties[] = [
	...uuidField('pdf', ['getLink']),
	// Version 1.1: on by default (a chain to E-mail or storage wants the file, not only its link).
	...withDefaultFromVersion11(
		{
			displayName: 'Download',
			name: 'download',
			type: 'boolean',
			default: false,
			description:
				'Whether to also download the PDF into a binary field (as &lt;uuid&gt;.pdf; the field is "pdf" unless the option "Put Output File in Field" names another)',
			displayOptions: showFor('pdf', ['getLink']),
		},
		true,
	),
	...withFileFieldDefault(
		{
			displayName: 'Options',
			name: 'pdfOptions',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			displayOptions: showFor('pdf', ['getLink']),
			options: [
				{
					displayName: 'Put Output File in Field',
					name: 'binaryPropertyName',
					type: 'string',
					default: 'data',
					description:
						'The name of the output binary field to put the downloaded PDF in (with Download on; default "pdf", "data" in nodes saved as version 1)',
				},
				concurrencyOption(PDF_CONCURRENCY, 'How many PDFs are requested at the same time'),
				ignoreSslOption(),
				{
					displayName: 'Link Attempts',
					name: 'linkAttempts',
					type: 'number',
					typeOptions: { minValue: 1 },
					default: DEFAULT_LINK_ATTEMPTS,
					description: 'How many times to ask for the link while the PDF is still being generated',
				},
				{
					displayName: 'Link Retry Pause (Ms)',
					name: 'linkRetryDelayMs',
					type: 'number',
					typeOptions: { minValue: 0 },
					default: DEFAULT_LINK_DELAY_MS,
					description:
						'Pause before the second attempt; each further attempt waits twice as long (at most 10 seconds)',
				},
				{
					displayName: 'Max PDF Size (MB)',
					name: 'maxPdfSizeMb',
					type: 'number',
					typeOptions: { minValue: 1 },
					default: DEFAULT_MAX_PDF_MB,
					description:
						'The largest PDF the download accepts. It is checked while the file arrives, and a larger one stops the item with an error instead of filling memory.',
				},
				timeoutOption(),
			],
		},
		'pdf',
	),
];

/** PDF → Get Link: its fields in the order the editor shows them (Voucher.resource.ts shows them for it). */
export const description: INodeProperties[] = [...getLinkFields];

function isNotReady(error: unknown): boolean {
	return error instanceof ServiceCallError && error.kind === 'http' && error.details.status === 404;
}

/** Asks for generation, then for the link, waiting with growing pauses while it is not ready. */
async function fetchLink(
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
async function downloadPdf(
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

export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runItems(
		ctx,
		readRequestSettings(ctx, 'pdfOptions', {
			concurrency: PDF_CONCURRENCY,
			batchingSetsConcurrency: true,
		}),
		async (itemIndex, session) => {
			const uuid = readUuid(ctx, itemIndex);
			const download = ctx.getNodeParameter('download', itemIndex, false) as boolean;
			const options = ctx.getNodeParameter('pdfOptions', itemIndex, {}) as IDataObject;
			const attempts = Math.max(
				1,
				Math.floor(Number(options.linkAttempts ?? DEFAULT_LINK_ATTEMPTS)) || DEFAULT_LINK_ATTEMPTS,
			);
			const delay = Math.max(0, Number(options.linkRetryDelayMs ?? DEFAULT_LINK_DELAY_MS) || 0);
			try {
				const link = await fetchLink(ctx, session, uuid, attempts, delay);
				const json: IDataObject = {
					uuid,
					url: link.url,
					expiresAt: link.expiresAt,
					startsAt: link.startsAt,
				};
				if (!download) return { items: [addedToIncoming(ctx, itemIndex, json)] };
				const maxMb = Number(options.maxPdfSizeMb ?? DEFAULT_MAX_PDF_MB);
				const bytes = await downloadPdf(
					ctx,
					session,
					link,
					itemIndex,
					uuid,
					(Number.isFinite(maxMb) && maxMb > 0 ? maxMb : DEFAULT_MAX_PDF_MB) * BYTES_PER_MB,
				);
				const fileName = `${uuid}.pdf`;
				json.fileName = fileName;
				json.fileSize = bytes.length;
				const field = fileFieldOf(ctx, options, 'pdf');
				return {
					items: [
						addedToIncoming(ctx, itemIndex, json, {
							[field]: await ctx.helpers.prepareBinaryData(bytes, fileName, 'application/pdf'),
						}),
					],
				};
			} catch (error) {
				throw toNodeError(ctx, error, itemIndex, {
					action: `get the PDF of ${uuid}`,
					readOnly: true,
				});
			}
		},
	);
}
