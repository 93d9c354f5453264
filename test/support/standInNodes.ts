/**
 * Minimal stand-ins for the n8n-nodes-base nodes the examples' "Try it" paths use, so the demo and the engine tests can
 * run an example workflow through n8n-core's WorkflowExecute without installing n8n-nodes-base.
 * The Code stand-in runs the node's JavaScript with n8n's own workflow data proxy ($input, $json,
 * $('Node'), ...), as the Code node does, but without its sandbox: it is for the repository's own
 * example code only. The real nodes run in the end-to-end test (npm run test:e2e). The Code node's
 * stand-in is in codeNodeStandIn.ts, the Data Table's in dataTableStandIn.ts.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { codeNode } from './codeNodeStandIn';
import { description } from './standInDescription';
import { formTriggerNode, sendAndWait, stopAndErrorNode } from './standInOwnerNodes';

const passThrough = (name: string, displayName: string, inputs: boolean): INodeType => ({
	description: description(name, displayName, inputs),
	async execute(this: IExecuteFunctions) {
		const items = this.getInputData();
		return [items.length ? items : [{ json: {} }]];
	},
});

/**
 * Merge, "Combine by Matching Fields" with "Enrich Input 1": each item of input 1 with the first
 * item of input 2 whose fields match merged in; like n8n's Merge, the matched items come first.
 */
const mergeNode: INodeType = {
	description: {
		...description('merge', 'Merge', true, [
			{ displayName: 'Mode', name: 'mode', type: 'string', default: 'combine' },
			{ displayName: 'Fields to Match', name: 'fieldsToMatchString', type: 'string', default: '' },
			{ displayName: 'Output Type', name: 'joinMode', type: 'string', default: 'enrichInput1' },
			{ displayName: 'Options', name: 'options', type: 'json', default: {} },
		]),
		version: [3, 3.1, 3.2],
		inputs: ['main', 'main'],
	} as INodeTypeDescription,
	async execute(this: IExecuteFunctions) {
		const mode = this.getNodeParameter('mode', 0) as string;
		const joinMode = this.getNodeParameter('joinMode', 0) as string;
		if (mode !== 'combine' || joinMode !== 'enrichInput1')
			throw new Error(
				`Merge stand-in: only "combine" / "enrichInput1" is supported, not ${mode} / ${joinMode}`,
			);
		const fields = String(this.getNodeParameter('fieldsToMatchString', 0))
			.split(',')
			.map((field) => field.trim())
			.filter(Boolean);
		const [first, second] = [this.getInputData(0), this.getInputData(1)];
		const matched: INodeExecutionData[] = [];
		const unmatched: INodeExecutionData[] = [];
		first.forEach((item, index) => {
			const match = second.find((candidate) =>
				fields.every(
					(field) =>
						candidate.json[field] !== undefined && candidate.json[field] === item.json[field],
				),
			);
			if (match)
				matched.push({
					json: { ...item.json, ...match.json },
					pairedItem: { item: index, input: 0 },
				});
			else unmatched.push({ json: item.json, pairedItem: { item: index, input: 0 } });
		});
		return [[...matched, ...unmatched]];
	},
};

interface FilterCondition {
	leftValue: unknown;
	rightValue: unknown;
	operator: { type: string; operation: string };
}

/** Filter (n8n's filter conditions): string "equals" / "notEquals" combined with "and". */
const filterNode: INodeType = {
	description: description('filter', 'Filter', true, [
		{ displayName: 'Conditions', name: 'conditions', type: 'json', default: {} },
		{ displayName: 'Options', name: 'options', type: 'json', default: {} },
	]),
	async execute(this: IExecuteFunctions) {
		const kept: INodeExecutionData[] = [];
		this.getInputData().forEach((item, index) => {
			const filter = this.getNodeParameter('conditions', index) as {
				conditions: FilterCondition[];
				combinator: string;
			};
			if (filter.combinator !== 'and')
				throw new Error('Filter stand-in: only the "and" combinator is supported');
			const pass = filter.conditions.every(({ leftValue, rightValue, operator }) => {
				if (operator.type !== 'string' || !['equals', 'notEquals'].includes(operator.operation)) {
					throw new Error(
						`Filter stand-in: operator ${operator.type}/${operator.operation} is not supported`,
					);
				}
				return (
					(String(leftValue ?? '') === String(rightValue ?? '')) ===
					(operator.operation === 'equals')
				);
			});
			if (pass) kept.push({ ...item, pairedItem: { item: index } });
		});
		return [kept];
	},
};

/**
 * HTTP Request, GET only: the URL with its Query Parameters, the JSON answer as the item (a list
 * answer as one item per element, as n8n's node gives it). Credentials are not applied: the tests
 * point it at a stand-in server on 127.0.0.1.
 */
/**
 * HTTP Request, GET only: the URL, its query parameters and headers; the JSON body becomes the
 * items (an array, one per element). With pagination "Response Contains Next URL" it follows the
 * answer's `Link: <...>; rel="next"` (how Shopify pages, what example 11's expressions read),
 * one item per page, as the real node does.
 */
