/**
 * Voucher → Build From Order, offline (no request, no credential): the voucher Create with Input
 * Mode "Order" would send. Fields: `description` below (defined in order.fields.ts,
 * orderSettings.fields.ts). Rules: the conversion orderInput.ts over orders/orderToVoucher.ts, then
 * Validate's checks (validate.operation.ts).
 */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { voucherFromOrder } from './orderInput';
import {
	invoiceUuid,
	order,
	orderDocument,
	paymentOptions,
	refundId,
	skippedItems,
	withoutInputMode,
	withoutTaxData,
} from './order.fields';
import { orderOptions, paymentForms, productCodes, recipientData } from './orderSettings.fields';
import { options } from '../fields/stamping.fields';
import {
	emisorNombre,
	emisorRegimenFiscal,
	emisorRfc,
	lugarExpedicion,
	serie,
} from '../fields/voucherForm.fields';
import { checkEachVoucher } from './validate.operation';

export const description: INodeProperties[] = [
	emisorRfc,
	emisorNombre,
	...emisorRegimenFiscal,
	serie,
	lugarExpedicion,
	// The Order input mode's fields; Build From Order has no Input Mode.
	...withoutInputMode([
		orderDocument,
		invoiceUuid,
		refundId,
		paymentOptions,
		order,
		withoutTaxData,
		skippedItems,
		productCodes,
		paymentForms,
		recipientData,
		orderOptions,
	]),
	options,
];

/**
 * Builds each item's voucher from its order with the node's settings and checks it, without
 * sending anything: what Create with Input Mode "Order" would send. No credential.
 */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await checkEachVoucher(ctx, voucherFromOrder);
}
