/**
 * E-mail > Send through n8n-core's engine against the sandbox: the request sent, the item returned.
 * (The request's rate-limit retries: api/email.engine.test.ts; no second e-mail under n8n's Retry
 * On Fail: execution/earlierTries.engine.test.ts.)
 */
import { account, routes } from '../../../../support/sandboxCredential';
import { stampedUuid, useSandboxEngine } from '../../../../support/nodeTestKit';

const kit = useSandboxEngine();

describe('email: send', () => {
	test('posts the e-mail request to the capital-B path and returns the result', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.clearLog();
		const { items, error } = await kit.engine.runNode(
			{
				resource: 'email',
				operation: 'send',
				uuid,
				to: 'buyer@example.com',
				subject: 'Your invoice',
				message: 'Attached.',
				cc: '',
				replyTo: 'billing@example.com',
			},
			[{}],
		);
		expect(error).toBeUndefined();
		const [send] = routes(kit.sandbox, 'sendEmail');
		expect(send.method).toBe('POST');
		expect(send.pathname).toBe(`/BusinessEmision/api/v1/emisores/${account.emisorId}/enviocorreo`);
		expect(send.headers['content-type']).toMatch(/^application\/json/);
		expect(JSON.parse(send.body)).toEqual({
			para: 'buyer@example.com',
			asunto: 'Your invoice',
			mensaje: 'Attached.',
			cc: '',
			responderA: 'billing@example.com',
			cfdi: { uuid },
		});
		expect(items).toEqual([
			{
				json: {
					uuid,
					sent: true,
					to: 'buyer@example.com',
					cc: '',
					replyTo: 'billing@example.com',
					subject: 'Your invoice',
				},
				pairedItem: { item: 0 },
			},
		]);
		expect(kit.sandbox.emails).toHaveLength(1);
	});

	test('an invalid address is refused before any request, naming the field', async () => {
		const { error } = await kit.engine.runNode(
			{
				resource: 'email',
				operation: 'send',
				uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
				to: 'buyer-at-example',
				subject: 's',
				message: 'm',
			},
			[{}],
		);
		expect(error?.message).toBe('Item 0: "To" has an invalid e-mail address: buyer-at-example.');
		expect(kit.sandbox.requests).toHaveLength(0);
	});

	// Sending the first e-mails and then stopping would make a re-run after the fix send them twice.
	test('without Continue On Fail a bad address on a later item stops the run before any e-mail is sent', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.clearLog();
		const params = {
			resource: 'email',
			operation: 'send',
			uuid,
			to: '={{ $json.to }}',
			subject: 'Your invoice',
			message: 'm',
		};
		const { error } = await kit.engine.runNode(params, [
			{ to: 'a@example.com' },
			{ to: 'b@example.com' },
			{ to: 'c-at-example' },
		]);
		expect(error?.message).toBe('Item 2: "To" has an invalid e-mail address: c-at-example.');
		expect(error?.description).toContain(
			'The other items were not sent either: without "Continue On Fail" the node checks every item before sending any.',
		);
		expect(kit.sandbox.requests).toHaveLength(0);
		expect(kit.sandbox.emails).toHaveLength(0);

		const { items } = await kit.engine.runNode(
			params,
			[{ to: 'a@example.com' }, { to: 'b@example.com' }, { to: 'c-at-example' }],
			{ continueOnFail: true },
		);
		expect(items.map((item) => item.json.sent ?? item.json.error)).toEqual([
			true,
			true,
			'Item 2: "To" has an invalid e-mail address: c-at-example.',
		]);
		expect(kit.sandbox.emails).toHaveLength(2);
	});
});
