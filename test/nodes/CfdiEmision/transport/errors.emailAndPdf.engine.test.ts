/** What the user reads when a download or an e-mail goes wrong: the PDF's storage host named, never the Base URL; e-mail fields checked before sending; HTTP 429 on sending. */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox } from '../../../../sandbox';
import { stampedUuid, useSandboxEngine, errorOf } from '../../../support/nodeTestKit';
import { routes } from '../../../support/sandboxCredential';

const kit = useSandboxEngine();

describe('the PDF download names the storage host and never blames the Base URL', () => {
	const pdf = (uuid: string, extra: IDataObject = {}) => ({
		resource: 'pdf',
		operation: 'getLink',
		uuid,
		download: true,
		...extra,
	});

	test('a storage host that refuses the connection (a link to another host)', async () => {
		const uuid = await stampedUuid(kit.engine);
		const gone = await startSandbox();
		const host = new URL(gone.blobUrl).host;
		await gone.close();
		kit.sandbox.injectFault({
			route: 'getPdfLink',
			kind: 'status',
			status: 200,
			body: JSON.stringify(
				`${gone.blobUrl}/pdfs/${uuid}.pdf?st=2026-01-01T00:00:00Z&se=2099-01-01T00:00:00Z&sig=x`,
			),
		});
		const { items } = await kit.engine.runNode(pdf(uuid), [{}], { continueOnFail: true });
		const { error, description } = errorOf(items);
		expect(error).toBe(
			`Item 0: Could not get the PDF of ${uuid}: the PDF download from the storage host ${host} failed (connection refused)`,
		);
		expect(description).toContain(
			`the file is served by ${host}, which the node reaches without the credential, so the credential's Base URL plays no part`,
		);
		expect(description).toContain('Nothing was changed anywhere: a download only reads.');
		expect(description).toContain(`check that n8n can reach ${host}`);
		expect(description).not.toContain('Check the credential');
	});

	test('a storage host that answers an error status', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({ route: 'blob', kind: 'status', status: 500, body: 'InternalError' });
		const { items } = await kit.engine.runNode(pdf(uuid), [{}], { continueOnFail: true });
		const host = new URL(kit.sandbox.blobUrl).host;
		const { error, description } = errorOf(items);
		expect(error).toBe(
			`Item 0: Could not get the PDF of ${uuid}: the storage host ${host} answered HTTP 500 (InternalError)`,
		);
		expect(description).toContain('Run the item again for a fresh link');
	});
});
describe('e-mail fields checked before sending', () => {
	const email = (uuid: string, extra: IDataObject) => ({
		resource: 'email',
		operation: 'send',
		uuid,
		to: 'buyer@example.com',
		subject: 'Your invoice',
		message: 'Attached.',
		...extra,
	});

	test.each([
		['CR LF', 'Invoice\r\nBcc: x@example.com'],
		['LF', 'Invoice\nA-1001'],
		['CR', 'Invoice\rA-1001'],
	])(
		'a Subject with %s is refused, naming the field, the item and the fix',
		async (_name, subject) => {
			const uuid = await stampedUuid(kit.engine);
			kit.sandbox.clearLog();
			const { items } = await kit.engine.runNode(email(uuid, { subject }), [{}], {
				continueOnFail: true,
			});
			const { error, description } = errorOf(items);
			expect(error).toBe('Item 0: "Subject" contains a line break (CR or LF).');
			expect(description).toContain('Nothing was sent.');
			expect(description).toContain("{{ $json.subject.replace(/[\\r\\n]+/g, ' ') }}");
			expect(routes(kit.sandbox, 'sendEmail')).toEqual([]);
		},
	);

	test('Reply To takes one address (responderA): several are refused before sending', async () => {
		const uuid = await stampedUuid(kit.engine);
		const { items } = await kit.engine.runNode(
			email(uuid, { replyTo: 'a@example.com, b@example.com' }),
			[{}],
			{ continueOnFail: true },
		);
		const { error, description } = errorOf(items);
		expect(error).toBe(
			'Item 0: "Reply To" has 2 addresses (a@example.com, b@example.com); the service takes one reply-to address.',
		);
		expect(description).toBe(
			'Nothing was sent. Keep one address in Reply To; put further recipients in To or CC.',
		);
		expect(routes(kit.sandbox, 'sendEmail')).toEqual([]);
	});

	test('a Reply To that is not an address is refused before sending', async () => {
		const uuid = await stampedUuid(kit.engine);
		const { items } = await kit.engine.runNode(
			email(uuid, { replyTo: 'billing at example.com' }),
			[{}],
			{ continueOnFail: true },
		);
		expect(errorOf(items).error).toBe(
			'Item 0: "Reply To" has an invalid e-mail address: billing at example.com.',
		);
		expect(routes(kit.sandbox, 'sendEmail')).toEqual([]);
	});

	test('HTTP 429 is sent again after a pause, as stamping does; nothing is sent twice', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({ route: 'sendEmail', kind: 'rateLimited', times: 2 });
		const { items } = await kit.engine.runNode(
			email(uuid, { emailOptions: { retryDelayMs: 1 } }),
			[{}],
			{ continueOnFail: true },
		);
		expect(items[0].json).toMatchObject({ uuid, sent: true });
		expect(routes(kit.sandbox, 'sendEmail').map((r) => r.status)).toEqual([429, 429, 200]);
		expect(kit.sandbox.emails).toHaveLength(1);
	});

	test('HTTP 429 that does not clear: the error says the e-mail was not sent', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({ route: 'sendEmail', kind: 'rateLimited', times: 5 });
		const { items } = await kit.engine.runNode(
			email(uuid, { emailOptions: { retryDelayMs: 1, rateLimitRetries: 1 } }),
			[{}],
			{ continueOnFail: true },
		);
		const { error, description } = errorOf(items);
		expect(error).toBe(
			`Item 0: Could not send voucher ${uuid} by e-mail: the service answered HTTP 429 (Too many requests. Try again later.)`,
		);
		expect(description).toContain('The service did not carry out the request.');
		expect(routes(kit.sandbox, 'sendEmail')).toHaveLength(2);
		expect(kit.sandbox.emails).toHaveLength(0);
	});
});
