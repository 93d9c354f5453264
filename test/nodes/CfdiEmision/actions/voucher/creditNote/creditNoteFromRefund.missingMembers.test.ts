/** Shopify refunds -> credit notes (actions/voucher/creditNote/creditNoteFromRefund.ts): the members Shopify may leave out. */
import type { Voucher } from '../../../../../../nodes/CfdiEmision/cfdi/types';
import { creditNoteFromRefund } from '../../../../../../nodes/CfdiEmision/actions/voucher/creditNote/creditNoteFromRefund';
import { refusal } from '../../../../../support/refusal';
import { corpusOrder } from '../../../../../support/corpusOrder';
import {
	INVOICE_UUID,
	SETTINGS,
	refundedOrder,
	withRefund,
	refundPaid,
} from '../../../../../support/refundedOrder';

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
