/**
 * An ambiguous stamp settled by facts in the real n8n (`n8n execute`): the sandbox answers GET
 * .../comprobantes/{id} with the voucher body only (no state members; the spec does not show that
 * body) and breaks the connection after acting on the stamp PUT. The node must learn from the
 * service's list that the voucher is stamped and return it with its UUID, stamped once.
 */
import assert from 'node:assert/strict';

import type { Sandbox } from '../../sandbox';
import type { WorkflowJson } from '../support/examples';
import { invoiceVoucher } from '../support/vouchers';
import type { Checks } from './checks';
import { type N8nInstance } from './n8n';
import { outputJson } from './executionJson';
import { cfdiWorkflow } from './workflows';

export const SETTLE_WORKFLOW_ID = 'cfdiE2eSettleStamp1';
const FOLIO = 'E2E-SETTLE-1';

export function settleWorkflow(credential: { id: string; name: string }): WorkflowJson {
	// Duplicate Check off: this case is about the stamp call alone (the check reads the list before and after it).
	const parameters = {
		resource: 'voucher',
		operation: 'create',
		inputMode: 'json',
		voucherJson: JSON.stringify(invoiceVoucher({ serie: 'F', folio: FOLIO })),
		duplicateCheck: 'off',
		options: { retryDelayMs: 200 },
	};
	return cfdiWorkflow(
		SETTLE_WORKFLOW_ID,
		'Ambiguous stamp settled by facts (sandbox)',
		undefined,
		parameters,
		credential,
		{ nodeName: 'Create and stamp' },
	);
}

export async function settleExample(
	checks: Checks,
	n8n: N8nInstance,
	sandbox: Sandbox,
	timings: Record<string, number>,
): Promise<void> {
	checks.section(
		"An ambiguous stamp settled by facts (GET gives the body only, the stamp PUT's answer is lost), n8n execute",
	);
	const mark = sandbox.requests.length;
	const stampsBefore = sandbox.stampCount();
	sandbox.setGetVoucherShape('bodyOnly');
	sandbox.injectFault({ route: 'updateVoucher', kind: 'connectionReset', perform: true });
	let run;
	try {
		const result = await n8n.execute(SETTLE_WORKFLOW_ID);
		run = result.run;
		timings['execute settle by facts'] = result.cli.ms;
	} finally {
		sandbox.setGetVoucherShape('bodyWithState');
		sandbox.clearFaults();
	}
	const requests = sandbox.requests.slice(mark).filter((request) => request.server === 'api');
	const stored = [...sandbox.vouchers.values()].filter((voucher) => voucher.body.folio === FOLIO);

	await checks.check(
		'the item is "stamped" with the UUID the service gave the voucher, and the service stamped it once',
		() => {
			const error = run.data.resultData.error;
			assert.equal(
				error,
				undefined,
				`the run failed: ${error?.message ?? ''} ${error?.description ?? ''}`,
			);
			assert.equal(stored.length, 1);
			assert.deepEqual([stored[0].state, stored[0].stampCount], ['stamped', 1]);
			assert.equal(sandbox.stampCount() - stampsBefore, 1);
			const [item] = outputJson(run, 'Create and stamp');
			assert.deepEqual(
				[item.status, item.uuid, item.voucherId],
				['stamped', stored[0].uuid, stored[0].id],
			);
		},
	);
	await checks.check(
		'how it was settled: the PUT acted but its answer was lost, GET showed no state, the list by idComprobante showed the UUID; no second PUT',
		() => {
			assert.deepEqual(
				requests.map((request) => request.route),
				['createVoucher', 'updateVoucher', 'getVoucher', 'listVouchers'],
			);
			assert.equal(requests[1].status, 0);
			assert.ok(Number(requests[3].query.finicial) < Number(requests[3].query.ffinal));
		},
	);
}
