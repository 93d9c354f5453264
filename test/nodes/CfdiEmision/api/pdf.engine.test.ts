/**
 * The PDF's fetching (api/pdf.ts) through n8n-core's engine against the sandbox, as PDF > Get Link
 * runs it: the link waited for while the service has not rendered it, an expired link said to be
 * expired, the download's size limit checked while the file arrives, and a storage host's failure
 * named as that host's, never the Base URL's. Moved from actions/pdf/getLink.operation.request.engine.test.ts
 * and transport/errors.emailAndPdf.engine.test.ts with their cases; the operation's requests and
 * item stay there.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox } from '../../../../sandbox';
import { startBigPdfHost, type BigPdfHost } from '../../../support/bigPdfHost';
import { binaryBytes, errorOf, stampedUuid, useSandboxEngine } from '../../../support/nodeTestKit';
import { routes } from '../../../support/sandboxCredential';

describe('the PDF link: waited for while not ready, its expiry said', () => {
	const kit = useSandboxEngine();

	test('waits while the PDF is not ready, then returns the link', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({ route: 'getPdfLink', kind: 'pdfNotReady', times: 2 });
		const { items, error } = await kit.engine.runNode(
			{ resource: 'pdf', operation: 'getLink', uuid, pdfOptions: { linkRetryDelayMs: 1 } },
			[{}],
		);
		expect(error).toBeUndefined();
		expect(routes(kit.sandbox, 'getPdfLink').map((r) => r.status)).toEqual([404, 404, 200]);
		expect(items[0].json.url).toEqual(expect.stringContaining(kit.sandbox.blobUrl));
	});

	test('fails clearly when the PDF never becomes ready', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({ route: 'getPdfLink', kind: 'pdfNotReady', times: 10 });
		const { error } = await kit.engine.runNode(
			{
				resource: 'pdf',
				operation: 'getLink',
				uuid,
				pdfOptions: { linkRetryDelayMs: 1, linkAttempts: 3 },
			},
			[{}],
		);
		expect(error?.message).toBe(
			`Item 0: Could not get the PDF of ${uuid}: the PDF was still not ready after 3 attempts. Run the item again later, or raise "Link Attempts"`,
		);
		expect(routes(kit.sandbox, 'getPdfLink')).toHaveLength(3);
	});

	test('an expired link is reported as expired', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({ route: 'getPdfLink', kind: 'expiredLink' });
		const { error } = await kit.engine.runNode(
			{ resource: 'pdf', operation: 'getLink', uuid, download: true },
			[{}],
		);
		expect(error?.message).toMatch(
			new RegExp(`^Item 0: Could not get the PDF of ${uuid}: the PDF link expired at \\S+Z$`),
		);
		expect((error as { description?: string })?.description).toBe(
			'Links are short-lived and nothing was changed: run the item again for a fresh link, and download it in the same run (Download on).',
		);
	});
});

describe('pdf: the download has a size limit, checked while the file arrives', () => {
	const kit = useSandboxEngine();
	const MB = 1024 * 1024;
	let host: BigPdfHost | undefined;
	afterEach(async () => await host?.close());

	async function downloadFrom(big: BigPdfHost, pdfOptions: Record<string, number> = {}) {
		const uuid = await stampedUuid(kit.engine);
		// The service hands out a link to the large file.
		kit.sandbox.injectFault({
			route: 'getPdfLink',
			kind: 'status',
			status: 200,
			body: JSON.stringify(big.url),
		});
		const result = await kit.engine.runNode(
			{ resource: 'pdf', operation: 'getLink', uuid, download: true, pdfOptions },
			[{}],
		);
		return { uuid, ...result };
	}

	test('a file without a declared length is stopped once it passes the limit, not buffered whole', async () => {
		host = await startBigPdfHost(100 * MB, { announceLength: false });
		const { uuid, items, error } = await downloadFrom(host, { maxPdfSizeMb: 1 });
		expect(items).toHaveLength(0);
		expect(error?.message).toBe(
			`Item 0: Could not get the PDF of ${uuid}: the PDF on ${new URL(host.url).host} is larger than the 1.0 MB limit (more than that arrived); the download was stopped`,
		);
		expect((error as { description?: string }).description).toContain(
			'raise the option "Max PDF Size (MB)"',
		);
		// What left the host is the limit plus what the sockets buffer, far from the 100 MB offered.
		expect(host.sent()).toBeLessThan(30 * MB);
	});

	test('a declared length above the limit is refused before the body is read', async () => {
		host = await startBigPdfHost(200 * MB, { announceLength: true });
		const { error } = await downloadFrom(host, { maxPdfSizeMb: 5 });
		expect(error?.message).toContain(
			'is larger than the 5.0 MB limit (it announced 200.0 MB); the download was stopped',
		);
		expect(host.sent()).toBeLessThan(30 * MB);
	});

	test('the default limit is 20 MB', async () => {
		host = await startBigPdfHost(21 * MB, { announceLength: false });
		const { error } = await downloadFrom(host);
		expect(error?.message).toContain('is larger than the 20.0 MB limit');
	});

	test('a file of exactly the limit is downloaded whole', async () => {
		host = await startBigPdfHost(1 * MB, { announceLength: false });
		const { items, error } = await downloadFrom(host, { maxPdfSizeMb: 1 });
		expect(error).toBeUndefined();
		expect(items[0].json.fileSize).toBe(MB);
		expect(binaryBytes(items[0]).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
	});
});

describe('the PDF download names the storage host and never blames the Base URL', () => {
	const kit = useSandboxEngine();
	const pdf = (uuid: string, extra: IDataObject = {}) => ({
		resource: 'pdf',
		operation: 'getLink',
		uuid,
		download: true,
		...extra,
	});

	test('a storage host that refuses the connection (a link to another host)', async () => {
		const uuid = await stampedUuid(kit.engine);
		const gone = await startSandbox();
		const host = new URL(gone.blobUrl).host;
		await gone.close();
		kit.sandbox.injectFault({
			route: 'getPdfLink',
			kind: 'status',
			status: 200,
			body: JSON.stringify(
				`${gone.blobUrl}/pdfs/${uuid}.pdf?st=2026-01-01T00:00:00Z&se=2099-01-01T00:00:00Z&sig=x`,
			),
		});
		const { items } = await kit.engine.runNode(pdf(uuid), [{}], { continueOnFail: true });
		const { error, description } = errorOf(items);
		expect(error).toBe(
			`Item 0: Could not get the PDF of ${uuid}: the PDF download from the storage host ${host} failed (connection refused)`,
		);
		expect(description).toContain(
			`the file is served by ${host}, which the node reaches without the credential, so the credential's Base URL plays no part`,
		);
		expect(description).toContain('Nothing was changed anywhere: a download only reads.');
		expect(description).toContain(`check that n8n can reach ${host}`);
		expect(description).not.toContain('Check the credential');
	});

	test('a storage host that answers an error status', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({ route: 'blob', kind: 'status', status: 500, body: 'InternalError' });
		const { items } = await kit.engine.runNode(pdf(uuid), [{}], { continueOnFail: true });
		const host = new URL(kit.sandbox.blobUrl).host;
		const { error, description } = errorOf(items);
		expect(error).toBe(
			`Item 0: Could not get the PDF of ${uuid}: the storage host ${host} answered HTTP 500 (InternalError)`,
		);
		expect(description).toContain('Run the item again for a fresh link');
	});
});
