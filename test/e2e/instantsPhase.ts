/**
 * A sale's moment is an instant, in the real n8n (`n8n execute`): an order written in UTC at a
 * month's edge (2026-11-01T05:30:00Z, as Shopify's API writes it: 31 October 23:30 in Mexico City)
 * invoiced to the general public is declared in October, its Mexico City month, in the voucher the
 * service received and in the XML it stamped. The parameters are the engine test's
 * (test/nodes/CfdiEmision/actions/voucher/invoice/orderInput.instants.engine.test.ts); the voucher is dated
 * 1 November 2026 (Use Voucher Date) so the year it is checked against is not this machine's.
 */
import assert from 'node:assert/strict';

import type { Sandbox } from '../../sandbox';
import type { WorkflowJson } from '../support/examples';
import { corpusOrder } from '../support/corpusOrder';
import { orderParams } from '../support/nodeTestKit';
import type { Checks } from './checks';
import { succeeded } from './executionJson';
import { cfdiWorkflow } from './workflows';
import { type N8nInstance } from './n8n';
import { outputJson } from './executionJson';

const WORKFLOW = 'cfdiE2eUtcMonthEdge01';
const LAST_HALF_HOUR_OF_OCTOBER = '2026-11-01T05:30:00Z';

export function instantsWorkflows(credential: { id: string; name: string }): WorkflowJson[] {
	const order = {
		...corpusOrder('no-tax-data-general-public'),
		id: 5829364219031,
		name: '#9031',
		order_number: 9031,
		created_at: LAST_HALF_HOUR_OF_OCTOBER,
		processed_at: LAST_HALF_HOUR_OF_OCTOBER,
		updated_at: LAST_HALF_HOUR_OF_OCTOBER,
	};
	return [
		cfdiWorkflow(
			WORKFLOW,
			"A sale's moment: an order in UTC at October's last half hour, to the general public (sandbox)",
			[order],
			orderParams({
				withoutTaxData: 'generalPublic',
				stampingMode: 'direct',
				options: { noCalcularFecha: true, fecha: '2026-11-01T12:00:00' },
			}),
			credential,
		),
	];
}

export async function instantsPhase(
	checks: Checks,
	n8n: N8nInstance,
	sandbox: Sandbox,
	timings: Record<string, number>,
): Promise<void> {
	checks.section("A sale's moment is an instant (n8n execute)");
	const mark = sandbox.requests.length;
	const { run, cli } = await n8n.execute(WORKFLOW);
	timings['execute utc month edge'] = cli.ms;
	await checks.check(
		'Create, Input Mode Order, Invoice the General Public: an order created 2026-11-01T05:30:00Z (31 October 23:30 in Mexico City) is declared in October 2026, in the request and in the stamped XML',
		() => {
			succeeded(run);
			const [item] = outputJson(run, 'CFDI');
			assert.equal(item?.status, 'stamped', JSON.stringify(item));
			const bodies = sandbox.requests
				.slice(mark)
				.filter((request) => request.server === 'api' && request.route === 'createVoucher')
				.map((request) => JSON.parse(request.body) as { informacionGlobal?: unknown });
			assert.deepEqual(
				bodies.map((body) => body.informacionGlobal),
				[{ periodicidad: '01', meses: '10', anio: 2026 }],
			);
			const stamped = [...sandbox.vouchers.values()].find((voucher) => voucher.uuid === item.uuid);
			assert.match(String(stamped?.xml), /<cfdi:InformacionGlobal [^>]*Meses="10"[^>]*Año="2026"/);
		},
	);
}
