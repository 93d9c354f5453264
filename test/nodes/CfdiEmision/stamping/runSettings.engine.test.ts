/**
 * n8n's Retry On Fail and the operations that act (stamping/runSettings.ts, which also reads the
 * run's stamping options, run in runStamping.engine.test.ts), through n8n-core's real
 * WorkflowExecute against the sandbox: what is refused, what runs and what the user is told; Cancel and
 * E-mail > Send never repeated by a retry.
 */
import type { IDataObject, INode, INodeExecutionData } from 'n8n-workflow';

import { startSandbox, type FaultSpec, type Sandbox } from '../../../../sandbox';
import { invoiceVoucher } from '../../../support/vouchers';
import { apiClient, validVoucher } from '../../../support/sandboxHelpers';
import { cfdiNode, Engine, outputOf, shutdownEngine } from '../../../support/engine/engine';
import { createParams, useSandboxEngine } from '../../../support/nodeTestKit';
import { sandboxCredential } from '../../../support/sandboxCredential';

afterAll(shutdownEngine);

/** Three items of three series, so Concurrency 4 really runs them side by side. */
const SERIES = ['A', 'B', 'F'];
const items = SERIES.map((serie, i) => ({
	voucher: invoiceVoucher({ serie, descripcionFacturador: `item ${i}` }),
}));
/**
 * In timeout cases the client gives up after this (a held answer is held far longer); the other
 * cases keep the default timeout, so a busy machine cannot turn a slow answer into a timeout.
 */
const TIMEOUT_MS = 1500;
const HOLD_MS = 20_000;

describe('Retry On Fail: what is refused, what runs, and what the user is told', () => {
	const kit = useSandboxEngine();

	const retrying = (node: INode): INode => ({
		...node,
		retryOnFail: true,
		maxTries: 2,
		waitBetweenTries: 1,
	});
	const run = async (parameters: IDataObject, input: IDataObject[], continueOnFail = false) => {
		const node = retrying(cfdiNode('CFDI', parameters as INode['parameters'], { continueOnFail }));
		const result = await kit.engine.runWorkflow(
			[node],
			{},
			input.map((json) => ({ json })),
		);
		return {
			items: outputOf(result, 'CFDI'),
			error: result.data.resultData.error as (Error & { description?: string }) | undefined,
		};
	};
	const fromItems = (extra: IDataObject = {}) => ({
		...createParams(),
		voucherJson: '={{ JSON.stringify($json.voucher) }}',
		duplicateCheck: 'off',
		...extra,
	});

	test('the refusal says what happened, that nothing was sent, why, and what to use instead', async () => {
		const { error } = await run(fromItems({ stampingMode: 'direct' }), items);
		expect(error?.message).toBe(
			'Item 0: Stamping refused: "Retry On Fail" is on in the node\'s settings. Nothing was sent.',
		);
		expect(error?.description).toContain(
			'Nothing was sent to the service for any item of this run, so nothing was stored or stamped.',
		);
		expect(error?.description).toContain('runs the whole node again for every item after an error');
		expect(error?.description).toContain('Turn off "Retry On Fail"');
		expect(error?.description).toContain('Two-Phase stamping settles an unclear stamp');
		expect(error?.description).toContain('Turn on "Continue On Fail"');
		expect(kit.sandbox.requests).toEqual([]);
	});

	test('Update with stamping is refused the same way; Update that only saves runs', async () => {
		const pending = await kit.engine.runNode(fromItems({ stamp: false }), items.slice(0, 1));
		const id = Number(pending.items[0].json.idComprobante);
		kit.sandbox.clearLog();
		const stamping = await run(
			{ ...fromItems(), operation: 'update', voucherId: id },
			items.slice(0, 1),
		);
		expect(stamping.error?.message).toMatch(/^Item 0: Stamping refused: "Retry On Fail" is on/);
		expect(kit.sandbox.requests.filter((r) => r.server === 'api')).toEqual([]);
		const saving = await run(
			{ ...fromItems(), operation: 'update', voucherId: id, stamp: false },
			items.slice(0, 1),
		);
		expect(saving.error).toBeUndefined();
		expect(saving.items[0].json).toMatchObject({ status: 'pending', idComprobante: id });
		expect(kit.sandbox.stampCount()).toBe(0);
	});

	test('saving as pending (Stamp off) runs under Retry On Fail: a pending voucher has no fiscal effect', async () => {
		const { items: output, error } = await run(fromItems({ stamp: false }), items);
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json.status)).toEqual(['pending', 'pending', 'pending']);
		expect(kit.sandbox.stampCount()).toBe(0);
	});

	test('one item that would stamp refuses the whole run, so no pending save is repeated by a retry either', async () => {
		const { items: output } = await run(
			fromItems({ stamp: '={{ $json.stamp }}' }),
			[
				{ ...items[0], stamp: false },
				{ ...items[1], stamp: true },
			],
			true,
		);
		expect(output.map((item) => item.json.error)).toEqual([
			expect.stringMatching(/^Item 0: Stamping refused/),
			expect.stringMatching(/^Item 1: Stamping refused/),
		]);
		expect(kit.sandbox.requests).toEqual([]);
	});
});

