import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { computeTotals, validateVoucher, type Voucher } from '../../cfdi';
import { LOCAL_ONLY } from '../../shared/requestSettings';
import { runItems } from '../../shared/runItems';
import { applyBodyOptions, voucherFromInput } from '../../stamping';

/** Checks each voucher locally and shows the computed totals; no request, no credential. */
export async function validateVouchers(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runItems(ctx, LOCAL_ONLY, async (itemIndex) => {
		const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const given = applyBodyOptions(ctx, itemIndex, voucherFromInput(ctx, itemIndex), options);
		const totals = computeTotals(given as Voucher);
		const voucher = options.computeTotals === true ? (totals.voucher as IDataObject) : given;
		const result = validateVoucher(voucher);
		return {
			items: [
				{
					json: {
						valid: result.valid,
						errors: result.errors as unknown as IDataObject[],
						warnings: result.warnings as unknown as IDataObject[],
						computed: totals.computed as unknown as IDataObject,
						voucher,
					},
				},
			],
		};
	});
}
