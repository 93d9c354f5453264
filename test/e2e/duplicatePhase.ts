/**
 * The duplicate check in the real n8n (`n8n execute`, version 1.1 nodes): the same order, payment,
 * refund and month-end run delivered twice in separate executions give one voucher each; the second
 * execution returns the first's UUID as alreadyStamped and sends nothing but its list read. A sale
 * already invoiced to its customer is left out of the global invoice.
 *
 * A sale's identity (issue 27): the same JSON voucher without a key executed three times is one
 * invoice; another shop's order with the same number is a folio collision (never the first shop's
 * voucher) or, with a series per shop, its own invoice; an order edited after its invoice says its
 * total changed; credit notes against one invoice are summed across executions.
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
import { mexicoCityMonth } from '../../nodes/CfdiEmision/cfdi/mexicoTime';

const PAID_INVOICE = '7A1B2C3D-396D-4725-8521-CDC4BDD20CCF';
const TICKETS = ['E2E-T-1', 'E2E-T-2', 'E2E-T-3'];

/** Example 1's sample order as order #4242 (its own folio, so no other phase's voucher matches). */
const ORDER = { ...corpusOrder('example-1'), id: 4242000000001, name: '#4242', order_number: 4242 };

/** Another shop of the same issuer, its own order #4242: another order id, another customer. */
const OTHER_SHOP_ORDER = {
	...ORDER,
	id: 4242000000002,
	customer: {
		id: 7300000004242,
		email: 'ingrid@example.com',
		first_name: 'Ingrid',
		last_name: 'Xodar',
	},
	email: 'ingrid@example.com',
	note_attributes: [
		{ name: 'RFC', value: 'XOJI740919U48' },
		{ name: 'Razon social', value: 'INGRID XODAR JIMENEZ' },
		{ name: 'Regimen fiscal', value: '612' },
		{ name: 'Codigo postal', value: '88965' },
	],
};

/** Shopify money as an order carries it: the amount and its *_set twin. */
function setMoney(target: Record<string, any>, field: string, amount: string): void {
	target[field] = amount;
	for (const money of ['shop_money', 'presentment_money'])
		if (target[`${field}_set`]?.[money]) target[`${field}_set`][money].amount = amount;
}

/**
 * Order #4242 edited after its invoice: 3 keyboards instead of 2 (3 × 580.00 + 348.00 = 2,088.00,
 * IVA 288.00 included), re-delivered with the same order id.
 */
function editedOrder(): Record<string, any> {
	const order = structuredClone(ORDER) as Record<string, any>;
	const [keyboard] = order.line_items as Array<Record<string, any>>;
	keyboard.quantity = 3;
	setMoney(keyboard.tax_lines[0], 'price', '240.00');
	setMoney(order, 'total_tax', '288.00');
	setMoney(order, 'subtotal_price', '2088.00');
	setMoney(order, 'total_price', '2088.00');
	return order;
}

/** A JSON voucher without a Duplicate Check Key or a folio: its content is its identity. */
const UNKEYED_VOUCHER = invoiceVoucher({
	conceptos: [
		{
			claveProdServ: '43232408',
			cantidad: '1',
			claveUnidad: 'H87',
			descripcion: 'E2E: the same JSON voucher executed three times',
			valorUnitario: 777,
			importe: 777,
			objetoImp: '01',
		},
	],
	subTotal: 777,
	total: 777,
});

/** Two refunds of 1,000.00 each against order #4242's invoice of 1,508.00. */
const REFUNDS = ['E2E-RF-4242-1', 'E2E-RF-4242-2'];
const REFUND_AMOUNT = 1000;

export const DUPLICATE_WORKFLOWS = {
	order: 'cfdiE2eDupOrder00001',
	unkeyed: 'cfdiE2eDupJson000001',
	otherShop: 'cfdiE2eDupShopB00001',
	otherShopSeries: 'cfdiE2eDupShopB00002',
	edited: 'cfdiE2eDupEdited0001',
	credits: ['cfdiE2eDupCredit0001', 'cfdiE2eDupCredit0002'],
	payment: 'cfdiE2eDupPayment001',
	refund: 'cfdiE2eDupRefund0001',
	ticket: 'cfdiE2eDupTicket0001',
	global: 'cfdiE2eDupGlobal0001',
	dailyFirst: 'cfdiE2eDupDaily00001',
	dailyNext: 'cfdiE2eDupDaily00002',
} as const;

