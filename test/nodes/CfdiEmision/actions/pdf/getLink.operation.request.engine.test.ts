/**
 * PDF > Get Link through n8n-core's engine against the sandbox: the generation and link requests,
 * the link and its expiry returned, a raw-URL answer, and the download's size limit.
 * Also covers: nodes/CfdiEmision/api/pdf.ts (the render and link requests, the download from the storage host).
 */
import { account, routes } from '../../../../support/sandboxCredential';
import { binaryBytes, stampedUuid, useSandboxEngine } from '../../../../support/nodeTestKit';
import { startBigPdfHost, type BigPdfHost } from '../../../../support/bigPdfHost';

const apiRoot = `/businessEmision/api/v1/emisores/${account.emisorId}`;

describe('pdf: get link', () => {
	const kit = useSandboxEngine();

	test('requests generation, then returns the link and its expiry', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.clearLog();
		const { items, error } = await kit.engine.runNode(
			{ resource: 'pdf', operation: 'getLink', uuid },
			[{}],
		);
		expect(error).toBeUndefined();
		const [generate, link] = kit.sandbox.requests;
		expect([generate.route, generate.method, generate.pathname]).toEqual([
			'requestPdf',
			'POST',
			`${apiRoot}/pdfs/${uuid}`,
		]);
		expect(generate.body).toBe('');
		expect([link.route, link.method, link.pathname]).toEqual([
			'getPdfLink',
			'GET',
			`${apiRoot}/comprobantes/${uuid}/pdf`,
		]);
		expect(link.headers['content-type']).toBe('application/x-www-form-urlencoded');

		const url = new URL(String(items[0].json.url));
		expect(url.origin).toBe(kit.sandbox.blobUrl);
		expect(items[0].json).toEqual({
			uuid,
			url: url.href,
			startsAt: new Date(String(url.searchParams.get('st'))).toISOString(),
			expiresAt: new Date(String(url.searchParams.get('se'))).toISOString(),
		});
		expect(items[0].binary).toBeUndefined();
	});

	test('download puts the PDF into binary "data" as <uuid>.pdf, fetched without any Authorization header', async () => {
		const uuid = await stampedUuid(kit.engine);
		const { items, error } = await kit.engine.runNode(
			{ resource: 'pdf', operation: 'getLink', uuid, download: true },
			[{}],
		);
		expect(error).toBeUndefined();
		const [blob] = routes(kit.sandbox, 'blob');
		expect(blob.headers.authorization).toBeUndefined();
		const served = Buffer.from(await (await fetch(String(items[0].json.url))).arrayBuffer());
		expect(binaryBytes(items[0]).equals(served)).toBe(true);
		expect(served.subarray(0, 5).toString()).toBe('%PDF-');
		expect(items[0].binary?.data).toMatchObject({
			fileName: `${uuid}.pdf`,
			mimeType: 'application/pdf',
		});
		expect(items[0].json).toMatchObject({ uuid, fileName: `${uuid}.pdf`, fileSize: served.length });
	});

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

describe('pdf: a link answered as a raw URL', () => {
	const rawKit = useSandboxEngine({ pdfLinkFraming: 'raw' });
	test('a raw URL answer is used as is', async () => {
		const uuid = await stampedUuid(rawKit.engine);
		const { items, error } = await rawKit.engine.runNode(
			{ resource: 'pdf', operation: 'getLink', uuid },
			[{}],
		);
		expect(error).toBeUndefined();
		expect(String(items[0].json.url)).toMatch(new RegExp(`^${rawKit.sandbox.blobUrl}/cfdi-pdfs/`));
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
