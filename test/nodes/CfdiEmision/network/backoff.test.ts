/**
 * The pause before each retry (busy series, rate limit, PDF not ready): the first pause, doubled for
 * each further retry, never beyond the cap, so a long run of retries does not stall a workflow.
 * The retries as a user sees them: test/nodes/CfdiEmision/transport/transport.engine.test.ts.
 */
import {
	backoff,
	backoffDelay,
	DEFAULT_RETRY_DELAY_MS,
	MAX_BACKOFF_MS,
} from '../../../../nodes/CfdiEmision/network/backoff';

describe('backoffDelay', () => {
	test('the default first pause of 2 s doubles per retry: 2, 4, 8, 16, 32 s, then the 60 s cap', () => {
		expect(
			[0, 1, 2, 3, 4, 5, 6, 20].map((retry) => backoffDelay(DEFAULT_RETRY_DELAY_MS, retry)),
		).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
		expect(MAX_BACKOFF_MS).toBe(60_000);
	});

	test('a cap of its own bounds every pause', () => {
		expect([0, 1, 2, 3].map((retry) => backoffDelay(500, retry, 1500))).toEqual([
			500, 1000, 1500, 1500,
		]);
	});

	test('a negative first pause or retry number is read as zero', () => {
		expect(backoffDelay(-100, 3)).toBe(0);
		expect(backoffDelay(1000, -2)).toBe(1000);
	});
});

describe('backoff', () => {
	test('waits the pause it computes', async () => {
		const started = Date.now();
		await backoff(40, 1);
		expect(Date.now() - started).toBeGreaterThanOrEqual(70);
	});
});
