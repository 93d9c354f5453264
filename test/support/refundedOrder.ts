/** The Shopify order with a partial refund the credit-note tests start from, the refund settings naming its invoice, and a refund of an order built from given members. */
import type { RefundSettings } from '../../nodes/CfdiEmision/orders/refundedLines';
import { corpusOrder, type Order } from './corpusOrder';

export const INVOICE_UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';

export const SETTINGS: RefundSettings = {
	emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
	lugarExpedicion: '64000',
	serie: 'NC',
};

export function refundedOrder(): Order {
	const order = corpusOrder('partial-refund');
	order.note_attributes.push({ name: 'CFDI UUID', value: INVOICE_UUID.toLowerCase() });
	return order;
}

/** A refund of `order` with these members (no items, no shipping, no transactions unless given). */
export function withRefund(order: Order, refund: Order): Order {
	order.refunds = [
		{
			id: 990010,
			created_at: '2026-11-25T12:00:00-06:00',
			refund_line_items: [],
			order_adjustments: [],
			transactions: [],
			...refund,
		},
	];
	order.note_attributes.push({ name: 'CFDI UUID', value: INVOICE_UUID });
	return order;
}

export const refundPaid = (amount: string, gateway = 'shopify_payments') => ({
	kind: 'refund',
	status: 'success',
	amount,
	gateway,
});
