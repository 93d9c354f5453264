import { binaryBytes, stampedUuid, useSandboxEngine } from '../../../../support/nodeTestKit';

/**
 * Issue 25 item 3: XML → Download puts its file in the binary field "xml" in new nodes (1.1), so a
 * PDF downloaded after it (field "pdf") does not replace it; nodes saved as version 1 keep "data".
 */
const kit = useSandboxEngine();

describe('XML → Download: the binary field of the file', () => {
	test('version 1.1: "xml" by default, beside the files the item already had', async () => {
		const uuid = await stampedUuid(kit.engine);
		const earlier = {
			data: { data: Buffer.from('kept').toString('base64'), mimeType: 'text/plain' },
		};
		const { items, error } = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download' },
			[{ json: { uuid }, binary: earlier }],
			{ typeVersion: 1.1 },
		);
		expect(error).toBeUndefined();
		expect(Object.keys(items[0].binary ?? {}).sort()).toEqual(['data', 'xml']);
		expect(items[0].binary?.xml.fileName).toBe(`${uuid}.xml`);
		expect(binaryBytes(items[0], 'xml').toString('utf8')).toContain(uuid);
		expect(binaryBytes(items[0], 'data').toString('utf8')).toBe('kept');
	});

	test('version 1.1: "Put Output File in Field" still names another field', async () => {
		const uuid = await stampedUuid(kit.engine);
		const { items } = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download', xmlOptions: { binaryPropertyName: 'invoiceXml' } },
			[{ uuid }],
			{ typeVersion: 1.1 },
		);
		expect(Object.keys(items[0].binary ?? {})).toEqual(['invoiceXml']);
	});

	test('version 1 keeps "data"', async () => {
		const uuid = await stampedUuid(kit.engine);
		const { items } = await kit.engine.runNode({ resource: 'xml', operation: 'download', uuid }, [
			{},
		]);
		expect(Object.keys(items[0].binary ?? {})).toEqual(['data']);
		expect(items[0].binary?.data.fileName).toBe(`${uuid}.xml`);
	});
});
