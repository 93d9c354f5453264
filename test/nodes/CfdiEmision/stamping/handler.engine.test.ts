/**
 * No double stamp in any setting: stamping mode × n8n's Retry On Fail × Continue On Fail ×
 * Concurrency × a fault (timeout, 5xx, reset) on each stamping call (the POST, the PUT, the
 * read-back, the read-back and the list) × the shape of GET .../comprobantes/{id} (body with
 * state, body only: the spec does not show it), three items of three series. The node runs through n8n-core's real WorkflowExecute,
 * so Retry On Fail is n8n's own retry loop (retryOnFail, maxTries, waitBetweenTries on the node).
 * Each case checks, from the sandbox's own state, that no item has two stamped vouchers and no
 * voucher was stamped twice, and what the user sees for every item.
 *
 * Also covers: nodes/CfdiEmision/stamping/options.ts, nodes/CfdiEmision/stamping/request.ts, nodes/CfdiEmision/stamping/retryOnFail.ts, nodes/CfdiEmision/execution/earlierTries.ts, nodes/CfdiEmision/stamping/index.ts, nodes/CfdiEmision/stamping/job.ts, nodes/CfdiEmision/stamping/plan.ts (the stamping options, the requests, n8n's Retry On Fail refused and the earlier tries these runs go through, the stamping barrel, the job types and each item's plan).
 */
import type { IDataObject, INode, INodeExecutionData, IRun } from 'n8n-workflow';

import {
	startSandbox,
	type FaultSpec,
	type GetVoucherShape,
	type Sandbox,
} from '../../../../sandbox';
import { invoiceVoucher } from '../../../support/vouchers';
import { apiClient, validVoucher } from '../../../support/sandboxHelpers';
import { cfdiNode, Engine, outputOf, shutdownEngine } from '../../../support/engine/engine';
import {
	createParams,
	ENGINE_GET_VOUCHER_SHAPE,
	useSandboxEngine,
} from '../../../support/nodeTestKit';
import { routes, sandboxCredential } from '../../../support/sandboxCredential';

afterAll(shutdownEngine);

type Mode = 'twoPhase' | 'direct';
type Call = 'POST' | 'PUT' | 'read-back' | 'read-back and list';
type Fault = 'timeout' | '5xx' | 'reset';

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

/** The calls each mode makes: direct mode has one stamping call, two-phase the save, the stamp and the facts gathered after an unclear stamp. */
const CALLS: Record<Mode, Call[]> = {
	twoPhase: ['POST', 'PUT', 'read-back', 'read-back and list'],
	direct: ['POST'],
};

/** The fault as the sandbox injects it; the operation is performed first (the worst case). */
function faultOn(
	route: 'createVoucher' | 'updateVoucher' | 'getVoucher' | 'listVouchers',
	fault: Fault,
	extra: Partial<FaultSpec> = {},
): FaultSpec {
	if (fault === 'timeout')
		return { route, kind: 'timeout', perform: true, holdMs: HOLD_MS, ...extra } as FaultSpec;
	if (fault === 'reset')
		return { route, kind: 'connectionReset', perform: true, ...extra } as FaultSpec;
	// A 500 after the voucher was stored (and stamped, when asked): the service acted, the client cannot tell.
	if (route === 'getVoucher' || route === 'listVouchers')
		return {
			route,
			kind: 'status',
			status: 503,
			body: '{"message":"Service Unavailable"}',
			...extra,
		} as FaultSpec;
	return { route, kind: 'storeThen500', ...extra } as FaultSpec;
}

/**
 * The fault hits the route's first request (the first item: the first call of a run goes alone) or
 * its second (a later item, when an earlier one is already stamped).
 */
function inject(sandbox: Sandbox, call: Call, fault: Fault, after: number): void {
	if (call === 'POST') sandbox.injectFault(faultOn('createVoucher', fault, { after }));
	if (call === 'PUT') sandbox.injectFault(faultOn('updateVoucher', fault, { after }));
	if (call === 'read-back' || call === 'read-back and list') {
		// The stamp call breaks after stamping, then every read-back attempt of that item fails
		// (the list still settles it), or the list too (nothing settles it).
		sandbox.injectFault(faultOn('updateVoucher', 'reset', { after }));
		sandbox.injectFault(faultOn('getVoucher', fault, { times: 3 }));
		if (call === 'read-back and list')
			sandbox.injectFault(faultOn('listVouchers', fault, { times: 3 }));
	}
}

