/**
 * Headless phase: the example workflows' sandbox variants run with `n8n execute --id=... --rawOutput`
 * in the real n8n, with the package installed as a community node. Asserts on the output items and
 * on the sandbox's state and request log.
 */
import assert from 'node:assert/strict';

import type { LoggedRequest, Sandbox } from '../../sandbox';
import {
	CFDI_NODE_TYPE,
	EXAMPLE_TABLES,
	LOOKUP_CUSTOMER,
	CFDI_CREDENTIAL_TYPE,
	loadExample,
	nodeNamed,
	reachableFrom,
	withCfdiCredential,
	withDataTableStandIns,
	withExtraSampleOrders,
	type WorkflowJson,
} from '../support/examples';
import type { Checks } from './checks';
import { outputItems, outputJson, ranNodes, type ExecutionJson, type N8nInstance } from './n8n';
import { MISSING_VOUCHER_ID, seedPendingVouchers } from './seed';

export const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

export const WORKFLOW_IDS = {
	shopifyCli: 'cfdiE2eCliShopify01',
	pendingCli: 'cfdiE2eCliPending01',
	reviewCli: 'cfdiE2eCliReview001',
	shopifyAsShipped: 'cfdiE2eShipped00001',
	pendingAsShipped: 'cfdiE2eShipped00002',
	reviewAsShipped: 'cfdiE2eShipped00003',
	orderPaidAsShipped: 'cfdiE2eShipped00008',
	orderRefundedAsShipped: 'cfdiE2eShipped00009',
	paymentReceiptCli: 'cfdiE2eCliPayRcpt01',
	creditNoteCli: 'cfdiE2eCliCredNote1',
	globalInvoiceCli: 'cfdiE2eCliGlobal001',
} as const;

/** Examples 4-6 (the voucher kinds): their "Try it" paths, run with n8n execute. */
const KIND_EXAMPLES = [
	{
		name: 'paymentReceipt',
		id: WORKFLOW_IDS.paymentReceiptCli,
		start: 'Try it: pay half of a sample invoice',
		cfdiNodes: 2,
	},
	{
		name: 'creditNote',
		id: WORKFLOW_IDS.creditNoteCli,
		start: 'Try it: refund part of a sample invoice',
		cfdiNodes: 2,
	},
	{
		name: 'globalInvoice',
		id: WORKFLOW_IDS.globalInvoiceCli,
		start: 'Try it: invoice sample sales',
		cfdiNodes: 1,
	},
] as const;

const requestsSince = (sandbox: Sandbox, mark: number) => sandbox.requests.slice(mark);
const count = (requests: LoggedRequest[], route: string) =>
	requests.filter((request) => request.route === route).length;

function assertSucceeded(run: ExecutionJson, code: number | null): void {
	const error = run.data.resultData.error;
	assert.equal(
		error,
		undefined,
		`the run failed: ${error?.message ?? ''} ${error?.description ?? ''}`,
	);
	assert.equal(code, 0, `n8n execute exited with ${String(code)}`);
	for (const [node, tasks] of Object.entries(run.data.resultData.runData)) {
		assert.equal(
			tasks[0].executionStatus,
			'success',
			`node "${node}" ended ${String(tasks[0].executionStatus)}`,
		);
	}
}

/**
 * n8n 2.10+ checks, before `n8n execute` runs anything, that every node's credential exists, also
 * on a trigger the run does not start from: the Shopify trigger's placeholder would fail the run.
 * (The editor's manual run from "Try it" does not need it, see the server phase.)
 */
function withoutShopifyCredential(workflow: WorkflowJson): WorkflowJson {
	const copy = structuredClone(workflow);
	const trigger = copy.nodes.find((node) => node.type === 'n8n-nodes-base.shopifyTrigger');
	if (trigger) delete trigger.credentials;
	return copy;
}

