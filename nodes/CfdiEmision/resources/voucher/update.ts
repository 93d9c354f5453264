import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { readVoucherId } from '../../execution/parameters';
import { runStamping } from '../../stamping';
import { voucherFromInput } from '../../voucherInput';

export const updateFields: INodeProperties[] = [
	{
		displayName: 'Stamp',
		name: 'stamp',
		type: 'boolean',
		default: true,
		description:
			'Whether to stamp the pending voucher after applying the changes (emitir=true). Off only saves the changes (the spec does not describe this case; the voucher stays pending).',
		displayOptions: { show: { resource: ['voucher'], operation: ['update'] } },
	},
];

/** Applies each item's voucher to its pending voucher id, and stamps it unless Stamp is off. */
export async function updateVoucher(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runStamping(ctx, {
		buildVoucher: voucherFromInput,
		target: (context, itemIndex) => ({ kind: 'update', id: readVoucherId(context, itemIndex) }),
	});
}
