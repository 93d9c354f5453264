import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { withRelationsAndLegends } from '../../actions/voucher/fields/voucherKind.fields';
import { runStamping, stampFields } from '../../stamping';
import { saleInGlobalInvoice, type SaleInGlobalInvoice } from '../../stamping/saleInGlobalInvoice';
import { BuiltVoucher, voucherFromInput } from '../../voucherInput';

export const createFields = stampFields(['create']);

/** The item's voucher from the Input Mode, with its Related Vouchers and Fiscal Legends. */
function voucherWithExtras(ctx: IExecuteFunctions, itemIndex: number): IDataObject | BuiltVoucher {
	const built = voucherFromInput(ctx, itemIndex);
	if (!(built instanceof BuiltVoucher)) return withRelationsAndLegends(ctx, itemIndex, built);
	// A skipped order has no body to add to.
	return built.body
		? new BuiltVoucher(
				withRelationsAndLegends(ctx, itemIndex, built.body),
				built.output,
				built.source,
			)
		: built;
}

/** Creates each item's voucher from the input fields, and stamps it or saves it as pending. */
export async function createVoucher(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runStamping(ctx, {
		buildVoucher: voucherWithExtras,
		target: () => ({ kind: 'create' }),
		beforeSend: async (context, job, session, generalPublic) => {
			// An order's invoice to its buyer (node version 1.1 on): is the sale in a global invoice?
			const { itemIndex } = job;
			if (context.getNode().typeVersion < 1.1) return undefined;
			if (context.getNodeParameter('inputMode', itemIndex, 'fields') !== 'order') return undefined;
			if (context.getNodeParameter('orderDocument', itemIndex, 'invoice') !== 'invoice')
				return undefined;
			const mode = context.getNodeParameter(
				'saleInGlobalInvoice',
				itemIndex,
				'fail',
			) as SaleInGlobalInvoice;
			return await saleInGlobalInvoice(context, job, session, mode, generalPublic);
		},
	});
}
