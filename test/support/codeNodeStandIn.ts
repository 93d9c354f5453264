/** The Code node's stand-in: the example's JavaScript run with n8n's workflow data proxy, without a sandbox. */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';

import { description } from './standInDescription';

const IDENTIFIER = /^[$A-Za-z_][$\w]*$/;
// eslint-disable-next-line @typescript-eslint/no-empty-function
const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor as new (
	...args: string[]
) => (...values: unknown[]) => Promise<unknown>;

async function runCode(
	context: IExecuteFunctions,
	code: string,
	itemIndex: number,
	extra: Record<string, unknown> = {},
): Promise<unknown> {
	const proxy = context.getWorkflowDataProxy(itemIndex) as unknown as Record<string, unknown>;
	const scope: Record<string, unknown> = {};
	for (const key of Object.keys(proxy)) if (IDENTIFIER.test(key)) scope[key] = proxy[key];
	Object.assign(scope, extra);
	const names = Object.keys(scope);
	return await new AsyncFunction(...names, code)(...names.map((name) => scope[name]));
}

function toItem(value: unknown, fallbackPair: number): INodeExecutionData {
	const item = (
		value && typeof value === 'object' && 'json' in (value as object) ? value : { json: value }
	) as INodeExecutionData;
	return {
		...item,
		json: (item.json ?? {}) as IDataObject,
		pairedItem: item.pairedItem ?? { item: fallbackPair },
	};
}

export const codeNode: INodeType = {
	// n8n keeps only the parameters a node type declares.
	description: description('code', 'Code', true, [
		{
			displayName: 'Mode',
			name: 'mode',
			type: 'options',
			options: [
				{ name: 'Run Once for All Items', value: 'runOnceForAllItems' },
				{ name: 'Run Once for Each Item', value: 'runOnceForEachItem' },
			],
			default: 'runOnceForAllItems',
		},
		{ displayName: 'JavaScript', name: 'jsCode', type: 'string', default: '' },
	]),
	async execute(this: IExecuteFunctions) {
		const items = this.getInputData();
		const code = this.getNodeParameter('jsCode', 0) as string;
		const mode = this.getNodeParameter('mode', 0, 'runOnceForAllItems') as string;
		if (mode === 'runOnceForEachItem') {
			const out: INodeExecutionData[] = [];
			for (let i = 0; i < items.length; i++) {
				const result = await runCode(this, code, i, { item: items[i] });
				if (result === undefined || result === null) continue;
				if (Array.isArray(result))
					throw new Error(
						`Code "${this.getNode().name}": return one object per item in "Run Once for Each Item" mode`,
					);
				out.push(toItem(result, i));
			}
			return [out];
		}
		const result = await runCode(this, code, 0, { items });
		const list = Array.isArray(result)
			? result
			: result === undefined || result === null
				? []
				: [result];
		return [list.map((value, i) => toItem(value, Math.min(i, Math.max(items.length - 1, 0))))];
	},
};
