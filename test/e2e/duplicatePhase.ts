/**
 * The duplicate check in the real n8n (`n8n execute`, version 1.1 nodes): the same order, payment,
 * refund and month-end run delivered twice in separate executions give one voucher each; the second
 * execution returns the first's UUID as alreadyStamped and sends nothing but its list read. A sale
 * already invoiced to its customer is left out of the global invoice.
 */
import assert from 'node:assert/strict';

import type { Sandbox } from '../../sandbox';
import type { WorkflowJson } from '../support/examples';
import { invoiceVoucher } from '../support/vouchers';
import { corpusOrder } from '../support/corpusOrder';
import { CUSTOMER_FIELDS, globalParams, ISSUER_FIELDS, receiptParams } from '../support/kindsKit';
import { orderParams } from '../support/nodeTestKit';
import type { Checks } from './checks';
import { outputJson, type ExecutionJson, type N8nInstance } from './n8n';
import { cfdiWorkflow } from './workflows';
import { mexicoCityMonth } from '../../nodes/CfdiEmision/cfdi/kinds/globalPeriod';

const PAID_INVOICE = '7A1B2C3D-396D-4725-8521-CDC4BDD20CCF';
const TICKETS = ['E2E-T-1', 'E2E-T-2', 'E2E-T-3'];

/** Example 1's sample order as order #4242 (its own folio, so no other phase's voucher matches). */
const ORDER = { ...corpusOrder('example-1'), id: 4242000000001, name: '#4242', order_number: 4242 };

export const DUPLICATE_WORKFLOWS = {
	order: 'cfdiE2eDupOrder00001',
	payment: 'cfdiE2eDupPayment001',
	refund: 'cfdiE2eDupRefund0001',
	ticket: 'cfdiE2eDupTicket0001',
	global: 'cfdiE2eDupGlobal0001',
	dailyFirst: 'cfdiE2eDupDaily00001',
	dailyNext: 'cfdiE2eDupDaily00002',
} as const;

/** The overlapping daily runs: yesterday's tickets 1-3, today's 1-5 (series F, this month, Year 0). */
const DAILY_TICKETS = ['E2E-D-1', 'E2E-D-2', 'E2E-D-3', 'E2E-D-4', 'E2E-D-5'];
const NOW = mexicoCityMonth(new Date());
const THIS_MONTH = String(NOW.month).padStart(2, '0');
/** The folio the node writes on a daily global invoice of this month: G<year><month>-01-<hash>. */
const DAILY_FOLIO = `G${NOW.year}${THIS_MONTH}-01-`;
const dailyParams = () =>
	globalParams({
		globalPeriodicity: '01',
		globalMonth: THIS_MONTH,
		globalYear: 0,
		options: {},
	});

function workflow(
	id: string,
	name: string,
	input: unknown[] | undefined,
	parameters: Record<string, unknown>,
	credential: { id: string; name: string },
): WorkflowJson {
	return cfdiWorkflow(id, `Duplicate check: ${name} (sandbox)`, input, parameters, credential);
}

