/**
 * The example workflows of examples/ and the changes that make them run against the sandbox.
 * The demo and the end-to-end test both start from these JSON files, so examples, demo and tests
 * stay one source.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { SHOP_ACCESS_TOKEN } from '../../sandbox';

export const REPO_ROOT = join(__dirname, '..', '..');
export const EXAMPLES_DIR = join(REPO_ROOT, 'examples');

export const EXAMPLE_FILES = {
	shopify: '01-shopify-order-to-cfdi.json',
	pending: '02-stamp-pending-on-schedule.json',
	review: '03-pending-review-then-stamp.json',
	paymentReceipt: '04-invoice-paid-later-payment-receipt.json',
	creditNote: '05-refund-credit-note.json',
	globalInvoice: '06-month-end-global-invoice.json',
	cancelReplace: '07-cancel-and-replace.json',
	orderPaid: '08-shopify-order-paid-payment-receipt.json',
	orderRefunded: '09-shopify-refund-credit-note.json',
	selfInvoice: '10-self-invoice-page.json',
	monthGlobal: '11-global-invoice-of-the-rest.json',
	ownerSummary: '12-owner-daily-summary.json',
} as const;

export type ExampleName = keyof typeof EXAMPLE_FILES;

export const CFDI_NODE_TYPE = 'n8n-nodes-cfdi-emision.cfdiEmision';
export const CFDI_CREDENTIAL_TYPE = 'cfdiEmisionApi';

export interface WorkflowNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	[key: string]: unknown;
}

export interface Connection {
	node: string;
	type: string;
	index: number;
}

export interface WorkflowJson {
	id?: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, { main: Connection[][] }>;
	settings?: Record<string, unknown>;
	[key: string]: unknown;
}

export function loadExample(name: ExampleName): WorkflowJson {
	return JSON.parse(readFileSync(join(EXAMPLES_DIR, EXAMPLE_FILES[name]), 'utf8')) as WorkflowJson;
}

export function nodeNamed(workflow: WorkflowJson, name: string): WorkflowNode {
	const node = workflow.nodes.find((candidate) => candidate.name === name);
	if (!node) throw new Error(`The workflow "${workflow.name}" has no node "${name}"`);
	return node;
}

/** Points every CFDI node at the given credential (the examples carry a placeholder). */
export function withCfdiCredential(
	workflow: WorkflowJson,
	credential: { id: string; name: string },
): WorkflowJson {
	const copy = structuredClone(workflow);
	for (const node of copy.nodes) {
		if (node.credentials?.[CFDI_CREDENTIAL_TYPE])
			node.credentials[CFDI_CREDENTIAL_TYPE] = { ...credential };
	}
	return copy;
}

/**
 * The examples' owner alerts (Send Email) with this SMTP credential instead of their placeholder:
 * n8n refuses to publish a workflow whose node names a credential it does not have.
 */
export function withSmtpCredential(
	workflow: WorkflowJson,
	credential: { id: string; name: string },
): WorkflowJson {
	const copy = structuredClone(workflow);
	for (const node of copy.nodes) {
		if (node.type === 'n8n-nodes-base.emailSend') node.credentials = { smtp: { ...credential } };
	}
	return copy;
}

// ------------------------------------------------------------------ data tables of the examples

export type ColumnType = 'string' | 'number' | 'boolean' | 'date';

export interface TableDefinition {
	name: string;
	columns: Array<{ name: string; type: ColumnType }>;
}

/** The n8n data tables the examples read and write (create them under Overview → Data tables). */
export const EXAMPLE_TABLES: Record<
	'customerTaxData' | 'pendingVouchers' | 'cfdiInvoices',
	TableDefinition
> = {
	customerTaxData: {
		name: 'customer_tax_data',
		columns: [
			{ name: 'email', type: 'string' },
			{ name: 'rfc', type: 'string' },
			// Not "name": the lookup row is merged into its order, whose "name" is the order name (#1001).
			{ name: 'legalName', type: 'string' },
			{ name: 'taxRegime', type: 'string' },
			{ name: 'postalCode', type: 'string' },
			{ name: 'cfdiUse', type: 'string' },
		],
	},
	// Written by example 1 after stamping; examples 8 and 9 find an order's invoice in it.
	cfdiInvoices: {
		name: 'cfdi_invoices',
		columns: [
			{ name: 'orderId', type: 'number' },
			{ name: 'orderName', type: 'string' },
			{ name: 'uuid', type: 'string' },
			{ name: 'metodoPago', type: 'string' },
		],
	},
	pendingVouchers: {
		name: 'pending_vouchers',
		columns: [
			{ name: 'voucherId', type: 'number' },
			{ name: 'status', type: 'string' },
			{ name: 'uuid', type: 'string' },
			{ name: 'lastError', type: 'string' },
		],
	},
};

