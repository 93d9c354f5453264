/**
 * PDF > Get Link through n8n-core's engine against the sandbox: the generation and link requests,
 * the link and its expiry returned, a raw-URL answer, the PDF downloaded into the item. (The link
 * waited for, its expiry, the download's size limit and the storage host's failures:
 * api/pdf.engine.test.ts.)
 */
import { account, routes } from '../../../../support/sandboxCredential';
import { binaryBytes, stampedUuid, useSandboxEngine } from '../../../../support/nodeTestKit';

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
