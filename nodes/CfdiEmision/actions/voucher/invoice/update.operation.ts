/**
 * Voucher → Update: a pending voucher changed to the item's voucher from the Input Mode, and stamped
 * unless Stamp is off. Fields: `description` below (the Input Mode's: inputMode.fields.ts). Requests
 * (api/runClient.ts): `stampPendingVoucher` on the Voucher ID (an unclear stamp read back by
 * `readVoucher` and `findVoucherOnList`), or with Stamp off `updatePendingVoucher`. Rules and body: as Create's (create.operation.ts).
 */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { readVoucherId } from '../../../execution/itemParameters';
import { runStamping } from '../../../stamping/runStamping';
import { voucherFromInput } from './voucherFromInput';
import { voucherId } from '../fields/reference.fields';
import { options, output } from '../fields/stamping.fields';
import { inputModeFields } from './inputMode.fields';
import { VOUCHER_KINDS } from '../kindsTable';

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
	...inputModeFields(),
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
