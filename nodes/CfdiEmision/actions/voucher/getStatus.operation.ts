/** Voucher → Get Status: its fields and its execute. */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { operationFailed, RunSession, toNodeError } from '../../api/sessionAndFailure';
import { readUuid } from '../../execution/itemParameters';
import {
	concurrencyOption,
	ignoreSslOption,
	readRequestSettings,
	timeoutOption,
} from '../../execution/requestSettings';
import { runItems } from '../../execution/runItems';
import { findVoucherByUuid } from '../../api/voucherList';
import { DEFAULT_READ_CONCURRENCY } from './get.operation';
import { uuid } from './fields/reference.fields';

const getStatusFields: INodeProperties[] = [
	{
		displayName: 'Options',
		name: 'statusOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { resource: ['voucher'], operation: ['getStatus'] } },
		options: [
			concurrencyOption(
				DEFAULT_READ_CONCURRENCY,
				'How many vouchers are looked up at the same time',
			),
			ignoreSslOption(),
			timeoutOption(),
		],
	},
];

/** Voucher → Get Status: its fields in the order the editor shows them (Voucher.resource.ts shows them for it). */
export const description: INodeProperties[] = [...uuid, ...getStatusFields];

/** The status of each item's voucher by UUID: stamped, cancelled or waiting for the recipient to accept its cancellation. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const settings = readRequestSettings(ctx, 'statusOptions', {
		concurrency: DEFAULT_READ_CONCURRENCY,
		batchingSetsConcurrency: false,
	});
	return await runItems(ctx, settings, RunSession.fromNode, async (itemIndex, session) => {
		const uuid = readUuid(ctx, itemIndex).toUpperCase();
		let record;
		try {
			record = await findVoucherByUuid(ctx, session, uuid);
		} catch (error) {
			throw toNodeError(ctx, error, itemIndex, {
				action: `read the status of voucher ${uuid}`,
				readOnly: true,
			});
		}
		if (!record) {
			throw operationFailed(
				ctx,
				itemIndex,
				`No stamped voucher with UUID ${uuid} was found for this issuer.`,
				'Check the UUID and that the credential (or Issuer ID Override) belongs to the issuer of the voucher. A voucher saved as pending has no UUID yet.',
			);
		}
		return { items: [{ json: record }] };
	});
}
