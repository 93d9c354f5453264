/**
 * Sale in a Global Invoice in the real n8n (`n8n execute`, version 1.1 nodes): order #7001 went
 * into last month's stamped global invoice; Create with "Replace the Global Invoice" stamps the
 * global invoice's replacement without ticket 7001 (folio -S1), then the buyer's invoice, and
 * cancels the global invoice with motive 04 last. The first execution is stopped after the
 * replacement (the buyer's invoice refused once: nothing cancelled yet); the second goes on from
 * there; a third sends nothing. Each document exists once.
 */
import assert from 'node:assert/strict';

import type { Sandbox } from '../../sandbox';
import type { WorkflowJson } from '../support/examples';
import { corpusOrder } from '../support/corpusOrder';
import { recentGlobalParams } from '../support/kindsKit';
import { lastMonthDay } from '../support/mexicoCityDates';
import { orderParams } from '../support/nodeTestKit';
import type { Checks } from './checks';
import { type N8nInstance } from './n8n';
import { outputJson, type ExecutionJson } from './executionJson';
import { cfdiWorkflow } from './workflows';

export const GLOBAL_SALE_WORKFLOWS = {
	global: 'cfdiE2eGlobSaleG0001',
	order: 'cfdiE2eGlobSaleO0001',
} as const;

const TICKETS = ['7001', '7002', '7003'];

/** Example 1's sample order as order #7001 (1,508.00, its buyer's tax data in note attributes), placed last month. */
const ORDER = {
	...corpusOrder('example-1'),
	id: 7001000000001,
	name: '#7001',
	order_number: 7001,
	created_at: lastMonthDay(5),
};

export function globalSaleWorkflows(credential: { id: string; name: string }): WorkflowJson[] {
	return [
		cfdiWorkflow(
			GLOBAL_SALE_WORKFLOWS.global,
			"Sale in a Global Invoice: last month's global invoice (sandbox)",
			TICKETS.map((ticket, index) => ({ ticket, total: [1508, 116, 58][index] })),
			recentGlobalParams(1, {
				// Series B, not F: example 6 stamps last month's monthly global invoice (series F) in the same
				// account, and a monthly global invoice's key is its series and period.
				serie: 'B',
				formaPago: '04',
			}),
			credential,
		),
		cfdiWorkflow(
			GLOBAL_SALE_WORKFLOWS.order,
			'Sale in a Global Invoice: order #7001 invoiced to its buyer, Replace the Global Invoice (sandbox)',
			[ORDER],
			orderParams({ saleInGlobalInvoice: 'replace' }),
			credential,
		),
	];
}

const failed = (run: ExecutionJson) => run.data.resultData.error;