const REASON: Record<Fault, RegExp> = {
	timeout: /No answer from the service \(timed out\)\./,
	reset: /No answer from the service \(connection closed by the other side\)\./,
	'5xx': /the service answered HTTP 500 \(An error has occurred\.\)/,
};
/** The read-back's own failure, as the description quotes it. */
const READ_BACK_REASON: Record<Fault, string> = {
	timeout: 'No answer from the service (timed out)',
	reset: 'No answer from the service (connection closed by the other side)',
	'5xx': 'the service answered HTTP 503',
};

interface Case {
	shape: GetVoucherShape;
	mode: Mode;
	call: Call;
	fault: Fault;
	retryOnFail: boolean;
	continueOnFail: boolean;
	concurrency: number;
	/** How many requests of the faulted route go through first: 0 hits the first item. */
	after: number;
}

const cases: Case[] = [];
for (const shape of ['bodyWithState', 'bodyOnly'] as const)
	for (const mode of ['twoPhase', 'direct'] as const)
		for (const call of CALLS[mode])
			for (const fault of ['timeout', '5xx', 'reset'] as const)
				for (const retryOnFail of [false, true])
					for (const continueOnFail of [false, true])
						for (const concurrency of [1, 4])
							for (const after of [0, 1])
								cases.push({
									shape,
									mode,
									call,
									fault,
									retryOnFail,
									continueOnFail,
									concurrency,
									after,
								});

function stampingNode(c: Case): INode {
	const node = cfdiNode(
		'CFDI',
		{
			...createParams(),
			voucherJson: '={{ JSON.stringify($json.voucher) }}',
			// The stamp protocol is under test; the Duplicate Check (on by default) has its own tests.
			duplicateCheck: 'off',
			stampingMode: c.mode,
			options: {
				concurrency: c.concurrency,
				retryDelayMs: 1,
				...(c.fault === 'timeout' ? { timeout: TIMEOUT_MS } : {}),
			},
		},
		{ continueOnFail: c.continueOnFail },
	);
	// n8n's node settings: its retry loop in WorkflowExecute reads exactly these.
	return c.retryOnFail ? { ...node, retryOnFail: true, maxTries: 3, waitBetweenTries: 1 } : node;
}

/** Stamped vouchers per input item and stamps per voucher, from the sandbox's own state. */
function duplicates(sandbox: Sandbox): { perItem: number[]; stampedTwice: number } {
	const perItem = items.map(
		(_, i) =>
			[...sandbox.vouchers.values()].filter(
				(v) => v.state === 'stamped' && v.body.descripcionFacturador === `item ${i}`,
			).length,
	);
	const stampedTwice = [...sandbox.vouchers.values()].filter((v) => v.stampCount > 1).length;
	return { perItem, stampedTwice };
}

/** The item an error names ("Item 2: ..."). */
function itemOf(message: unknown): number {
	return Number(/^Item (\d+):/.exec(String(message))?.[1] ?? -1);
}

/** What the user must see for the item whose call failed. */
function expectFailedItem(sandbox: Sandbox, c: Case, json: IDataObject): void {
	const error = String(json.error ?? json.message);
	const description = String(json.description);
	if (c.mode === 'direct') {
		expect(error).toMatch(/^Item \d: Could not stamp the voucher: /);
		expect(error).toMatch(REASON[c.fault]);
		expect(description).toContain('may have stored or stamped this voucher');
		expect(description).toContain('could stamp it twice');
	} else if (c.call === 'POST') {
		expect(error).toMatch(/^Item \d: Could not save the voucher: /);
		expect(error).toMatch(REASON[c.fault]);
		expect(description).toContain('A pending (not stamped) voucher may have been saved');
		expect(description).toContain('Running the item again is safe');
	} else {
		// read-back and list: the stamp call was unclear and neither the voucher nor the list could be read.
		const stored = [...sandbox.vouchers.values()].find(
			(v) => v.body.descripcionFacturador === `item ${itemOf(error)}`,
		);
		expect(error).toMatch(new RegExp(`^Item \\d: Could not stamp voucher ${stored?.id}: `));
		expect(error).toMatch(REASON.reset);
		expect(description).toContain(
			`Reading voucher ${stored?.id} back failed too (${READ_BACK_REASON[c.fault]})`,
		);
		expect(description).toContain(
			`Voucher ${stored?.id} exists and may be stamped: look it up (idComprobante ${stored?.id}, series ${String(stored?.body.serie)})`,
		);
		expect(description).toContain('Do not run Create again');
	}
}

/** Words that warn the user off a second stamp. */
const WARNS_OFF_CREATE = /Do not run Create again|could stamp it twice/;
/** Words that would make a user stamp again: "refused ... use Update", "pending", "nothing was stored". */
const SAYS_NOT_STAMPED =
	/refused the voucher|stored as pending|is saved as pending|still pending|Nothing was stored/;

