/** What the e2e trigger phase (triggerPhase.ts) works with: its workflows and the example 7 it imports, the poll cadence for the n8n under test, a server capturing the events the trigger sends, the polls counted in the sandbox's log, the trigger's cursor and settings as n8n stores them, the published version and the executions of a workflow. */
import type { N8nRuntime } from './runtime';
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { type Sandbox } from '../../sandbox';
import {
	CFDI_CREDENTIAL_TYPE,
	loadExample,
	reachableFrom,
	withCfdiCredential,
} from '../support/examples';
import { exampleCredential } from '../support/sandboxCredential';
import { mexicoCityDateTime } from '../../sandbox/clock';
import { type ApiClient, PREFIX, validVoucher } from '../support/sandboxHelpers';
import { N8nInstance } from './n8n';

export const CREDENTIAL = { id: 'cfdiE2eTriggerCred1', name: 'CFDI sandbox (trigger)' };

export const WORKFLOWS = {
	stamped: 'cfdiE2eTrigStamped1',
	cancellation: 'cfdiE2eTrigCancel01',
} as const;

export const EXAMPLE_07 = {
	id: 'cfdiE2eCliCancel007',
	start: 'Try it: replace a sample invoice',
} as const;

/** Every 15 seconds: n8n refuses a '*' in the seconds field, not a list. */
/**
 * How often the trigger workflows poll. Every 15 s where n8n allows it (2.8); n8n 2.41's core refuses
 * polls more often than once a minute ("The polling interval is too short"), so there they poll every
 * minute, the waits grow, and the no-repeat checks watch one more poll of each workflow instead of two.
 */
export function pollCadence(runtime: N8nRuntime): {
	cron: string;
	waitMs: number;
	confirmReads: number;
} {
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

/** The poll cadence of this run: the phase sets it once from the n8n under test (pollCadence). */
export const cadence = { cron: '0,15,30,45 * * * * *', waitMs: 90_000, confirmReads: 4 };
export const TRIGGER_TYPE = 'n8n-nodes-cfdi-emision.cfdiEmisionTrigger';

export interface CapturedEvent {
	event: string;
	uuid: string;
	status: string;
	previousStatus?: string;
}

export function triggerWorkflow(
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

export async function captureServer(): Promise<{
	server: Server;
	url: string;
	events: CapturedEvent[];
}> {
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

export async function waitUntil(
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
export function listReadsSince(sandbox: Sandbox, since: number): number {
	return sandbox.requests.filter(
		(request) => request.route === 'listVouchers' && request.at >= since && request.status === 200,
	).length;
}

export async function waitForPolls(sandbox: Sandbox, count: number): Promise<void> {
	const since = Date.now();
	await waitUntil(`${count} more list reads`, () => listReadsSince(sandbox, since) >= count);
}

export const countOf = (events: CapturedEvent[], event: string, uuid: string, status: string) =>
	events.filter((e) => e.event === event && e.uuid === uuid && e.status === status).length;

export const reportsOf = (events: CapturedEvent[], event: string, uuid: string) =>
	events.filter((e) => e.event === event && e.uuid === uuid).length;

export const OWNER = {
	email: 'trigger-owner@example.com',
	password: 'E2e-Trigger-Pass-1',
	firstName: 'Ada',
	lastName: 'Trigger',
};

export const TRIGGER_NODE = 'CFDI Trigger';

export const HOUR_MS = 3600_000;

/** A voucher whose cancellation needs the recipient's acceptance: a named recipient. */
export const withAcceptance = () =>
	validVoucher({
		receptor: {
			rfc: 'URE180429TM6',
			nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
			usoCFDI: 'G03',
			regimenFiscalReceptor: '601',
			domicilioFiscalReceptor: '65000',
		},
	});

/** Asks the sandbox to cancel `uuid` (motive 02); its answer. */
export const cancelVoucher = async (api: ApiClient, sandbox: Sandbox, uuid: string) =>
	(
		await api.request(
			'DELETE',
			`${PREFIX}/emisores/${sandbox.options.accounts[0].emisorId}/comprobantes/${uuid}`,
			{ motivo: '02', folioSustitucion: '' },
		)
	).json() as Promise<{ subEstatusId: number }>;

/** A voucher dated `hours` back (the SAT allows up to 72), stamped now: the list finds it by that date. */
export async function stampedBackDated(
	api: ApiClient,
	hours: number,
	folio: string,
): Promise<string> {
	const response = await api.create(
		validVoucher({ fecha: mexicoCityDateTime(Date.now() - hours * HOUR_MS), folio }),
		'emitir=true&noCalcularFecha=true',
	);
	const { uuid } = (await response.json()) as { uuid?: string };
	if (!uuid)
		throw new Error(
			`the sandbox did not stamp the voucher dated ${hours} h back (HTTP ${response.status})`,
		);
	return uuid;
}

/** Imports the sandbox credential, the two trigger workflows and example 7's sandbox variant. */
export async function importTriggerWorkflows(
	n8n: N8nInstance,
	sandbox: Sandbox,
	captureUrl: string,
): Promise<void> {
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
			captureUrl,
			{ lateWindowHours: 1 },
		),
		triggerWorkflow(
			WORKFLOWS.cancellation,
			'CFDI trigger: cancellation status',
			'cancellationStatusChanged',
			captureUrl,
			{ watchDays: 1 },
		),
		{ ...example, id: EXAMPLE_07.id, name: `${example.name} (sandbox, try-it path)` },
	]);
}