export async function globalSalePhase(
	checks: Checks,
	n8n: N8nInstance,
	sandbox: Sandbox,
	timings: Record<string, number>,
): Promise<void> {
	checks.section(
		'Sale in a Global Invoice (version 1.1 nodes, n8n execute): Replace the Global Invoice, stopped and run again',
	);
	const execute = async (id: string, label: string) => {
		const { run, cli } = await n8n.execute(id);
		timings[`execute ${label}`] = cli.ms;
		return run;
	};
	const global = await execute(GLOBAL_SALE_WORKFLOWS.global, 'global sale: the global invoice');
	const globalUuid = String(outputJson(global, 'CFDI')[0]?.uuid ?? '');
	const stored = (uuid: unknown) =>
		[...sandbox.vouchers.values()].find((voucher) => voucher.uuid === uuid);
	const ticketsOf = (uuid: unknown) =>
		((stored(uuid)?.body.conceptos ?? []) as Array<Record<string, unknown>>).map(
			(concepto) => concepto.noIdentificacion,
		);
	const ok = await checks.check(
		"last month's global invoice stamped with tickets 7001, 7002, 7003",
		() => {
			assert.equal(failed(global), undefined, JSON.stringify(failed(global)));
			assert.match(globalUuid, /^[0-9A-F-]{36}$/i);
			assert.deepEqual(
				[outputJson(global, 'CFDI')[0]?.status, ticketsOf(globalUuid)],
				['stamped', TICKETS],
			);
		},
	);
	if (!ok) return;

	const cancellationsOfGlobal = () =>
		sandbox.requests.filter(
			(request) => request.route === 'cancelVoucher' && request.pathname.endsWith(globalUuid),
		);
	const stampedWith = (predicate: (body: Record<string, unknown>) => boolean) =>
		[...sandbox.vouchers.values()].filter(
			(voucher) => voucher.stampCount > 0 && predicate(voucher.body),
		);

	// The buyer's invoice is the second voucher the first execution creates: refused once.
	sandbox.injectFault({ route: 'createVoucher', kind: 'status', status: 400, after: 1 });
	// This order's requests only: other steps share the sandbox and write to the same RFC.
	const orderStart = sandbox.requests.length;
	const stopped = await execute(GLOBAL_SALE_WORKFLOWS.order, 'global sale: order (stopped)');
	const cancelledBeforeResume = sandbox.cancellations.get(globalUuid)?.state;
	const resumed = await execute(GLOBAL_SALE_WORKFLOWS.order, 'global sale: order (again)');
	const mark = sandbox.requests.length;
	const third = await execute(GLOBAL_SALE_WORKFLOWS.order, 'global sale: order (third)');
	await checks.check(
		"stopped after the replacement (the global invoice still valid), run again: the buyer's invoice once, then the global invoice cancelled once (motive 04), its replacement once without ticket 7001; a third run stamps nothing",
		() => {
			assert.ok(
				failed(stopped),
				`the first execution was to stop at the refused invoice; its items: ${JSON.stringify(outputJson(stopped, 'CFDI'))}`,
			);
			// A refused step cancels nothing: every ticket stays declared until the buyer's invoice exists.
			assert.equal(cancelledBeforeResume, undefined);
			assert.equal(failed(resumed), undefined, JSON.stringify(failed(resumed)));
			const output = outputJson(resumed, 'CFDI')[0] ?? {};
			assert.equal(output.status, 'stamped', JSON.stringify(output));
			const cancels = cancellationsOfGlobal();
			assert.equal(cancels.length, 1);
			assert.equal(JSON.parse(cancels[0].body).motivo, '04');
			assert.equal(sandbox.cancellations.get(globalUuid)?.state, 'cancelled');
			// Found by its folio: relating the global invoice would make it "no cancelable" (FAC205).
			const replacements = stampedWith(
				(body) => body.folio === `${String(stored(globalUuid)?.body.folio)}-S1`,
			);
			assert.equal(replacements.length, 1);
			const [replacement] = replacements;
			assert.equal(replacement.stampCount, 1);
			assert.deepEqual(ticketsOf(replacement.uuid), ['7002', '7003']);
			assert.equal(replacement.body.cfdiRelacionados, undefined);
			// The cancellation came after the buyer's invoice.
			const order = sandbox.requests
				.slice(orderStart)
				.filter(
					(request) =>
						(request.route === 'cancelVoucher' && request.pathname.endsWith(globalUuid)) ||
						(request.route === 'updateVoucher' && request.body.includes('URE180429TM6')),
				);
			assert.deepEqual(
				order.map((request) => request.route),
				['updateVoucher', 'cancelVoucher'],
			);
			const buyer = stampedWith(
				(body) =>
					String(body.folio) === '7001' &&
					(body.receptor as Record<string, unknown>).rfc === 'URE180429TM6',
			);
			assert.equal(buyer.length, 1);
			assert.equal(buyer[0].stampCount, 1);
			assert.equal(buyer[0].uuid, output.uuid);
			const again = outputJson(third, 'CFDI')[0] ?? {};
			assert.deepEqual([again.status, again.uuid], ['alreadyStamped', output.uuid]);
			// The list, and the XML of each live global invoice of the period once (the replacement,
			// and in the full run other steps' global invoices in the shared sandbox): none holds 7001.
			const thirdRequests = sandbox.requests
				.slice(mark)
				.filter((request) => request.server === 'api');
			assert.deepEqual(
				[...new Set(thirdRequests.map((request) => request.route))],
				['listVouchers', 'downloadXml'],
			);
			assert.equal(thirdRequests.filter((r) => r.route === 'listVouchers').length, 1);
			const xmlRead = thirdRequests
				.filter((request) => request.route === 'downloadXml')
				.map((request) => request.pathname);
			assert.equal(new Set(xmlRead).size, xmlRead.length, `an XML read twice: ${xmlRead}`);
			assert.ok(
				xmlRead.some((path) => path.endsWith(String(replacement.uuid))),
				`the replacement's XML was not read: ${xmlRead}`,
			);
		},
	);
}