/** The overlapping daily runs: yesterday's tickets 1-3, today's 1-5 (series F, this month, Year 0). */
const DAILY_TICKETS = ['E2E-D-1', 'E2E-D-2', 'E2E-D-3', 'E2E-D-4', 'E2E-D-5'];
const NOW = mexicoCityMonth();
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
			DUPLICATE_WORKFLOWS.unkeyed,
			'a JSON voucher without key or folio',
			undefined,
			{
				resource: 'voucher',
				operation: 'create',
				inputMode: 'json',
				voucherJson: JSON.stringify(UNKEYED_VOUCHER),
			},
			credential,
		),
		workflow(
			DUPLICATE_WORKFLOWS.otherShop,
			"another shop's order #4242, the same series A",
			[OTHER_SHOP_ORDER],
			orderParams(),
			credential,
		),
		workflow(
			DUPLICATE_WORKFLOWS.otherShopSeries,
			"another shop's order #4242, its own series B",
			[OTHER_SHOP_ORDER],
			orderParams({ serie: 'B' }),
			credential,
		),
		workflow(
			DUPLICATE_WORKFLOWS.edited,
			'order #4242 edited after its invoice (2,088.00), re-delivered',
			[editedOrder()],
			orderParams(),
			credential,
		),
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

/**
 * A refund credited against `invoice` (Create Credit Note, the invoice read from its XML, Duplicate
 * Check Key = the refund id): imported once the invoice's UUID is known.
 */
function creditWorkflow(
	id: string,
	refund: string,
	invoice: string,
	credential: { id: string; name: string },
): WorkflowJson {
	return workflow(
		id,
		`refund ${refund}: ${REFUND_AMOUNT.toFixed(2)} credited against invoice ${invoice}`,
		[{ refundId: refund }],
		{
			resource: 'voucher',
			operation: 'createCreditNote',
			lugarExpedicion: '64000',
			serie: 'NC',
			creditedInvoices: { invoice: [{ uuid: invoice }] },
			creditAmount: REFUND_AMOUNT,
			duplicateCheckKey: '={{ $json.refundId }}',
		},
		credential,
	);
}

export function succeeded(run: ExecutionJson): void {
	const error = run.data.resultData.error;
	assert.equal(
		error,
		undefined,
		`the run failed: ${error?.message ?? ''} ${error?.description ?? ''}`,
	);
}