/**
 * The point of settling by facts: a voucher the service stamped is never reported as not stamped.
 * Its item carries its UUID, or an error that warns against Create (never "pending", "refused",
 * "nothing stored", which lead a user to Create it again).
 */
function expectNoLostStamp(sandbox: Sandbox, index: number, json: IDataObject): void {
	const stamped = [...sandbox.vouchers.values()].find(
		(v) => v.state === 'stamped' && v.body.descripcionFacturador === `item ${index}`,
	);
	if (!stamped) return;
	if (json.uuid === stamped.uuid) return;
	const text = `${String(json.error ?? json.message)} ${String(json.description)}`;
	expect(text).toMatch(WARNS_OFF_CREATE);
	expect(text).not.toMatch(SAYS_NOT_STAMPED);
}

/** A stamped output item is the sandbox's one stamped voucher of that input item. */
function expectStampedItem(sandbox: Sandbox, index: number, json: IDataObject): void {
	const [stored] = [...sandbox.vouchers.values()].filter(
		(v) => v.state === 'stamped' && v.body.descripcionFacturador === `item ${index}`,
	);
	expect(json).toMatchObject({ status: 'stamped', uuid: stored.uuid, idComprobante: stored.id });
}

const RETRY_REFUSAL = /^Item 0: Stamping refused: "Retry On Fail" is on/;

interface CaseRun {
	sandbox: Sandbox;
	run: IRun;
}

async function runCase(c: Case): Promise<CaseRun> {
	const sandbox = await startSandbox({ getVoucherShape: c.shape });
	try {
		const engine = new Engine();
		engine.setCredential(sandboxCredential(sandbox));
		inject(sandbox, c.call, c.fault, c.after);
		const run = await engine.runWorkflow(
			[stampingNode(c)],
			{},
			items.map((json) => ({ json })) as INodeExecutionData[],
		);
		return { sandbox, run };
	} finally {
		// The sandbox's state (vouchers, request log) stays readable after its servers close.
		await sandbox.close();
	}
}

/** Runs `list` at most `width` at a time, the workers starting `staggerMs` apart (no burst of sign-ins). */
async function runAll(
	list: Case[],
	width: number,
	into: Map<Case, CaseRun>,
	staggerMs = 0,
): Promise<void> {
	const queue = [...list];
	const worker = async (index: number) => {
		await new Promise((resolve) => setTimeout(resolve, index * staggerMs));
		for (let next = queue.shift(); next; next = queue.shift()) into.set(next, await runCase(next));
	};
	await Promise.all(Array.from({ length: width }, (_, index) => worker(index)));
}

function checkCase(c: Case, { sandbox, run }: CaseRun): void {
	const output = outputOf(run, 'CFDI');
	const error = run.data.resultData.error;

	// The point of it all: whatever happened, no item has two stamped vouchers.
	const { perItem, stampedTwice } = duplicates(sandbox);
	expect(stampedTwice).toBe(0);
	for (const count of perItem) expect(count).toBeLessThanOrEqual(1);
	// And no stamped voucher is reported as anything but (maybe) stamped.
	if (c.continueOnFail) output.forEach((item, i) => expectNoLostStamp(sandbox, i, item.json));
	else if (error)
		expectNoLostStamp(sandbox, itemOf(error.message), {
			error: error.message,
			description: (error as { description?: string }).description,
		});

	if (c.retryOnFail) {
		// Refused before any request: nothing reached the issuing API, in any try.
		expect(sandbox.requests.filter((r) => r.server === 'api')).toEqual([]);
		if (c.continueOnFail) {
			expect(output.map((item) => item.json.error)).toEqual(
				items.map((_, i) =>
					expect.stringMatching(new RegExp(`^Item ${i}: Stamping refused: "Retry On Fail" is on`)),
				),
			);
			for (const item of output) expect(item.json.description).toContain('Nothing was sent');
		} else {
			expect(error?.message).toMatch(RETRY_REFUSAL);
		}
		return;
	}

	// Two-phase settles an unclear stamp call by the service's facts (the read-back's state, the
	// "already stamped" answer, the list): every item stamped once, in both GET shapes.
	const recovered = c.mode === 'twoPhase' && (c.call === 'PUT' || c.call === 'read-back');
	if (c.continueOnFail) {
		expect(error).toBeUndefined();
		expect(output).toHaveLength(items.length);
		const failed = output.map((item, i) => (item.json.error ? i : -1)).filter((i) => i >= 0);
		// Named by message, so an unexpected failure shows what it was.
		expect(failed.map((i) => output[i].json.error)).toHaveLength(recovered ? 0 : 1);
		for (const [i, item] of output.entries()) {
			if (failed.includes(i)) {
				expect(itemOf(item.json.error)).toBe(i);
				expectFailedItem(sandbox, c, item.json);
			} else expectStampedItem(sandbox, i, item.json);
		}
	} else if (recovered) {
		expect(error).toBeUndefined();
		output.forEach((item, i) => expectStampedItem(sandbox, i, item.json));
	} else {
		expect(output).toEqual([]);
		expectFailedItem(sandbox, c, {
			error: error?.message,
			description: (error as { description?: string })?.description,
		});
		// n8n drops a failed node's output: the error says what was already done.
		if (c.after)
			expect((error as { description?: string })?.description).toMatch(
				/Before this error the run had already completed: item 0: stamped UUID /,
			);
	}
}

