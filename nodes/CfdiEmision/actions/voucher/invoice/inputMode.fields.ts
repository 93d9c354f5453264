import type { INodeProperties } from 'n8n-workflow';

import { conceptos } from './lineItems.fields';
import {
	invoiceUuid,
	lineItems,
	order,
	orderDocument,
	paymentOptions,
	refundId,
	skippedItems,
	withoutTaxData,
} from './order.fields';
import {
	lineItemsOptions,
	orderOptions,
	paymentForms,
	productCodes,
	recipientData,
} from './orderSettings.fields';
import {
	descripcionFacturador,
	emisorNombre,
	emisorRegimenFiscal,
	emisorRfc,
	exportacion,
	formaPago,
	inputMode,
	lugarExpedicion,
	metodoPago,
	moneda,
	receptorDomicilioFiscal,
	receptorNombre,
	receptorRegimenFiscal,
	receptorRfc,
	receptorUsoCfdi,
	serie,
	tipoDeComprobante,
	voucherJson,
} from '../fields/voucherForm.fields';
import { emisorSucursal, receptorDireccion, receptorDireccionId } from './address.fields';
import { subTotalAndTotal } from './voucherTotals.fields';

/**
 * The Input Mode and each mode's fields, in the order the editor shows them, for the operations
 * that build a voucher from input (Create, Update, Validate). `afterOrder`: fields only one of them
 * shows below Order (Create's Sale in a Global Invoice).
 */
export function inputModeFields(afterOrder: INodeProperties[] = []): INodeProperties[] {
	return [
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
		...afterOrder,
		lineItems,
		withoutTaxData,
		skippedItems,
		productCodes,
		paymentForms,
		recipientData,
		orderOptions,
		lineItemsOptions,
	];
}
