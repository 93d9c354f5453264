/**
 * The order conversion's settings tests' starting point: the issuer's settings, example 1's order
 * with some members changed, and the payment terms (form, method, notes) it converts to.
 */
import { orderToVoucher } from '../../nodes/CfdiEmision/orders/orderToVoucher';
import type { OrderSettings } from '../../nodes/CfdiEmision/orders/settings';
import { corpusOrder, type Order } from './corpusOrder';

export const SETTINGS_ISSUER: OrderSettings = {
	emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
	lugarExpedicion: '64000',
};

/** Example 1's order (paid, 1,508.00 with IVA) with these members. */
export function exampleOrder(extra: Order = {}): Order {
	return { ...corpusOrder('example-1'), ...extra };
}

/** The payment form, method and notes of example 1's order with these members and settings. */
export function paymentTerms(extra: Order, settings: Partial<OrderSettings> = {}) {
	const result = orderToVoucher(exampleOrder(extra), { ...SETTINGS_ISSUER, ...settings });
	return {
		formaPago: result.voucher?.formaPago,
		metodoPago: result.voucher?.metodoPago,
		notes: result.notes,
	};
}