/** The example workflows as shipped plus their sandbox variants, for one import. */
export function cliWorkflows(
	credential: { id: string; name: string },
	pendingRows: Array<Record<string, unknown>>,
): WorkflowJson[] {
	const asShipped = (
		name: 'shopify' | 'pending' | 'review' | 'orderPaid' | 'orderRefunded',
		id: string,
	) => ({ ...loadExample(name), id });
	const shopify = withoutShopifyCredential(
		withExtraSampleOrders(
			withDataTableStandIns(withCfdiCredential(loadExample('shopify'), credential), {
				[EXAMPLE_TABLES.customerTaxData.name]: [LOOKUP_CUSTOMER],
			}),
		),
	);
	const pending = withDataTableStandIns(withCfdiCredential(loadExample('pending'), credential), {
		[EXAMPLE_TABLES.pendingVouchers.name]: pendingRows,
	});
	const review = withCfdiCredential(loadExample('review'), credential);
	return [
		{ ...shopify, id: WORKFLOW_IDS.shopifyCli, name: `${shopify.name} (sandbox, headless)` },
		{ ...pending, id: WORKFLOW_IDS.pendingCli, name: `${pending.name} (sandbox, headless)` },
		{ ...review, id: WORKFLOW_IDS.reviewCli, name: `${review.name} (sandbox)` },
		asShipped('shopify', WORKFLOW_IDS.shopifyAsShipped),
		asShipped('pending', WORKFLOW_IDS.pendingAsShipped),
		asShipped('review', WORKFLOW_IDS.reviewAsShipped),
		asShipped('orderPaid', WORKFLOW_IDS.orderPaidAsShipped),
		asShipped('orderRefunded', WORKFLOW_IDS.orderRefundedAsShipped),
		...KIND_EXAMPLES.map(({ name, id, start }) => {
			const tryIt = reachableFrom(withCfdiCredential(loadExample(name), credential), start);
			return { ...tryIt, id, name: `${tryIt.name} (sandbox, try-it path)` };
		}),
	];
}

export async function seedForCli(sandbox: Sandbox) {
	const seeded = await seedPendingVouchers(sandbox);
	sandbox.clearLog();
	return seeded;
}