/** A customer whose tax data is only in the lookup table (the sandbox accepts any recipient RFC). */
export const LOOKUP_CUSTOMER = {
	email: 'facturas@xenon.example.com',
	rfc: 'XIA190128J61',
	legalName: 'XENON INDUSTRIAL ARTICLES',
	taxRegime: '601',
	postalCode: '76343',
	cfdiUse: 'G03',
};

/**
 * Adds two orders to the "Sample Shopify order" node of the Shopify example: #1002 without note
 * attributes whose customer is in the lookup table, and #1003 without any tax data (not invoiced).
 * The example's own sample code runs unchanged and its order stays first.
 */
export function withExtraSampleOrders(workflow: WorkflowJson): WorkflowJson {
	const copy = structuredClone(workflow);
	const sample = nodeNamed(copy, 'Sample Shopify order');
	const original = String(sample.parameters.jsCode);
	sample.parameters.jsCode = [
		'const orders = await (async () => {',
		original,
		'})();',
		'const first = orders[0].json;',
		'const variant = (number, email) => ({ json: { ...first, id: first.id + number - first.order_number, name: "#" + number, order_number: number, email, customer: { ...first.customer, email }, note_attributes: [] } });',
		`return [...orders, variant(1002, ${JSON.stringify(LOOKUP_CUSTOMER.email)}), variant(1003, "no-tax-data@example.com")];`,
	].join('\n');
	return copy;
}

function expressionToJs(value: unknown): string {
	const text = String(value ?? '');
	const match = /^=\{\{([\s\S]*)\}\}$/.exec(text.trim());
	return match ? `(${match[1]})` : JSON.stringify(text);
}

/**
 * `n8n execute` (the CLI) does not start n8n's data-table module in 2.8.x, so a Data Table node
 * fails there with "the module is disabled". For headless runs, this replaces each Data Table node
 * with a stand-in of the same name, settings and connections:
 * - a row "get" becomes a Code node that returns the matching rows of `rows[table]`
 *   (conditions "eq", "All Conditions", the node's limit);
 * - a row "insert" becomes a Set node that outputs the row it would insert;
 * - a table "create" becomes a No Operation node (the items pass on);
 * - a row "update" becomes a Set node that outputs `{ where: {...}, set: {...} }`, evaluated from the
 *   node's own filter and column expressions, so tests can check what would be written.
 * Everything else in the workflow is unchanged. In the editor, or when n8n runs the workflow on its
 * trigger, the real Data Table nodes are used.
 */
