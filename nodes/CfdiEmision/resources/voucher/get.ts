import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { voucherIdField } from '../../shared/descriptions';
import { toNodeError } from '../../shared/errors';
import { readVoucherId } from '../../shared/parameters';
import { parseJsonObject } from '../../shared/responses';
import {
	concurrencyOption,
	ignoreSslOption,
	readRequestSettings,
	timeoutOption,
} from '../../shared/requestSettings';
import { runItems } from '../../shared/runItems';
import { API_ROOT, callService } from '../../shared/transport';

export const DEFAULT_READ_CONCURRENCY = 4;

export const getFields: INodeProperties[] = [
	...voucherIdField('voucher', ['get', 'update']),
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

export async function getVoucher(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
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
					url: `${API_ROOT}/comprobantes/${id}`,
				});
				return { items: [{ json: parseJsonObject(response.body, 'the voucher lookup') }] };
			} catch (error) {
				throw toNodeError(ctx, error, itemIndex, { action: `get voucher ${id}`, readOnly: true });
			}
		},
	);
}
