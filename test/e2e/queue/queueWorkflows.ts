/** The queue-mode run's workflows and requests (run.ts): the stamping workflow behind a webhook, the duplicate-delivery workflow, the orders each execution stamps, the webhook call and the token calls read from the sandbox's log. */
import { randomUUID } from 'node:crypto';
import type { LoggedRequest } from '../../../sandbox';
import { CFDI_CREDENTIAL_TYPE, CFDI_NODE_TYPE } from '../../support/examples';
import { invoiceVoucher } from '../../support/vouchers';
import { N8nInstance } from '../n8n';

export const CREDENTIAL = { id: 'cfdiQueueSandboxCred', name: 'CFDI sandbox (queue)' };

export const WORKFLOW_ID = 'cfdiQueueStamp00001';

export const WEBHOOK_PATH = 'cfdi-queue-stamp';

export function stampWorkflow() {
	return {
		id: WORKFLOW_ID,
		name: 'Queue mode: stamp the orders of a webhook',
		active: false,
		settings: { executionOrder: 'v1' },
		connections: {
			Webhook: { main: [[{ node: 'Split orders', type: 'main', index: 0 }]] },
			'Split orders': { main: [[{ node: 'Stamp', type: 'main', index: 0 }]] },
		},
		nodes: [
			webhookNode(WEBHOOK_PATH),
			{
				id: randomUUID(),
				name: 'Split orders',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [220, 0],
				parameters: { fieldToSplitOut: 'body.orders', options: {} },
			},
			{
				id: randomUUID(),
				name: 'Stamp',
				type: CFDI_NODE_TYPE,
				typeVersion: 1,
				position: [440, 0],
				parameters: {
					resource: 'voucher',
					operation: 'create',
					inputMode: 'json',
					voucherJson: '={{ JSON.stringify($json.voucher) }}',
					// This step measures token expiry under load with 800 look-alike vouchers (same content,
					// no folio); the Duplicate Check, on in every version, would rightly call them one sale.
					// The check under two workers has its own step below.
					duplicateCheck: 'off',
					options: { concurrency: 4 },
				},
				credentials: { [CFDI_CREDENTIAL_TYPE]: CREDENTIAL },
			},
		],
	};
}

/** A Webhook node on `path` that answers when the last node finished: the HTTP answer carries the stamped items. */
export function webhookNode(path: string) {
	return {
		id: randomUUID(),
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: randomUUID(),
		parameters: {
			httpMethod: 'POST',
			path,
			responseMode: 'lastNode',
			responseData: 'allEntries',
			options: {},
		},
	};
}

export const DUPLICATE_WORKFLOW_ID = 'cfdiQueueDuplicate01';

export const DUPLICATE_PATH = 'cfdi-queue-duplicate';

/** One sale per webhook call, stamped by a version 1.1 node with its Duplicate Check Key (issue 19). */
export function duplicateWorkflow() {
	return {
		id: DUPLICATE_WORKFLOW_ID,
		name: 'Queue mode: one sale per webhook, duplicate check',
		active: false,
		settings: { executionOrder: 'v1' },
		connections: { Webhook: { main: [[{ node: 'Stamp', type: 'main', index: 0 }]] } },
		nodes: [
			webhookNode(DUPLICATE_PATH),
			{
				id: randomUUID(),
				name: 'Stamp',
				type: CFDI_NODE_TYPE,
				typeVersion: 1.1,
				position: [220, 0],
				parameters: {
					resource: 'voucher',
					operation: 'create',
					inputMode: 'json',
					voucherJson: '={{ JSON.stringify($json.body.voucher) }}',
					duplicateCheckKey: '={{ $json.body.key }}',
					options: { retryDelayMs: 500 },
				},
				credentials: { [CFDI_CREDENTIAL_TYPE]: CREDENTIAL },
			},
		],
	};
}

export async function deliverSale(
	main: N8nInstance,
	key: string,
): Promise<Record<string, unknown>> {
	const response = await fetch(`${main.baseUrl}/webhook/${DUPLICATE_PATH}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ key, voucher: invoiceVoucher({ serie: 'A' }) }),
		signal: AbortSignal.timeout(5 * 60_000),
	});
	const text = await response.text();
	const parsed = JSON.parse(text) as unknown;
	return (Array.isArray(parsed) ? parsed[0] : parsed) as Record<string, unknown>;
}

export const orderTag = (execution: number | string, index: number) =>
	`queue ${execution}-${index}`;

// The node stamps one voucher per series at a time: four series keep four stamps of an execution in flight.
export const SERIES = ['A', 'B', 'F', 'NC'];

export function orders(execution: number | string, count: number) {
	return Array.from({ length: count }, (_, index) => ({
		voucher: invoiceVoucher({
			serie: SERIES[index % SERIES.length],
			descripcionFacturador: orderTag(execution, index),
		}),
	}));
}

export interface WebhookRun {
	status: number;
	items: Array<Record<string, unknown>>;
	ms: number;
	text: string;
}

export async function callWebhook(
	main: N8nInstance,
	execution: number | string,
	count: number,
): Promise<WebhookRun> {
	const started = Date.now();
	const response = await fetch(`${main.baseUrl}/webhook/${WEBHOOK_PATH}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ orders: orders(execution, count) }),
		signal: AbortSignal.timeout(10 * 60_000),
	});
	const text = await response.text();
	let items: Array<Record<string, unknown>> = [];
	try {
		const parsed = JSON.parse(text) as unknown;
		items = Array.isArray(parsed)
			? (parsed as Array<Record<string, unknown>>)
			: [parsed as Record<string, unknown>];
	} catch {
		items = [];
	}
	return { status: response.status, items, ms: Date.now() - started, text };
}

export function tokenCalls(requests: LoggedRequest[]) {
	const calls = requests
		.filter((request) => request.route === 'token')
		.map((request) => ({
			grant: new URLSearchParams(request.body).get('grant_type') ?? '',
			status: request.status,
		}));
	return {
		password: calls.filter((call) => call.grant === 'password').length,
		refreshAccepted: calls.filter((call) => call.grant === 'refresh_token' && call.status === 200)
			.length,
		refreshRefused: calls.filter((call) => call.grant === 'refresh_token' && call.status !== 200)
			.length,
	};
}
