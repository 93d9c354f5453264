import { account, routes } from '../../scripts/lib/sandboxCredential';
import { binaryBytes, stampedUuid, useSandboxEngine } from './nodeTestKit';

const apiRoot = `/businessEmision/api/v1/emisores/${account.emisorId}`;

describe('pdf: get link', () => {
	const kit = useSandboxEngine();

	test('requests generation, then returns the link and its expiry', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.clearLog();
		const { items, error } = await kit.engine.runNode({ resource: 'pdf', operation: 'getLink', uuid }, [{}]);
		expect(error).toBeUndefined();
		const [generate, link] = kit.sandbox.requests;
		expect([generate.route, generate.method, generate.pathname]).toEqual(['requestPdf', 'POST', `${apiRoot}/pdfs/${uuid}`]);
		expect(generate.body).toBe('');
		expect([link.route, link.method, link.pathname]).toEqual(['getPdfLink', 'GET', `${apiRoot}/comprobantes/${uuid}/pdf`]);
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
		const { items, error } = await kit.engine.runNode({ resource: 'pdf', operation: 'getLink', uuid, download: true }, [{}]);
		expect(error).toBeUndefined();
		const [blob] = routes(kit.sandbox, 'blob');
		expect(blob.headers.authorization).toBeUndefined();
		const served = Buffer.from(await (await fetch(String(items[0].json.url))).arrayBuffer());
		expect(binaryBytes(items[0]).equals(served)).toBe(true);
		expect(served.subarray(0, 5).toString()).toBe('%PDF-');
		expect(items[0].binary?.data).toMatchObject({ fileName: `${uuid}.pdf`, mimeType: 'application/pdf' });
		expect(items[0].json).toMatchObject({ uuid, fileName: `${uuid}.pdf`, fileSize: served.length });
	});

	test('waits while the PDF is not ready, then returns the link', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({ route: 'getPdfLink', kind: 'pdfNotReady', times: 2 });
		const { items, error } = await kit.engine.runNode({ resource: 'pdf', operation: 'getLink', uuid, pdfOptions: { linkRetryDelayMs: 1 } }, [{}]);
		expect(error).toBeUndefined();
		expect(routes(kit.sandbox, 'getPdfLink').map((r) => r.status)).toEqual([404, 404, 200]);
		expect(items[0].json.url).toEqual(expect.stringContaining(kit.sandbox.blobUrl));
	});

	test('fails clearly when the PDF never becomes ready', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({ route: 'getPdfLink', kind: 'pdfNotReady', times: 10 });
		const { error } = await kit.engine.runNode({ resource: 'pdf', operation: 'getLink', uuid, pdfOptions: { linkRetryDelayMs: 1, linkAttempts: 3 } }, [{}]);
		expect(error?.message).toBe(`Item 0: Could not get the PDF of ${uuid}: the PDF was still not ready after 3 attempts. Run the item again later, or raise "Link Attempts"`);
		expect(routes(kit.sandbox, 'getPdfLink')).toHaveLength(3);
	});

	test('an expired link is reported as expired', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({ route: 'getPdfLink', kind: 'expiredLink' });
		const { error } = await kit.engine.runNode({ resource: 'pdf', operation: 'getLink', uuid, download: true }, [{}]);
		expect(error?.message).toMatch(new RegExp(`^Item 0: Could not get the PDF of ${uuid}: the PDF link expired at \\S+Z$`));
		expect((error as { description?: string })?.description).toBe('Links are short-lived and nothing was changed: run the item again for a fresh link, and download it in the same run (Download on).');
	});
});

describe('pdf: a link answered as a raw URL', () => {
	const rawKit = useSandboxEngine({ pdfLinkFraming: 'raw' });
	test('a raw URL answer is used as is', async () => {
		const uuid = await stampedUuid(rawKit.engine);
		const { items, error } = await rawKit.engine.runNode({ resource: 'pdf', operation: 'getLink', uuid }, [{}]);
		expect(error).toBeUndefined();
		expect(String(items[0].json.url)).toMatch(new RegExp(`^${rawKit.sandbox.blobUrl}/cfdi-pdfs/`));
	});
});