/** Cases where the client really waits for a timeout: run side by side, after the busy ones. */
const waitsForTimeout = (c: Case) => c.fault === 'timeout' && !c.retryOnFail;
const runs = new Map<Case, CaseRun>();

describe(`no double stamp: ${cases.length} cases (GET shape × mode × Retry On Fail × Continue On Fail × concurrency × fault on each stamping call × item hit)`, () => {
	// Each case has its own sandbox and engine. The cases that only wait run together, once the
	// others are done, so no busy neighbour turns a normal answer into a timeout.
	beforeAll(async () => {
		await runAll(
			cases.filter((c) => !waitsForTimeout(c)),
			2,
			runs,
		);
		await runAll(cases.filter(waitsForTimeout), 16, runs, 100);
	}, 480_000);

	test.each(
		cases.map(
			(c) =>
				[
					`GET ${c.shape}, ${c.mode}, ${c.fault} on the ${c.call}, Retry On Fail ${c.retryOnFail ? 'on' : 'off'}, Continue On Fail ${c.continueOnFail ? 'on' : 'off'}, concurrency ${c.concurrency}, ${c.after ? 'a later item' : 'the first item'} hit`,
					c,
				] as const,
		),
	)('%s', (_name, c) => checkCase(c, runs.get(c) as CaseRun));
});

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

describe('a success-shaped answer without a UUID (esValido true, uuid null) is unclear, not a refusal', () => {
	const kit = useSandboxEngine();
	const noUuid = (id: number | null) =>
		JSON.stringify({
			esValido: true,
			idComprobante: id,
			errores: null,
			uuid: null,
			subEstatusId: 2,
			descripcion: null,
		});
	const params = (stampingMode: Mode) =>
		createParams(invoiceVoucher(), {
			stampingMode,
			duplicateCheck: 'off',
			options: { retryDelayMs: 1 },
		});

	test('direct: the error says the voucher may be stamped and what to check, never "nothing was stored"', async () => {
		kit.sandbox.injectFault({
			route: 'createVoucher',
			kind: 'status',
			status: 200,
			body: noUuid(4321),
		});
		const { items: output } = await kit.engine.runNode(params('direct'), [{}], {
			continueOnFail: true,
		});
		expect(output[0].json.error).toBe(
			'Item 0: Could not stamp the voucher: the service answered that the voucher is valid (esValido true) but sent no UUID for idComprobante 4321, so it may have been stamped',
		);
		expect(output[0].json.description).toContain(
			'The service may have stored or stamped this voucher',
		);
		expect(output[0].json.description).not.toContain('Nothing was stored');
		expect(routes(kit.sandbox, 'createVoucher')).toHaveLength(1);
	});

	test('two-phase: the PUT answer is settled by reading the voucher back, then stamped once', async () => {
		kit.sandbox.injectFault({
			route: 'updateVoucher',
			kind: 'status',
			status: 200,
			body: noUuid(null),
		});
		const { items: output } = await kit.engine.runNode(params('twoPhase'), [{}], {
			continueOnFail: true,
		});
		const [stored] = [...kit.sandbox.vouchers.values()];
		expect(output[0].json).toMatchObject({ status: 'stamped', uuid: stored.uuid });
		// A body-only read-back says nothing of the state: the list is asked before the PUT goes again.
		const listed = ENGINE_GET_VOUCHER_SHAPE === 'bodyOnly' ? ['listVouchers'] : [];
		expect(kit.sandbox.requests.filter((r) => r.server === 'api').map((r) => r.route)).toEqual([
			'createVoucher',
			'updateVoucher',
			'getVoucher',
			...listed,
			'updateVoucher',
		]);
		expect(stored.stampCount).toBe(1);
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