const httpRequestNode: INodeType = {
	description: {
		...description('httpRequest', 'HTTP Request', true, [
			{ displayName: 'Method', name: 'method', type: 'string', default: 'GET' },
			{ displayName: 'URL', name: 'url', type: 'string', default: '' },
			{ displayName: 'Authentication', name: 'authentication', type: 'string', default: 'none' },
			{ displayName: 'Credential Type', name: 'nodeCredentialType', type: 'string', default: '' },
			{ displayName: 'Send Query', name: 'sendQuery', type: 'boolean', default: false },
			{ displayName: 'Query Parameters', name: 'queryParameters', type: 'json', default: {} },
			{ displayName: 'Send Headers', name: 'sendHeaders', type: 'boolean', default: false },
			{ displayName: 'Header Parameters', name: 'headerParameters', type: 'json', default: {} },
			{ displayName: 'Options', name: 'options', type: 'json', default: {} },
		]),
		version: [4, 4.1, 4.2],
	} as INodeTypeDescription,
	async execute(this: IExecuteFunctions) {
		const out: INodeExecutionData[] = [];
		const items = this.getInputData();
		type Pairs = { parameters?: Array<{ name: string; value: unknown }> };
		for (let index = 0; index < items.length; index++) {
			if (String(this.getNodeParameter('method', index, 'GET')) !== 'GET')
				throw new Error('HTTP Request stand-in: only GET is supported');
			const url = new URL(String(this.getNodeParameter('url', index)));
			const query = (this.getNodeParameter('queryParameters', index, {}) as Pairs).parameters;
			if (this.getNodeParameter('sendQuery', index, false))
				for (const { name, value } of query ?? []) url.searchParams.set(name, String(value));
			const headers: Record<string, string> = {};
			if (this.getNodeParameter('sendHeaders', index, false))
				for (const { name, value } of (
					this.getNodeParameter('headerParameters', index, {}) as Pairs
				).parameters ?? [])
					headers[name] = String(value);
			const options = this.getNodeParameter('options', index, {}) as {
				pagination?: { pagination?: { paginationMode?: string } };
			};
			const paging = options.pagination?.pagination?.paginationMode;
			if (paging && paging !== 'off' && paging !== 'responseContainsNextURL')
				throw new Error(`HTTP Request stand-in: pagination "${paging}" is not supported`);
			for (let next: string | undefined = url.href; next;) {
				const response = await fetch(next, { headers });
				if (!response.ok) throw new Error(`HTTP Request stand-in: ${response.status} from ${next}`);
				const body = (await response.json()) as unknown;
				for (const value of Array.isArray(body) ? body : [body])
					out.push({ json: value as IDataObject, pairedItem: { item: index } });
				next =
					paging === 'responseContainsNextURL'
						? /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1]
						: undefined;
			}
		}
		return [out];
	},
};

interface IfCondition {
	leftValue: unknown;
	rightValue: unknown;
	operator: { type: string; operation: string };
}

/** If (n8n's filter conditions, "and"): number gt/equals, boolean true/false, string equals/notEquals. */
const ifNode: INodeType = {
	description: {
		...description('if', 'If', true, [
			{ displayName: 'Conditions', name: 'conditions', type: 'json', default: {} },
			{ displayName: 'Options', name: 'options', type: 'json', default: {} },
		]),
		outputs: ['main', 'main'],
	} as INodeTypeDescription,
	async execute(this: IExecuteFunctions) {
		const [kept, other]: INodeExecutionData[][] = [[], []];
		this.getInputData().forEach((item, index) => {
			const filter = this.getNodeParameter('conditions', index) as {
				conditions: IfCondition[];
				combinator: string;
			};
			if (filter.combinator !== 'and')
				throw new Error('If stand-in: only the "and" combinator is supported');
			const pass = filter.conditions.every(({ leftValue, rightValue, operator }) => {
				const key = `${operator.type}/${operator.operation}`;
				switch (key) {
					case 'number/gt':
						return Number(leftValue) > Number(rightValue);
					case 'number/equals':
						return Number(leftValue) === Number(rightValue);
					case 'boolean/true':
						return leftValue === true;
					case 'boolean/false':
						return leftValue === false;
					case 'string/equals':
						return String(leftValue ?? '') === String(rightValue ?? '');
					case 'string/notEquals':
						return String(leftValue ?? '') !== String(rightValue ?? '');
					default:
						throw new Error(`If stand-in: operator ${key} is not supported`);
				}
			});
			(pass ? kept : other).push({ ...item, pairedItem: { item: index } });
		});
		return [kept, other];
	},
};

