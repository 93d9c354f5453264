/**
 * Server phase: `n8n start` on 127.0.0.1. The examples run as the editor runs them (REST "run
 * manually"), with n8n's real data tables; then headless Chromium (Debian's chromium, driven by
 * playwright-core) opens the editor, adds the CFDI node from the node panel, opens its parameter
 * panel and the credential dialog, and saves screenshots into docs/.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import type { Sandbox } from '../../sandbox';
import {
	CFDI_NODE_TYPE,
	EXAMPLE_TABLES,
	LOOKUP_CUSTOMER,
	REPO_ROOT,
	type TableDefinition,
} from '../support/examples';
import type { Checks } from './checks';
import { UUID } from './cliPhase';
import type { N8nInstance } from './n8n';
import { cancelVouchers, MISSING_VOUCHER_ID, seedPendingVouchers } from './seed';
import { editorChecks } from './uiEditorChecks';
import { OWNER, UI_WORKFLOW_IDS } from './uiWorkflows';

export const DOCS_DIR = join(REPO_ROOT, 'docs');

const outputOf = (
	runData: Record<string, any[]>,
	node: string,
	output = 0,
): Array<Record<string, any>> =>
	(runData[node]?.[0]?.data?.main?.[output] ?? []).map(
		(item: { json: Record<string, any> }) => item.json,
	);

async function createTable(
	n8n: N8nInstance,
	projectId: string,
	table: TableDefinition,
	rows: Array<Record<string, unknown>>,
): Promise<string> {
	const created = await n8n.rest<{ id: string }>('POST', `/projects/${projectId}/data-tables`, {
		name: table.name,
		columns: table.columns,
	});
	if (rows.length)
		await n8n.rest('POST', `/projects/${projectId}/data-tables/${created.id}/insert`, {
			data: rows,
			returnType: 'count',
		});
	return created.id;
}

export async function serverPhase(
	checks: Checks,
	n8n: N8nInstance,
	sandbox: Sandbox,
	options: {
		chromiumPath: string;
		timings: Record<string, number>;
		screenshots: string[];
		screenshotDir: string;
	},
): Promise<void> {
	const { timings } = options;
	checks.section('n8n start on 127.0.0.1');
	timings['n8n start (until the editor is served)'] = await n8n.start();
	await n8n.setupOwner(OWNER);
	const project = await n8n.rest<{ id: string }>('GET', '/projects/personal');
	// n8n's own modules, for reading execution data as the editor does.
	const n8nRequire = createRequire(join(n8n.runtime.dir, 'node_modules', 'n8n', 'package.json'));
	const { parse: parseFlatted } = n8nRequire('flatted') as { parse: (text: string) => unknown };

	await checks.check(
		`the server lists the community node ${CFDI_NODE_TYPE} and its credential type`,
		async () => {
			const response = await fetch(`${n8n.baseUrl}/types/nodes.json`, {
				headers: { cookie: n8n.sessionCookie },
			});
			assert.equal(response.status, 200);
			const types = (await response.json()) as Array<{
				name: string;
				credentials?: Array<{ name: string }>;
			}>;
			const node = types.find((type) => type.name === CFDI_NODE_TYPE);
			assert.ok(node, `${CFDI_NODE_TYPE} is not among the ${types.length} node types`);
			assert.deepEqual(
				node.credentials?.map((credential) => credential.name),
				['cfdiEmisionApi'],
			);
		},
	);

	checks.section('Examples run from the editor (REST "run manually"), with n8n data tables');
	const seeded = await seedPendingVouchers(sandbox);
	const pendingTable = await createTable(
		n8n,
		project.id,
		EXAMPLE_TABLES.pendingVouchers,
		seeded.rows,
	);
	await createTable(n8n, project.id, EXAMPLE_TABLES.customerTaxData, [LOOKUP_CUSTOMER]);
	const invoicesTable = await createTable(n8n, project.id, EXAMPLE_TABLES.cfdiInvoices, []);

	let pendingExecution: string | undefined;
	await checks.check(
		'example 2 from "Try it: run now": data table read, vouchers stamped, data table rows updated',
		async () => {
			const result = await n8n.runAsEditor(UI_WORKFLOW_IDS.pending, 'Try it: run now');
			timings['run example 2 from the editor'] = result.ms;
			pendingExecution = result.executionId;
			assert.equal(result.status, 'success', result.error?.message);
			const [summary] = outputOf(result.runData, 'Summary of failures');
			assert.deepEqual([summary.checked, summary.stamped, summary.failed], [5, 3, 2]);
			const rows = await n8n.rest<{
				data: Array<{ voucherId: number; status: string; uuid: string; lastError: string }>;
			}>('GET', `/projects/${project.id}/data-tables/${pendingTable}/rows?take=100`);
			const byId = new Map(rows.data.map((row) => [row.voucherId, row]));
			for (const id of [...seeded.good, seeded.alreadyStamped]) {
				assert.equal(byId.get(id)?.status, 'stamped', `row ${id}`);
				assert.match(String(byId.get(id)?.uuid), UUID);
				assert.equal(sandbox.vouchers.get(id)!.state, 'stamped');
			}
			for (const id of [seeded.badTotals, MISSING_VOUCHER_ID]) {
				assert.equal(byId.get(id)?.status, 'pending', `row ${id}`);
				assert.ok(String(byId.get(id)?.lastError).length > 10, `row ${id} has no lastError`);
			}
			assert.match(String(byId.get(seeded.badTotals)?.lastError), /subTotal|CFDI40108/i);
		},
	);

	// The examples step invoiced the same sample orders (#1001, #1002) in this account; the Duplicate
	// Check (on in every version) would answer them with those invoices, which "Stamped only" drops.
	// Cancelled first, they are invoiced anew, as in a fresh account.
	await cancelVouchers(
		sandbox,
		[...sandbox.vouchers.values()]
			.filter(
				(voucher) =>
					voucher.state === 'stamped' &&
					voucher.body.serie === 'A' &&
					['1001', '1002'].includes(String(voucher.body.folio)),
			)
			.map((voucher) => String(voucher.uuid)),
	);

	let shopifyExecution: string | undefined;
	await checks.check(
		'example 1 from "Try it: sample order": the RFC of order #1002 comes from the customer_tax_data table',
		async () => {
			const before = new Set(sandbox.vouchers.keys());
			const result = await n8n.runAsEditor(UI_WORKFLOW_IDS.shopify, 'Try it: sample order');
			timings['run example 1 from the editor'] = result.ms;
			shopifyExecution = result.executionId;
			assert.equal(result.status, 'success', result.error?.message);
			const sent = outputOf(result.runData, 'E-mail to customer');
			assert.deepEqual(
				sent.map((item) => item.sent),
				[true, true],
			);
			const fresh = [...sandbox.vouchers.values()].filter((voucher) => !before.has(voucher.id));
			// n8n's Merge puts the orders it enriched from the table first.
			assert.deepEqual(
				fresh.map((voucher) => (voucher.body.receptor as { rfc: string }).rfc),
				[LOOKUP_CUSTOMER.rfc, 'URE180429TM6'],
			);
			assert.ok(fresh.every((voucher) => voucher.state === 'stamped' && voucher.stampCount === 1));
		},
	);

	await checks.check(
		'example 1 remembered both invoices in cfdi_invoices (order id, UUID, payment method)',
		async () => {
			const rows = await n8n.rest<{
				data: Array<{ orderName: string; uuid: string; metodoPago: string }>;
			}>('GET', `/projects/${project.id}/data-tables/${invoicesTable}/rows?take=100`);
			assert.deepEqual(rows.data.map((row) => [row.orderName, row.metodoPago]).sort(), [
				['#1001', 'PUE'],
				['#1002', 'PUE'],
			]);
			for (const row of rows.data) assert.match(row.uuid, UUID);
		},
	);

	await checks.check(
		'example 8: "Try it 1" invoices a pending order PPD; "Try it 2" (paid) finds it in cfdi_invoices and stamps its payment receipt',
		async () => {
			const first = await n8n.runAsEditor(
				UI_WORKFLOW_IDS.orderPaid,
				'Try it 1: invoice a pending order',
			);
			assert.equal(first.status, 'success', first.error?.message);
			const [invoice] = outputOf(first.runData, 'Invoice it (PPD)');
			assert.equal(sandbox.vouchers.get(Number(invoice.idComprobante))?.body.metodoPago, 'PPD');
			const second = await n8n.runAsEditor(
				UI_WORKFLOW_IDS.orderPaid,
				'Try it 2: the order is paid',
			);
			timings['run example 8 from the editor'] = first.ms + second.ms;
			assert.equal(second.status, 'success', second.error?.message);
			const [receipt] = outputOf(second.runData, 'Payment receipt');
			assert.equal(receipt.status, 'stamped');
			const stored = sandbox.vouchers.get(Number(receipt.idComprobante))!;
			assert.equal(stored.body.tipoDeComprobante, 'P');
			assert.ok(stored.xml!.includes(`IdDocumento="${String(invoice.uuid)}"`));
			assert.deepEqual(
				outputOf(second.runData, 'E-mail to customer').map((item) => item.sent),
				[true],
			);
		},
	);

	await checks.check(
		'example 9: "Try it 2" (one keyboard refunded) finds the invoice of #1001 in cfdi_invoices and stamps a credit note of 580.00 related to it',
		async () => {
			const first = await n8n.runAsEditor(
				UI_WORKFLOW_IDS.orderRefunded,
				'Try it 1: invoice the sample order',
			);
			assert.equal(first.status, 'success', first.error?.message);
			const second = await n8n.runAsEditor(
				UI_WORKFLOW_IDS.orderRefunded,
				'Try it 2: one keyboard refunded',
			);
			timings['run example 9 from the editor'] = first.ms + second.ms;
			assert.equal(second.status, 'success', second.error?.message);
			const [note] = outputOf(second.runData, 'Credit note');
			const stored = sandbox.vouchers.get(Number(note.idComprobante))!;
			assert.deepEqual([stored.body.tipoDeComprobante, stored.body.total], ['E', 580]);
			const [lookup] = outputOf(second.runData, 'Look up its invoice');
			assert.ok(stored.xml!.includes(`UUID="${String(lookup.uuid)}"`));
		},
	);

	let reviewExecution: string | undefined;
	await checks.check(
		'example 3 from its manual trigger: a pending voucher is created, reviewed and stamped',
		async () => {
			const result = await n8n.runAsEditor(UI_WORKFLOW_IDS.review, 'Start');
			timings['run example 3 from the editor'] = result.ms;
			reviewExecution = result.executionId;
			assert.equal(result.status, 'success', result.error?.message);
			const [stamped] = outputOf(result.runData, 'Stamp');
			assert.equal(stamped.status, 'stamped');
			assert.equal(sandbox.vouchers.get(Number(stamped.idComprobante))?.state, 'stamped');
		},
	);

	checks.section(
		'Editor in headless Chromium (playwright-core): node panel, parameter panel, credential dialog',
	);
	await editorChecks(checks, n8n, {
		...options,
		sandbox,
		parseFlatted,
		executions: { shopify: shopifyExecution, pending: pendingExecution, review: reviewExecution },
	});
}
