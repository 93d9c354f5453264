/**
 * What the user reads when an e-mail's fields are wrong: each refused before sending, naming the
 * field, the item and the fix. (A PDF download's failures and HTTP 429 on sending are tested with
 * their code: api/pdf.engine.test.ts, api/email.engine.test.ts.)
 */
import { emailParams, errorOf, stampedUuid, useSandboxEngine } from '../../../support/nodeTestKit';
import { routes } from '../../../support/sandboxCredential';

const kit = useSandboxEngine();

describe('e-mail fields checked before sending', () => {
	test.each([
		['CR LF', 'Invoice\r\nBcc: x@example.com'],
		['LF', 'Invoice\nA-1001'],
		['CR', 'Invoice\rA-1001'],
	])(
		'a Subject with %s is refused, naming the field, the item and the fix',
		async (_name, subject) => {
			const uuid = await stampedUuid(kit.engine);
			kit.sandbox.clearLog();
			const { items } = await kit.engine.runNode(emailParams(uuid, { subject }), [{}], {
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
			emailParams(uuid, { replyTo: 'a@example.com, b@example.com' }),
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
			emailParams(uuid, { replyTo: 'billing at example.com' }),
			[{}],
			{ continueOnFail: true },
		);
		expect(errorOf(items).error).toBe(
			'Item 0: "Reply To" has an invalid e-mail address: billing at example.com.',
		);
		expect(routes(kit.sandbox, 'sendEmail')).toEqual([]);
	});
});