/**
 * Nothing repeated by n8n's Retry On Fail on the two other operations with an effect: operation
 * (Cancel, E-mail > Send) × a fault (timeout, HTTP 500 after the service acted, connection reset
 * after it acted, an HTTP 400 refusal that did nothing) × the item hit (each of three) × Continue On
 * Fail × Concurrency, always under n8n's real retry loop (maxTries 3). Counted in the sandbox's own
 * state: e-mails it sent per voucher, cancellations it was asked again while already cancelled or
 * waiting (CancellationRecord.askedAgain).
 */
describe('nothing repeated under Retry On Fail: Cancel and E-mail > Send', () => {
	type Operation = 'cancel' | 'email';
	type EffectFault = 'timeout' | '5xx' | 'reset' | 'refused';
	interface EffectCase {
		operation: Operation;
		fault: EffectFault;
		hit: number;
		continueOnFail: boolean;
		concurrency: number;
	}
	const effectCases: EffectCase[] = [];
	for (const operation of ['cancel', 'email'] as const)
		for (const fault of ['timeout', '5xx', 'reset', 'refused'] as const)
			for (const hit of [0, 1, 2])
				for (const continueOnFail of [false, true])
					for (const concurrency of [1, 2])
						effectCases.push({ operation, fault, hit, continueOnFail, concurrency });

	const route = (operation: Operation) => (operation === 'cancel' ? 'cancelVoucher' : 'sendEmail');
	const acted = (fault: EffectFault) => fault !== 'refused';

	function effectFault(c: EffectCase): FaultSpec {
		const base = { route: route(c.operation), after: c.hit } as const;
		if (c.fault === 'timeout') return { ...base, kind: 'timeout', perform: true, holdMs: HOLD_MS };
		if (c.fault === 'reset') return { ...base, kind: 'connectionReset', perform: true };
		if (c.fault === '5xx') return { ...base, kind: 'storeThen500' };
		return { ...base, kind: 'status', status: 400, body: '{"message":"Solicitud inválida."}' };
	}

	interface EffectRun {
		sandbox: Sandbox;
		uuids: string[];
		output: INodeExecutionData[];
		error?: Error & { description?: string };
	}

	async function runEffectCase(c: EffectCase): Promise<EffectRun> {
		const sandbox = await startSandbox();
		try {
			const client = await apiClient(sandbox);
			// Items 0 and 2 go to the general public (cancelled at once); item 1, 1,000.75 MXN to a named
			// recipient, waits for the recipient's acceptance.
			const uuids = [
				(await client.stamp(validVoucher())).uuid,
				(await client.stamp(invoiceVoucher({ serie: 'B' }))).uuid,
				(await client.stamp(validVoucher())).uuid,
			];
			sandbox.clearLog();
			sandbox.injectFault(effectFault(c));
			// An unclear cancellation is settled by reading the status: that read fails once, so the item fails and n8n retries.
			if (c.operation === 'cancel' && acted(c.fault))
				sandbox.injectFault({
					route: 'listVouchers',
					kind: 'status',
					status: 503,
					body: '{"message":"Service Unavailable"}',
				});
			const options = {
				concurrency: c.concurrency,
				...(c.fault === 'timeout' ? { timeout: TIMEOUT_MS } : {}),
			};
			const parameters =
				c.operation === 'cancel'
					? {
							resource: 'voucher',
							operation: 'cancel',
							uuid: '={{ $json.uuid }}',
							cancelOptions: options,
						}
					: {
							resource: 'email',
							operation: 'send',
							uuid: '={{ $json.uuid }}',
							to: 'buyer@example.com',
							subject: '=Invoice {{ $json.uuid }}',
							message: 'Attached.',
							emailOptions: { ...options, retryDelayMs: 1 },
						};
			const node = {
				...cfdiNode('CFDI', parameters as INode['parameters'], {
					continueOnFail: c.continueOnFail,
				}),
				retryOnFail: true,
				maxTries: 3,
				waitBetweenTries: 1,
			};
			const engine = new Engine();
			engine.setCredential(sandboxCredential(sandbox));
			const run = await engine.runWorkflow(
				[node],
				{},
				uuids.map((uuid) => ({ json: { uuid } })),
			);
			return {
				sandbox,
				uuids,
				output: outputOf(run, 'CFDI'),
				error: run.data.resultData.error as EffectRun['error'],
			};
		} finally {
			await sandbox.close();
		}
	}

	/** The effects the sandbox carried out more than once for one voucher. */
	function repeatedEffects(operation: Operation, { sandbox, uuids }: EffectRun): number {
		if (operation === 'email')
			return uuids.reduce(
				(sum, uuid) =>
					sum + Math.max(0, sandbox.emails.filter((e) => e.body.cfdi.uuid === uuid).length - 1),
				0,
			);
		return [...sandbox.cancellations.values()].reduce((sum, record) => sum + record.askedAgain, 0);
	}

	function effectsOf(operation: Operation, { sandbox }: EffectRun, uuid: string): number {
		if (operation === 'email')
			return sandbox.emails.filter((e) => e.body.cfdi.uuid === uuid).length;
		return sandbox.cancellations.has(uuid) ? 1 : 0;
	}

	const effectRuns = new Map<EffectCase, EffectRun>();
	beforeAll(async () => {
		const queue = [...effectCases];
		const worker = async (index: number) => {
			await new Promise((resolve) => setTimeout(resolve, index * 100));
			for (let next = queue.shift(); next; next = queue.shift())
				effectRuns.set(next, await runEffectCase(next));
		};
		await Promise.all(Array.from({ length: 8 }, (_, index) => worker(index)));
	}, 300_000);

	test(`0 repeated effects in all ${effectCases.length} cases, counted in the sandbox's state`, () => {
		const repeated = effectCases
			.map((c) => [c, repeatedEffects(c.operation, effectRuns.get(c) as EffectRun)] as const)
			.filter(([, n]) => n > 0);
		expect(repeated).toEqual([]);
	});

	test.each(
		effectCases.map(
			(c) =>
				[
					`${c.operation}, ${c.fault} on item ${c.hit}, Continue On Fail ${c.continueOnFail ? 'on' : 'off'}, concurrency ${c.concurrency}`,
					c,
				] as const,
		),
	)('%s', (_name, c) => {
		const result = effectRuns.get(c) as EffectRun;
		const { output, error, uuids } = result;
		expect(repeatedEffects(c.operation, result)).toBe(0);
		// Every item reported done was done exactly once at the service; no item was done twice.
		for (const [i, uuid] of uuids.entries()) {
			expect(effectsOf(c.operation, result, uuid)).toBeLessThanOrEqual(1);
			const item = output[i]?.json;
			if (item && !item.error) {
				expect(item.uuid).toBe(uuid);
				expect(effectsOf(c.operation, result, uuid)).toBe(1);
			}
		}
		const failures = c.continueOnFail
			? output
					.filter((item) => item.json.error)
					.map((item) => ({
						message: String(item.json.error),
						description: String(item.json.description),
					}))
			: error
				? [{ message: error.message, description: String(error.description) }]
				: [];
		if (c.operation === 'cancel') {
			// Cancel settles every case: a retry reads the status of an unclear item before asking again.
			if (!c.continueOnFail || c.hit === 0 || !acted(c.fault)) {
				if (c.continueOnFail && c.hit > 0) {
					expect(failures).toEqual([
						expect.objectContaining({
							message: expect.stringMatching(
								new RegExp(`^Item ${c.hit}: Could not cancel voucher`),
							),
						}),
					]);
				} else {
					expect(failures).toEqual([]);
					for (const uuid of uuids) expect(effectsOf('cancel', result, uuid)).toBe(1);
				}
			} else {
				// Continue On Fail and a later item: n8n does not retry, the item's error says to check first.
				expect(failures).toEqual([
					expect.objectContaining({
						message: expect.stringMatching(
							new RegExp(`^Item ${c.hit}: Could not read the status of voucher`),
						),
					}),
				]);
			}
			return;
		}
		if (!acted(c.fault)) {
			// A refusal proves nothing was sent: a retry may send it; without a retry the item keeps its error.
			if (c.continueOnFail && c.hit > 0)
				expect(failures).toEqual([
					expect.objectContaining({ message: expect.stringMatching(/HTTP 400/) }),
				]);
			else {
				expect(failures).toEqual([]);
				for (const uuid of uuids) expect(effectsOf('email', result, uuid)).toBe(1);
			}
			return;
		}
		// The e-mail may have gone out: a retry never sends it again and says so.
		expect(failures).toHaveLength(1);
		if (c.continueOnFail && c.hit > 0)
			expect(failures[0].message).toMatch(/^Item \d: Could not send voucher .* by e-mail/);
		else {
			expect(failures[0].message).toMatch(
				/^Item \d: Not sent again: an earlier try of this run may already have e-mailed voucher /,
			);
			expect(failures[0].description).toContain('could deliver it twice');
		}
	});
});
