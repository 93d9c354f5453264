/**
 * No double stamp in any setting: stamping mode × n8n's Retry On Fail × Continue On Fail ×
 * Concurrency × a fault (timeout, 5xx, reset) on each stamping call (the POST, the PUT, the
 * read-back, the read-back and the list) × the shape of GET .../comprobantes/{id} (body with
 * state, body only: the spec does not show it), three items of three series. The node runs through n8n-core's real WorkflowExecute,
 * so Retry On Fail is n8n's own retry loop (retryOnFail, maxTries, waitBetweenTries on the node).
 * Each case checks, from the sandbox's own state, that no item has two stamped vouchers and no
 * voucher was stamped twice, and what the user sees for every item.
 *
 * Also covers: nodes/CfdiEmision/execution/earlierTries.ts, nodes/CfdiEmision/stamping/planStampJob.ts (the earlier tries these runs go through (Retry On Fail: runSettings.engine.test.ts), the stamping barrel, and each item's plan with the operations' contract).
 */
import type { IDataObject, INode, INodeExecutionData, IRun } from 'n8n-workflow';

import {
	startSandbox,
	type FaultSpec,
	type GetVoucherShape,
	type Sandbox,
} from '../../../../sandbox';
import { invoiceVoucher } from '../../../support/vouchers';
import { cfdiNode, Engine, outputOf, shutdownEngine } from '../../../support/engine/engine';
import { createParams } from '../../../support/nodeTestKit';
import { sandboxCredential } from '../../../support/sandboxCredential';

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
