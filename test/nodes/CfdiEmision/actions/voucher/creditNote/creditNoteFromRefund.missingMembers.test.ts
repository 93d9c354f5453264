/** Shopify refunds -> credit notes (actions/voucher/creditNote/creditNoteFromRefund.ts): the members Shopify may leave out. */
import type { Voucher } from '../../../../../../nodes/CfdiEmision/cfdi/types';
import type { RefundSettings } from '../../../../../../nodes/CfdiEmision/orders/refundedLines';
import { creditNoteFromRefund } from '../../../../../../nodes/CfdiEmision/actions/voucher/creditNote/creditNoteFromRefund';
import { refusal } from '../../../../../support/refusal';
import { corpusOrder, type Order } from '../../../../../support/corpusOrder';

const INVOICE_UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';
const SETTINGS: RefundSettings = {
	emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
	lugarExpedicion: '64000',
	serie: 'NC',
};

function refundedOrder(): Order {
	const order = corpusOrder('partial-refund');
	order.note_attributes.push({ name: 'CFDI UUID', value: INVOICE_UUID.toLowerCase() });
	return order;
}
/** A refund of `order` with these members (no items, no shipping, no transactions unless given). */
function withRefund(order: Order, refund: Order): Order {
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
const refundPaid = (amount: string, gateway = 'shopify_payments') => ({
	kind: 'refund',
	status: 'success',
	amount,
	gateway,
});
describe('refund → credit note: members Shopify may leave out', () => {
	it('an order without a refunds list has no refunds; a refund without refund_line_items returns money only', () => {
		const none = refundedOrder();
		delete none.refunds;
		expect(refusal(() => creditNoteFromRefund(none, SETTINGS))).toMatchObject({
			path: 'refunds',
			message: 'order #1021 has no refunds.',
		});
		const order = withRefund(corpusOrder('partial-refund'), {
			transactions: [refundPaid('116.00')],
		});
		delete order.refunds[0].refund_line_items;
		const voucher = creditNoteFromRefund(order, SETTINGS).voucher as Voucher;
		expect(voucher.conceptos).toEqual([
			expect.objectContaining({ descripcion: 'Refund', valorUnitario: 100 }),
		]);
		expect(voucher).toMatchObject({ cfdiRelacionados: [{ tipoRelacion: '01' }] });
	});

	it('an order line item that is not an object: the refund line is still found by id, but the invoice cannot be rebuilt to cap the note', () => {
		const order = refundedOrder();
		delete order.refunds[0].refund_line_items[0].line_item;
		order.line_items.unshift(null);
		expect(refusal(() => creditNoteFromRefund(order, SETTINGS)).message).toBe(
			`The total of invoice ${INVOICE_UUID} is not known, so the credit note cannot be checked against what the invoice still owes.`,
		);
	});

	it('an item without title or name is quoted empty in the refusal', () => {
		const order = refundedOrder();
		const item = order.refunds[0].refund_line_items[0].line_item;
		delete item.title;
		delete item.name;
		order.refunds[0].refund_line_items[0].quantity = 3;
		expect(refusal(() => creditNoteFromRefund(order, SETTINGS)).message).toBe(
			'refunds[0].refund_line_items[0] refunds 3 of line item 1000 (""), but 2 were bought.',
		);
	});

	it('shipping refunded on an order with prices without tax: the amount is net, its tax on top; a bad shipping rate of the order is named', () => {
		const order = withRefund(corpusOrder('tax-excluded'), {
			order_adjustments: [{ kind: 'shipping_refund', amount: '-100.00', tax_amount: '-16.00' }],
			transactions: [refundPaid('116.00')],
		});
		const voucher = creditNoteFromRefund(order, SETTINGS).voucher as Voucher;
		expect(voucher.conceptos).toEqual([
			expect.objectContaining({ descripcion: 'Shipping refund', valorUnitario: 100 }),
		]);
		expect(voucher.total).toBe(116);
		order.shipping_lines[0].tax_lines[0].rate = 0.06;
		expect(refusal(() => creditNoteFromRefund(order, SETTINGS)).path).toBe(
			'shipping_lines[0].tax_lines[0].rate',
		);
	});
});
