/**
 * What earlier tries of a run did (execution/earlierTries.ts), through n8n-core's engine against
 * the sandbox with n8n's own Retry On Fail on E-mail → Send: an e-mail that may have gone out is
 * not sent again by a retry, and the record belongs to one execution. Moved from
 * actions/email/send.operation.request.engine.test.ts with its cases.
 */
import { cfdiNode } from '../../../support/engine/engine';
import { routes } from '../../../support/sandboxCredential';
import { emailParams, stampedUuid, useSandboxEngine } from '../../../support/nodeTestKit';

const kit = useSandboxEngine();

describe("email: send under n8n's Retry On Fail", () => {
	const params = emailParams;
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
