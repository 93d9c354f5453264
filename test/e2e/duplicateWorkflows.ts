/** The workflows of the e2e Duplicate Check phase (duplicatePhase.ts), the sales they stamp (an order delivered twice, the same order number from another shop, an edited order, a voucher without a key, refunds, tickets and a daily global invoice), and the runner that executes one in separate executions. */
import type { WorkflowJson } from '../support/examples';
import { invoiceVoucher } from '../support/vouchers';
import { corpusOrder } from '../support/corpusOrder';
import { CUSTOMER_FIELDS, globalParams, ISSUER_FIELDS, receiptParams } from '../support/kindsKit';
import { orderParams } from '../support/nodeTestKit';
import { cfdiWorkflow } from './workflows';
import { mexicoCityMonth } from '../../nodes/CfdiEmision/cfdi/mexicoTime';
import type { Sandbox } from '../../sandbox';
import type { N8nInstance } from './n8n';
import { outputJson, type ExecutionJson } from './executionJson';

export const PAID_INVOICE = '7A1B2C3D-396D-4725-8521-CDC4BDD20CCF';

export const TICKETS = ['E2E-T-1', 'E2E-T-2', 'E2E-T-3'];

/** Example 1's sample order as order #4242 (its own folio, so no other phase's voucher matches). */
export const ORDER = {
	...corpusOrder('example-1'),
	id: 4242000000001,
	name: '#4242',
	order_number: 4242,
};

/** Another shop of the same issuer, its own order #4242: another order id, another customer. */
export const OTHER_SHOP_ORDER = {
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
export function setMoney(target: Record<string, any>, field: string, amount: string): void {
	target[field] = amount;
	for (const money of ['shop_money', 'presentment_money'])
		if (target[`${field}_set`]?.[money]) target[`${field}_set`][money].amount = amount;
}

/**
 * Order #4242 edited after its invoice: 3 keyboards instead of 2 (3 × 580.00 + 348.00 = 2,088.00,
 * IVA 288.00 included), re-delivered with the same order id.
 */
export function editedOrder(): Record<string, any> {
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
export const UNKEYED_VOUCHER = invoiceVoucher({
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
export const REFUNDS = ['E2E-RF-4242-1', 'E2E-RF-4242-2'];

export const REFUND_AMOUNT = 1000;

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
export const DAILY_TICKETS = ['E2E-D-1', 'E2E-D-2', 'E2E-D-3', 'E2E-D-4', 'E2E-D-5'];

export const NOW = mexicoCityMonth();

export const THIS_MONTH = String(NOW.month).padStart(2, '0');

/** The folio the node writes on a daily global invoice of this month: G<year><month>-01-<hash>. */
export const DAILY_FOLIO = `G${NOW.year}${THIS_MONTH}-01-`;

export const dailyParams = () =>
	globalParams({
		globalPeriodicity: '01',
		globalMonth: THIS_MONTH,
		globalYear: 0,
		options: {},
	});

export function workflow(
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
export function creditWorkflow(
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

/** Runs a workflow `times` times (twice unless given) in separate executions; the API routes each sent. */
export async function twice(
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