export function withDataTableStandIns(
	workflow: WorkflowJson,
	rows: Record<string, Array<Record<string, unknown>>>,
): WorkflowJson {
	const copy = structuredClone(workflow);
	const columnType = (table: string, column: string): ColumnType =>
		Object.values(EXAMPLE_TABLES)
			.find((definition) => definition.name === table)
			?.columns.find((candidate) => candidate.name === column)?.type ?? 'string';
	for (const node of copy.nodes) {
		if (node.type !== 'n8n-nodes-base.dataTable') continue;
		const parameters = node.parameters;
		const table = String((parameters.dataTableId as { value?: string } | undefined)?.value ?? '');
		const conditions =
			(
				parameters.filters as
					| { conditions?: Array<{ keyName: string; condition?: string; keyValue?: unknown }> }
					| undefined
			)?.conditions ?? [];
		for (const condition of conditions) {
			if ((condition.condition ?? 'eq') !== 'eq')
				throw new Error(`Stand-in for "${node.name}": only "eq" conditions are supported`);
		}
		if (parameters.resource === 'row' && parameters.operation === 'get') {
			const limit =
				parameters.returnAll === true ? 'Infinity' : String(Number(parameters.limit ?? 50));
			const test =
				conditions
					.map(
						(c) =>
							`String(row[${JSON.stringify(c.keyName)}]) === String(${expressionToJs(c.keyValue)})`,
					)
					.join(' && ') || 'true';
			node.type = 'n8n-nodes-base.code';
			node.typeVersion = 2;
			node.parameters = {
				jsCode: [
					`// Stand-in for the Data Table node "${node.name}" (table ${table}) in headless runs.`,
					`const rows = ${JSON.stringify(rows[table] ?? [])};`,
					'const results = [];',
					'for (const [index, item] of $input.all().entries()) {',
					'  const $json = item.json;',
					`  const matches = rows.filter((row) => ${test}).slice(0, ${limit});`,
					'  results.push(...matches.map((row) => ({ json: row, pairedItem: { item: index } })));',
					'}',
					'return results;',
				].join('\n'),
			};
		} else if (parameters.resource === 'row' && parameters.operation === 'insert') {
			// The row it would insert, as the node outputs the inserted row.
			const values =
				(parameters.columns as { value?: Record<string, unknown> } | undefined)?.value ?? {};
			node.type = 'n8n-nodes-base.set';
			node.typeVersion = 3.4;
			node.parameters = {
				mode: 'manual',
				assignments: {
					assignments: Object.entries(values).map(([column, value], i) => ({
						id: `stand-in-${i}`,
						name: column,
						value,
						type: columnType(table, column) === 'number' ? 'number' : 'string',
					})),
				},
				includeOtherFields: false,
				options: {},
			};
		} else if (parameters.resource === 'row' && parameters.operation === 'update') {
			const values =
				(parameters.columns as { value?: Record<string, unknown> } | undefined)?.value ?? {};
			const assignment = (name: string, value: unknown, type: ColumnType, index: number) => ({
				id: `stand-in-${index}`,
				name,
				value,
				type: type === 'number' ? 'number' : type === 'boolean' ? 'boolean' : 'string',
			});
			node.type = 'n8n-nodes-base.set';
			node.typeVersion = 3.4;
			node.parameters = {
				mode: 'manual',
				assignments: {
					assignments: [
						...conditions.map((c, i) =>
							assignment(`where.${c.keyName}`, c.keyValue, columnType(table, c.keyName), i),
						),
						...Object.entries(values).map(([column, value], i) =>
							assignment(`set.${column}`, value, columnType(table, column), conditions.length + i),
						),
					],
				},
				includeOtherFields: false,
				options: { dotNotation: true },
			};
		} else if (parameters.resource === 'table' && parameters.operation === 'create') {
			// Creating a table (example 1's "Try it" path) has nothing to do headless: the items pass on.
			node.type = 'n8n-nodes-base.noOp';
			node.typeVersion = 1;
			node.parameters = {};
		} else {
			throw new Error(
				`No stand-in for the Data Table node "${node.name}" (${String(parameters.resource)}/${String(parameters.operation)})`,
			);
		}
	}
	return copy;
}

/** The nodes reachable from the given start node, in breadth-first order (start node first). */
export function reachableFrom(workflow: WorkflowJson, start: string): WorkflowJson {
	const names = [start];
	for (let i = 0; i < names.length; i++) {
		for (const output of workflow.connections[names[i]]?.main ?? []) {
			for (const target of output ?? []) if (!names.includes(target.node)) names.push(target.node);
		}
	}
	const nodes = names.map((name) => nodeNamed(workflow, name));
	const connections = Object.fromEntries(
		Object.entries(workflow.connections).filter(([source]) => names.includes(source)),
	);
	return {
		...structuredClone(workflow),
		nodes: structuredClone(nodes),
		connections: structuredClone(connections),
	};
}

/**
 * Points an example's store reads at the sandbox's store stand-in (`sandbox.shopUrl`) the way a user
 * does: the value of its "Shop URL" node. With `credential`, the Shopify Access Token credential of
 * its HTTP Request nodes is that one (a real n8n, whose credential sends X-Shopify-Access-Token);
 * without it (n8n-core's engine, which holds no Shopify credential type), those nodes send the
 * header themselves. Nothing else changes.
 */
export function withShopStandIn(
	workflow: WorkflowJson,
	shopUrl: string,
	credential?: { id: string; name: string },
): WorkflowJson {
	const copy = structuredClone(workflow);
	const shop = nodeNamed(copy, 'Shop URL');
	const assignments = (
		shop.parameters.assignments as { assignments: Array<{ name: string; value: unknown }> }
	).assignments;
	const url = assignments.find((assignment) => assignment.name === 'shopUrl');
	if (!url) throw new Error(`"Shop URL" of "${workflow.name}" sets no shopUrl`);
	url.value = shopUrl;
	for (const node of copy.nodes) {
		if (node.type === 'n8n-nodes-base.shopify')
			throw new Error(`"${node.name}": the Shopify node cannot be pointed at a stand-in`);
		if (node.parameters.nodeCredentialType !== 'shopifyAccessTokenApi') continue;
		if (credential) {
			node.credentials = { shopifyAccessTokenApi: { ...credential } };
			continue;
		}
		node.parameters = {
			...node.parameters,
			authentication: 'none',
			sendHeaders: true,
			headerParameters: {
				parameters: [{ name: 'X-Shopify-Access-Token', value: SHOP_ACCESS_TOKEN }],
			},
		};
		delete node.parameters.nodeCredentialType;
		delete node.credentials;
	}
	return copy;
}