export async function shopifyExample(
	checks: Checks,
	n8n: N8nInstance,
	sandbox: Sandbox,
	timings: Record<string, number>,
): Promise<void> {
	checks.section(
		'Example 1 (Shopify order → stamp → XML + PDF → e-mail), sandbox variant, n8n execute',
	);
	const mark = sandbox.requests.length;
	const vouchersBefore = new Set(sandbox.vouchers.keys());
	const emailsBefore = sandbox.emails.length;
	const { run, cli } = await n8n.execute(WORKFLOW_IDS.shopifyCli);
	timings['execute example 1'] = cli.ms;
	const requests = requestsSince(sandbox, mark);

	await checks.check(
		'the run succeeds; it starts at the manual "Try it" trigger, the Shopify trigger does not run',
		() => {
			assertSucceeded(run, cli.code);
			assert.ok(ranNodes(run).includes('Try it: sample order'));
			assert.ok(!ranNodes(run).includes('Shopify: order created'));
		},
	);
	const created = outputJson(run, 'Create and stamp');
	const orderName = (item: Record<string, unknown>) =>
		String((item.order as Record<string, unknown> | undefined)?.name);
	const stampedItems = created.filter((item) => item.status === 'stamped');
	const uuids = stampedItems.map((item) => String(item.uuid));
	const storedFor = (name: string) => {
		const item = created.find((candidate) => orderName(candidate) === name);
		return [...sandbox.vouchers.values()].find((voucher) => voucher.uuid === item?.uuid);
	};
	await checks.check(
		'Create and stamp (Input Mode Order, no Code node): #1001 (RFC from note attributes) and #1002 (RFC from the lookup, joined by the Merge node) are stamped; #1003 (no tax data) is skipped with why',
		() => {
			assert.deepEqual(
				created.map((item) => [orderName(item), item.status]),
				[
					['#1002', 'stamped'],
					['#1001', 'stamped'],
					['#1003', 'skipped'],
				],
			);
			assert.equal((created[2].skipped as Record<string, unknown>).reason, 'noTaxData');
			assert.equal(
				(storedFor('#1001')!.body.receptor as Record<string, unknown>).rfc,
				'URE180429TM6',
			);
			assert.equal(
				(storedFor('#1001')!.body.receptor as Record<string, unknown>).nombre,
				'UNIVERSIDAD ROBOTICA ESPAÑOLA',
			);
			assert.equal(
				(storedFor('#1002')!.body.receptor as Record<string, unknown>).rfc,
				LOOKUP_CUSTOMER.rfc,
			);
			assert.equal(
				(storedFor('#1002')!.body.receptor as Record<string, unknown>).domicilioFiscalReceptor,
				LOOKUP_CUSTOMER.postalCode,
			);
		},
	);
	await checks.check(
		'the order is priced as Shopify charged it: subtotal 1300.00 + IVA 208.00 = total 1508.00 (the Shopify order total)',
		() => {
			const voucher = storedFor('#1001')!.body as Record<string, any>;
			assert.equal(voucher.subTotal, 1300);
			assert.equal(voucher.impuestos.totalImpuestosTrasladados, 208);
			assert.equal(voucher.total, 1508);
			assert.deepEqual(
				voucher.conceptos.map((c: any) => [
					c.cantidad,
					c.valorUnitario,
					c.importe,
					c.objetoImp,
					c.impuestos.traslados[0].importe,
				]),
				[
					['2', 500, 1000, '02', 160],
					['1', 300, 300, '02', 48],
				],
			);
			const summary = created.find((item) => orderName(item) === '#1001')!.order as Record<
				string,
				unknown
			>;
			assert.deepEqual([summary.orderTotal, summary.voucherTotal], [1508, 1508]);
		},
	);
	await checks.check(
		'the sandbox holds exactly the two stamped vouchers, each stamped once',
		() => {
			for (const uuid of uuids) assert.match(uuid, UUID);
			const fresh = [...sandbox.vouchers.values()].filter(
				(voucher) => !vouchersBefore.has(voucher.id),
			);
			assert.equal(fresh.length, 2);
			assert.deepEqual(
				fresh.map((voucher) => [voucher.state, voucher.stampCount]),
				[
					['stamped', 1],
					['stamped', 1],
				],
			);
			assert.deepEqual(fresh.map((voucher) => voucher.uuid).sort(), [...uuids].sort());
			assert.equal(outputItems(run, 'Stamped only').length, 2);
		},
	);
	await checks.check('Download XML: binary <uuid>.xml with the bytes the service serves', () => {
		const items = outputItems(run, 'Download XML');
		assert.deepEqual(
			items.map((item) => item.json.fileName),
			uuids.map((uuid) => `${uuid}.xml`),
		);
		for (const item of items) {
			const stored = [...sandbox.vouchers.values()].find(
				(voucher) => voucher.uuid === item.json.uuid,
			)!;
			assert.equal(item.json.fileSize, Buffer.byteLength(stored.xml!, 'utf8'));
			assert.equal(item.binary?.data?.mimeType, 'application/xml');
			assert.ok(stored.xml!.includes(`UUID="${String(item.json.uuid)}"`));
		}
	});
	await checks.check(
		'Get PDF (download on): binary <uuid>.pdf fetched from the storage host without an Authorization header',
		() => {
			const items = outputItems(run, 'Get PDF');
			assert.deepEqual(
				items.map((item) => item.json.fileName),
				uuids.map((uuid) => `${uuid}.pdf`),
			);
			for (const item of items) {
				assert.ok(Number(item.json.fileSize) > 500);
				assert.equal(item.binary?.data?.mimeType, 'application/pdf');
				assert.ok(String(item.json.url).startsWith(`${sandbox.blobUrl}/`));
			}
			const blobs = requests.filter((request) => request.route === 'blob');
			assert.equal(blobs.length, 2);
			assert.ok(
				blobs.every(
					(request) => request.status === 200 && request.headers.authorization === undefined,
				),
			);
		},
	);
	await checks.check(
		"E-mail to customer: the service e-mails each voucher to its order's customer",
		() => {
			const sent = outputJson(run, 'E-mail to customer');
			assert.deepEqual(
				sent.map((item) => [item.sent, item.to, item.subject]),
				[
					[true, LOOKUP_CUSTOMER.email, 'Tu factura del pedido #1002'],
					[true, 'compras@robotica.example.com', 'Tu factura del pedido #1001'],
				],
			);
			const emails = sandbox.emails.slice(emailsBefore);
			assert.deepEqual(
				emails.map((email) => [email.body.para, email.body.cfdi.uuid]),
				[
					[LOOKUP_CUSTOMER.email, uuids[0]],
					['compras@robotica.example.com', uuids[1]],
				],
			);
			assert.ok(
				requests
					.filter((request) => request.route === 'sendEmail')
					.every((request) => request.pathname.startsWith('/BusinessEmision/api/v1/')),
			);
		},
	);
	await checks.check(
		'a new credential signs in once for the whole run (1 token call, 1 user-info call), every API call carries the bearer token',
		() => {
			assert.equal(count(requests, 'token'), 1);
			assert.equal(count(requests, 'userinfo'), 1);
			const api = requests.filter((request) => request.server === 'api');
			assert.ok(api.length >= 10);
			assert.ok(
				api.every(
					(request) =>
						/^Bearer .+/.test(request.headers.authorization ?? '') &&
						request.status >= 200 &&
						request.status < 300,
				),
			);
		},
	);
}

