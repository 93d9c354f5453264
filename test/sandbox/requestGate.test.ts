/** The sandbox's explicit ordering for concurrency tests (sandbox/requestGate.ts): held requests, released together. */
import { startSandbox, type Sandbox } from '../../sandbox';
import { apiClient, type ApiClient, validVoucher, waitFor } from '../support/sandboxHelpers';

describe('sandbox holdRequests', () => {
	let sandbox: Sandbox;
	let client: ApiClient;

	beforeAll(async () => {
		sandbox = await startSandbox();
		client = await apiClient(sandbox);
	});
	afterAll(async () => await sandbox.close());

	const creates = () =>
		sandbox.requests.filter((request) => request.method === 'POST' && request.server === 'api');

	test('the first request waits, unanswered and not performed, until the second arrives; then both are answered in order', async () => {
		sandbox.clearLog();
		const held = sandbox.holdRequests('createVoucher', 2);
		let arrived = false;
		void held.arrived.then(() => (arrived = true));
		const first = client.create(validVoucher());
		await waitFor(() => creates().length === 1);
		// Arrived, not performed: no voucher stored, no answer given.
		expect(sandbox.vouchers.size).toBe(0);
		expect(creates()[0].status).toBe(0);
		expect(arrived).toBe(false);
		const second = client.create(validVoucher());
		const answers = await Promise.all([first, second]);
		expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
		expect(arrived).toBe(true);
		expect(sandbox.vouchers.size).toBe(2);
		// A third request is not held.
		expect((await client.create(validVoucher())).status).toBe(200);
	});

	test('release() lets the held requests go before the count is reached', async () => {
		const held = sandbox.holdRequests('createVoucher', 3);
		const before = sandbox.vouchers.size;
		const first = client.create(validVoucher());
		await waitFor(() => creates().filter((request) => request.status === 0).length === 1);
		expect(sandbox.vouchers.size).toBe(before);
		held.release();
		expect((await first).status).toBe(200);
		await held.arrived;
		expect(sandbox.vouchers.size).toBe(before + 1);
	});

	test('a count that is not a positive integer is a test bug', () => {
		expect(() => sandbox.holdRequests('createVoucher', 0)).toThrow(
			'count must be a positive integer',
		);
	});
});
