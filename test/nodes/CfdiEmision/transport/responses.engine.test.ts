import { account, routes } from '../../../support/sandboxCredential';
import { binaryBytes, stampedUuid, useSandboxEngine } from '../../../support/nodeTestKit';

describe('production-style paths (/api/v1) and other answer framings', () => {
	const kit = useSandboxEngine({
		pathStyle: 'short',
		xmlFraming: 'json-string',
		pdfLinkFraming: 'double-json-string',
	});

	test('every route goes under /api/v1, the XML framed as a JSON string and the link quoted twice are unwrapped', async () => {
		const uuid = await stampedUuid(kit.engine);
		const xml = await kit.engine.runNode({ resource: 'xml', operation: 'download', uuid }, [{}]);
		const pdf = await kit.engine.runNode(
			{ resource: 'pdf', operation: 'getLink', uuid, download: true },
			[{}],
		);
		const email = await kit.engine.runNode(
			{
				resource: 'email',
				operation: 'send',
				uuid,
				to: 'a@example.com',
				subject: 's',
				message: 'm',
			},
			[{}],
		);
		expect([xml.error, pdf.error, email.error]).toEqual([undefined, undefined, undefined]);

		const apiPaths = kit.sandbox.requests.filter((r) => r.server === 'api').map((r) => r.pathname);
		expect(apiPaths.every((path) => path.startsWith(`/api/v1/emisores/${account.emisorId}/`))).toBe(
			true,
		);
		expect(routes(kit.sandbox, 'sendEmail')[0].pathname).toBe(
			`/api/v1/emisores/${account.emisorId}/enviocorreo`,
		);

		const stored = [...kit.sandbox.vouchers.values()][0];
		expect(binaryBytes(xml.items[0]).toString('utf8')).toBe(stored.xml);
		expect(String(pdf.items[0].json.url)).toMatch(new RegExp(`^${kit.sandbox.blobUrl}/`));
		expect(binaryBytes(pdf.items[0]).subarray(0, 5).toString()).toBe('%PDF-');
	});
});
