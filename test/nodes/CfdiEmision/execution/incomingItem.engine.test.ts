import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { binaryBytes, stampedUuid, useSandboxEngine } from '../../../support/nodeTestKit';

/**
 * Issue 18 item 6 (part): from version 1.1 the XML, PDF and e-mail operations keep the incoming
 * item's fields and files and put their own on top, so Create → XML → PDF → E-mail needs no
 * expression pointing back at an earlier node; the file's field can be named. Version 1 keeps its
 * output as it was.
 */
const kit = useSandboxEngine();

async function chainStep(
	parameters: INodeParameters,
	input: INodeExecutionData[],
	typeVersion: number,
) {
	const { items, error } = await kit.engine.runNode(parameters, input, { typeVersion });
	expect(error).toBeUndefined();
	return items;
}

describe('version 1.1: XML, PDF and e-mail pass the incoming item on', () => {
	test('a chain XML → PDF → E-mail keeps the order fields and both files; "To" reads the incoming item', async () => {
		const uuid = await stampedUuid(kit.engine);
		const created: INodeExecutionData = {
			json: {
				uuid,
				status: 'stamped',
				order: { name: '#1001' },
				customerEmail: 'buyer@example.com',
			},
		};

		const xml = await chainStep(
			{
				resource: 'xml',
				operation: 'download',
				uuid: '={{ $json.uuid }}',
				xmlOptions: { binaryPropertyName: 'xml' },
			},
			[created],
			1.1,
		);
		expect(xml[0].json).toEqual({
			uuid,
			status: 'stamped',
			order: { name: '#1001' },
			customerEmail: 'buyer@example.com',
			fileName: `${uuid}.xml`,
			fileSize: expect.any(Number),
		});
		expect(Object.keys(xml[0].binary ?? {})).toEqual(['xml']);

		const pdf = await chainStep(
			{
				resource: 'pdf',
				operation: 'getLink',
				uuid: '={{ $json.uuid }}',
				download: true,
				pdfOptions: { binaryPropertyName: 'pdf' },
			},
			xml,
			1.1,
		);
		expect(pdf[0].json).toMatchObject({
			uuid,
			status: 'stamped',
			order: { name: '#1001' },
			customerEmail: 'buyer@example.com',
			fileName: `${uuid}.pdf`,
			url: expect.any(String),
		});
		expect(Object.keys(pdf[0].binary ?? {}).sort()).toEqual(['pdf', 'xml']);
		expect(binaryBytes(pdf[0], 'xml').toString('utf8')).toContain(uuid);
		expect(binaryBytes(pdf[0], 'pdf').subarray(0, 5).toString('latin1')).toBe('%PDF-');

		const mail = await chainStep(
			{
				resource: 'email',
				operation: 'send',
				uuid: '={{ $json.uuid }}',
				to: '={{ $json.customerEmail }}',
				subject: '=Invoice {{ $json.order.name }}',
				message: 'Attached.',
			},
			pdf,
			1.1,
		);
		expect(kit.sandbox.emails.map((email) => [email.body.para, email.body.asunto])).toEqual([
			['buyer@example.com', 'Invoice #1001'],
		]);
		expect(mail[0].json).toMatchObject({
			uuid,
			sent: true,
			to: 'buyer@example.com',
			subject: 'Invoice #1001',
			order: { name: '#1001' },
			status: 'stamped',
		});
		expect(Object.keys(mail[0].binary ?? {}).sort()).toEqual(['pdf', 'xml']);
		expect(mail[0].pairedItem).toEqual({ item: 0 });
	});

	test('a field of the operation replaces the incoming one of the same name; a file of the same field too', async () => {
		const uuid = await stampedUuid(kit.engine);
		const first = await chainStep(
			{ resource: 'xml', operation: 'download', uuid },
			[{ json: { fileName: 'old.txt', keep: 1 } }],
			1.1,
		);
		expect(first[0].json).toMatchObject({ fileName: `${uuid}.xml`, keep: 1 });
		// The same field named for both files: the PDF replaces the XML there.
		const again = await chainStep(
			{
				resource: 'pdf',
				operation: 'getLink',
				uuid,
				download: true,
				pdfOptions: { binaryPropertyName: 'xml' },
			},
			first,
			1.1,
		);
		expect(Object.keys(again[0].binary ?? {})).toEqual(['xml']);
		expect(again[0].binary?.xml.fileName).toBe(`${uuid}.pdf`);
	});
});

describe('version 1: the outputs as they were', () => {
	test('XML, PDF and e-mail return only their own fields and file', async () => {
		const uuid = await stampedUuid(kit.engine);
		const incoming: INodeExecutionData[] = [{ json: { uuid, order: { name: '#1001' } } }];
		const xml = await chainStep({ resource: 'xml', operation: 'download', uuid }, incoming, 1);
		expect(Object.keys(xml[0].json).sort()).toEqual(['fileName', 'fileSize', 'uuid']);
		expect(Object.keys(xml[0].binary ?? {})).toEqual(['data']);
		const pdf = await chainStep(
			{ resource: 'pdf', operation: 'getLink', uuid, download: true },
			xml,
			1,
		);
		expect(Object.keys(pdf[0].json).sort()).toEqual([
			'expiresAt',
			'fileName',
			'fileSize',
			'startsAt',
			'url',
			'uuid',
		]);
		expect(Object.keys(pdf[0].binary ?? {})).toEqual(['data']);
		const mail = await chainStep(
			{
				resource: 'email',
				operation: 'send',
				uuid,
				to: 'a@example.com',
				subject: 's',
				message: 'm',
			},
			pdf,
			1,
		);
		expect(mail[0].json).toEqual({
			uuid,
			sent: true,
			to: 'a@example.com',
			cc: '',
			replyTo: '',
			subject: 's',
		});
		expect(mail[0].binary).toBeUndefined();
	});

	test('the PDF can be put in a named field in version 1 too', async () => {
		const uuid = await stampedUuid(kit.engine);
		const pdf = await chainStep(
			{
				resource: 'pdf',
				operation: 'getLink',
				uuid,
				download: true,
				pdfOptions: { binaryPropertyName: 'invoicePdf' },
			},
			[{ json: {} }],
			1,
		);
		expect(Object.keys(pdf[0].binary ?? {})).toEqual(['invoicePdf']);
		expect(binaryBytes(pdf[0], 'invoicePdf').subarray(0, 5).toString('latin1')).toBe('%PDF-');
	});
});
