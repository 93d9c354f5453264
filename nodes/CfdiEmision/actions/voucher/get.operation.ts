/** Voucher → Get: its fields and its execute. */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { toNodeError } from '../../transport/errors';
import { readVoucherId } from '../../execution/parameters';
import { parseJsonObject } from '../../transport/responses';
import {
	concurrencyOption,
	ignoreSslOption,
	readRequestSettings,
	timeoutOption,
} from '../../transport/requestSettings';
import { runItems } from '../../execution/runItems';
import { callService } from '../../transport/transport';
import { voucherPath } from '../../api/paths';
import { voucherId } from './fields';

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
		async (itemIndex, session) => {
			const id = readVoucherId(ctx, itemIndex);
			try {
				const response = await callService(ctx, session, {
					method: 'GET',
					url: voucherPath(id),
				});
				return { items: [{ json: parseJsonObject(response.body, 'the voucher lookup') }] };
			} catch (error) {
				throw toNodeError(ctx, error, itemIndex, { action: `get voucher ${id}`, readOnly: true });
			}
		},
	);
}