/** Runs a workflow `times` times (twice unless given) in separate executions; the API routes each sent. */
async function twice(
	n8n: N8nInstance,
	sandbox: Sandbox,
	id: string,
	timings: Record<string, number>,
	label: string,
	times = 2,
) {
	const routes: string[][] = [];
	const runs: ExecutionJson[] = [];
	for (let round = 1; round <= times; round++) {
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
	const outputs = runs.map((run) => outputJson(run, 'CFDI')[0] ?? {});
	return { first: outputs[0], second: outputs[1] ?? {}, outputs, runs, routes };
}

/** The error a failed execution shows (message and description), or '' when it did not fail. */
function shownError(run: ExecutionJson): { message: string; description: string } {
	const error = run.data.resultData.error;
	return { message: error?.message ?? '', description: error?.description ?? '' };
}

export async function duplicatePhase(
	checks: Checks,
	n8n: N8nInstance,
	sandbox: Sandbox,
	credential: { id: string; name: string },
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

	const unkeyed = await twice(
		n8n,
		sandbox,
		DUPLICATE_WORKFLOWS.unkeyed,
		timings,
		'duplicate: JSON voucher without key',
		3,
	);
	await checks.check(
		"the same JSON voucher (no Duplicate Check Key, no folio) executed three times: one invoice, folio C-<content fingerprint>; the 2nd and 3rd return it with a note on stamping a deliberate second, sending only the list read and the twin's XML (its fiscal fields compared)",
		() => {
			unkeyed.runs.forEach(succeeded);
			const [first, second, third] = unkeyed.outputs;
			assert.equal(first.status, 'stamped', JSON.stringify(first));
			assert.match(String(first.folio), /^C-[0-9A-F]{8}$/);
			for (const again of [second, third]) {
				assert.deepEqual(
					[again.status, again.uuid, again.folio],
					['alreadyStamped', first.uuid, first.folio],
				);
				const check = again.duplicateCheck as Record<string, unknown>;
				assert.equal(check.key, `content:${String(first.folio).slice(2)}`);
				assert.match(String(check.note), /map a Duplicate Check Key that tells the sales apart/);
			}
			assert.deepEqual(unkeyed.routes.slice(1), [
				['listVouchers', 'downloadXml'],
				['listVouchers', 'downloadXml'],
			]);
			const stored = stampedWith((body) =>
				JSON.stringify(body.conceptos).includes('the same JSON voucher executed three times'),
			);
			assert.deepEqual(
				stored.map((voucher) => [voucher.uuid, voucher.body.folio]),
				[[first.uuid, first.folio]],
			);
		},
	);

	const otherShop = await twice(
		n8n,
		sandbox,
		DUPLICATE_WORKFLOWS.otherShop,
		timings,
		"duplicate: another shop's #4242, series A",
		1,
	);
	await checks.check(
		"two shops, both with order #4242, one series: the second shop's order fails as a folio collision naming both sales (the listed UUID, both recipients and totals) and how to keep shops apart; nothing stamped, never the first shop's voucher",
		() => {
			const [run] = otherShop.runs;
			assert.deepEqual(outputJson(run, 'CFDI'), []);
			const { message, description } = shownError(run);
			assert.match(message, /Folio collision: series A folio 4242 already documents another sale/);
			assert.ok(message.includes(`UUID ${String(order.first.uuid)}`), message);
			assert.ok(message.includes('recipient URE180429TM6, total 1508.00'), message);
			assert.ok(message.includes(`order:${OTHER_SHOP_ORDER.id}`), message);
			assert.ok(message.includes('recipient XOJI740919U48, total 1508.00'), message);
			assert.match(description, /Nothing was sent/);
			assert.match(description, /its own series/);
			assert.deepEqual(otherShop.routes[0], ['listVouchers']);
			assert.equal(
				stampedWith((body) => (body.receptor as Record<string, unknown>).rfc === 'XOJI740919U48')
					.length,
				0,
			);
		},
	);

	const seriesB = await twice(
		n8n,
		sandbox,
		DUPLICATE_WORKFLOWS.otherShopSeries,
		timings,
		"duplicate: another shop's #4242, series B",
	);
	await checks.check(
		"two shops with a series each (A and B): the second shop's order #4242 is its own invoice B-4242 to its customer; re-delivered, it returns that invoice, not shop A's",
		() => {
			seriesB.runs.forEach(succeeded);
			assert.deepEqual(
				[seriesB.first.status, seriesB.first.series, seriesB.first.folio],
				['stamped', 'B', '4242'],
				JSON.stringify(seriesB.first),
			);
			assert.equal(seriesB.first.recipientRfc, 'XOJI740919U48');
			assert.notEqual(seriesB.first.uuid, order.first.uuid);
			assert.deepEqual(
				[seriesB.second.status, seriesB.second.uuid, seriesB.second.recipientRfc],
				['alreadyStamped', seriesB.first.uuid, 'XOJI740919U48'],
			);
			assert.deepEqual(seriesB.routes[1], ['listVouchers']);
			const stored = stampedWith((body) => body.folio === '4242').map((voucher) => [
				voucher.body.serie,
				(voucher.body.receptor as Record<string, unknown>).rfc,
			]);
			assert.deepEqual(stored, [
				['A', 'URE180429TM6'],
				['B', 'XOJI740919U48'],
			]);
		},
	);

	const edited = await twice(
		n8n,
		sandbox,
		DUPLICATE_WORKFLOWS.edited,
		timings,
		'duplicate: order edited after its invoice',
		1,
	);
	await checks.check(
		'order #4242 edited after its invoice (1508.00 -> 2088.00) and re-delivered: not a plain alreadyStamped; the output gives both totals and what to do (an additional invoice or a credit note); nothing sent but the list read',
		() => {
			edited.runs.forEach(succeeded);
			const [item] = edited.outputs;
			assert.deepEqual([item.status, item.uuid], ['alreadyStamped', order.first.uuid]);
			const changed = (item.duplicateCheck as Record<string, unknown>).totalChanged as Record<
				string,
				unknown
			>;
			assert.deepEqual([changed?.invoiced, changed?.now], ['1508.00', '2088.00']);
			assert.match(String(item.message), /for 1508\.00, but the sale now totals 2088\.00/);
			assert.match(String(item.message), /additional invoice/);
			assert.match(String(item.message), /credit note/);
			assert.deepEqual(edited.routes[0], ['listVouchers']);
			assert.deepEqual(
				stampedWith((body) => body.serie === 'A' && body.folio === '4242').map(
					(voucher) => voucher.body.total,
				),
				[1508],
			);
		},
	);

	const invoice = String(order.first.uuid ?? '');
	const credits: Array<{ run: ExecutionJson; routes: string[] }> = [];
	if (invoice) {
		const imported = await n8n.importWorkflows(
			DUPLICATE_WORKFLOWS.credits.map((id, index) =>
				creditWorkflow(id, REFUNDS[index], invoice, credential),
			),
		);
		timings['n8n import:workflow (the two credit notes)'] = imported.ms;
		for (const [index, id] of DUPLICATE_WORKFLOWS.credits.entries()) {
			const mark = sandbox.requests.length;
			const { run, cli } = await n8n.execute(id);
			timings[`execute duplicate: credit note ${index + 1}`] = cli.ms;
			credits.push({
				run,
				routes: sandbox.requests
					.slice(mark)
					.filter((request) => request.server === 'api')
					.map((request) => request.route),
			});
		}
	}
	await checks.check(
		"credit notes summed across executions: 1000.00 then another 1000.00 against order #4242's invoice of 1508.00; the second is refused with the three figures (already credited, this credit note, the invoice total), nothing sent for it",
		() => {
			assert.equal(credits.length, 2, 'order #4242 was not invoiced, so nothing to credit');
			const [first, second] = credits;
			succeeded(first.run);
			const [note] = outputJson(first.run, 'CFDI');
			assert.equal(note?.status, 'stamped', JSON.stringify(note));
			assert.deepEqual(outputJson(second.run, 'CFDI'), []);
			const { message, description } = shownError(second.run);
			assert.ok(
				message.includes(
					`This credit note would credit more than invoice ${invoice} totals: already credited 1000.00 MXN (credit notes ${String(note.uuid)} 1000.00 MXN), this credit note 1000.00 MXN, invoice total 1508.00 MXN.`,
				),
				message,
			);
			assert.match(description, /Nothing was sent\. Credit at most 508\.00 MXN/);
			assert.ok(
				second.routes.every((route) => route !== 'createVoucher' && route !== 'updateVoucher'),
				second.routes.join(', '),
			);
			const creditNotes = stampedWith(
				(body) =>
					body.tipoDeComprobante === 'E' && JSON.stringify(body.cfdiRelacionados).includes(invoice),
			);
			assert.deepEqual(
				creditNotes.map((voucher) => [voucher.uuid, voucher.body.folio, voucher.body.total]),
				[[note.uuid, REFUNDS[0], REFUND_AMOUNT]],
			);
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
			// Before the Duplicate Check answers, the ledger reads the invoice's XML and the list: an
			// installment already used for another amount is refused, not answered with that receipt.
			assert.deepEqual(payment.routes[1], ['downloadXml', 'listVouchers']);
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
