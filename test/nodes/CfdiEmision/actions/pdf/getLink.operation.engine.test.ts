import { binaryBytes, stampedUuid, useSandboxEngine } from '../../../../support/nodeTestKit';

/**
 * Issue 25 item 3: PDF → Get Link puts its download in the binary field "pdf" in new nodes (1.1),
 * so Create → XML → PDF keeps both files; nodes saved as version 1 keep "data".
 */
const kit = useSandboxEngine();

describe('PDF → Get Link: the binary field of the download', () => {
	test('version 1.1: "pdf" by default, after an XML in "xml" (both kept)', async () => {
		const uuid = await stampedUuid(kit.engine);
		const { items: xml } = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download' },
			[{ uuid }],
			{ typeVersion: 1.1 },
		);
		const { items, error } = await kit.engine.runNode(
			{ resource: 'pdf', operation: 'getLink' },
			xml,
			{ typeVersion: 1.1 },
		);
		expect(error).toBeUndefined();
		expect(Object.keys(items[0].binary ?? {}).sort()).toEqual(['pdf', 'xml']);
		expect(items[0].binary?.pdf.fileName).toBe(`${uuid}.pdf`);
		expect(binaryBytes(items[0], 'pdf').subarray(0, 5).toString('latin1')).toBe('%PDF-');
		expect(binaryBytes(items[0], 'xml').toString('utf8')).toContain(uuid);
	});

	test('version 1.1: the same field named for both files holds the PDF (the user asked so)', async () => {
		const uuid = await stampedUuid(kit.engine);
		const { items: xml } = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download' },
			[{ uuid }],
			{ typeVersion: 1.1 },
		);
		const { items } = await kit.engine.runNode(
			{ resource: 'pdf', operation: 'getLink', pdfOptions: { binaryPropertyName: 'xml' } },
			xml,
			{ typeVersion: 1.1 },
		);
		expect(Object.keys(items[0].binary ?? {})).toEqual(['xml']);
		expect(items[0].binary?.xml.fileName).toBe(`${uuid}.pdf`);
	});

	test('version 1 with Download on keeps "data"', async () => {
		const uuid = await stampedUuid(kit.engine);
		const { items } = await kit.engine.runNode(
			{ resource: 'pdf', operation: 'getLink', uuid, download: true },
			[{}],
		);
		expect(Object.keys(items[0].binary ?? {})).toEqual(['data']);
		expect(items[0].binary?.data.fileName).toBe(`${uuid}.pdf`);
	});
});
