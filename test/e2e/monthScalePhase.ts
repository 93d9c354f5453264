/**
 * A busy shop's month in the real n8n (`n8n execute`, version 1.1 node, heap capped at 1 GB): the
 * month-end global invoice of 20,000 sales in one execution, declared in parts of Sales Per Global
 * Invoice (2,000). The first execution is stopped after its first part (the second part's save is
 * refused); the second completes the month without repeating a part. Every ticket is declared
 * exactly once across the period's global invoices.
 */
import assert from 'node:assert/strict';

import type { Sandbox } from '../../sandbox';
import type { WorkflowJson } from '../support/examples';
import { ISSUER_FIELDS } from '../support/kindsKit';
import type { Checks } from './checks';
import { type N8nInstance } from './n8n';
import { outputJson, type ExecutionJson } from './executionJson';
import { cfdiWorkflow } from './workflows';

export const MONTH_SCALE_WORKFLOW = 'cfdiE2eMonthScale001';
const SALES = 20_000;
const PER_INVOICE = 2_000;
const SERIES = 'A';
/** How long an execution may run before the step gives up on it (its time is reported, not asserted). */
const BUDGET_MS = 180_000;
/** n8n's heap for these executions, as a small instance might be configured. */
const HEAP_CAP = { NODE_OPTIONS: '--max-old-space-size=1024' };

/** Last month in Mexico City: its number and year. */
function lastMonth(): { month: string; year: number } {
	const now = new Date(Date.now() - 6 * 3_600_000);
	const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1, 12));
	return {
		month: String(start.getUTCMonth() + 1).padStart(2, '0'),
		year: start.getUTCFullYear(),
	};
}

const ticket = (index: number) => `M-${String(index + 1).padStart(5, '0')}`;

export function monthScaleWorkflows(credential: { id: string; name: string }): WorkflowJson[] {
	const { month, year } = lastMonth();
	const workflow = cfdiWorkflow(
		MONTH_SCALE_WORKFLOW,
		`A month of ${SALES} sales in global invoices of ${PER_INVOICE} (sandbox)`,
		undefined,
		{
			resource: 'voucher',
			operation: 'createGlobalInvoice',
			...ISSUER_FIELDS,
			serie: SERIES,
			lugarExpedicion: '64000',
			formaPago: '01',
			globalPeriodicity: '04',
			globalMonth: month,
			globalYear: year,
			saleTicket: '={{ $json.ticket }}',
			saleAmount: '={{ $json.total }}',
			salesPerGlobalInvoice: PER_INVOICE,
		},
		credential,
	) as unknown as { nodes: Array<Record<string, unknown>>; connections: Record<string, unknown> };
	// The sales are made by a Code node (20,000 items inline would bloat the workflow).
	workflow.nodes.splice(1, 0, {
		id: `${MONTH_SCALE_WORKFLOW}-sales`,
		name: 'Sales',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		position: [220, 0],
		parameters: {
			jsCode: `return Array.from({ length: ${SALES} }, (_, i) => ({ json: { ticket: 'M-' + String(i + 1).padStart(5, '0'), total: Number((37 + ((i * 137) % 9000) / 100 + (i % 7) * 1.01).toFixed(2)) } }));`,
		},
	});
	workflow.connections = {
		Start: { main: [[{ node: 'Sales', type: 'main', index: 0 }]] },
		Sales: { main: [[{ node: 'CFDI', type: 'main', index: 0 }]] },
	};
	return [workflow as unknown as WorkflowJson];
}

const failed = (run: ExecutionJson) => run.data.resultData.error;

export async function monthScalePhase(
	checks: Checks,
	n8n: N8nInstance,
	sandbox: Sandbox,
	timings: Record<string, number>,
): Promise<void> {
	checks.section(
		`A month of ${SALES} sales (version 1.1 node, n8n execute, heap capped at 1 GB): global invoices of ${PER_INVOICE}, stopped after the first and run again`,
	);
	const execute = async (label: string) => {
		const { run, cli } = await n8n.execute(MONTH_SCALE_WORKFLOW, {
			env: HEAP_CAP,
			timeoutMs: 2 * BUDGET_MS,
		});
		timings[`execute ${label}`] = cli.ms;
		return { run, cli };
	};
	/** This month's stamped global invoices (series A, general public), with their tickets. */
	const stampedParts = () =>
		[...sandbox.vouchers.values()]
			.filter(
				(voucher) =>
					voucher.stampCount > 0 &&
					voucher.body.serie === SERIES &&
					/^G\d{6}-04-P\d+-/.test(String(voucher.body.folio)),
			)
			.map((voucher) => ({
				uuid: voucher.uuid,
				folio: String(voucher.body.folio),
				stampCount: voucher.stampCount,
				tickets: ((voucher.body.conceptos ?? []) as Array<Record<string, unknown>>).map((c) =>
					String(c.noIdentificacion),
				),
			}))
			.filter((part) => part.tickets.some((t) => t.startsWith('M-')));

	// The second part's save is refused: the execution stops after the first part.
	sandbox.injectFault({ route: 'createVoucher', kind: 'status', status: 503, after: 1, times: 50 });
	const stopped = await execute('a month of 20,000 sales (stopped after part 1)');
	sandbox.clearFaults();
	const afterStop = stampedParts();
	const ok = await checks.check(
		'the first execution stops after part 1: one global invoice of 2,000 sales stamped, n8n exits on its own (no out-of-memory)',
		() => {
			assert.ok(failed(stopped.run), 'the execution was to stop at the refused save');
			assert.doesNotMatch(stopped.cli.stderr, /heap out of memory/i);
			assert.equal(afterStop.length, 1, JSON.stringify(afterStop.map((part) => part.folio)));
			assert.match(afterStop[0].folio, /-P1-/);
			assert.deepEqual(
				afterStop[0].tickets,
				Array.from({ length: PER_INVOICE }, (_, index) => ticket(index)),
			);
		},
	);
	if (!ok) return;

	const resumed = await execute('a month of 20,000 sales (again)');
	await checks.check(
		'run again: parts 2-10 stamped in one execution with the heap capped at 1 GB, part 1 not repeated; every ticket declared exactly once (its time is in the Timings below, not asserted)',
		() => {
			assert.equal(failed(resumed.run), undefined, JSON.stringify(failed(resumed.run)));
			assert.doesNotMatch(resumed.cli.stderr, /heap out of memory/i);
			const output = outputJson(resumed.run, 'CFDI');
			assert.deepEqual(
				output.map((item) => [item.status, (item.globalInvoicePart as { part?: number })?.part]),
				Array.from({ length: SALES / PER_INVOICE - 1 }, (_, index) => ['stamped', index + 2]),
			);
			const parts = stampedParts();
			assert.equal(parts.length, SALES / PER_INVOICE);
			assert.ok(parts.every((part) => part.stampCount === 1));
			const declared = new Map<string, number>();
			for (const part of parts)
				for (const t of part.tickets) declared.set(t, (declared.get(t) ?? 0) + 1);
			assert.equal(declared.size, SALES);
			assert.ok([...declared.values()].every((count) => count === 1));
			assert.ok(
				Array.from({ length: SALES }, (_, index) => ticket(index)).every((t) => declared.has(t)),
			);
		},
	);
}
