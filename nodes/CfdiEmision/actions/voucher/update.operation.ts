/** Voucher → Update: its fields in the order the editor shows them, and its execute. */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { readVoucherId } from '../../execution/parameters';
import { runStamping } from '../../stamping';
import { voucherFromInput } from '../../voucherInput';
import {
	conceptos,
	descripcionFacturador,
	emisorNombre,
	emisorRegimenFiscal,
	emisorRfc,
	emisorSucursal,
	exportacion,
	formaPago,
	inputMode,
	invoiceUuid,
	lineItems,
	lineItemsOptions,
	lugarExpedicion,
	metodoPago,
	moneda,
	options,
	order,
	orderDocument,
	orderOptions,
	output,
	paymentForms,
	paymentOptions,
	productCodes,
	receptorDireccion,
	receptorDireccionId,
	receptorDomicilioFiscal,
	receptorNombre,
	receptorRegimenFiscal,
	receptorRfc,
	receptorUsoCfdi,
	recipientData,
	refundId,
	serie,
	skippedItems,
	subTotalAndTotal,
	tipoDeComprobante,
	voucherId,
	voucherJson,
	withoutTaxData,
} from './fields';

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
	// Input Mode: Fields or JSON
	inputMode,
	voucherJson,
	emisorRfc,
	emisorNombre,
	...emisorRegimenFiscal,
	emisorSucursal,
	receptorRfc,
	receptorNombre,
	receptorUsoCfdi,
	...receptorRegimenFiscal,
	receptorDomicilioFiscal,
	receptorDireccionId,
	receptorDireccion,
	...conceptos,
	tipoDeComprobante,
	serie,
	...formaPago,
	metodoPago,
	moneda,
	exportacion,
	lugarExpedicion,
	...subTotalAndTotal,
	descripcionFacturador,
	// Order and Line Items input modes
	orderDocument,
	invoiceUuid,
	refundId,
	paymentOptions,
	order,
	lineItems,
	withoutTaxData,
	skippedItems,
	productCodes,
	paymentForms,
	recipientData,
	orderOptions,
	lineItemsOptions,
	options,
	output,
];

/** Applies each item's voucher to its pending voucher id, and stamps it unless Stamp is off. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runStamping(ctx, {
		buildVoucher: voucherFromInput,
		target: (context, itemIndex) => ({ kind: 'update', id: readVoucherId(context, itemIndex) }),
	});
}
