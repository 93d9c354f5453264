/**
 * Parameters kept for the run (execution/runParameters.ts) inside n8n's real execution context: for
 * every item, runParameter answers what n8n's getNodeParameter answers (constants, collections,
 * expressions at the top or deep inside, dotted paths, absent ones with their fallback), and a caller
 * changing what it read does not change a later answer. Also covers the pure holdsExpression.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { Engine, outputOf, shutdownEngine } from '../../../support/engine/engine';
import {
	holdsExpression,
	runParameter,
} from '../../../../nodes/CfdiEmision/execution/runParameters';

afterAll(shutdownEngine);

const PROBE_TYPE = 'test.runParametersProbe';

/** Each name read with its fallback, twice through runParameter (the second from the run's copy). */
const READS: Array<[string, unknown]> = [
	['constantText', ''],
	['constantNumber', 0],
	['constantFlag', true],
	['options', {}],
	['options.concurrency', 1],
	['withInnerExpression', {}],
	['perItem', ''],
	['relatedVouchers.relation', []],
	['absent', 'fallback'],
	['absentObject', { a: 1 }],
	['expressionList', []],
	// Read again with another fallback: an absent path answers each caller's own.
	['absent', 'another fallback'],
	['relatedVouchers.relation', [{ tipoRelacion: '01' }]],
];

const probe: INodeType = {
	description: {
		displayName: 'Probe',
		name: 'runParametersProbe',
		group: ['transform'],
		version: 1,
		description: 'reads parameters both ways',
		defaults: { name: 'Probe' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// n8n keeps only the parameters a node declares.
		properties: [
			{ displayName: 'Text', name: 'constantText', type: 'string', default: '' },
			{ displayName: 'Number', name: 'constantNumber', type: 'number', default: 0 },
			{ displayName: 'Flag', name: 'constantFlag', type: 'boolean', default: true },
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				default: {},
				options: [
					{ displayName: 'Concurrency', name: 'concurrency', type: 'number', default: 1 },
					{ displayName: 'Validation', name: 'validation', type: 'string', default: 'strict' },
				],
			},
			{
				displayName: 'Inner',
				name: 'withInnerExpression',
				type: 'collection',
				default: {},
				options: [
					{ displayName: 'Fixed', name: 'fixed', type: 'string', default: '' },
					{ displayName: 'Varying', name: 'varying', type: 'number', default: 0 },
				],
			},
			{ displayName: 'Per Item', name: 'perItem', type: 'string', default: '' },
			{
				displayName: 'Related',
				name: 'relatedVouchers',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				default: {},
				options: [
					{
						displayName: 'Relation',
						name: 'relation',
						values: [
							{ displayName: 'Type', name: 'tipoRelacion', type: 'string', default: '' },
							{ displayName: 'UUIDs', name: 'uuids', type: 'string', default: '' },
						],
					},
				],
			},
			{
				displayName: 'List',
				name: 'expressionList',
				type: 'string',
				typeOptions: { multipleValues: true },
				default: [],
			},
		],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const out: INodeExecutionData[] = [];
		for (let index = 0; index < this.getInputData().length; index++) {
			const cached: IDataObject = {};
			const direct: IDataObject = {};
			for (const [name, fallback] of READS) {
				const first = runParameter(this, name, index, fallback);
				// A caller that changes what it read must not change the next answer.
				if (first && typeof first === 'object') (first as IDataObject).changedByCaller = true;
				const key = name in cached ? `${name} ${JSON.stringify(fallback)}` : name;
				cached[key] = runParameter(this, name, index, fallback) as IDataObject;
				direct[key] = this.getNodeParameter(name, index, fallback) as IDataObject;
			}
			out.push({ json: { cached, direct } });
		}
		return [out];
	},
};

describe('runParameter in n8n’s execution context', () => {
	test('answers what getNodeParameter answers for every item, constants and expressions alike', async () => {
		const engine = new Engine({ nodeTypes: { [PROBE_TYPE]: probe } });
		const run = await engine.runWorkflow(
			[
				{
					id: 'probe',
					name: 'Probe',
					type: PROBE_TYPE,
					typeVersion: 1,
					position: [0, 0],
					parameters: {
						constantText: 'direct',
						constantNumber: 4,
						constantFlag: false,
						options: { concurrency: 3, validation: 'warn' },
						withInnerExpression: { fixed: 'x', varying: '={{ $json.n * 2 }}' },
						perItem: '={{ "item " + $json.n }}',
						relatedVouchers: { relation: [{ tipoRelacion: '04', uuids: 'U-1' }] },
						expressionList: ['a', '={{ $json.n }}'],
					},
				},
			],
			{},
			[{ json: { n: 1 } }, { json: { n: 2 } }, { json: { n: 3 } }],
		);
		expect(run.data.resultData.error).toBeUndefined();
		const items = outputOf(run, 'Probe');
		expect(items).toHaveLength(3);
		for (const item of items) expect(item.json.cached).toEqual(item.json.direct);
		// Expressions still vary by item; constants are the node's values.
		expect(items.map((item) => (item.json.cached as IDataObject).perItem)).toEqual([
			'item 1',
			'item 2',
			'item 3',
		]);
		expect(items.map((item) => (item.json.cached as IDataObject).withInnerExpression)).toEqual([
			{ fixed: 'x', varying: 2 },
			{ fixed: 'x', varying: 4 },
			{ fixed: 'x', varying: 6 },
		]);
		expect((items[2].json.cached as IDataObject).options).toEqual({
			concurrency: 3,
			validation: 'warn',
		});
		expect((items[2].json.cached as IDataObject).absent).toBe('fallback');
	});

	test('an unset group or parameter answers each read’s own fallback, as n8n does, for every item', async () => {
		const engine = new Engine({ nodeTypes: { [PROBE_TYPE]: probe } });
		const run = await engine.runWorkflow(
			[
				{
					id: 'probe',
					name: 'Probe',
					type: PROBE_TYPE,
					typeVersion: 1,
					position: [0, 0],
					// Related left unset: n8n stores its default {}, without a relation list.
					parameters: { perItem: '={{ "item " + $json.n }}' },
				},
			],
			{},
			[{ json: { n: 1 } }, { json: { n: 2 } }],
		);
		expect(run.data.resultData.error).toBeUndefined();
		const items = outputOf(run, 'Probe');
		expect(items).toHaveLength(2);
		for (const item of items) {
			expect(item.json.cached).toEqual(item.json.direct);
			const cached = item.json.cached as IDataObject;
			expect(cached['relatedVouchers.relation']).toEqual([]);
			expect(cached['relatedVouchers.relation [{"tipoRelacion":"01"}]']).toEqual([
				{ tipoRelacion: '01' },
			]);
			expect(cached.absent).toBe('fallback');
			expect(cached['absent "another fallback"']).toBe('another fallback');
		}
	});
});

describe('holdsExpression', () => {
	test.each([
		['=x', true],
		['x', false],
		['', false],
		[3, false],
		[null, false],
		[undefined, false],
		[{ a: 'b', c: { d: ['e', '={{ 1 }}'] } }, true],
		[{ a: 'b', c: { d: ['e', 'f'] } }, false],
		[['=1'], true],
	])('%j → %s', (value, expected) => {
		expect(holdsExpression(value)).toBe(expected);
	});
});
