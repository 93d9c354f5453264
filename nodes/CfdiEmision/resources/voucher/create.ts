import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { runStamping, stampFields, voucherFromInput } from '../../stamping';

export const createFields = stampFields(['create']);

/** Creates each item's voucher from the input fields, and stamps it or saves it as pending. */
export async function createVoucher(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runStamping(ctx, { buildVoucher: voucherFromInput, target: () => ({ kind: 'create' }) });
}
