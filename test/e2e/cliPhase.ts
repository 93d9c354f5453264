/**
 * Headless phase: the example workflows' sandbox variants run with `n8n execute --id=... --rawOutput`
 * in the real n8n, with the package installed as a community node. Asserts on the output items and
 * on the sandbox's state and request log.
 */
import assert from 'node:assert/strict';

import type { LoggedRequest, Sandbox } from '../../sandbox';
import {
	EXAMPLE_TABLES,
	LOOKUP_CUSTOMER,
	loadExample,
	reachableFrom,
	withCfdiCredential,
	withDataTableStandIns,
	withExtraSampleOrders,
	type WorkflowJson,
} from '../support/examples';
import type { Checks } from './checks';
import { type N8nInstance } from './n8n';
import { outputItems, outputJson, ranNodes, type ExecutionJson } from './executionJson';
import { seedPendingVouchers } from './seed';

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
export const KIND_EXAMPLES = [
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

export const requestsSince = (sandbox: Sandbox, mark: number) => sandbox.requests.slice(mark);
export const count = (requests: LoggedRequest[], route: string) =>
	requests.filter((request) => request.route === route).length;

export function assertSucceeded(run: ExecutionJson, code: number | null): void {
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