export async function pendingExample(
	checks: Checks,
	n8n: N8nInstance,
	sandbox: Sandbox,
	seeded: Awaited<ReturnType<typeof seedPendingVouchers>>,
	timings: Record<string, number>,
): Promise<void> {
	checks.section(
		'Example 2 (stamp pending vouchers, Continue On Fail, summary), sandbox variant, n8n execute',
	);
	const mark = sandbox.requests.length;
	const { run, cli } = await n8n.execute(WORKFLOW_IDS.pendingCli);
	timings['execute example 2'] = cli.ms;
	const requests = requestsSince(sandbox, mark);

	await checks.check(
		'the run succeeds although two vouchers fail (Continue On Fail on Get and Update)',
		() => assertSucceeded(run, cli.code),
	);
	await checks.check(
		'Get pending voucher: four vouchers, and an error item for the unknown id',
		() => {
			const got = outputJson(run, 'Get pending voucher');
			assert.equal(got.length, 5);
			assert.match(String(got[4].error), new RegExp(`^Item 4: .*${MISSING_VOUCHER_ID}.*404`));
			assert.equal(count(requests, 'getVoucher'), 5);
		},
	);
	await checks.check(
		'Update and stamp: the two good vouchers are stamped; the one with wrong totals becomes an error item and stays pending',
		() => {
			const updated = outputJson(run, 'Update and stamp');
			assert.equal(updated.length, 3);
			assert.deepEqual([updated[0].status, updated[2].status], ['stamped', 'stamped']);
			// Refused by the node's own checks or by the service (CFDI40108): either way it names subTotal.
			assert.match(String(updated[1].error), /^Item 1: .*(subTotal|CFDI40108)/i);
			for (const id of seeded.good) {
				const voucher = sandbox.vouchers.get(id)!;
				assert.deepEqual([voucher.state, voucher.stampCount], ['stamped', 1]);
			}
			assert.deepEqual(
				[
					sandbox.vouchers.get(seeded.badTotals)!.state,
					sandbox.vouchers.get(seeded.badTotals)!.stampCount,
				],
				['pending', 0],
			);
			assert.equal(
				sandbox.vouchers.get(seeded.alreadyStamped)!.stampCount,
				1,
				'the already stamped voucher is not sent again',
			);
			const puts = requests
				.filter((request) => request.route === 'updateVoucher')
				.map((request) => Number(request.pathname.split('/').pop()));
			assert.deepEqual(
				puts.filter((id) => id !== seeded.badTotals),
				seeded.good,
			);
		},
	);
	await checks.check(
		'Summary of failures: 5 checked, 3 stamped (one already was), 2 failed, each with its step and error',
		() => {
			const [summary] = outputJson(run, 'Summary of failures');
			assert.equal(summary.checked, 5);
			assert.equal(summary.stamped, 3);
			assert.equal(summary.failed, 2);
			const failures = summary.failures as Array<Record<string, unknown>>;
			assert.deepEqual(
				failures.map((failure) => [failure.voucherId, failure.step]).sort(),
				[
					[MISSING_VOUCHER_ID, 'get'],
					[seeded.badTotals, 'stamp'],
				].sort(),
			);
			const stampFailure = failures.find((failure) => failure.step === 'stamp')!;
			assert.match(String(stampFailure.error), /subTotal|CFDI40108/i);
			assert.ok(Array.isArray(stampFailure.codes));
			assert.match(String(summary.message), /^2 of 5 pending vouchers could not be stamped/);
			const stamped = summary.stampedVouchers as Array<Record<string, unknown>>;
			assert.ok(
				stamped.some(
					(entry) =>
						entry.voucherId === seeded.alreadyStamped && entry.note === 'was already stamped',
				),
			);
		},
	);
	await checks.check(
		'what "Record in pending_vouchers" would write: stamped rows get their UUID, failed rows stay pending with the error',
		() => {
			const writes = outputJson(run, 'Record in pending_vouchers') as Array<{
				where: { voucherId: number };
				set: Record<string, string>;
			}>;
			const byId = new Map(writes.map((write) => [write.where.voucherId, write.set]));
			assert.equal(byId.size, 5);
			for (const id of [...seeded.good, seeded.alreadyStamped]) {
				assert.equal(byId.get(id)!.status, 'stamped');
				assert.match(byId.get(id)!.uuid, UUID);
				assert.equal(byId.get(id)!.lastError, '');
			}
			for (const id of [seeded.badTotals, MISSING_VOUCHER_ID]) {
				assert.equal(byId.get(id)!.status, 'pending');
				assert.ok(byId.get(id)!.lastError.length > 10);
			}
		},
	);
	await checks.check('the credential saved by the previous run is reused: no token call', () => {
		assert.equal(count(requests, 'token'), 0);
	});
}

