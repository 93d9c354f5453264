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
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startSandbox, type Sandbox } from '../../sandbox';
import { CFDI_CREDENTIAL_TYPE, CFDI_NODE_TYPE, loadExample, reachableFrom, withCfdiCredential } from '../../scripts/lib/examples';
import { sandboxCredential } from '../../scripts/lib/sandboxCredential';
import { apiClient, type ApiClient, PREFIX, validVoucher } from '../sandbox/helpers';
import type { Checks } from './checks';
import { N8nInstance, outputJson } from './n8n';
import { installPackage } from './packageInstall';
import type { N8nRuntime } from './runtime';

const CREDENTIAL = { id: 'cfdiE2eTriggerCred1', name: 'CFDI sandbox (trigger)' };
const WORKFLOWS = { stamped: 'cfdiE2eTrigStamped1', cancellation: 'cfdiE2eTrigCancel01' } as const;
const EXAMPLE_07 = { id: 'cfdiE2eCliCancel007', start: 'Try it: replace a sample invoice' } as const;
/** Every 15 seconds: n8n refuses a '*' in the seconds field, not a list. */
/**
 * How often the trigger workflows poll. Every 15 s where n8n allows it (2.8); n8n 2.41's core refuses
 * polls more often than once a minute ("The polling interval is too short"), so there they poll every
 * minute, the waits grow, and the no-repeat checks watch one more poll of each workflow instead of two.
 */
function pollCadence(runtime: N8nRuntime): { cron: string; waitMs: number; confirmReads: number } {
	const core = join(runtime.dir, 'node_modules', 'n8n-core', 'dist', 'execution-engine', 'active-workflow-triggers.js');
	const minuteAtLeast = existsSync(core) && readFileSync(core, 'utf8').includes('isSubMinuteCron');
	return minuteAtLeast ? { cron: '0 * * * * *', waitMs: 150_000, confirmReads: 2 } : { cron: '0,15,30,45 * * * * *', waitMs: 90_000, confirmReads: 4 };
}
let cadence = { cron: '0,15,30,45 * * * * *', waitMs: 90_000, confirmReads: 4 };
const TRIGGER_TYPE = 'n8n-nodes-cfdi-emision.cfdiEmisionTrigger';

interface CapturedEvent {
	event: string;
	uuid: string;
	status: string;
	previousStatus?: string;
}

function triggerWorkflow(id: string, name: string, event: string, captureUrl: string) {
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
				parameters: { event, pollTimes: { item: [{ mode: 'custom', cronExpression: cadence.cron }] } },
				credentials: { [CFDI_CREDENTIAL_TYPE]: CREDENTIAL },
			},
			{
				id: `${id}-h`.padEnd(36, '0'),
				name: 'Record event',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: [240, 0],
				parameters: { method: 'POST', url: captureUrl, sendBody: true, specifyBody: 'json', jsonBody: '={{ JSON.stringify($json) }}', options: {} },
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

async function waitUntil(what: string, condition: () => boolean, timeoutMs = cadence.waitMs): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs / 1000} s for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

/** Polls of both workflows since a moment (each poll reads the list at least once). */
function listReadsSince(sandbox: Sandbox, since: number): number {
	return sandbox.requests.filter((request) => request.route === 'listVouchers' && request.at >= since && request.status === 200).length;
}

async function waitForPolls(sandbox: Sandbox, count: number): Promise<void> {
	const since = Date.now();
	await waitUntil(`${count} more list reads`, () => listReadsSince(sandbox, since) >= count);
}

const countOf = (events: CapturedEvent[], event: string, uuid: string, status: string) => events.filter((e) => e.event === event && e.uuid === uuid && e.status === status).length;

