import { account, routes } from '../../scripts/lib/sandboxCredential';
import { stampedUuid, useSandboxEngine } from './nodeTestKit';

const kit = useSandboxEngine();

describe('email: send', () => {
	test('posts the e-mail request to the capital-B path and returns the result', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.clearLog();
		const { items, error } = await kit.engine.runNode(
			{ resource: 'email', operation: 'send', uuid, to: 'buyer@example.com', subject: 'Your invoice', message: 'Attached.', cc: '', replyTo: 'billing@example.com' },
			[{}],
		);
		expect(error).toBeUndefined();
		const [send] = routes(kit.sandbox, 'sendEmail');
		expect(send.method).toBe('POST');
		expect(send.pathname).toBe(`/BusinessEmision/api/v1/emisores/${account.emisorId}/enviocorreo`);
		expect(send.headers['content-type']).toMatch(/^application\/json/);
		expect(JSON.parse(send.body)).toEqual({ para: 'buyer@example.com', asunto: 'Your invoice', mensaje: 'Attached.', cc: '', responderA: 'billing@example.com', cfdi: { uuid } });
		expect(items).toEqual([
			{ json: { uuid, sent: true, to: 'buyer@example.com', cc: '', replyTo: 'billing@example.com', subject: 'Your invoice' }, pairedItem: { item: 0 } },
		]);
		expect(kit.sandbox.emails).toHaveLength(1);
	});

	test('an invalid address is refused before any request, naming the field', async () => {
		const { error } = await kit.engine.runNode(
			{ resource: 'email', operation: 'send', uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF', to: 'buyer-at-example', subject: 's', message: 'm' },
			[{}],
		);
		expect(error?.message).toBe('Item 0: "To" has an invalid e-mail address: buyer-at-example.');
		expect(kit.sandbox.requests).toHaveLength(0);
	});
});