export function duplicateWorkflows(credential: { id: string; name: string }): WorkflowJson[] {
	return [
		workflow(DUPLICATE_WORKFLOWS.order, 'a Shopify order', [ORDER], orderParams(), credential),
		workflow(
			DUPLICATE_WORKFLOWS.payment,
			'a payment',
			undefined,
			receiptParams(
				[
					{
						uuid: PAID_INVOICE,
						amountPaid: 580,
						previousBalance: 1160,
						series: 'A',
						folio: '1000',
						ivaRate: '0.16',
					},
				],
				{ ...ISSUER_FIELDS, ...CUSTOMER_FIELDS, readRelatedXml: false },
			),
			credential,
		),
		workflow(
			DUPLICATE_WORKFLOWS.refund,
			'a refund (Duplicate Check Key: the refund id)',
			[{ refundId: 'RF-9001' }],
			{
				resource: 'voucher',
				operation: 'createCreditNote',
				...ISSUER_FIELDS,
				...CUSTOMER_FIELDS,
				lugarExpedicion: '64000',
				serie: 'NC',
				readRelatedXml: false,
				creditedInvoices: { invoice: [{ uuid: PAID_INVOICE, total: 1160 }] },
				creditIvaRate: '0.16',
				creditAmount: 116,
				duplicateCheckKey: '={{ $json.refundId }}',
			},
			credential,
		),
		workflow(
			DUPLICATE_WORKFLOWS.ticket,
			'ticket E2E-T-2 invoiced to its customer',
			undefined,
			{
				resource: 'voucher',
				operation: 'create',
				inputMode: 'json',
				// The sale itself (116.00): a ticket is left out only for an invoice of the same amount.
				voucherJson: JSON.stringify(
					invoiceVoucher({
						serie: 'A',
						folio: TICKETS[1],
						conceptos: [
							{
								claveProdServ: '01010101',
								cantidad: '1',
								claveUnidad: 'H87',
								descripcion: `Sale ${TICKETS[1]}`,
								valorUnitario: 116,
								importe: 116,
								objetoImp: '01',
							},
						],
						subTotal: 116,
						total: 116,
					}),
				),
			},
			credential,
		),
		workflow(
			DUPLICATE_WORKFLOWS.global,
			'the month-end global invoice',
			TICKETS.map((ticket) => ({ ticket, total: 116 })),
			globalParams(),
			credential,
		),
		workflow(
			DUPLICATE_WORKFLOWS.dailyFirst,
			"yesterday's daily global invoice (tickets 1-3)",
			DAILY_TICKETS.slice(0, 3).map((ticket) => ({ ticket, total: 116 })),
			dailyParams(),
			credential,
		),
		workflow(
			DUPLICATE_WORKFLOWS.dailyNext,
			"today's daily global invoice, overlapping (tickets 1-5)",
			DAILY_TICKETS.map((ticket) => ({ ticket, total: 116 })),
			dailyParams(),
			credential,
		),
	];
}

export function succeeded(run: ExecutionJson): void {
	const error = run.data.resultData.error;
	assert.equal(
		error,
		undefined,
		`the run failed: ${error?.message ?? ''} ${error?.description ?? ''}`,
	);
}

/** Runs a workflow twice in separate executions; the API routes each sent. */
async function twice(
	n8n: N8nInstance,
	sandbox: Sandbox,
	id: string,
	timings: Record<string, number>,
	label: string,
) {
	const routes: string[][] = [];
	const runs: ExecutionJson[] = [];
	for (const round of [1, 2]) {
		const mark = sandbox.requests.length;
		const { run, cli } = await n8n.execute(id);
		timings[`execute ${label} (${round})`] = cli.ms;
		runs.push(run);
		routes.push(
			sandbox.requests
				.slice(mark)
				.filter((request) => request.server === 'api')
				.map((request) => request.route),
		);
	}
	return {
		first: outputJson(runs[0], 'CFDI')[0] ?? {},
		second: outputJson(runs[1], 'CFDI')[0] ?? {},
		runs,
		routes,
	};
}

