import { account, routes } from './sandboxCredential';
import { binaryBytes, stampedUuid, useSandboxEngine } from './nodeTestKit';

const kit = useSandboxEngine();
const apiRoot = `/businessEmision/api/v1/emisores/${account.emisorId}`;

describe('xml: download', () => {
	test('returns the XML the service served as binary "data" named <uuid>.xml', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.clearLog();
		const { items, error } = await kit.engine.runNode({ resource: 'xml', operation: 'download', uuid, xmlOptions: { includeXmlText: true } }, [{}]);
		expect(error).toBeUndefined();
		const [download] = routes(kit.sandbox, 'downloadXml');
		expect(download.method).toBe('GET');
		expect(download.pathname).toBe(`${apiRoot}/descargacomprobantes/${uuid}`);
		expect(download.query).toEqual({ tipoContenido: 'xml' });

		const servedXml = [...kit.sandbox.vouchers.values()][0].xml!;
		expect(binaryBytes(items[0]).equals(Buffer.from(servedXml, 'utf8'))).toBe(true);
		expect(items[0].binary?.data).toMatchObject({ fileName: `${uuid}.xml`, mimeType: 'application/xml', fileExtension: 'xml' });
		expect(items[0].json).toEqual({ uuid, fileName: `${uuid}.xml`, fileSize: Buffer.byteLength(servedXml), xml: servedXml });
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	test('an HTML page instead of XML is an error, not a file', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({ route: 'downloadXml', kind: 'html' });
		const { items, error } = await kit.engine.runNode({ resource: 'xml', operation: 'download', uuid }, [{}]);
		expect(items).toHaveLength(0);
		expect(error?.message).toContain(`Item 0: Could not download the XML of ${uuid}: The service answered the XML download with an HTML page`);
	});

	test('a malformed UUID is refused before any request', async () => {
		const { error } = await kit.engine.runNode({ resource: 'xml', operation: 'download', uuid: 'not-a-uuid' }, [{}]);
		expect(error?.message).toBe('Item 0: UUID "not-a-uuid" is not a voucher UUID.');
		expect(kit.sandbox.requests).toHaveLength(0);
	});
});

describe('pdf: get link', () => {
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
		expect(error?.message).toMatch(/the PDF link expired at .*; run the operation again for a fresh link/);
	});
});

describe('email: send', () => {
	test('posts the e-mail request to the capital-B path and returns the result', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.clearLog();
		const { items, error } = await kit.engine.runNode(
			{ resource: 'email', operation: 'send', uuid, to: 'buyer@example.com', subject: 'Your invoice', message: 'Attached.', cc: '', replyTo: 'billing@example.com' },
			[{}],
		);
		expect(error).toBeUndefined();
		const [send] = routes(kit.sandbox, 'sendEmail');
		expect(send.method).toBe('POST');
		expect(send.pathname).toBe(`/BusinessEmision/api/v1/emisores/${account.emisorId}/enviocorreo`);
		expect(send.headers['content-type']).toMatch(/^application\/json/);
		expect(JSON.parse(send.body)).toEqual({ para: 'buyer@example.com', asunto: 'Your invoice', mensaje: 'Attached.', cc: '', responderA: 'billing@example.com', cfdi: { uuid } });
		expect(items).toEqual([
			{ json: { uuid, sent: true, to: 'buyer@example.com', cc: '', replyTo: 'billing@example.com', subject: 'Your invoice' }, pairedItem: { item: 0 } },
		]);
		expect(kit.sandbox.emails).toHaveLength(1);
	});

	test('an invalid address is refused before any request, naming the field', async () => {
		const { error } = await kit.engine.runNode(
			{ resource: 'email', operation: 'send', uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF', to: 'buyer-at-example', subject: 's', message: 'm' },
			[{}],
		);
		expect(error?.message).toBe('Item 0: "To" has an invalid e-mail address: buyer-at-example.');
		expect(kit.sandbox.requests).toHaveLength(0);
	});
});