export async function triggerPhase(checks: Checks, runtime: N8nRuntime, timings: Record<string, number>): Promise<void> {
	checks.section('Trigger: an active workflow in n8n sees stamps and cancellations once, also across a restart');
	const log = (line: string) => console.log(`  ${line}`);
	const started = Date.now();
	cadence = pollCadence(runtime);
	log(`trigger workflows poll with cron "${cadence.cron}"`);
	const userFolder = mkdtempSync(join(tmpdir(), 'cfdi-e2e-trigger-'));
	const sandbox = await startSandbox({ host: '127.0.0.1' });
	const capture = await captureServer();
	let n8n: N8nInstance | undefined;
	try {
		installPackage(userFolder);
		n8n = await N8nInstance.create(runtime, userFolder, log);
		const api: ApiClient = await apiClient(sandbox);
		const withAcceptance = () => validVoucher({ receptor: { rfc: 'URE180429TM6', nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', usoCFDI: 'G03', regimenFiscalReceptor: '601', domicilioFiscalReceptor: '65000' } });
		const cancel = async (uuid: string) => (await api.request('DELETE', `${PREFIX}/emisores/${sandbox.options.accounts[0].emisorId}/comprobantes/${uuid}`, { motivo: '02', folioSustitucion: '' })).json() as Promise<{ subEstatusId: number }>;

		await n8n.importCredentials([{ ...CREDENTIAL, type: CFDI_CREDENTIAL_TYPE, data: sandboxCredential(sandbox) }]);
		const example = reachableFrom(withCfdiCredential(loadExample('cancelReplace'), CREDENTIAL), EXAMPLE_07.start);
		await n8n.importWorkflows([
			triggerWorkflow(WORKFLOWS.stamped, 'CFDI trigger: voucher stamped', 'voucherStamped', capture.url),
			triggerWorkflow(WORKFLOWS.cancellation, 'CFDI trigger: cancellation status', 'cancellationStatusChanged', capture.url),
			{ ...example, id: EXAMPLE_07.id, name: `${example.name} (sandbox, try-it path)` },
		]);

		await checks.check('example 7 as shipped: CFDI nodes with a placeholder credential, a manual "try it" trigger and a sub-workflow trigger', () => {
			const shipped = loadExample('cancelReplace');
			const cfdi = shipped.nodes.filter((node) => node.type === CFDI_NODE_TYPE);
			assert.equal(cfdi.length, 3);
			for (const node of cfdi) assert.equal(node.credentials?.[CFDI_CREDENTIAL_TYPE]?.id, 'REPLACE_ME_cfdiEmisionApi');
			assert.deepEqual(shipped.nodes.filter((node) => /Trigger$/.test(node.type)).map((node) => node.type).sort(), ['n8n-nodes-base.executeWorkflowTrigger', 'n8n-nodes-base.manualTrigger']);
		});
		await checks.check('example 7 (cancel and replace), n8n execute: replacement stamped with relation 04, wrong invoice cancelled with motive 01 and the new UUID', async () => {
			const mark = sandbox.requests.length;
			const { run, cli } = await n8n!.execute(EXAMPLE_07.id);
			timings['execute example 7'] = cli.ms;
			assert.equal(run.data.resultData.error, undefined, run.data.resultData.error?.message);
			const [outcome] = outputJson(run, 'Outcome');
			assert.equal(outcome.cancellation, 'pendingAcceptance');
			const replacement = [...sandbox.vouchers.values()].find((voucher) => voucher.uuid === outcome.replacementUuid);
			assert.deepEqual(replacement?.body.cfdiRelacionados, [{ tipoRelacion: '04', cfdiRelacionado: [{ uuid: outcome.wrongUuid }] }]);
			const cancels = sandbox.requests.slice(mark).filter((request) => request.route === 'cancelVoucher');
			assert.equal(cancels.length, 1);
			assert.ok(cancels[0].pathname.endsWith(`/comprobantes/${String(outcome.wrongUuid)}`));
			assert.deepEqual(JSON.parse(cancels[0].body), { motivo: '01', folioSustitucion: outcome.replacementUuid });
		});
		for (const id of Object.values(WORKFLOWS)) {
			const published = await n8n.cli(['publish:workflow', `--id=${id}`]);
			if (published.code !== 0) throw new Error(`n8n publish:workflow --id=${id} failed:\n${(published.stdout + published.stderr).slice(-2000)}`);
		}
		const before = (await api.stamp(withAcceptance())).uuid;
		await cancel((await api.stamp()).uuid);

		await checks.check('n8n start activates both trigger workflows; their first polls report nothing already there', async () => {
			timings['trigger phase: n8n start'] = await n8n!.start();
			await waitUntil('the activation polls of both workflows', () => listReadsSince(sandbox, started) >= 2);
			await waitForPolls(sandbox, 2);
			assert.deepEqual(capture.events, []);
		});

		const stamped = (await api.stamp(withAcceptance())).uuid;
		await checks.check('a voucher stamped through the API is reported by Voucher Stamped once', async () => {
			await waitUntil('the Voucher Stamped event', () => countOf(capture.events, 'voucherStamped', stamped, 'stamped') > 0);
			await waitForPolls(sandbox, cadence.confirmReads);
			assert.equal(countOf(capture.events, 'voucherStamped', stamped, 'stamped'), 1);
			assert.equal(capture.events.filter((e) => e.uuid === before).length, 0, 'a voucher stamped before activation was reported');
		});

		await checks.check('a cancellation waiting for the recipient, then accepted: each change reported once', async () => {
			assert.equal((await cancel(stamped)).subEstatusId, 4);
			await waitUntil('the pendingAcceptance event', () => countOf(capture.events, 'cancellationStatusChanged', stamped, 'pendingAcceptance') > 0);
			sandbox.resolveCancellation(stamped, 'accepted');
			await waitUntil('the cancelled event', () => countOf(capture.events, 'cancellationStatusChanged', stamped, 'cancelled') > 0);
			await waitForPolls(sandbox, cadence.confirmReads);
			assert.equal(countOf(capture.events, 'cancellationStatusChanged', stamped, 'pendingAcceptance'), 1);
			const accepted = capture.events.filter((e) => e.event === 'cancellationStatusChanged' && e.uuid === stamped && e.status === 'cancelled');
			assert.equal(accepted.length, 1);
			assert.equal(accepted[0].previousStatus, 'pendingAcceptance');
		});

		const eventsBeforeRestart = capture.events.length;
		await checks.check('after an n8n restart nothing is reported again', async () => {
			await n8n!.stop();
			n8n = await N8nInstance.create(runtime, userFolder, log);
			timings['trigger phase: n8n restart'] = await n8n.start();
			await waitForPolls(sandbox, cadence.confirmReads);
			assert.equal(capture.events.length, eventsBeforeRestart, JSON.stringify(capture.events.slice(eventsBeforeRestart)));
		});

		await checks.check('after the restart a new stamp and its cancellation are reported once each', async () => {
			const uuid = (await api.stamp()).uuid;
			assert.equal((await cancel(uuid)).subEstatusId, 3);
			await waitUntil('both events of the new voucher', () => countOf(capture.events, 'voucherStamped', uuid, 'cancelled') + countOf(capture.events, 'voucherStamped', uuid, 'stamped') > 0 && countOf(capture.events, 'cancellationStatusChanged', uuid, 'cancelled') > 0);
			await waitForPolls(sandbox, cadence.confirmReads);
			assert.equal(capture.events.filter((e) => e.event === 'voucherStamped' && e.uuid === uuid).length, 1);
			assert.equal(countOf(capture.events, 'cancellationStatusChanged', uuid, 'cancelled'), 1);
			assert.equal(capture.events.length, eventsBeforeRestart + 2, JSON.stringify(capture.events));
		});
	} finally {
		await n8n?.stop().catch(() => undefined);
		await sandbox.close().catch(() => undefined);
		capture.server.close();
		if (!process.env.CFDI_E2E_KEEP) rmSync(userFolder, { recursive: true, force: true });
		timings['trigger phase (total)'] = Date.now() - started;
	}
}
