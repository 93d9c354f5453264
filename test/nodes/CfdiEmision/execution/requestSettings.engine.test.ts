import { invoiceVoucher } from '../../../support/vouchers';
import { createParams, stampedUuid, useSandboxEngine } from '../../../support/nodeTestKit';
import { routes } from '../../../support/sandboxCredential';

const kit = useSandboxEngine();

describe("the node's own request options (Timeout, Ignore SSL Issues, Concurrency)", () => {
	test('Options > Timeout (Ms) on a stamping operation: a held stamp ends as a timeout, reported as possibly stamped', async () => {
		kit.sandbox.injectFault({ route: 'createVoucher', kind: 'timeout', holdMs: 10_000 });
		const { items } = await kit.engine.runNode(
			// Duplicate Check off: with a key, direct mode settles the timeout on the list (createAndStamp, stamping/sendVoucher.ts).
			createParams(invoiceVoucher(), {
				stampingMode: 'direct',
				duplicateCheck: 'off',
				options: { timeout: 1500 },
			}),
			[{}],
			{ continueOnFail: true },
		);
		expect(items[0].json.error).toBe(
			'Item 0: Could not stamp the voucher: No answer from the service (timed out).',
		);
		expect(items[0].json.description).toContain('could stamp it twice');
		expect(routes(kit.sandbox, 'createVoucher')).toHaveLength(1);
	});

	test('the node option wins over a saved Request Options timeout', async () => {
		kit.sandbox.injectFault({ route: 'createVoucher', kind: 'timeout', holdMs: 10_000 });
		const params = createParams(invoiceVoucher(), {
			stampingMode: 'direct',
			duplicateCheck: 'off',
			options: { timeout: 1000 },
			requestOptions: { timeout: 60_000 },
		});
		const { items } = await kit.engine.runNode(params, [{}], { continueOnFail: true });
		expect(items[0].json.error).toBe(
			'Item 0: Could not stamp the voucher: No answer from the service (timed out).',
		);
	});

	test('the PDF download honours the Timeout option: a storage host that holds the answer is a timeout, not a wrong Base URL', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({ route: 'blob', kind: 'timeout', holdMs: 10_000 });
		const { items } = await kit.engine.runNode(
			{
				resource: 'pdf',
				operation: 'getLink',
				uuid,
				download: true,
				pdfOptions: { timeout: 1000 },
			},
			[{}],
			{ continueOnFail: true },
		);
		const host = new URL(kit.sandbox.blobUrl).host;
		expect(items[0].json.error).toBe(
			`Item 0: Could not get the PDF of ${uuid}: the PDF download from the storage host ${host} failed (timed out)`,
		);
		expect(items[0].json.description).toContain(`the file is served by ${host}`);
		expect(items[0].json.description).toContain('Base URL plays no part');
		expect(items[0].json.description).toContain('raise the node option "Timeout (Ms)"');
		expect(routes(kit.sandbox, 'blob')).toHaveLength(1);
	});

	test('Concurrency of a read operation comes from its own Options, else from a saved Request Options > Batching', async () => {
		kit.sandbox.setLatency(150);
		const maxInFlight = async (parameters: Record<string, unknown>) => {
			kit.sandbox.clearLog();
			const { error } = await kit.engine.runNode(
				{ resource: 'voucher', operation: 'get', voucherId: '={{ $json.id }}', ...parameters },
				[1, 2, 3, 4, 5, 6].map((id) => ({ id })),
				{ continueOnFail: true },
			);
			expect(error).toBeUndefined();
			expect(routes(kit.sandbox, 'getVoucher')).toHaveLength(6);
			// Counted by the sandbox: the most reads it was answering at once.
			return kit.sandbox.peakInFlight('getVoucher');
		};
		expect(await maxInFlight({ getOptions: { concurrency: 3 } })).toBe(3);
		expect(await maxInFlight({ requestOptions: { batching: { batch: { batchSize: 2 } } } })).toBe(
			2,
		);
		expect(
			await maxInFlight({
				getOptions: { concurrency: 1 },
				requestOptions: { batching: { batch: { batchSize: 5 } } },
			}),
		).toBe(1);
	});
});
