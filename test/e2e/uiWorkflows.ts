/** The workflows the e2e server phase imports (the examples with the sandbox credential and more sample orders), their ids, the node's labels read from the built package, and the words a user in Mexico types to find the node. */
import { join } from 'node:path';
import {
	CFDI_NODE_TYPE,
	loadExample,
	REPO_ROOT,
	withCfdiCredential,
	withExtraSampleOrders,
	type WorkflowJson,
} from '../support/examples';
import { formWorkflow } from './formPhase';
import { chainWorkflow } from './chainPhase';

export const UI_WORKFLOW_IDS = {
	shopify: 'cfdiE2eUiShopify001',
	pending: 'cfdiE2eUiPending001',
	review: 'cfdiE2eUiReview0001',
	orderPaid: 'cfdiE2eUiOrderPaid01',
	orderRefunded: 'cfdiE2eUiRefunded01',
	playground: 'cfdiE2eUiEditor0001',
	pickers: 'cfdiE2eUiPickers001',
} as const;

/** Workflows the server phase uses: the examples unchanged except for the sandbox credential (and two more sample orders), and an empty one to add the node to. */
export function uiWorkflows(credential: { id: string; name: string }): WorkflowJson[] {
	const shopify = withExtraSampleOrders(withCfdiCredential(loadExample('shopify'), credential));
	const pending = withCfdiCredential(loadExample('pending'), credential);
	const review = withCfdiCredential(loadExample('review'), credential);
	const orderPaid = withCfdiCredential(loadExample('orderPaid'), credential);
	const orderRefunded = withCfdiCredential(loadExample('orderRefunded'), credential);
	const playground: WorkflowJson = {
		id: UI_WORKFLOW_IDS.playground,
		name: 'Try the CFDI node',
		nodes: [
			{
				id: 'b0000000-0000-4000-8000-000000000001',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
		active: false,
	};
	// Version 1.1 nodes with the pickers (issue 18 items 2 and 3): a Fields-mode Create with one line, and an XML download.
	const cfdi = (id: string, name: string, x: number, parameters: Record<string, unknown>) => ({
		id,
		name,
		type: CFDI_NODE_TYPE,
		typeVersion: 1.1,
		position: [x, 0] as [number, number],
		parameters,
		credentials: { cfdiEmisionApi: { ...credential } },
	});
	const pickers: WorkflowJson = {
		id: UI_WORKFLOW_IDS.pickers,
		name: 'CFDI pickers',
		nodes: [
			{
				id: 'b0000000-0000-4000-8000-000000000011',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			cfdi('b0000000-0000-4000-8000-000000000012', 'Create Invoice', 240, {
				conceptos: { concepto: [{ descripcion: 'Servicio', valorUnitario: 100 }] },
			}),
			cfdi('b0000000-0000-4000-8000-000000000013', 'Download XML', 480, {
				resource: 'xml',
				operation: 'download',
				uuid: { __rl: true, mode: 'list', value: '' },
			}),
		],
		connections: {},
		settings: { executionOrder: 'v1' },
		active: false,
	} as unknown as WorkflowJson;
	return [
		{ ...shopify, id: UI_WORKFLOW_IDS.shopify },
		{ ...pending, id: UI_WORKFLOW_IDS.pending },
		{ ...review, id: UI_WORKFLOW_IDS.review },
		{ ...orderPaid, id: UI_WORKFLOW_IDS.orderPaid },
		{ ...orderRefunded, id: UI_WORKFLOW_IDS.orderRefunded },
		playground,
		pickers,
		formWorkflow(credential),
		chainWorkflow(),
	];
}

/** The node's display name and the action label of "Voucher → Create", read from the built package. */
export function nodeLabels(): { displayName: string; createAction: string; description: string } {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const exported = require(
		join(REPO_ROOT, 'dist', 'nodes', 'CfdiEmision', 'CfdiEmision.node.js'),
	) as Record<
		string,
		new () => {
			description: {
				displayName: string;
				description: string;
				properties: Array<{
					name: string;
					displayOptions?: { show?: { resource?: string[] } };
					options?: Array<{ value: string; action?: string }>;
				}>;
			};
		}
	>;
	const description = new (Object.values(exported)[0])().description;
	const operation = description.properties.find(
		(property) =>
			property.name === 'operation' && property.displayOptions?.show?.resource?.includes('voucher'),
	);
	const create = operation?.options?.find((option) => option.value === 'create');
	return {
		displayName: description.displayName,
		createAction: create?.action ?? 'Create a voucher',
		description: description.description,
	};
}

/** What a user in Mexico types to find an invoicing node (issue 18 item 4); each must find it. */
export const NODE_SEARCH_WORDS = [
	'factura',
	'facturación',
	'timbrar',
	'CFDI',
	'SAT',
	'invoice',
	'México',
	'nota de crédito',
	'complemento de pago',
];

export const OWNER = {
	email: 'owner@example.com',
	password: 'E2e-Owner-Pass-1',
	firstName: 'Ada',
	lastName: 'Owner',
};

export interface ExecutionRecord {
	id: string;
	status: string;
	finished: boolean;
	data: string;
}
