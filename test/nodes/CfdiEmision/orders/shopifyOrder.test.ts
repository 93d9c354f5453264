/**
 * How each member of a Shopify order is read (orders/shopifyOrder.ts, every Shopify-shape assumption
 * of the package), through orderToVoucher: names, folio, currency, money, quantities; members
 * Shopify may send as null or leave out. Its lines, shipping, presentment money and the exchange
 * rate: shopifyOrder.lines.test.ts.
 */
import type { Voucher } from '../../../../nodes/CfdiEmision/cfdi/types';
import { orderToVoucher } from '../../../../nodes/CfdiEmision/orders/orderToVoucher';
import type { OrderSettings } from '../../../../nodes/CfdiEmision/orders/settings';
import { refusal } from '../../../support/refusal';
import { ORDER_ISSUER } from '../../../support/corpusOrderConversion';
import { corpusOrder, plainOrder, type Order } from '../../../support/corpusOrder';

describe('how each member of a Shopify order is read', () => {
	const cancelled = (order: Order) =>
		orderToVoucher({ ...order, cancelled_at: '2026-11-21T00:00:00-06:00' }, ORDER_ISSUER).skipped
			?.message;

	it('the order is named by its name, else its number, else its id', () => {
		expect(cancelled(plainOrder())).toBe('order #2001 was cancelled; it is not invoiced.');
		expect(cancelled(plainOrder({ name: undefined }))).toBe(
			'order #2001 was cancelled; it is not invoiced.',
		);
		expect(cancelled(plainOrder({ name: '', order_number: undefined }))).toBe(
			'order 99 was cancelled; it is not invoiced.',
		);
		expect(cancelled(plainOrder({ name: undefined, order_number: undefined, id: undefined }))).toBe(
			'the order was cancelled; it is not invoiced.',
		);
		expect(orderToVoucher({ ...plainOrder(), cancelled_at: '2026-11-21' }, ORDER_ISSUER)).toEqual({
			orderTotal: 116,
			skipped: { reason: 'cancelled', message: 'order #2001 was cancelled; it is not invoiced.' },
			notes: [],
		});
	});

	it('the folio: order number by default, or the name without "#", or the id, or none', () => {
		const folio = (settings: Partial<OrderSettings>, extra: Order = {}) =>
			orderToVoucher(plainOrder(extra), { ...ORDER_ISSUER, ...settings }).voucher?.folio;
		expect(folio({})).toBe('2001');
		expect(folio({ folio: 'orderName' })).toBe('2001');
		expect(folio({ folio: 'orderName' }, { name: 'WEB-17' })).toBe('WEB-17');
		expect(folio({ folio: 'orderName' }, { name: undefined })).toBeUndefined();
		expect(folio({ folio: 'orderId' })).toBe('99');
		expect(folio({ folio: 'none' })).toBeUndefined();
		expect(folio({}, { order_number: null })).toBeUndefined();
		expect(folio({}, { order_number: ' 77 ' })).toBe('77');
	});

	it('the description for the service: the setting, else "Order" and the name, number or id', () => {
		const description = (extra: Order, settings: Partial<OrderSettings> = {}) =>
			orderToVoucher(plainOrder(extra), { ...ORDER_ISSUER, ...settings }).voucher
				?.descripcionFacturador;
		expect(description({})).toBe('Order #2001');
		expect(description({}, { description: 'Web shop sale' })).toBe('Web shop sale');
		expect(description({ name: undefined })).toBe('Order 2001');
		expect(description({ name: undefined, order_number: undefined })).toBe('Order 99');
		expect(description({ name: undefined, order_number: undefined, id: undefined })).toBe('Order');
	});

	it('the currency: trimmed and upper-cased, MXN when absent, and one of the SAT catalog', () => {
		expect(
			orderToVoucher(plainOrder({ currency: ' mxn ', presentment_currency: 'mxn' }), ORDER_ISSUER)
				.voucher?.moneda,
		).toBe('MXN');
		expect(orderToVoucher(plainOrder({ currency: undefined }), ORDER_ISSUER).voucher?.moneda).toBe(
			'MXN',
		);
		const error = refusal(() => orderToVoucher(plainOrder({ currency: 'ABC' }), ORDER_ISSUER));
		expect([error.path, error.message, error.fix]).toEqual([
			'currency',
			`The order's currency "ABC" is not in the SAT's currency catalog.`,
			'Give the order with an ISO 4217 currency code such as MXN or USD.',
		]);
	});

	it('a value that is not an order is refused, saying what it is', () => {
		expect(refusal(() => orderToVoucher([plainOrder()], ORDER_ISSUER)).message).toBe(
			'The order is a list, not an order object.',
		);
		expect(refusal(() => orderToVoucher('#2001', ORDER_ISSUER)).message).toBe(
			'The order is "#2001", not an order object.',
		);
		expect(refusal(() => orderToVoucher(null, ORDER_ISSUER)).message).toBe(
			'The order is null, not an order object.',
		);
		expect(refusal(() => orderToVoucher(undefined, ORDER_ISSUER)).message).toBe(
			'The order is undefined, not an order object.',
		);
	});

	it('voided in any case or spacing is not invoiced', () => {
		expect(
			orderToVoucher(plainOrder({ financial_status: ' Voided ' }), ORDER_ISSUER).skipped,
		).toEqual({
			reason: 'cancelled',
			message: 'order #2001 was voided (its payment was never captured); it is not invoiced.',
		});
		expect(
			orderToVoucher(plainOrder({ financial_status: ' Voided ' }), ORDER_ISSUER).notes,
		).toEqual([]);
	});

	it('nothing priced to invoice: skipped with the order total and the notes', () => {
		const free = plainOrder({ total_price: '0.00' });
		free.line_items[0].price = '0.00';
		free.line_items[0].tax_lines[0].price = '0.00';
		expect(orderToVoucher(free, ORDER_ISSUER)).toEqual({
			orderTotal: 0,
			skipped: {
				reason: 'nothingToInvoice',
				message: 'order #2001 has nothing to invoice (no priced line items or shipping).',
			},
			notes: [],
		});
		const onlyGiftCard = plainOrder();
		onlyGiftCard.line_items[0].gift_card = true;
		const result = orderToVoucher(onlyGiftCard, ORDER_ISSUER);
		expect(result.skipped?.reason).toBe('nothingToInvoice');
		expect(result.orderTotal).toBe(116);
		expect(result.notes).toEqual([
			'line_items[0] ("Mug - blue") is a gift card sold: it is not on the invoice, because what is bought with it is invoiced when the card is spent.',
		]);
		// A priced line beside a free one is invoiced; the free one is left out and named.
		const withFree = plainOrder();
		withFree.line_items.push({
			id: 2,
			title: 'Sticker',
			quantity: 1,
			price: '0.00',
			tax_lines: [],
		});
		const priced = orderToVoucher(withFree, ORDER_ISSUER);
		expect(priced.voucher?.conceptos).toHaveLength(1);
		expect(priced.notes).toEqual([
			'line_items[1] ("Sticker") has a price of 0 and is left out of the voucher.',
		]);
	});

	it('the general public is said in the notes, naming what was missing', () => {
		const order = plainOrder();
		order.note_attributes = order.note_attributes.filter(
			(attribute: Order) => attribute.name !== 'RFC',
		);
		const result = orderToVoucher(order, { ...ORDER_ISSUER, withoutTaxData: 'generalPublic' });
		expect(result.notes).toEqual([
			'order #2001 has no complete recipient tax data ("RFC" missing): the invoice is issued to the general public (XAXX010101000).',
		]);
		expect(orderToVoucher(order, ORDER_ISSUER).notes).toEqual([]);
		expect(
			orderToVoucher(order, { ...ORDER_ISSUER, withoutTaxData: 'generalPublic' }).voucher
				?.informacionGlobal,
		).toEqual({ periodicidad: '01', meses: '11', anio: 2026 });
		expect(
			refusal(() =>
				orderToVoucher(
					{ ...order, created_at: 'yesterday' },
					{ ...ORDER_ISSUER, withoutTaxData: 'generalPublic' },
				),
			),
		).toMatchObject({
			path: 'created_at',
			message:
				'created_at is missing; a general-public voucher names the month of the sale (informacionGlobal).',
		});
	});

	it("the money source: the order's total_price, less gift cards sold; without total_price the lines' own amounts", () => {
		expect(orderToVoucher(plainOrder(), ORDER_ISSUER).source).toEqual({
			amount: '116.00',
			currency: 'MXN',
			from: "the order's total_price",
			field: 'total_price',
			fix: "the order's line items, shipping, taxes and total_price",
		});
		const withCard = plainOrder({ total_price: '616.00' });
		withCard.line_items.push({
			id: 3,
			title: 'Gift card',
			quantity: 2,
			price: '300.00',
			gift_card: true,
			tax_lines: [],
			discount_allocations: [{ amount: '100.00' }],
		});
		const result = orderToVoucher(withCard, ORDER_ISSUER);
		expect(result.source).toMatchObject({
			amount: '116.00',
			from: "the order's total_price less 500.00 of gift cards sold, invoiced when they are spent",
		});
		expect(result.voucherTotal).toBe(116);
		const noTotal = orderToVoucher(plainOrder({ total_price: undefined }), ORDER_ISSUER);
		expect([noTotal.orderTotal, noTotal.voucherTotal, noTotal.roundingNote]).toEqual([
			116,
			116,
			undefined,
		]);
	});

	it('amounts and quantities that are not ones are refused, quoting them', () => {
		const spoilt = (change: (order: Order) => void) => {
			const order = plainOrder();
			change(order);
			return refusal(() => orderToVoucher(order, ORDER_ISSUER));
		};
		expect(spoilt((o) => (o.line_items[0].price = '-116.00'))).toMatchObject({
			path: 'line_items[0].price',
			message: 'line_items[0].price "-116.00" is not an amount.',
			fix: 'Give a number of 0 or more, such as "580.00".',
		});
		expect(spoilt((o) => delete o.line_items[0].price)).toMatchObject({
			path: 'line_items[0].price',
			message: 'line_items[0].price is missing.',
			fix: 'Give the order with its price, as Shopify sends it.',
		});
		expect(spoilt((o) => (o.line_items[0].quantity = -1))).toMatchObject({
			path: 'line_items[0].quantity',
			message: 'line_items[0].quantity -1 is not a quantity above 0.',
			fix: 'Give the number of units sold, such as 2.',
		});
		expect(spoilt((o) => (o.line_items[0].quantity = 'two'))).toMatchObject({
			message: 'line_items[0].quantity "two" is not a quantity above 0.',
		});
		expect(spoilt((o) => (o.line_items = [null]))).toMatchObject({
			path: 'line_items[0]',
			message: 'line_items[0] is not a line item.',
			fix: 'Give line items as Shopify sends them.',
		});
		expect(spoilt((o) => (o.shipping_lines = [[149]]))).toMatchObject({
			path: 'shipping_lines[0]',
			message: 'shipping_lines[0] is not a shipping line.',
			fix: 'Give shipping lines as Shopify sends them.',
		});
		expect(spoilt((o) => (o.line_items[0].tax_lines = ['IVA']))).toMatchObject({
			path: 'line_items[0].tax_lines[0]',
			message: 'line_items[0].tax_lines[0] is not a tax line.',
			fix: 'Give tax lines as Shopify sends them: { price, rate, title }.',
		});
		expect(spoilt((o) => (o.line_items[0].tax_lines[0].rate = 'IVA'))).toMatchObject({
			path: 'line_items[0].tax_lines[0].rate',
			message: 'line_items[0].tax_lines[0].rate "IVA" is not a tax rate.',
			fix: 'Give the rate as a fraction, e.g. 0.16 for 16 %.',
		});
		expect(spoilt((o) => (o.line_items[0].tax_lines[0].rate = -0.16))).toMatchObject({
			message: 'line_items[0].tax_lines[0].rate -0.16 is not a tax rate.',
		});
		expect(spoilt((o) => (o.line_items[0].tax_lines[0].price = '-16.00'))).toMatchObject({
			path: 'line_items[0].tax_lines[0].price',
		});
	});
});