export async function reviewExample(
	checks: Checks,
	n8n: N8nInstance,
	sandbox: Sandbox,
	timings: Record<string, number>,
): Promise<void> {
	checks.section(
		'Example 3 (pending voucher from fields → review → stamp), sandbox credential, n8n execute',
	);
	const mark = sandbox.requests.length;
	const { run, cli } = await n8n.execute(WORKFLOW_IDS.reviewCli);
	timings['execute example 3'] = cli.ms;
	const requests = requestsSince(sandbox, mark);

	await checks.check('the run succeeds and takes the "review passes" branch', () => {
		assertSucceeded(run, cli.code);
		assert.ok(ranNodes(run).includes('Stamp'));
		assert.ok(!ranNodes(run).includes('Not stamped: needs attention'));
	});
	const [saved] = outputJson(run, 'Save as pending');
	await checks.check(
		'Save as pending stores a pending voucher built from the form fields (emitir=false)',
		() => {
			assert.equal(saved.status, 'pending');
			const creates = requests.filter((request) => request.route === 'createVoucher');
			assert.equal(creates.length, 1);
			assert.equal(creates[0].query.emitir, 'false');
			const body = JSON.parse(creates[0].body) as Record<string, any>;
			assert.deepEqual(
				[body.serie, body.total, body.receptor.rfc, body.conceptos[0].cantidad],
				['B', 8500, 'URE180429TM6', '10'],
			);
		},
	);
	await checks.check(
		'Read it back returns the stored voucher; Stamp updates it with the reviewed body and stamps it',
		() => {
			const id = Number(saved.idComprobante);
			const [reviewed] = outputJson(run, 'Read it back');
			assert.deepEqual([reviewed.id, reviewed.subEstatusId, reviewed.uuid], [id, 0, null]);
			const [stamped] = outputJson(run, 'Stamp');
			assert.equal(stamped.status, 'stamped');
			const puts = requests.filter((request) => request.route === 'updateVoucher');
			assert.equal(puts.length, 1);
			assert.equal(puts[0].pathname.endsWith(`/comprobantes/${id}`), true);
			assert.equal(puts[0].query.emitir, 'true');
			const body = JSON.parse(puts[0].body) as Record<string, unknown>;
			assert.equal(body.id, id);
			for (const stateField of ['esValido', 'subEstatusId', 'uuid'])
				assert.ok(!(stateField in body), `the PUT body carries "${stateField}"`);
			const voucher = sandbox.vouchers.get(id)!;
			assert.deepEqual(
				[voucher.state, voucher.stampCount, voucher.uuid],
				['stamped', 1, stamped.uuid],
			);
		},
	);
}

