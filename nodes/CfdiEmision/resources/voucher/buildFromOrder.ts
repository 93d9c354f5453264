import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { LOCAL_ONLY } from '../../transport/requestSettings';
import { runItems } from '../../execution/runItems';
import { readIssuerDefaults, voucherFromOrder } from '../../voucherInput';
import { checkedVoucherItems } from './validate';

/**
 * Builds each item's voucher from its order with the node's settings and checks it, without
 * sending anything: what Create with Input Mode "Order" would send. No credential.
 */
export async function buildVouchersFromOrders(
	ctx: IExecuteFunctions,
): Promise<INodeExecutionData[][]> {
	const issuer = await readIssuerDefaults(ctx);
	return await runItems(ctx, LOCAL_ONLY, async (itemIndex) => ({
		items: checkedVoucherItems(ctx, itemIndex, voucherFromOrder(ctx, itemIndex), issuer),
	}));
}
