/**
 * E-mail > Send through n8n-core's engine against the sandbox: the request sent, the item returned,
 * and no second e-mail under n8n's Retry On Fail.
 * (The request's rate-limit retries: api/email.engine.test.ts.)
 */
import { cfdiNode } from '../../../../support/engine/engine';
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

describe("email: send under n8n's Retry On Fail", () => {
	const params = (uuid: string) => ({
		resource: 'email',
		operation: 'send',
		uuid,
		to: 'buyer@example.com',
		subject: 'Your invoice',
		message: 'Attached.',
	});
	const retrying = (uuid: string) => ({
		...cfdiNode('CFDI', params(uuid)),
		retryOnFail: true,
		maxTries: 3,
		waitBetweenTries: 1,
	});

	test('a 500 after the e-mail went out: the retry does not send it again and says why', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({ route: 'sendEmail', kind: 'storeThen500' });
		const run = await kit.engine.runWorkflow([retrying(uuid)], {}, [{ json: {} }]);
		const error = run.data.resultData.error as Error & { description?: string };
		expect(error.message).toBe(
			`Item 0: Not sent again: an earlier try of this run may already have e-mailed voucher ${uuid} to buyer@example.com (the service answered HTTP 500).`,
		);
		expect(error.description).toContain('Ask the recipient or check the mailbox');
		expect(routes(kit.sandbox, 'sendEmail')).toHaveLength(1);
		expect(kit.sandbox.emails).toHaveLength(1);
	});

	test('what it remembers belongs to one execution: running the workflow again sends again', async () => {
		const uuid = await stampedUuid(kit.engine);
		for (let run = 0; run < 2; run++)
			expect(
				(await kit.engine.runWorkflow([retrying(uuid)], {}, [{ json: {} }])).data.resultData.error,
			).toBeUndefined();
		expect(kit.sandbox.emails).toHaveLength(2);
	});
});
