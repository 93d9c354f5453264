/**
 * Money refused in the real n8n (`n8n execute`, version 1.1 nodes, Continue On Fail on): a voucher
 * whose total disagrees with its source (an order's total_price, Line Items' Expected Total), a
 * payment above the invoice's balance and a credit note above it each come back as an error item
 * naming both figures, and the issuing API receives no request from that execution. Duplicate
 * Check is Off on these nodes so that only the refusal is under test. The parameters and inputs are
 * the engine tests' (test/nodes/CfdiEmision/actions/voucher/invoice/orderInput.engine.test.ts and the Create Payment Receipt and
 * Create Credit Note tests in test/nodes/CfdiEmision/actions/voucher/).
 */
import assert from 'node:assert/strict';

import type { Sandbox } from '../../sandbox';
import type { WorkflowJson } from '../support/examples';
import { orderTotalling } from '../support/corpusOrder';
import { CUSTOMER_FIELDS, ISSUER_FIELDS, receiptParams } from '../support/kindsKit';
import { lineItemsParams, orderParams, RECONCILED_LINES } from '../support/nodeTestKit';
import type { Checks } from './checks';
import { succeeded } from './executionJson';
import { cfdiWorkflow } from './workflows';
import { type N8nInstance } from './n8n';
import { outputJson } from './executionJson';

const INVOICE = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';
const ONLY_THE_REFUSAL = { duplicateCheck: 'off' };
const CONTINUE_ON_FAIL = { onError: 'continueRegularOutput' };

export const MONEY_WORKFLOWS = {
	order: 'cfdiE2eMoneyOrder0001',
	lineItems: 'cfdiE2eMoneyLines0001',
	receipt: 'cfdiE2eMoneyReceipt01',
	creditNote: 'cfdiE2eMoneyCredit001',
} as const;

export function moneyWorkflows(credential: { id: string; name: string }): WorkflowJson[] {
	const workflow = (
		id: string,
		name: string,
		input: unknown[],
		parameters: Record<string, unknown>,
	) =>
		cfdiWorkflow(
			id,
			`Money refused: ${name} (sandbox)`,
			input,
			{ ...parameters, ...ONLY_THE_REFUSAL },
			credential,
			{ settings: CONTINUE_ON_FAIL },
		);
	return [
		workflow(
			MONEY_WORKFLOWS.order,
			'an order whose lines do not add up to total_price',
			[orderTotalling('1608.00')],
			orderParams(),
		),
		workflow(
			MONEY_WORKFLOWS.lineItems,
			'line items short of their Expected Total',
			[{ lines: RECONCILED_LINES }],
			lineItemsParams({ lineItemsOptions: { expectedTotal: '1500.00' } }),
		),
		workflow(
			MONEY_WORKFLOWS.receipt,
			"a payment above the invoice's balance",
			[{}],
			receiptParams(
				[
					{
						uuid: INVOICE,
						amountPaid: 580,
						previousBalance: 500,
						series: 'A',
						folio: '1000',
						ivaRate: '0.16',
					},
				],
				{ readRelatedXml: false, ...ISSUER_FIELDS, ...CUSTOMER_FIELDS },
			),
		),
		workflow(MONEY_WORKFLOWS.creditNote, "a credit note above the invoice's balance", [{}], {
			resource: 'voucher',
			operation: 'createCreditNote',
			lugarExpedicion: '64000',
			serie: 'NC',
			creditedInvoices: { invoice: [{ uuid: INVOICE, total: 1160, balance: 100 }] },
			readRelatedXml: false,
			...ISSUER_FIELDS,
			...CUSTOMER_FIELDS,
			creditIvaRate: '0.16',
			creditAmount: 116,
		}),
	];
}

/** Runs a workflow once: the CFDI node's items and the issuing API routes that execution sent. */
async function refusedRun(
	n8n: N8nInstance,
	sandbox: Sandbox,
	id: string,
	timings: Record<string, number>,
	label: string,
) {
	const mark = sandbox.requests.length;
	const { run, cli } = await n8n.execute(id);
	timings[`execute ${label}`] = cli.ms;
	const apiRoutes = sandbox.requests
		.slice(mark)
		.filter((request) => request.server === 'api')
		.map((request) => request.route);
	return { run, items: outputJson(run, 'CFDI'), apiRoutes };
}

export async function moneyPhase(
	checks: Checks,
	n8n: N8nInstance,
	sandbox: Sandbox,
	timings: Record<string, number>,
): Promise<void> {
	checks.section(
		'Money refused before any request (version 1.1 nodes, Continue On Fail on), n8n execute',
	);
	const cases: Array<[keyof typeof MONEY_WORKFLOWS, string, RegExp]> = [
		[
			'order',
			'Create, Input Mode Order: an order whose lines add up to 1508.00 but whose total_price is 1608.00 gives an error item naming both figures; nothing reaches the issuing API',
			/The voucher total is 1508\.00 MXN but the order's total_price is 1608\.00/,
		],
		[
			'lineItems',
			'Create, Input Mode Line Items: lines of 1508.00 with Expected Total 1500.00 give an error item naming both figures; nothing sent',
			/The voucher total is 1508\.00 MXN but Expected Total is 1500\.00/,
		],
		[
			'receipt',
			'Create Payment Receipt: 580 paid on a balance of 500 gives an error item naming Amount Paid and both figures; nothing sent',
			/Related invoice 1 \(5FB2822E-396D-4725-8521-CDC4BDD20CCF\), Amount Paid: The amount paid \(580\) is more than the balance before this payment \(500\)/,
		],
		[
			'creditNote',
			'Create Credit Note: 116.00 credited on a balance of 100.00 gives an error item naming Amount and both figures; nothing sent',
			/Amount: The credit note total 116\.00 MXN is more than the balance still owed on the related invoice \(100\.00 MXN\)/,
		],
	];
	for (const [key, title, message] of cases) {
		const outcome = await refusedRun(
			n8n,
			sandbox,
			MONEY_WORKFLOWS[key],
			timings,
			`money refused: ${key}`,
		);
		await checks.check(title, () => {
			succeeded(outcome.run);
			assert.equal(outcome.items.length, 1, JSON.stringify(outcome.items));
			const [item] = outcome.items;
			assert.equal(item.status, undefined, JSON.stringify(item));
			assert.match(String(item.error), message);
			assert.deepEqual(outcome.apiRoutes, []);
		});
	}
}