/** n8n Form, "Form Ending" only: the page's title and message as the item, to assert what a buyer reads. */
const formNode: INodeType = {
	description: description('form', 'n8n Form', true, [
		{ displayName: 'Page Type', name: 'operation', type: 'string', default: 'page' },
		{ displayName: 'Completion Title', name: 'completionTitle', type: 'string', default: '' },
		{ displayName: 'Completion Message', name: 'completionMessage', type: 'string', default: '' },
		{ displayName: 'Options', name: 'options', type: 'json', default: {} },
	]),
	async execute(this: IExecuteFunctions) {
		return [
			this.getInputData().map((item, index) => {
				if (this.getNodeParameter('operation', index) !== 'completion')
					throw new Error('n8n Form stand-in: only the "Form Ending" page is supported');
				// n8n's Form Ending passes its input on once the page is shown; the page's words beside it.
				return {
					json: {
						...item.json,
						completionTitle: this.getNodeParameter('completionTitle', index) as string,
						completionMessage: this.getNodeParameter('completionMessage', index) as string,
					},
					pairedItem: { item: index },
				};
			}),
		];
	},
};

/** Edit Fields (Set), manual mode: each assignment's value (numbers as numbers), with or without the item's fields. */
const setNode: INodeType = {
	description: {
		...description('set', 'Edit Fields (Set)', true, [
			{ displayName: 'Assignments', name: 'assignments', type: 'json', default: {} },
			{
				displayName: 'Include Other Fields',
				name: 'includeOtherFields',
				type: 'boolean',
				default: false,
			},
			{ displayName: 'Options', name: 'options', type: 'json', default: {} },
		]),
		version: [3, 3.1, 3.2, 3.3, 3.4],
	} as INodeTypeDescription,
	async execute(this: IExecuteFunctions) {
		return [
			this.getInputData().map((item, index) => {
				const { assignments = [] } = this.getNodeParameter('assignments', index) as {
					assignments?: Array<{ name: string; value: unknown; type?: string }>;
				};
				const json: IDataObject = this.getNodeParameter('includeOtherFields', index, false)
					? { ...item.json }
					: {};
				for (const { name, value, type } of assignments)
					json[name] = (type === 'number' ? Number(value) : value) as IDataObject[string];
				return { json, pairedItem: { item: index } };
			}),
		];
	},
};

/** What the Send Email stand-in "sent": one entry per item, as the SMTP server would receive it. */
export interface SentMail {
	node: string;
	from: string;
	to: string;
	subject: string;
	text: string;
	/** Send and Wait: its Limit Wait Time as the node was given it (JSON), where n8n would time the wait. */
	waitLimit?: string;
}
export const sentMails: SentMail[] = [];

/** Send Email (SMTP), text format: records the message in `sentMails` instead of connecting to a server. */
const emailSendNode: INodeType = {
	description: {
		...description('emailSend', 'Send Email', true, [
			{ displayName: 'From Email', name: 'fromEmail', type: 'string', default: '' },
			{ displayName: 'To Email', name: 'toEmail', type: 'string', default: '' },
			{ displayName: 'Operation', name: 'operation', type: 'string', default: 'send' },
			{ displayName: 'Subject', name: 'subject', type: 'string', default: '' },
			{ displayName: 'Message', name: 'message', type: 'string', default: '' },
			{ displayName: 'Email Format', name: 'emailFormat', type: 'string', default: 'html' },
			{ displayName: 'Text', name: 'text', type: 'string', default: '' },
			{ displayName: 'Options', name: 'options', type: 'json', default: {} },
		]),
		version: [2, 2.1],
	} as INodeTypeDescription,
	async execute(this: IExecuteFunctions) {
		if (this.getNodeParameter('operation', 0) === 'sendAndWait')
			return sendAndWait(this, sentMails as never);
		return [
			this.getInputData().map((item, index) => {
				if (this.getNodeParameter('emailFormat', index) !== 'text')
					throw new Error('Send Email stand-in: only the "Text" format is supported');
				sentMails.push({
					node: this.getNode().name,
					from: this.getNodeParameter('fromEmail', index) as string,
					to: this.getNodeParameter('toEmail', index) as string,
					subject: this.getNodeParameter('subject', index) as string,
					text: this.getNodeParameter('text', index) as string,
				});
				return { json: { ...item.json, accepted: true }, pairedItem: { item: index } };
			}),
		];
	},
};

/** Node types keyed as n8n keys them. */
export const standInNodeTypes: Record<string, INodeType> = {
	'n8n-nodes-base.manualTrigger': passThrough('manualTrigger', 'Manual Trigger', false),
	'n8n-nodes-base.noOp': passThrough('noOp', 'No Operation', true),
	'n8n-nodes-base.code': codeNode,
	'n8n-nodes-base.merge': mergeNode,
	'n8n-nodes-base.filter': filterNode,
	'n8n-nodes-base.if': ifNode,
	'n8n-nodes-base.httpRequest': httpRequestNode,
	'n8n-nodes-base.set': setNode,
	'n8n-nodes-base.form': formNode,
	'n8n-nodes-base.emailSend': emailSendNode,
	// The form's submission is the run's first item (give it as the trigger's data).
	'n8n-nodes-base.formTrigger': formTriggerNode,
	'n8n-nodes-base.stopAndError': stopAndErrorNode,
};
