import { account, routes } from './sandboxCredential';
import { binaryBytes, stampedUuid, useSandboxEngine } from './nodeTestKit';

describe('production-style paths (/api/v1) and other answer framings', () => {
	const kit = useSandboxEngine({ pathStyle: 'short', xmlFraming: 'json-string', pdfLinkFraming: 'double-json-string' });

	test('every route goes under /api/v1, the XML framed as a JSON string and the link quoted twice are unwrapped', async () => {
		const uuid = await stampedUuid(kit.engine);
		const xml = await kit.engine.runNode({ resource: 'xml', operation: 'download', uuid }, [{}]);
		const pdf = await kit.engine.runNode({ resource: 'pdf', operation: 'getLink', uuid, download: true }, [{}]);
		const email = await kit.engine.runNode({ resource: 'email', operation: 'send', uuid, to: 'a@example.com', subject: 's', message: 'm' }, [{}]);
		expect([xml.error, pdf.error, email.error]).toEqual([undefined, undefined, undefined]);

		const apiPaths = kit.sandbox.requests.filter((r) => r.server === 'api').map((r) => r.pathname);
		expect(apiPaths.every((path) => path.startsWith(`/api/v1/emisores/${account.emisorId}/`))).toBe(true);
		expect(routes(kit.sandbox, 'sendEmail')[0].pathname).toBe(`/api/v1/emisores/${account.emisorId}/enviocorreo`);

		const stored = [...kit.sandbox.vouchers.values()][0];
		expect(binaryBytes(xml.items[0]).toString('utf8')).toBe(stored.xml);
		expect(String(pdf.items[0].json.url)).toMatch(new RegExp(`^${kit.sandbox.blobUrl}/`));
		expect(binaryBytes(pdf.items[0]).subarray(0, 5).toString()).toBe('%PDF-');
	});
});

describe('raw link framing and the issuer id override', () => {
	const kit = useSandboxEngine({ pdfLinkFraming: 'raw' });

	test('a raw URL answer is used as is', async () => {
		const uuid = await stampedUuid(kit.engine);
		const { items, error } = await kit.engine.runNode({ resource: 'pdf', operation: 'getLink', uuid }, [{}]);
		expect(error).toBeUndefined();
		expect(String(items[0].json.url)).toMatch(new RegExp(`^${kit.sandbox.blobUrl}/cfdi-pdfs/`));
	});

	test('Issuer ID Override replaces the credential\'s emisorId in the path', async () => {
		const { error } = await kit.engine.runNode({ resource: 'voucher', operation: 'get', voucherId: 1001, emisorIdOverride: '999' }, [{}]);
		expect(routes(kit.sandbox, 'getVoucher')[0].pathname).toBe('/businessEmision/api/v1/emisores/999/comprobantes/1001');
		expect(error?.message).toMatch(/^Item 0: Could not get voucher 1001: the service answered HTTP 403/);
		expect(error?.description).toContain('Leave "Issuer ID Override" empty');
	});

	test('a non-numeric Issuer ID Override is refused before any request', async () => {
		const { error } = await kit.engine.runNode({ resource: 'voucher', operation: 'get', voucherId: 1001, emisorIdOverride: '12/../34' }, [{}]);
		expect(error?.message).toBe('Issuer ID Override "12/../34" is not an issuer ID.');
		expect(kit.sandbox.requests).toHaveLength(0);
	});
});
