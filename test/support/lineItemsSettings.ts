/**
 * The line-items conversion's settings its tests start from: the issuer, series W, transfer (03)
 * and a complete recipient.
 */
import type { LineItemsSettings } from '../../nodes/CfdiEmision/orders/lineItems';

export const LINE_ITEMS_RECIPIENT = {
	rfc: 'URE180429TM6',
	nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
	regimenFiscalReceptor: '601',
	domicilioFiscalReceptor: '65000',
	usoCFDI: 'G03',
};
export const LINE_ITEMS_SETTINGS: LineItemsSettings = {
	emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
	lugarExpedicion: '64000',
	serie: 'W',
	recipient: LINE_ITEMS_RECIPIENT,
	formaPago: '03',
};
