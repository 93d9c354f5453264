/**
 * The polling trigger in a real n8n: two published workflows (Voucher Stamped, Cancellation Status
 * Changed) whose trigger feeds an HTTP Request node that posts each event to a capture server here.
 * Vouchers are stamped and cancelled straight through the sandbox's API (as another system or the
 * provider's portal would), the recipient accepts through the sandbox; each event must arrive
 * exactly once, and nothing is repeated or missed across an n8n restart.
 *
 * Own n8n user folder, ports and sandbox, so it does not depend on the other phases.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startSandbox, type Sandbox } from '../../sandbox';
import {
	CFDI_CREDENTIAL_TYPE,
	CFDI_NODE_TYPE,
	loadExample,
	reachableFrom,
	withCfdiCredential,
} from '../support/examples';
import { exampleCredential } from '../support/sandboxCredential';
import { cfdiDateTime } from '../../sandbox/clock';
import { apiClient, type ApiClient, PREFIX, validVoucher } from '../support/sandboxHelpers';
import type { Checks } from './checks';
import { N8nInstance } from './n8n';
import { outputJson } from './executionJson';
import { installPackage } from './packageInstall';
import type { N8nRuntime } from './runtime';

const CREDENTIAL = { id: 'cfdiE2eTriggerCred1', name: 'CFDI sandbox (trigger)' };
const WORKFLOWS = { stamped: 'cfdiE2eTrigStamped1', cancellation: 'cfdiE2eTrigCancel01' } as const;
const EXAMPLE_07 = {
	id: 'cfdiE2eCliCancel007',
	start: 'Try it: replace a sample invoice',
} as const;
/** Every 15 seconds: n8n refuses a '*' in the seconds field, not a list. */
/**
 * How often the trigger workflows poll. Every 15 s where n8n allows it (2.8); n8n 2.41's core refuses
 * polls more often than once a minute ("The polling interval is too short"), so there they poll every
 * minute, the waits grow, and the no-repeat checks watch one more poll of each workflow instead of two.
 */
function pollCadence(runtime: N8nRuntime): { cron: string; waitMs: number; confirmReads: number } {
	const core = join(
		runtime.dir,
		'node_modules',
		'n8n-core',
		'dist',
		'execution-engine',
		'active-workflow-triggers.js',
	);
	const minuteAtLeast = existsSync(core) && readFileSync(core, 'utf8').includes('isSubMinuteCron');
	return minuteAtLeast
		? { cron: '0 * * * * *', waitMs: 150_000, confirmReads: 2 }
		: { cron: '0,15,30,45 * * * * *', waitMs: 90_000, confirmReads: 4 };
}
let cadence = { cron: '0,15,30,45 * * * * *', waitMs: 90_000, confirmReads: 4 };
const TRIGGER_TYPE = 'n8n-nodes-cfdi-emision.cfdiEmisionTrigger';

interface CapturedEvent {
	event: string;
	uuid: string;
	status: string;
	previousStatus?: string;
}

function triggerWorkflow(
	id: string,
	name: string,
	event: string,
	captureUrl: string,
	settings: Record<string, unknown>,
) {
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: `${id}-t`.padEnd(36, '0'),
				name: 'CFDI Trigger',
				type: TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters: {
					event,
					...settings,
					pollTimes: { item: [{ mode: 'custom', cronExpression: cadence.cron }] },
				},
				credentials: { [CFDI_CREDENTIAL_TYPE]: CREDENTIAL },
			},
			{
				id: `${id}-h`.padEnd(36, '0'),
				name: 'Record event',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: [240, 0],
				parameters: {
					method: 'POST',
					url: captureUrl,
					sendBody: true,
					specifyBody: 'json',
					jsonBody: '={{ JSON.stringify($json) }}',
					options: {},
				},
			},
		],
		connections: { 'CFDI Trigger': { main: [[{ node: 'Record event', type: 'main', index: 0 }]] } },
	};
}

