/**
 * XML > Download through n8n-core's engine against the sandbox: the file served, as binary data.
 */
import { account, routes } from '../../../../support/sandboxCredential';
import { binaryBytes, stampedUuid, useSandboxEngine } from '../../../../support/nodeTestKit';

const kit = useSandboxEngine();
const apiRoot = `/businessEmision/api/v1/emisores/${account.emisorId}`;

describe('xml: download', () => {
	test('returns the XML the service served as binary "data" named <uuid>.xml', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.clearLog();
		const { items, error } = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download', uuid, xmlOptions: { includeXmlText: true } },
			[{}],
		);
		expect(error).toBeUndefined();
		const [download] = routes(kit.sandbox, 'downloadXml');
		expect(download.method).toBe('GET');
		expect(download.pathname).toBe(`${apiRoot}/descargacomprobantes/${uuid}`);
		expect(download.query).toEqual({ tipoContenido: 'xml' });

		const servedXml = [...kit.sandbox.vouchers.values()][0].xml!;
		expect(binaryBytes(items[0]).equals(Buffer.from(servedXml, 'utf8'))).toBe(true);
		expect(items[0].binary?.data).toMatchObject({
			fileName: `${uuid}.xml`,
			mimeType: 'application/xml',
			fileExtension: 'xml',
		});
		expect(items[0].json).toEqual({
			uuid,
			fileName: `${uuid}.xml`,
			fileSize: Buffer.byteLength(servedXml),
			xml: servedXml,
		});
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	test('an HTML page instead of XML is an error, not a file', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({ route: 'downloadXml', kind: 'html' });
		const { items, error } = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download', uuid },
			[{}],
		);
		expect(items).toHaveLength(0);
		expect(error?.message).toContain(
			`Item 0: Could not download the XML of ${uuid}: The service answered the XML download with an HTML page`,
		);
	});

	test('a malformed UUID is refused before any request', async () => {
		const { error } = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download', uuid: 'not-a-uuid' },
			[{}],
		);
		expect(error?.message).toBe('Item 0: UUID "not-a-uuid" is not a voucher UUID.');
		expect(kit.sandbox.requests).toHaveLength(0);
	});
});

describe('xml: the file is what it claims', () => {
	const servedXmlOf = (uuid: string) =>
		[...kit.sandbox.vouchers.values()].find((voucher) => voucher.uuid === uuid)!.xml!;

	test("another voucher's XML answered for the requested UUID is an error, not a file under the wrong name", async () => {
		const asked = await stampedUuid(kit.engine);
		const other = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({
			route: 'downloadXml',
			kind: 'status',
			status: 200,
			body: servedXmlOf(other),
			contentType: 'application/xml; charset=utf-8',
		});
		const { items, error } = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download', uuid: asked },
			[{}],
			{ continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items[0].binary).toBeUndefined();
		expect(items[0].json.error).toBe(
			`Item 0: the service answered the XML of ${other} for voucher ${asked}.`,
		);
		expect(items[0].json.description).toMatch(
			/^No file was returned: it would have carried another document under this UUID\. Nothing was changed at the service\./,
		);
	});

	test('an XML without a TimbreFiscalDigital (not stamped) is an error', async () => {
		const uuid = await stampedUuid(kit.engine);
		const unstamped = servedXmlOf(uuid).replace(/<tfd:TimbreFiscalDigital[^>]*\/>/, '');
		expect(unstamped).not.toContain('TimbreFiscalDigital');
		kit.sandbox.injectFault({
			route: 'downloadXml',
			kind: 'status',
			status: 200,
			body: unstamped,
			contentType: 'application/xml; charset=utf-8',
		});
		const { error } = await kit.engine.runNode({ resource: 'xml', operation: 'download', uuid }, [
			{},
		]);
		expect(error?.message).toBe(
			`Item 0: the XML the service answered for voucher ${uuid} has no TimbreFiscalDigital UUID: it is not a stamped voucher.`,
		);
	});

	test('the UUID is compared without regard to letter case', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({
			route: 'downloadXml',
			kind: 'status',
			status: 200,
			body: servedXmlOf(uuid).replace(uuid, uuid.toLowerCase()),
			contentType: 'application/xml; charset=utf-8',
		});
		const { items, error } = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download', uuid },
			[{}],
		);
		expect(error).toBeUndefined();
		expect(items[0].json.uuid).toBe(uuid);
	});
});
