/** Voucher → Get: its fields and its execute. */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { RunSession, toNodeError } from '../../api/sessionAndFailure';
import { readVoucher } from '../../api/vouchers';
import { readVoucherId } from '../../execution/itemParameters';
import {
	concurrencyOption,
	ignoreSslOption,
	readRequestSettings,
	timeoutOption,
} from '../../execution/requestSettings';
import { runItems } from '../../execution/runItems';
import { voucherId } from './fields/reference.fields';

export const DEFAULT_READ_CONCURRENCY = 4;

const getFields: INodeProperties[] = [
	...voucherId,
	{
		displayName: 'Options',
		name: 'getOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { resource: ['voucher'], operation: ['get'] } },
		options: [
			concurrencyOption(DEFAULT_READ_CONCURRENCY, 'How many vouchers are read at the same time'),
			ignoreSslOption(),
			timeoutOption(),
		],
	},
];

/** Voucher → Get: its fields in the order the editor shows them (Voucher.resource.ts shows them for it). */
export const description: INodeProperties[] = [...getFields];

export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runItems(
		ctx,
		readRequestSettings(ctx, 'getOptions', {
			concurrency: DEFAULT_READ_CONCURRENCY,
			batchingSetsConcurrency: true,
		}),
		RunSession.fromNode,
		async (itemIndex, session) => {
			const id = readVoucherId(ctx, itemIndex);
			try {
				return { items: [{ json: await readVoucher(ctx, session, id) }] };
			} catch (error) {
				throw toNodeError(ctx, error, itemIndex, { action: `get voucher ${id}`, readOnly: true });
			}
		},
	);
}
