/**
 * The e-mail request's rate-limit retries (api/email.ts) through n8n-core's engine against the
 * sandbox, as E-mail > Send runs them: an HTTP 429 (nothing sent) goes again after the package's
 * back-off, and one that does not clear is an error saying the e-mail was not sent. Moved from
 * transport/errors.emailAndPdf.engine.test.ts with its cases; the request itself is asserted in
 * actions/email/send.operation.request.engine.test.ts.
 */
import { emailParams, errorOf, stampedUuid, useSandboxEngine } from '../../../support/nodeTestKit';
import { routes } from '../../../support/sandboxCredential';

const kit = useSandboxEngine();

describe('e-mail: HTTP 429 on sending', () => {
	test('HTTP 429 is sent again after a pause, as stamping does; nothing is sent twice', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({ route: 'sendEmail', kind: 'rateLimited', times: 2 });
		const { items } = await kit.engine.runNode(
			emailParams(uuid, { emailOptions: { retryDelayMs: 1 } }),
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
			emailParams(uuid, { emailOptions: { retryDelayMs: 1, rateLimitRetries: 1 } }),
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
