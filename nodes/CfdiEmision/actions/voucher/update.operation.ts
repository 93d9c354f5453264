/** Voucher → Update: its fields in the order the editor shows them, and its execute. */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { readVoucherId } from '../../execution/parameters';
import { runStamping } from '../../stamping/handler';
import { voucherFromInput } from '../../voucherInput/voucherBody';
import { output } from './fields/output.fields';
import { voucherId } from './fields/reference.fields';
import { options } from './fields/stamping.fields';
import { voucherInputFields } from './fields/voucherInput.fields';
import { VOUCHER_KINDS } from './kindsTable';

export const description: INodeProperties[] = [
	...voucherId,
	{
		displayName: 'Stamp',
		name: 'stamp',
		type: 'boolean',
		default: true,
		description:
			'Whether to stamp the pending voucher after applying the changes (emitir=true). Off only saves the changes (the spec does not describe this case; the voucher stays pending).',
	},
	...voucherInputFields(),
	options,
	output,
];

/** Applies each item's voucher to its pending voucher id, and stamps it unless Stamp is off. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runStamping(ctx, {
		buildVoucher: (context, itemIndex) => voucherFromInput(context, itemIndex, VOUCHER_KINDS),
		target: (context, itemIndex) => ({ kind: 'update', id: readVoucherId(context, itemIndex) }),
		kinds: VOUCHER_KINDS,
	});
}
