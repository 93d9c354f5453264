/**
 * The Duplicate Check in a real n8n when the service's voucher list writes its dates in UTC (issue
 * 39 item 3; the list is not in the spec): Create (a JSON voucher without a key) → Stamped only →
 * E-mail, executed three times in separate executions, gives one voucher and one e-mail; the 2nd
 * and 3rd executions answer alreadyStamped. The sandbox's list goes back to Mexico City's dates after.
 */
import assert from 'node:assert/strict';

import type { Sandbox } from '../../sandbox';
import { CFDI_CREDENTIAL_TYPE, CFDI_NODE_TYPE, type WorkflowJson } from '../support/examples';
import { invoiceVoucher } from '../support/vouchers';
import type { Checks } from './checks';
import { type N8nInstance } from './n8n';
import { outputJson, type ExecutionJson } from './executionJson';

export const LIST_ZONE_WORKFLOW = 'cfdiE2eDupZoneUtc001';

const RECIPIENT = 'compras@example.com';
const DESCRIPTION = 'E2E: the list writes its dates in UTC';
const VOUCHER = invoiceVoucher({
	conceptos: [
		{
			claveProdServ: '43232408',
			cantidad: '1',
			claveUnidad: 'H87',
			descripcion: DESCRIPTION,
			valorUnitario: 642,
			importe: 642,
			objetoImp: '01',
		},
	],
	subTotal: 642,
	total: 642,
});

/** Start → CFDI (Create, JSON, no key) → Stamped only (example 1's filter) → E-mail (Send). */
export function listZoneWorkflows(credential: { id: string; name: string }): WorkflowJson[] {
	const credentials = { [CFDI_CREDENTIAL_TYPE]: { ...credential } };
	const id = LIST_ZONE_WORKFLOW;
	const nodes = [
		{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} },
		{
			name: 'CFDI',
			type: CFDI_NODE_TYPE,
			typeVersion: 1.1,
			credentials,
			parameters: {
				resource: 'voucher',
				operation: 'create',
				inputMode: 'json',
				voucherJson: JSON.stringify(VOUCHER),
			},
		},
		{
			name: 'Stamped only',
			type: 'n8n-nodes-base.filter',
			typeVersion: 2.2,
			parameters: {
				conditions: {
					options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
					conditions: [
						{
							id: `${id}-cond`,
							leftValue: '={{ $json.status }}',
							rightValue: 'stamped',
							operator: { type: 'string', operation: 'equals' },
						},
					],
					combinator: 'and',
				},
				options: {},
			},
		},
		{
			name: 'E-mail',
			type: CFDI_NODE_TYPE,
			typeVersion: 1.1,
			credentials,
			parameters: {
				resource: 'email',
				operation: 'send',
				uuid: '={{ $json.uuid }}',
				to: RECIPIENT,
				subject: '=Invoice {{ $json.uuid }}',
			},
		},
	].map((node, index) => ({ ...node, id: `${id}-${index}`, position: [index * 220, 0] }));
	const next = (name: string) => ({ main: [[{ node: name, type: 'main', index: 0 }]] });
	return [
		{
			id,
			name: 'Duplicate check: the list writes UTC dates, then an e-mail (sandbox)',
			nodes,
			connections: {
				Start: next('CFDI'),
				CFDI: next('Stamped only'),
				'Stamped only': next('E-mail'),
			},
			settings: { executionOrder: 'v1' },
			active: false,
		} as unknown as WorkflowJson,
	];
}

export async function listZonePhase(
	checks: Checks,
	n8n: N8nInstance,
	sandbox: Sandbox,
	timings: Record<string, number>,
): Promise<void> {
	checks.section(
		"Duplicate check when the voucher list writes its dates in UTC (6 hours ahead of Mexico City's wall clock), n8n execute",
	);
	const runs: ExecutionJson[] = [];
	const emailsBefore = sandbox.emails.length;
	sandbox.setListDates({ offsetHours: 6 });
	try {
		for (let round = 1; round <= 3; round++) {
			const { run, cli } = await n8n.execute(LIST_ZONE_WORKFLOW);
			timings[`execute list in UTC (${round})`] = cli.ms;
			runs.push(run);
		}
	} finally {
		sandbox.setListDates({ offsetHours: 0 });
	}
	await checks.check(
		'the same workflow (Create without a key, Stamped only, E-mail) executed three times: one voucher, one e-mail; the 2nd and 3rd executions answer alreadyStamped with its UUID',
		() => {
			for (const run of runs) {
				const error = run.data.resultData.error;
				assert.equal(error, undefined, `the run failed: ${error?.message ?? ''}`);
			}
			const [first, second, third] = runs.map((run) => outputJson(run, 'CFDI')[0] ?? {});
			assert.equal(first.status, 'stamped', JSON.stringify(first));
			for (const again of [second, third])
				assert.deepEqual([again.status, again.uuid], ['alreadyStamped', first.uuid]);
			const stamped = [...sandbox.vouchers.values()].filter(
				(voucher) =>
					voucher.state === 'stamped' && JSON.stringify(voucher.body).includes(DESCRIPTION),
			);
			assert.deepEqual(
				stamped.map((voucher) => voucher.uuid),
				[first.uuid],
			);
			const emails = sandbox.emails.slice(emailsBefore).map((email) => email.body.cfdi.uuid);
			assert.deepEqual(emails, [first.uuid]);
		},
	);
}