/** The shipped examples use the package's real node type names and a placeholder credential. */
export async function shippedExamplesCheck(checks: Checks): Promise<void> {
	checks.section('Example files as shipped');
	for (const name of ['shopify', 'pending', 'review', 'orderPaid', 'orderRefunded'] as const) {
		await checks.check(
			`${name}: CFDI nodes are ${CFDI_NODE_TYPE} with a placeholder credential; it has a manual "try it" trigger`,
			() => {
				const workflow = loadExample(name);
				const cfdi = workflow.nodes.filter((node) => node.type === CFDI_NODE_TYPE);
				assert.ok(cfdi.length >= 2);
				for (const node of cfdi)
					assert.equal(node.credentials?.cfdiEmisionApi?.id, 'REPLACE_ME_cfdiEmisionApi');
				assert.ok(workflow.nodes.some((node) => node.type === 'n8n-nodes-base.manualTrigger'));
				for (const [source, { main }] of Object.entries(workflow.connections)) {
					nodeNamed(workflow, source);
					for (const target of main.flat()) nodeNamed(workflow, target.node);
				}
			},
		);
	}
}

/** The shop's month (examples 10 and 11): their triggers, pages and placeholder credentials as shipped. */
export async function shopMonthExamplesCheck(checks: Checks): Promise<void> {
	checks.section("Example files as shipped: a shop's month (10, 11)");
	const cfdiNodes = (workflow: WorkflowJson) =>
		workflow.nodes.filter((node) => node.type === CFDI_NODE_TYPE);
	const connected = (workflow: WorkflowJson) => {
		for (const [source, { main }] of Object.entries(workflow.connections)) {
			nodeNamed(workflow, source);
			for (const target of main.flat()) nodeNamed(workflow, target.node);
		}
	};
	await checks.check(
		"selfInvoice: a Form Trigger, every path shows a Form Ending page before the owner's path; the CFDI nodes and Shopify carry placeholder credentials",
		() => {
			const workflow = loadExample('selfInvoice');
			assert.equal(
				workflow.nodes.filter((node) => node.type === 'n8n-nodes-base.formTrigger').length,
				1,
			);
			const endings = workflow.nodes.filter(
				(node) => node.type === 'n8n-nodes-base.form' && node.parameters.operation === 'completion',
			);
			assert.deepEqual(
				endings.map((ending) => ending.name),
				['Página: factura enviada', 'Página: no se pudo facturar'],
			);
			// After the buyer's page only the owner's path runs (the alert, then the failed execution).
			assert.equal(workflow.connections['Página: factura enviada'], undefined);
			assert.deepEqual(
				workflow.connections['Página: no se pudo facturar'].main.map((out) =>
					out.map((to) => to.node),
				),
				[['¿Avisar a la tienda?']],
			);
			assert.equal(cfdiNodes(workflow).length, 6);
			for (const node of cfdiNodes(workflow))
				assert.equal(node.credentials?.[CFDI_CREDENTIAL_TYPE]?.id, 'REPLACE_ME_cfdiEmisionApi');
			const shopify = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.httpRequest')!;
			assert.equal(
				shopify.credentials?.shopifyAccessTokenApi?.id,
				'REPLACE_ME_shopifyAccessTokenApi',
			);
			connected(workflow);
		},
	);
	await checks.check(
		'selfInvoice and monthGlobal: the store\'s address is one setting, "Shop URL" (https://YOUR-SHOP.myshopify.com), where every Shopify read starts, with a placeholder Shopify Access Token credential',
		() => {
			for (const name of ['selfInvoice', 'monthGlobal'] as const) {
				const workflow = loadExample(name);
				const shop = nodeNamed(workflow, 'Shop URL');
				assert.match(
					JSON.stringify(shop.parameters),
					/"shopUrl","value":"https:\/\/YOUR-SHOP\.myshopify\.com"/,
				);
				const reads = workflow.nodes.filter(
					(node) =>
						/shopify/i.test(JSON.stringify(node.parameters.url ?? '')) ||
						node.type === 'n8n-nodes-base.shopify' ||
						node.parameters.nodeCredentialType === 'shopifyAccessTokenApi',
				);
				assert.ok(reads.length >= 1, name);
				for (const node of reads) {
					assert.equal(node.type, 'n8n-nodes-base.httpRequest', node.name);
					assert.match(
						String(node.parameters.url),
						/^=\{\{ \$\('Shop URL'\)\.first\(\)\.json\.shopUrl/,
						node.name,
					);
					assert.equal(
						node.credentials?.shopifyAccessTokenApi?.id,
						'REPLACE_ME_shopifyAccessTokenApi',
					);
				}
			}
		},
	);
	await checks.check(
		'monthGlobal: a Schedule Trigger and a manual "try it" trigger, the store read and one Create Global Invoice with placeholder credentials',
		() => {
			const workflow = loadExample('monthGlobal');
			assert.ok(workflow.nodes.some((node) => node.type === 'n8n-nodes-base.scheduleTrigger'));
			assert.ok(workflow.nodes.some((node) => node.type === 'n8n-nodes-base.manualTrigger'));
			const [global] = cfdiNodes(workflow);
			assert.equal(cfdiNodes(workflow).length, 1);
			assert.equal(global.parameters.operation, 'createGlobalInvoice');
			assert.equal(global.credentials?.[CFDI_CREDENTIAL_TYPE]?.id, 'REPLACE_ME_cfdiEmisionApi');
			connected(workflow);
		},
	);
}

/** Examples 4-6: payment receipt, credit note and global invoice, each stamped through its "Try it" path. */
export async function kindExamples(
	checks: Checks,
	n8n: N8nInstance,
	sandbox: Sandbox,
	timings: Record<string, number>,
): Promise<void> {
	checks.section(
		'Examples 4-6 (payment receipt, credit note, global invoice), "Try it" paths, n8n execute',
	);
	for (const { name, cfdiNodes } of KIND_EXAMPLES) {
		await checks.check(
			`${name} as shipped: ${cfdiNodes} CFDI node(s) with a placeholder credential, a manual "try it" trigger, connections to existing nodes`,
			() => {
				const shipped = loadExample(name);
				const cfdi = shipped.nodes.filter((node) => node.type === CFDI_NODE_TYPE);
				assert.equal(cfdi.length, cfdiNodes);
				for (const node of cfdi)
					assert.equal(node.credentials?.[CFDI_CREDENTIAL_TYPE]?.id, 'REPLACE_ME_cfdiEmisionApi');
				assert.ok(shipped.nodes.some((node) => node.type === 'n8n-nodes-base.manualTrigger'));
				for (const [source, { main }] of Object.entries(shipped.connections)) {
					nodeNamed(shipped, source);
					for (const target of main.flat()) nodeNamed(shipped, target.node);
				}
			},
		);
	}
	const execute = async (id: string, label: string) => {
		const mark = sandbox.requests.length;
		const { run, cli } = await n8n.execute(id);
		timings[label] = cli.ms;
		assertSucceeded(run, cli.code);
		return { run, requests: requestsSince(sandbox, mark) };
	};
	const stored = (uuid: unknown) =>
		[...sandbox.vouchers.values()].find((voucher) => voucher.uuid === uuid);

	await checks.check(
		'example 4: a PPD invoice of 1,160.00 stamped, its XML read, then a payment receipt of 580.00 with the SAT guide figures (base 500.00, IVA 80.00, balance 580.00)',
		async () => {
			const { run, requests } = await execute(WORKFLOW_IDS.paymentReceiptCli, 'execute example 4');
			const [invoice] = outputJson(run, 'Sample: stamp the invoice');
			const [outcome] = outputJson(run, 'Outcome');
			assert.equal(outcome.status, 'stamped');
			// The invoice's XML first; the sale's ledger then reads the recipient's other vouchers of the
			// window (the list does not tell a payment or a credit relating it), each once.
			const read = requests
				.filter((request) => request.route === 'downloadXml')
				.map((request) => request.pathname.split('/').pop());
			assert.equal(read[0], invoice.uuid, JSON.stringify(read));
			assert.equal(new Set(read).size, read.length, JSON.stringify(read));
			const receipt = stored(outcome.paymentReceiptUuid)!;
			const pagos = (receipt.body.complemento as any).complementoPago20;
			assert.deepEqual(pagos.totales, {
				totalTrasladosBaseIVA16: 500,
				totalTrasladosImpuestoIVA16: 80,
				montoTotalPagos: 580,
			});
			assert.deepEqual(pagos.pago[0].doctoRelacionado[0].impuestosDR.trasladosDR, [
				{ baseDR: 500, impuestoDR: '002', tipoFactorDR: 'Tasa', tasaOCuotaDR: 0.16, importeDR: 80 },
			]);
			assert.equal(pagos.pago[0].doctoRelacionado[0].impSaldoInsoluto, 580);
			assert.ok(
				receipt.xml!.includes(`<pago20:DoctoRelacionado IdDocumento="${String(invoice.uuid)}"`),
			);
			assert.equal(receipt.stampCount, 1);
		},
	);
	await checks.check(
		'example 5: an invoice stamped, then a credit note of 116.00 (100.00 + IVA 16.00) relating it with relation 01',
		async () => {
			const { run } = await execute(WORKFLOW_IDS.creditNoteCli, 'execute example 5');
			const [invoice] = outputJson(run, 'Sample: stamp the invoice');
			const [outcome] = outputJson(run, 'Outcome');
			assert.equal(outcome.status, 'stamped');
			const note = stored(outcome.creditNoteUuid)!;
			assert.deepEqual(
				[note.body.tipoDeComprobante, note.body.subTotal, note.body.total],
				['E', 100, 116],
			);
			assert.deepEqual(note.body.cfdiRelacionados, [
				{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: invoice.uuid }] },
			]);
			assert.ok(note.xml!.includes(`<cfdi:CfdiRelacionado UUID="${String(invoice.uuid)}"/>`));
		},
	);
	await checks.check(
		'example 6: the four sample sales become one global invoice (one concept per ticket) with InformacionGlobal',
		async () => {
			const { run } = await execute(WORKFLOW_IDS.globalInvoiceCli, 'execute example 6');
			const [outcome] = outputJson(run, 'Outcome');
			assert.deepEqual([outcome.status, outcome.sales], ['stamped', 4]);
			const invoice = stored(outcome.globalInvoiceUuid)!;
			assert.deepEqual(
				(invoice.body.conceptos as any[]).map((concepto) => concepto.noIdentificacion),
				['T-0001', 'T-0002', 'T-0003', 'T-0004'],
			);
			assert.deepEqual([invoice.body.subTotal, invoice.body.total], [1070, 1241.2]);
			assert.equal((invoice.body.informacionGlobal as any).periodicidad, '04');
			assert.ok(invoice.xml!.includes('<cfdi:InformacionGlobal Periodicidad="04"'));
		},
	);
}