describe('order members read as Shopify may send them', () => {
	it('a total_price that is not an amount is named as total_price (the order itself has no path before it)', () => {
		expect(
			refusal(() => orderToVoucher(plainOrder({ total_price: 'abc' }), ORDER_ISSUER)),
		).toMatchObject({ path: 'total_price', message: 'total_price "abc" is not an amount.' });
		const usd = corpusOrder('usd-presentment');
		delete usd.total_price_set;
		usd.total_price_set = { shop_money: { amount: '2240.61' } };
		expect(
			refusal(() => orderToVoucher(usd, { ...ORDER_ISSUER, exchangeRate: '17.25' })),
		).toMatchObject({
			path: 'total_price_set',
			message:
				"total_price_set is missing, so the amount in USD (the customer's currency) is unknown; total_price is in MXN.",
		});
	});

	it('members given as null are absent; members left out take their defaults', () => {
		const order = plainOrder({ shipping_lines: undefined, total_price: null });
		order.line_items[0] = {
			...order.line_items[0],
			total_discount: null,
			discount_allocations: undefined,
			tax_lines: undefined,
			price: '100.00',
		};
		const result = orderToVoucher(order, ORDER_ISSUER);
		const voucher = result.voucher as Voucher;
		expect(voucher.conceptos).toEqual([
			expect.objectContaining({ valorUnitario: 100, objetoImp: '01' }),
		]);
		expect(voucher.conceptos[0]).not.toHaveProperty('descuento');
		expect([result.orderTotal, result.voucherTotal]).toEqual([100, 100]);
		const discounted = plainOrder();
		discounted.line_items[0] = {
			...discounted.line_items[0],
			discount_allocations: undefined,
			total_discount: '11.60',
			tax_lines: [{ title: 'IVA 16%', rate: 0.16, price: '14.40' }],
		};
		expect(
			(orderToVoucher({ ...discounted, total_price: '104.40' }, ORDER_ISSUER).voucher as Voucher)
				.conceptos[0].descuento,
		).toBe(10);
	});

	it('a discount allocation or a presentment amount that is not an amount is named with its full path', () => {
		const order = plainOrder();
		order.line_items[0].discount_allocations = [{ amount: 'ten' }];
		expect(refusal(() => orderToVoucher(order, ORDER_ISSUER)).path).toBe(
			'line_items[0].discount_allocations[0].amount',
		);
		const usd = corpusOrder('usd-presentment');
		usd.line_items[0].price_set.presentment_money.amount = 'abc';
		expect(refusal(() => orderToVoucher(usd, ORDER_ISSUER))).toMatchObject({
			path: 'line_items[0].price_set.presentment_money.amount',
		});
		const spaced = corpusOrder('usd-presentment');
		spaced.presentment_currency = ' usd ';
		expect(orderToVoucher(spaced, ORDER_ISSUER).voucher?.moneda).toBe('USD');
	});

	it('free shipping leaves no concept and no note; a name is the label even when it is not the number', () => {
		const order = plainOrder({ name: 'WEB-17' });
		order.shipping_lines = [{ title: 'Pickup', price: '0.00', tax_lines: [] }];
		const result = orderToVoucher(order, ORDER_ISSUER);
		expect(result.voucher?.conceptos).toHaveLength(1);
		expect(result.notes).toEqual([]);
		expect(
			orderToVoucher({ ...order, cancelled_at: '2026-11-21' }, ORDER_ISSUER).skipped?.message,
		).toBe('order WEB-17 was cancelled; it is not invoiced.');
		expect(
			orderToVoucher(plainOrder({ name: 'A#17' }), { ...ORDER_ISSUER, folio: 'orderName' }).voucher
				?.folio,
		).toBe('A#17');
	});
});
