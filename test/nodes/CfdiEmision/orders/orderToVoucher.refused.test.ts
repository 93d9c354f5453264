/**
 * Shopify orders that are not invoiced or cannot be read: a cancelled order skipped with the reason,
 * orders whose members are missing or wrong refused naming the field and the fix, missing issuer
 * settings refused before the order is read, a value that is not an order. The conversion case by
 * case: orderToVoucher.test.ts.
 */
import { orderToVoucher } from '../../../../nodes/CfdiEmision/orders/orderToVoucher';
import { refusal } from '../../../support/refusal';
import { corpusOrder, type Order } from '../../../support/corpusOrder';
import { ORDER_ISSUER } from '../../../support/corpusOrderConversion';

describe('orders that are not invoiced or cannot be read', () => {
	it('a cancelled order is skipped', () => {
		const order = corpusOrder('example-1');
		order.cancelled_at = '2026-11-21T09:00:00-06:00';
		expect(orderToVoucher(order, ORDER_ISSUER).skipped).toEqual({
			reason: 'cancelled',
			message: 'order #1001 was cancelled; it is not invoiced.',
		});
	});

	it.each([
		[
			'a tax rate that is not IVA',
			(o: Order) => (o.line_items[1].tax_lines[0].rate = 0.06),
			'line_items[1].tax_lines[0].rate',
			'not an IVA rate',
		],
		[
			'two rates on one line',
			(o: Order) => o.line_items[0].tax_lines.push({ title: 'IEPS', rate: 0.08, price: '1.00' }),
			'line_items[0].tax_lines[1].rate',
			'two rates',
		],
		[
			'a quantity of 0',
			(o: Order) => (o.line_items[0].quantity = 0),
			'line_items[0].quantity',
			'not a quantity above 0',
		],
		[
			'a price that is not an amount',
			(o: Order) => (o.line_items[0].price = 'abc'),
			'line_items[0].price',
			'not an amount',
		],
		['no line items', (o: Order) => delete o.line_items, 'line_items', 'no line_items'],
		[
			'a foreign-currency amount without its presentment money',
			(o: Order) => {
				o.presentment_currency = 'USD';
				delete o.line_items[0].price_set;
			},
			'line_items[0].price_set',
			"customer's currency",
		],
	])('%s is refused, naming the order member', (_name, spoil, path, words) => {
		const order = corpusOrder('example-1');
		spoil(order);
		const error = refusal(() => orderToVoucher(order, ORDER_ISSUER));
		expect(error.path).toBe(path);
		expect(error.message).toContain(path);
		expect(error.message).toContain(words);
		expect(error.fix.length).toBeGreaterThan(10);
	});

	it('missing issuer settings are refused before the order is read', () => {
		expect(() =>
			orderToVoucher(corpusOrder('example-1'), {
				...ORDER_ISSUER,
				emisor: { ...ORDER_ISSUER.emisor, rfc: '' },
			}),
		).toThrow(expect.objectContaining({ path: 'settings.emisor.rfc' }));
		expect(() =>
			orderToVoucher(corpusOrder('example-1'), { ...ORDER_ISSUER, lugarExpedicion: ' ' }),
		).toThrow(expect.objectContaining({ path: 'settings.lugarExpedicion' }));
	});

	it('a value that is not an order is refused with the fix', () => {
		expect(() => orderToVoucher([corpusOrder('example-1')], ORDER_ISSUER)).toThrow(
			expect.objectContaining({ path: '', fix: expect.stringContaining('{{ $json }}') }),
		);
	});
});