async function captureServer(): Promise<{ server: Server; url: string; events: CapturedEvent[] }> {
	const events: CapturedEvent[] = [];
	const server = createServer((req, res) => {
		let body = '';
		req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
		req.on('end', () => {
			try {
				events.push(JSON.parse(body) as CapturedEvent);
			} catch {
				events.push({ event: 'unreadable', uuid: body.slice(0, 80), status: '' });
			}
			res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	return { server, url: `http://127.0.0.1:${port}/events`, events };
}

async function waitUntil(
	what: string,
	condition: () => boolean,
	timeoutMs = cadence.waitMs,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs / 1000} s for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

/** Polls of both workflows since a moment (each poll reads the list at least once). */
function listReadsSince(sandbox: Sandbox, since: number): number {
	return sandbox.requests.filter(
		(request) => request.route === 'listVouchers' && request.at >= since && request.status === 200,
	).length;
}

async function waitForPolls(sandbox: Sandbox, count: number): Promise<void> {
	const since = Date.now();
	await waitUntil(`${count} more list reads`, () => listReadsSince(sandbox, since) >= count);
}

const countOf = (events: CapturedEvent[], event: string, uuid: string, status: string) =>
	events.filter((e) => e.event === event && e.uuid === uuid && e.status === status).length;
const reportsOf = (events: CapturedEvent[], event: string, uuid: string) =>
	events.filter((e) => e.event === event && e.uuid === uuid).length;

const OWNER = {
	email: 'trigger-owner@example.com',
	password: 'E2e-Trigger-Pass-1',
	firstName: 'Ada',
	lastName: 'Trigger',
};
const TRIGGER_NODE = 'CFDI Trigger';
const HOUR_MS = 3600_000;

/** The trigger's cursor as n8n stores it: the workflow's static data, under the node's name. */
interface StoredCursor {
	version?: unknown;
	activatedAt?: unknown;
	polledUntil?: unknown;
	coveredFrom?: unknown;
	vouchers?: Record<string, unknown>;
}

/**
 * SQL on the n8n user folder's sqlite database, through the sqlite3 module of the n8n runtime
 * itself (run on the runtime's Node, so its native binding matches; no sqlite CLI needed).
 */
function sqlite(
	runtime: N8nRuntime,
	userFolder: string,
	sql: string,
	params: unknown[] = [],
): Array<Record<string, unknown>> {
	const script = `
const sqlite3 = require(${JSON.stringify(join(runtime.dir, 'node_modules', 'sqlite3'))});
const db = new sqlite3.Database(${JSON.stringify(join(userFolder, '.n8n', 'database.sqlite'))});
db.all(process.argv[1], JSON.parse(process.argv[2]), (error, rows) => {
	if (error) { console.error(error.message); process.exit(1); }
	db.close(() => process.stdout.write(JSON.stringify(rows)));
});`;
	const result = spawnSync(runtime.node, ['-e', script, sql, JSON.stringify(params)], {
		encoding: 'utf8',
		timeout: 60_000,
	});
	if (result.status !== 0)
		throw new Error(`sqlite ${sql}: exit code ${String(result.status)}\n${result.stderr}`);
	return JSON.parse(result.stdout || '[]') as Array<Record<string, unknown>>;
}

function storedStaticData(
	runtime: N8nRuntime,
	userFolder: string,
	workflowId: string,
): Record<string, unknown> {
	const [row] = sqlite(runtime, userFolder, 'SELECT staticData FROM workflow_entity WHERE id = ?', [
		workflowId,
	]);
	if (!row) throw new Error(`workflow ${workflowId} is not in n8n's database`);
	return (
		typeof row.staticData === 'string' ? JSON.parse(row.staticData) : (row.staticData ?? {})
	) as Record<string, unknown>;
}

function storedCursor(runtime: N8nRuntime, userFolder: string, workflowId: string): StoredCursor {
	return (storedStaticData(runtime, userFolder, workflowId)[`node:${TRIGGER_NODE}`] ??
		{}) as StoredCursor;
}

/**
 * Changes the trigger's settings as a user does in the editor: the editor saves the workflow
 * (PATCH /rest/workflows/:id with name, nodes, connections, settings, pinData, meta, versionId; no
 * static data, so n8n keeps the stored one) and *Publish* activates the saved version
 * (POST /rest/workflows/:id/activate). Once the version is live, n8n has run the trigger's first
 * poll with the new settings and saved the cursor. `undefined` removes a parameter (its default
 * applies, as the editor stores it).
 */
async function changeTriggerSettings(
	n8n: N8nInstance,
	workflowId: string,
	changes: Record<string, unknown>,
): Promise<void> {
	interface StoredWorkflow {
		name: string;
		nodes: Array<{ name: string; parameters: Record<string, unknown> }>;
		connections: unknown;
		settings?: unknown;
		pinData?: unknown;
		meta?: unknown;
		versionId: string;
		active?: boolean;
	}
	const workflow = await n8n.rest<StoredWorkflow>('GET', `/workflows/${workflowId}`);
	const nodes = workflow.nodes.map((node) => {
		if (node.name !== TRIGGER_NODE) return node;
		const parameters = { ...node.parameters };
		for (const [name, value] of Object.entries(changes)) {
			if (value === undefined) delete parameters[name];
			else parameters[name] = value;
		}
		return { ...node, parameters };
	});
	const saved = await n8n.rest<StoredWorkflow>('PATCH', `/workflows/${workflowId}`, {
		name: workflow.name,
		nodes,
		connections: workflow.connections,
		settings: workflow.settings,
		pinData: workflow.pinData ?? {},
		meta: workflow.meta,
		versionId: workflow.versionId,
		active: workflow.active,
	});
	assert.notEqual(
		saved.versionId,
		workflow.versionId,
		'saving the changed trigger did not make a new version',
	);
	await n8n.rest('POST', `/workflows/${workflowId}/activate`, { versionId: saved.versionId });
	await publishedVersion(n8n, workflowId, saved.versionId);
}

/**
 * Waits until n8n runs the published version. n8n 2.8 activates it before answering the activate
 * call; n8n 2.41 queues it (its publication outbox) and answers at once, and the editor then reads
 * GET /rest/workflows/:id/publication-status until the version is live. Until then the old version
 * polls, so a voucher stamped meanwhile would be read with the old window.
 */
async function publishedVersion(
	n8n: N8nInstance,
	workflowId: string,
	versionId: string,
): Promise<void> {
	interface PublicationStatus {
		status: string;
		liveVersionId: string | null;
		pendingVersionId: string | null;
		triggers: Array<{ nodeId: string; status: string; errorMessage?: string | null }>;
	}
	const deadline = Date.now() + 120_000;
	for (;;) {
		let publication: PublicationStatus;
		try {
			publication = await n8n.rest<PublicationStatus>(
				'GET',
				`/workflows/${workflowId}/publication-status`,
			);
		} catch (error) {
			// No such route before n8n's publication outbox: the activation was done when it answered.
			if (/HTTP 404/.test((error as Error).message)) return;
			throw error;
		}
		if (publication.status === 'failed' || publication.status === 'partial')
			throw new Error(`n8n could not publish ${workflowId}: ${JSON.stringify(publication)}`);
		if (
			publication.status === 'published' &&
			publication.liveVersionId === versionId &&
			!publication.pendingVersionId
		)
			return;
		if (Date.now() > deadline)
			throw new Error(
				`n8n did not publish version ${versionId} of ${workflowId} within 120 s: ${JSON.stringify(publication)}`,
			);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

interface ExecutionSummary {
	id: string;
	status: string;
	mode: string;
}

async function executionsOf(n8n: N8nInstance, workflowId: string): Promise<ExecutionSummary[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const page = await n8n.rest<{ results: ExecutionSummary[] }>(
		'GET',
		`/executions?filter=${filter}&limit=100`,
	);
	return page.results;
}

export async function triggerPhase(
	checks: Checks,
	runtime: N8nRuntime,
	timings: Record<string, number>,
): Promise<void> {
	checks.section(
		'Trigger: an active workflow in n8n sees stamps and cancellations once, also across a restart',
	);
	const log = (line: string) => console.log(`  ${line}`);
	const started = Date.now();
	cadence = pollCadence(runtime);
	log(`trigger workflows poll with cron "${cadence.cron}"`);
	const userFolder = mkdtempSync(join(tmpdir(), 'cfdi-e2e-trigger-'));
	const sandbox = await startSandbox({ host: '127.0.0.1' });
	const capture = await captureServer();
	// n8n's own flatted, to read execution data as the editor does.
	const { parse: parseFlatted } = createRequire(
		join(runtime.dir, 'node_modules', 'n8n', 'package.json'),
	)('flatted') as { parse: (text: string) => unknown };
	let n8n: N8nInstance | undefined;
	try {
		installPackage(userFolder);
		n8n = await N8nInstance.create(runtime, userFolder, log);
		const api: ApiClient = await apiClient(sandbox);
		const withAcceptance = () =>
			validVoucher({
				receptor: {
					rfc: 'URE180429TM6',
					nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
					usoCFDI: 'G03',
					regimenFiscalReceptor: '601',
					domicilioFiscalReceptor: '65000',
				},
			});
		const cancel = async (uuid: string) =>
			(
				await api.request(
					'DELETE',
					`${PREFIX}/emisores/${sandbox.options.accounts[0].emisorId}/comprobantes/${uuid}`,
					{ motivo: '02', folioSustitucion: '' },
				)
			).json() as Promise<{ subEstatusId: number }>;
		/** A voucher dated `hours` back (the SAT allows up to 72), stamped now: the list finds it by that date. */
		const stampBackDated = async (hours: number, folio: string) => {
			const response = await api.create(
				validVoucher({ fecha: cfdiDateTime(Date.now() - hours * HOUR_MS), folio }),
				'emitir=true&noCalcularFecha=true',
			);
			const { uuid } = (await response.json()) as { uuid?: string };
			if (!uuid)
				throw new Error(
					`the sandbox did not stamp the voucher dated ${hours} h back (HTTP ${response.status})`,
				);
			return uuid;
		};

		await n8n.importCredentials([
			{ ...CREDENTIAL, type: CFDI_CREDENTIAL_TYPE, data: exampleCredential(sandbox) },
		]);
		const example = reachableFrom(
			withCfdiCredential(loadExample('cancelReplace'), CREDENTIAL),
			EXAMPLE_07.start,
		);
		await n8n.importWorkflows([
			// Published with small windows, raised later (as a user who starts small and widens them).
			triggerWorkflow(
				WORKFLOWS.stamped,
				'CFDI trigger: voucher stamped',
				'voucherStamped',
				capture.url,
				{ lateWindowHours: 1 },
			),
			triggerWorkflow(
				WORKFLOWS.cancellation,
				'CFDI trigger: cancellation status',
				'cancellationStatusChanged',
				capture.url,
				{ watchDays: 1 },
			),
			{ ...example, id: EXAMPLE_07.id, name: `${example.name} (sandbox, try-it path)` },
		]);

		await checks.check(
			'example 7 as shipped: CFDI nodes with a placeholder credential, a manual "try it" trigger and a sub-workflow trigger',
			() => {
				const shipped = loadExample('cancelReplace');
				const cfdi = shipped.nodes.filter((node) => node.type === CFDI_NODE_TYPE);
				assert.equal(cfdi.length, 3);
				for (const node of cfdi)
					assert.equal(node.credentials?.[CFDI_CREDENTIAL_TYPE]?.id, 'REPLACE_ME_cfdiEmisionApi');
				assert.deepEqual(
					shipped.nodes
						.filter((node) => /Trigger$/.test(node.type))
						.map((node) => node.type)
						.sort(),
					['n8n-nodes-base.executeWorkflowTrigger', 'n8n-nodes-base.manualTrigger'],
				);
			},
		);
		await checks.check(
			'example 7 (cancel and replace), n8n execute: replacement stamped with relation 04, wrong invoice cancelled with motive 01 and the new UUID',
			async () => {
				const mark = sandbox.requests.length;
				const { run, cli } = await n8n!.execute(EXAMPLE_07.id);
				timings['execute example 7'] = cli.ms;
				assert.equal(run.data.resultData.error, undefined, run.data.resultData.error?.message);
				const [outcome] = outputJson(run, 'Outcome');
				assert.equal(outcome.cancellation, 'pendingAcceptance');
				const replacement = [...sandbox.vouchers.values()].find(
					(voucher) => voucher.uuid === outcome.replacementUuid,
				);
				assert.deepEqual(replacement?.body.cfdiRelacionados, [
					{ tipoRelacion: '04', cfdiRelacionado: [{ uuid: outcome.wrongUuid }] },
				]);
				const cancels = sandbox.requests
					.slice(mark)
					.filter((request) => request.route === 'cancelVoucher');
				assert.equal(cancels.length, 1);
				assert.ok(cancels[0].pathname.endsWith(`/comprobantes/${String(outcome.wrongUuid)}`));
				assert.deepEqual(JSON.parse(cancels[0].body), {
					motivo: '01',
					folioSustitucion: outcome.replacementUuid,
				});
			},
		);
		for (const id of Object.values(WORKFLOWS)) {
			const published = await n8n.cli(['publish:workflow', `--id=${id}`]);
			if (published.code !== 0)
				throw new Error(
					`n8n publish:workflow --id=${id} failed:\n${(published.stdout + published.stderr).slice(-2000)}`,
				);
		}
		const before = (await api.stamp(withAcceptance())).uuid;
		await cancel((await api.stamp()).uuid);
		// Outside the windows at activation (1 hour, 1 day): raising the windows later must not report them.
		const beforeLate = await stampBackDated(5, 'before activation, 5 h back');
		const beforeOldCancel = await stampBackDated(50, 'before activation, 50 h back');
		assert.equal((await cancel(beforeOldCancel)).subEstatusId, 3);
		const beforeActivation = [before, beforeLate, beforeOldCancel];

		await checks.check(
			'n8n start activates both trigger workflows; their first polls report nothing already there',
			async () => {
				timings['trigger phase: n8n start'] = await n8n!.start();
				await n8n!.setupOwner(OWNER);
				await waitUntil(
					'the activation polls of both workflows',
					() => listReadsSince(sandbox, started) >= 2,
				);
				await waitForPolls(sandbox, 2);
				assert.deepEqual(capture.events, []);
			},
		);

		const stamped = (await api.stamp(withAcceptance())).uuid;
		await checks.check(
			'a voucher stamped through the API is reported by Voucher Stamped once',
			async () => {
				await waitUntil(
					'the Voucher Stamped event',
					() => countOf(capture.events, 'voucherStamped', stamped, 'stamped') > 0,
				);
				await waitForPolls(sandbox, cadence.confirmReads);
				assert.equal(countOf(capture.events, 'voucherStamped', stamped, 'stamped'), 1);
				assert.equal(
					capture.events.filter((e) => e.uuid === before).length,
					0,
					'a voucher stamped before activation was reported',
				);
			},
		);

		await checks.check(
			'a cancellation waiting for the recipient, then accepted: each change reported once',
			async () => {
				assert.equal((await cancel(stamped)).subEstatusId, 4);
				await waitUntil(
					'the pendingAcceptance event',
					() =>
						countOf(capture.events, 'cancellationStatusChanged', stamped, 'pendingAcceptance') > 0,
				);
				sandbox.resolveCancellation(stamped, 'accepted');
				await waitUntil(
					'the cancelled event',
					() => countOf(capture.events, 'cancellationStatusChanged', stamped, 'cancelled') > 0,
				);
				await waitForPolls(sandbox, cadence.confirmReads);
				assert.equal(
					countOf(capture.events, 'cancellationStatusChanged', stamped, 'pendingAcceptance'),
					1,
				);
				const accepted = capture.events.filter(
					(e) =>
						e.event === 'cancellationStatusChanged' &&
						e.uuid === stamped &&
						e.status === 'cancelled',
				);
				assert.equal(accepted.length, 1);
				assert.equal(accepted[0].previousStatus, 'pendingAcceptance');
			},
		);

		const notBeforeActivation = () =>
			assert.deepEqual(
				capture.events.filter((e) => beforeActivation.includes(e.uuid)),
				[],
				'a voucher stamped before activation was reported',
			);
		const activatedAt = storedCursor(runtime, userFolder, WORKFLOWS.stamped).activatedAt;
		let lateA = '';
		let oldCancelledLater = '';
		await checks.check(
			'editor: Late Voucher Window 1 -> 72 h and Watch Window 1 -> 3 days, saved and published: nothing from before activation is reported, vouchers stamped later inside the wider windows are, once',
			async () => {
				const changing = Date.now();
				await changeTriggerSettings(n8n!, WORKFLOWS.stamped, { lateWindowHours: undefined });
				await changeTriggerSettings(n8n!, WORKFLOWS.cancellation, { watchDays: 3 });
				// n8n kept the cursor across the update and the new activation (it was not started afresh).
				assert.equal(storedCursor(runtime, userFolder, WORKFLOWS.stamped).activatedAt, activatedAt);
				assert.equal(typeof activatedAt, 'number');
				lateA = await stampBackDated(5, 'after the raise, 5 h back');
				oldCancelledLater = await stampBackDated(50, 'after the raise, 50 h back');
				assert.equal((await cancel(oldCancelledLater)).subEstatusId, 3);
				await waitUntil(
					'the events of the vouchers stamped after the raise',
					() =>
						reportsOf(capture.events, 'voucherStamped', lateA) > 0 &&
						reportsOf(capture.events, 'voucherStamped', oldCancelledLater) > 0 &&
						countOf(capture.events, 'cancellationStatusChanged', oldCancelledLater, 'cancelled') >
							0,
				);
				timings['trigger phase: windows raised'] = Date.now() - changing;
				assert.equal(reportsOf(capture.events, 'voucherStamped', lateA), 1);
				assert.equal(reportsOf(capture.events, 'voucherStamped', oldCancelledLater), 1);
				assert.equal(reportsOf(capture.events, 'cancellationStatusChanged', oldCancelledLater), 1);
				notBeforeActivation();
			},
		);

		await checks.check(
			'editor: Late Voucher Window lowered to 1 h and published, then raised to 72 h and published: nothing is reported again, a voucher stamped later 6 h back is reported once',
			async () => {
				const changing = Date.now();
				await changeTriggerSettings(n8n!, WORKFLOWS.stamped, { lateWindowHours: 1 });
				// The first poll with 1 h forgot the vouchers dated before it and the 14 h margin the list's
				// unknown zone needs (n8n saved that cursor on activation): 50 h back is gone, 5 h back is kept.
				const lowered = storedCursor(runtime, userFolder, WORKFLOWS.stamped);
				assert.ok(
					lowered.vouchers && !(oldCancelledLater in lowered.vouchers),
					`the lowered cursor still remembers ${oldCancelledLater}`,
				);
				assert.ok(
					lateA in lowered.vouchers,
					`the lowered cursor forgot ${lateA} within its margin`,
				);
				await changeTriggerSettings(n8n!, WORKFLOWS.stamped, { lateWindowHours: undefined });
				assert.equal(storedCursor(runtime, userFolder, WORKFLOWS.stamped).activatedAt, activatedAt);
				const lateB = await stampBackDated(6, 'after lower and raise, 6 h back');
				await waitUntil(
					'the event of the voucher stamped after lower and raise',
					() => reportsOf(capture.events, 'voucherStamped', lateB) > 0,
				);
				timings['trigger phase: window lowered, raised'] = Date.now() - changing;
				assert.equal(reportsOf(capture.events, 'voucherStamped', lateB), 1);
				for (const uuid of [lateA, oldCancelledLater])
					assert.equal(
						reportsOf(capture.events, 'voucherStamped', uuid),
						1,
						`${uuid} reported again`,
					);
				notBeforeActivation();
			},
		);

		const eventsBeforeRestart = capture.events.length;
		let whileCorrupt = '';
		let errorExecutionsBefore = 0;
		await checks.check(
			"n8n stopped, the Voucher Stamped cursor garbled in n8n's database, a voucher stamped meanwhile: after the restart one error execution says the cursor was unreadable and rebuilt, that voucher is reported once, nothing else again",
			async () => {
				errorExecutionsBefore = (await executionsOf(n8n!, WORKFLOWS.stamped)).filter(
					(execution) => execution.status === 'error',
				).length;
				await n8n!.stop();
				const staticData = storedStaticData(runtime, userFolder, WORKFLOWS.stamped);
				const cursor = staticData[`node:${TRIGGER_NODE}`] as StoredCursor;
				assert.equal(typeof cursor?.polledUntil, 'number');
				// Garbage where the time of the last poll was; the remembered vouchers stay readable.
				staticData[`node:${TRIGGER_NODE}`] = { ...cursor, polledUntil: 'garbage' };
				sqlite(runtime, userFolder, 'UPDATE workflow_entity SET staticData = ? WHERE id = ?', [
					JSON.stringify(staticData),
					WORKFLOWS.stamped,
				]);
				assert.equal(storedCursor(runtime, userFolder, WORKFLOWS.stamped).polledUntil, 'garbage');
				whileCorrupt = (await api.stamp(validVoucher({ folio: 'while the cursor was garbled' })))
					.uuid;

				n8n = await N8nInstance.create(runtime, userFolder, log);
				timings['trigger phase: n8n restart'] = await n8n.start();
				await n8n.rest('POST', '/login', {
					emailOrLdapLoginId: OWNER.email,
					password: OWNER.password,
				});
				await waitUntil(
					'the event of the voucher stamped while the cursor was garbled',
					() => reportsOf(capture.events, 'voucherStamped', whileCorrupt) > 0,
				);
				await waitForPolls(sandbox, cadence.confirmReads);
				assert.deepEqual(
					capture.events.slice(eventsBeforeRestart).map((e) => [e.event, e.uuid]),
					[['voucherStamped', whileCorrupt]],
				);
				const stored = storedCursor(runtime, userFolder, WORKFLOWS.stamped);
				assert.equal(typeof stored.polledUntil, 'number', 'the cursor was not rebuilt');
				assert.equal(stored.activatedAt, activatedAt);

				const failed = (await executionsOf(n8n, WORKFLOWS.stamped)).filter(
					(execution) => execution.status === 'error',
				);
				assert.equal(failed.length, errorExecutionsBefore + 1, JSON.stringify(failed));
				const newest = failed.reduce((a, b) => (Number(b.id) > Number(a.id) ? b : a));
				const execution = await n8n.rest<{ data: string; mode: string }>(
					'GET',
					`/executions/${newest.id}`,
				);
				const data = parseFlatted(execution.data) as {
					resultData: { error?: { message?: string; description?: string } };
				};
				assert.equal(
					data.resultData.error?.message,
					"The trigger's memory of the events it reported was unreadable (no time of the last poll); it was rebuilt.",
				);
				assert.match(
					String(data.resultData.error?.description),
					/Nothing it had reported is reported again/,
				);
				assert.equal(
					(await executionsOf(n8n, WORKFLOWS.cancellation)).filter((e) => e.status === 'error')
						.length,
					0,
				);
			},
		);

		await checks.check(
			'after the restart a new stamp and its cancellation are reported once each',
			async () => {
				const uuid = (await api.stamp()).uuid;
				assert.equal((await cancel(uuid)).subEstatusId, 3);
				await waitUntil(
					'both events of the new voucher',
					() =>
						countOf(capture.events, 'voucherStamped', uuid, 'cancelled') +
							countOf(capture.events, 'voucherStamped', uuid, 'stamped') >
							0 && countOf(capture.events, 'cancellationStatusChanged', uuid, 'cancelled') > 0,
				);
				await waitForPolls(sandbox, cadence.confirmReads);
				assert.equal(
					capture.events.filter((e) => e.event === 'voucherStamped' && e.uuid === uuid).length,
					1,
				);
				assert.equal(countOf(capture.events, 'cancellationStatusChanged', uuid, 'cancelled'), 1);
				assert.equal(
					capture.events.length,
					eventsBeforeRestart + 3,
					JSON.stringify(capture.events),
				);
			},
		);

		await checks.check(
			'over the whole run every event arrived exactly once and nothing stamped before activation arrived',
			() => {
				const seen = new Map<string, number>();
				for (const e of capture.events)
					seen.set(
						`${e.event} ${e.uuid} ${e.status}`,
						(seen.get(`${e.event} ${e.uuid} ${e.status}`) ?? 0) + 1,
					);
				assert.deepEqual(
					[...seen].filter(([, count]) => count > 1),
					[],
				);
				notBeforeActivation();
			},
		);
	} finally {
		await n8n?.stop().catch(() => undefined);
		await sandbox.close().catch(() => undefined);
		capture.server.close();
		if (!process.env.CFDI_E2E_KEEP) rmSync(userFolder, { recursive: true, force: true });
		timings['trigger phase (total)'] = Date.now() - started;
	}
}
