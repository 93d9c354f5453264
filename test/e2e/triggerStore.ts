/** The CFDI trigger as the n8n under test stores it (read from its SQLite database, changed through its REST API): the workflow's static data and the trigger's cursor, its settings changed and published, the published version and a workflow's executions. */
import type { N8nRuntime } from './runtime';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { N8nInstance } from './n8n';
import { TRIGGER_NODE } from './triggerKit';

/** The trigger's cursor as n8n stores it: the workflow's static data, under the node's name. */
export interface StoredCursor {
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
export function sqlite(
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

export function storedStaticData(
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

export function storedCursor(
	runtime: N8nRuntime,
	userFolder: string,
	workflowId: string,
): StoredCursor {
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
export async function changeTriggerSettings(
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
export async function publishedVersion(
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

export interface ExecutionSummary {
	id: string;
	status: string;
	mode: string;
}

export async function executionsOf(
	n8n: N8nInstance,
	workflowId: string,
): Promise<ExecutionSummary[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const page = await n8n.rest<{ results: ExecutionSummary[] }>(
		'GET',
		`/executions?filter=${filter}&limit=100`,
	);
	return page.results;
}
