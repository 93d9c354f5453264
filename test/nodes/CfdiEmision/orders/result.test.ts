/**
 * What a conversion returns when the voucher total differs from the order's total_price
 * (orders/result.ts finishConversion): every part of the difference named, in figures; none when equal.
 */
import { orderToVoucher } from '../../../../nodes/CfdiEmision/orders/orderToVoucher';
import type { OrderSettings } from '../../../../nodes/CfdiEmision/orders/settings';
import { plainOrder } from '../../../support/corpusOrder';

const ISSUER: OrderSettings = {
	emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
	lugarExpedicion: '64000',
	serie: 'A',
};

describe('when the voucher total differs from total_price: every part of the difference, in figures', () => {
	it("gift cards sold and money the lines do not explain are each named, with the sums; no cent of rounding is left (the IVA Shopify charged, 13.79, is within the SAT's limits)", () => {
		const order = plainOrder({ total_price: '601.01' });
		order.line_items = [
			{
				id: 1,
				title: 'Mug',
				quantity: 1,
				price: '100.01',
				tax_lines: [{ title: 'IVA 16%', rate: 0.16, price: '13.79' }],
			},
			{ id: 2, title: 'Gift card', quantity: 1, price: '500.00', gift_card: true, tax_lines: [] },
		];
		const result = orderToVoucher(order, ISSUER);
		// 100.01 with IVA rounded to nearest cannot be reached (100.00 or 100.02), but 86.22 + 13.79 (86.22 ×
		// 0.16 = 13.7952 rounded down, as Shopify charged it) can; the gift card is left out; 601.01 − 600.01 =
		// 1.00 is unexplained.
		expect([result.orderTotal, result.voucherTotal]).toEqual([601.01, 100.01]);
		expect(result.roundingNote).toBe(
			"The voucher total is 100.01 MXN, the amount charged is 601.01; the difference is 500.00 of gift cards sold, invoiced when they are spent; and 1.00 that the source's lines, shipping and taxes do not add up to (they sum to 600.01).",
		);
		expect(result.source).toEqual({
			amount: '101.01',
			currency: 'MXN',
			from: "the order's total_price less 500.00 of gift cards sold, invoiced when they are spent",
			field: 'total_price',
			fix: "the order's line items, shipping, taxes and total_price",
			detail:
				"The source's lines, shipping and taxes add up to 600.01, not 601.01: 1.00 is in the source itself.",
		});
	});

	it('a tax the source charged that its price and rate do not give is named as such, not as rounding', () => {
		const order = plainOrder({ taxes_included: false });
		order.line_items[0].tax_lines = [{ title: 'IVA 16%', rate: 0.16, price: '0.00' }];
		const result = orderToVoucher(order, ISSUER);
		expect([result.orderTotal, result.voucherTotal]).toEqual([116, 134.56]);
		expect(result.roundingNote).toBe(
			'The voucher total is 134.56 MXN, the amount charged is 116.00; the difference is -18.56 of taxes the source charged that its prices and tax rates do not give (line_items[0] was charged 116.00 with its tax, but its price and tax rate give 134.56).',
		);
		// The sale lines add up to total_price: nothing is unexplained, only the gap is in the detail.
		expect(result.source?.detail).toBe(
			'line_items[0] was charged 116.00 with its tax, but its price and tax rate give 134.56.',
		);
	});

	it('equal totals: no note and no detail', () => {
		const result = orderToVoucher(plainOrder(), ISSUER);
		expect(result.roundingNote).toBeUndefined();
		expect(result.source).not.toHaveProperty('detail');
		expect(result.notes).toEqual([]);
	});
});