export async function duplicatePhase(
	checks: Checks,
	n8n: N8nInstance,
	sandbox: Sandbox,
	timings: Record<string, number>,
): Promise<void> {
	checks.section(
		'Duplicate check (version 1.1 nodes): the same sale delivered twice in separate executions, n8n execute',
	);
	const stampedWith = (predicate: (body: Record<string, unknown>) => boolean) =>
		[...sandbox.vouchers.values()].filter(
			(voucher) => voucher.state === 'stamped' && predicate(voucher.body),
		);

	const order = await twice(n8n, sandbox, DUPLICATE_WORKFLOWS.order, timings, 'duplicate: order');
	await checks.check(
		'an order delivered twice: one invoice (A-4242); the second execution returns its UUID as alreadyStamped and sends only the list read',
		() => {
			order.runs.forEach(succeeded);
			assert.equal(order.first.status, 'stamped', JSON.stringify(order.first));
			assert.deepEqual(
				[order.second.status, order.second.uuid, order.second.series, order.second.folio],
				['alreadyStamped', order.first.uuid, 'A', '4242'],
			);
			assert.equal(
				(order.second.duplicateCheck as Record<string, unknown>).key,
				`order:${ORDER.id}`,
			);
			assert.deepEqual(order.routes[1], ['listVouchers']);
			assert.equal(stampedWith((body) => body.serie === 'A' && body.folio === '4242').length, 1);
		},
	);

	const payment = await twice(
		n8n,
		sandbox,
		DUPLICATE_WORKFLOWS.payment,
		timings,
		'duplicate: payment',
	);
	await checks.check(
		'a payment receipted twice: one receipt (folio from the invoice UUID and installment); the second returns it',
		() => {
			payment.runs.forEach(succeeded);
			assert.equal(payment.first.status, 'stamped', JSON.stringify(payment.first));
			assert.deepEqual(
				[payment.second.status, payment.second.uuid, payment.second.folio],
				['alreadyStamped', payment.first.uuid, '7A1B2C3D-P1'],
			);
			assert.deepEqual(payment.routes[1], ['listVouchers']);
			assert.equal(stampedWith((body) => body.folio === '7A1B2C3D-P1').length, 1);
		},
	);

	const refund = await twice(
		n8n,
		sandbox,
		DUPLICATE_WORKFLOWS.refund,
		timings,
		'duplicate: refund',
	);
	await checks.check(
		'a refund credited twice (Duplicate Check Key = refund id): one credit note; the second returns it',
		() => {
			refund.runs.forEach(succeeded);
			assert.equal(refund.first.status, 'stamped', JSON.stringify(refund.first));
			assert.deepEqual(
				[refund.second.status, refund.second.uuid, refund.second.folio],
				['alreadyStamped', refund.first.uuid, 'RF-9001'],
			);
			assert.equal(
				stampedWith((body) => body.tipoDeComprobante === 'E' && body.folio === 'RF-9001').length,
				1,
			);
		},
	);

	const ticket = await n8n.execute(DUPLICATE_WORKFLOWS.ticket);
	timings['execute duplicate: ticket invoiced'] = ticket.cli.ms;
	const global = await twice(
		n8n,
		sandbox,
		DUPLICATE_WORKFLOWS.global,
		timings,
		'duplicate: global invoice',
	);
	await checks.check(
		'a ticket already invoiced to its customer is left out of the global invoice; the global invoice built twice is stamped once',
		() => {
			succeeded(ticket.run);
			global.runs.forEach(succeeded);
			const individual = outputJson(ticket.run, 'CFDI')[0];
			assert.equal(global.first.status, 'stamped', JSON.stringify(global.first));
			const leftOut = global.first.leftOut as Array<Record<string, unknown>>;
			assert.deepEqual(
				leftOut.map((sale) => [sale.ticket, sale.uuid]),
				[[TICKETS[1], individual.uuid]],
			);
			const [stored] = stampedWith((body) => body.serie === 'F' && body.folio === 'G202405-04');
			assert.deepEqual(
				(stored.body.conceptos as Array<Record<string, unknown>>).map(
					(concepto) => concepto.noIdentificacion,
				),
				[TICKETS[0], TICKETS[2]],
			);
			assert.deepEqual(
				[global.second.status, global.second.uuid],
				['alreadyStamped', global.first.uuid],
			);
			assert.equal(
				stampedWith((body) => body.serie === 'F' && body.folio === 'G202405-04').length,
				1,
			);
		},
	);

	const daily: ExecutionJson[] = [];
	for (const id of [DUPLICATE_WORKFLOWS.dailyFirst, DUPLICATE_WORKFLOWS.dailyNext]) {
		const { run, cli } = await n8n.execute(id);
		timings[`execute ${id}`] = cli.ms;
		daily.push(run);
	}
	await checks.check(
		"the overlapping daily global invoice: today's run of tickets 1-5 declares 4 and 5 only and lists 1-3 as declared in yesterday's",
		() => {
			daily.forEach(succeeded);
			const [first, next] = daily.map((run) => outputJson(run, 'CFDI')[0] ?? {});
			assert.equal(first.status, 'stamped', JSON.stringify(first));
			assert.equal(next.status, 'stamped', JSON.stringify(next));
			const leftOut = next.leftOut as Array<Record<string, unknown>>;
			assert.deepEqual(
				leftOut.map((sale) => [sale.ticket, sale.uuid, sale.reason]),
				DAILY_TICKETS.slice(0, 3).map((ticket) => [
					ticket,
					first.uuid,
					'already declared in a global invoice of an overlapping period',
				]),
			);
			const stored = stampedWith(
				(body) => body.serie === 'F' && String(body.folio).startsWith(DAILY_FOLIO),
			).map((voucher) =>
				(voucher.body.conceptos as Array<Record<string, unknown>>).map(
					(concepto) => concepto.noIdentificacion,
				),
			);
			assert.deepEqual(stored, [DAILY_TICKETS.slice(0, 3), DAILY_TICKETS.slice(3)]);
		},
	);
}
