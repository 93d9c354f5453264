/**
 * Shopify orders → vouchers, the corpus (shopifyOrders.json): orders in Shopify's REST/webhook
 * shape whose amounts are Shopify's own (each line's tax is what Shopify charges: round(charged ×
 * rate ÷ (1 + rate)) with prices that include tax, round(charged × rate) without; total_price is
 * what the customer paid). The corpus covers the required shapes, and every order becomes a voucher
 * that passes the local CFDI checks and whose total is exactly total_price. Case by case:
 * orderToVoucher.test.ts.
 */
import type { Voucher } from '../../../../nodes/CfdiEmision/cfdi/types';
import { corpusOrder, type Order } from '../../../support/corpusOrder';
import corpus from '../../../support/shopifyOrders.json';
import { validateWithKinds } from '../../../support/kindFixtures';
import { convertCorpusOrder } from '../../../support/corpusOrderConversion';

function presentmentTotal(order: Order): number {
	return Number(order.total_price_set?.presentment_money?.amount ?? order.total_price);
}

describe('Shopify order corpus', () => {
	it('holds at least 15 orders covering the required shapes', () => {
		expect(corpus.length).toBeGreaterThanOrEqual(15);
		const orders = corpus.map((entry) => entry.order as Order);
		const lines = orders.flatMap((order) => order.line_items);
		expect(orders.some((order) => order.line_items.length >= 3)).toBe(true);
		expect(lines.some((line) => line.discount_allocations.length > 0)).toBe(true);
		expect(
			orders.some((order) =>
				order.discount_applications.some((d: Order) => d.target_selection === 'all'),
			),
		).toBe(true);
		expect(
			orders.some((order) => order.shipping_lines.some((s: Order) => s.tax_lines.length > 0)),
		).toBe(true);
		expect(
			orders.some((order) => order.shipping_lines.some((s: Order) => s.tax_lines.length === 0)),
		).toBe(true);
		expect(
			lines.some((line) => line.tax_lines.some((t: Order) => t.rate === 0 && /0%/.test(t.title))),
		).toBe(true);
		expect(lines.some((line) => line.tax_lines.some((t: Order) => /exento/i.test(t.title)))).toBe(
			true,
		);
		expect(lines.some((line) => line.tax_lines.some((t: Order) => t.rate === 0.08))).toBe(true);
		expect(
			orders.some((order) => order.presentment_currency === 'USD' || order.currency === 'USD'),
		).toBe(true);
		expect(orders.some((order) => order.taxes_included === false)).toBe(true);
		expect(orders.some((order) => order.payment_gateway_names.includes('gift_card'))).toBe(true);
		expect(
			orders.some(
				(order) => order.refunds.length > 0 && order.financial_status === 'partially_refunded',
			),
		).toBe(true);
	});

	// Each test converts the order itself (nothing at describe time): mutation testing then knows
	// which tests run each line of the conversion, instead of running every test for every mutant.
	describe.each(corpus.map((entry) => [entry.key, entry.description] as const))(
		'%s (%s)',
		(key) => {
			const order = corpusOrder(key);

			it("gives a voucher whose total is the order's total_price", () => {
				const result = convertCorpusOrder(key);
				const voucher = result.voucher as Voucher;
				expect(result.skipped).toBeUndefined();
				expect(result.orderTotal).toBe(presentmentTotal(order));
				expect(result.voucherTotal).toBe(presentmentTotal(order));
				expect(voucher.total).toBe(presentmentTotal(order));
				expect(result.roundingNote).toBeUndefined();
			});

			it('passes the local CFDI 4.0 validation with zero errors, and no warning but IVA 8 % unchecked', () => {
				const voucher = convertCorpusOrder(key).voucher as Voucher;
				const validation = validateWithKinds(voucher);
				expect(validation.errors).toEqual([]);
				// IVA 8 % from Monterrey (64000, Nuevo León): the node cannot tell a border municipality's
				// postal code, so the service judges (cfdi/validation/borderRate.ts); nothing else is warned.
				const border = JSON.stringify(voucher.conceptos).includes('"tasaOCuota":0.08');
				expect(validation.warnings.map((warning) => warning.code)).toEqual(
					border ? ['IVA8_BORDER_UNVERIFIED'] : [],
				);
			});

			it('has one concept per priced line item and shipping line, with the folio and series', () => {
				const voucher = convertCorpusOrder(key).voucher as Voucher;
				const shipping = order.shipping_lines.filter((line: Order) => Number(line.price) > 0);
				expect(voucher.conceptos).toHaveLength(order.line_items.length + shipping.length);
				expect(voucher.folio).toBe(String(order.order_number));
				expect(voucher.serie).toBe('A');
				expect(voucher.tipoDeComprobante).toBe('I');
			});
		},
	);
});
