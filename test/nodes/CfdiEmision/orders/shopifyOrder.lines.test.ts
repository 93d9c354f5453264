/**
 * How each member of a Shopify order's lines and money is read (orders/shopifyOrder.ts), through
 * orderToVoucher: tax lines, lines without tax, line discounts, a line's description and SKU,
 * shipping, presentment money and the exchange rate. The order's own members (names, folio,
 * currency, the money source, quantities) and those sent as null or left out: shopifyOrder.test.ts.
 */
import type { Concepto, Voucher } from '../../../../nodes/CfdiEmision/cfdi/types';
import { orderToVoucher } from '../../../../nodes/CfdiEmision/orders/orderToVoucher';
import type { OrderSettings } from '../../../../nodes/CfdiEmision/orders/settings';
import { refusal } from '../../../support/refusal';
import { ORDER_ISSUER } from '../../../support/corpusOrderConversion';
import { corpusOrder, plainOrder, type Order } from '../../../support/corpusOrder';

function traslados(concepto: Concepto) {
	return concepto.impuestos?.traslados ?? [];
}

describe('how each member of a Shopify order is read: its lines and money', () => {
	it('tax lines: two of the same rate are one IVA, summed; a 0 rate titled exempt is exempt; a tax line without price charged nothing', () => {
		const split = plainOrder();
		split.line_items[0].tax_lines = [
			{ title: 'IVA federal', rate: 0.16, price: '10.00' },
			{ title: 'IVA', rate: '0.160', price: '6.00' },
		];
		const voucher = orderToVoucher(split, ORDER_ISSUER).voucher as Voucher;
		expect(voucher.impuestos?.traslados).toEqual([
			{ base: 100, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 16 },
		]);
		expect(voucher.total).toBe(116);

		const exempt = plainOrder({ total_price: '116.00' });
		exempt.line_items[0].tax_lines = [{ title: 'Exempt (books)', rate: 0, price: '0.00' }];
		expect(
			traslados((orderToVoucher(exempt, ORDER_ISSUER).voucher as Voucher).conceptos[0]),
		).toEqual([{ impuesto: '002', tipoFactor: 'Exento', base: 116 }]);
		exempt.line_items[0].tax_lines = [{ rate: 0 }];
		expect(
			traslados((orderToVoucher(exempt, ORDER_ISSUER).voucher as Voucher).conceptos[0]),
		).toEqual([{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0, base: 116, importe: 0 }]);

		// Without the tax line's price the charged tax is 0: 116.00 is all base, and the voucher adds its 16 %.
		const unpriced = plainOrder({ taxes_included: false });
		unpriced.line_items[0].tax_lines = [{ title: 'IVA 16%', rate: 0.16 }];
		const result = orderToVoucher(unpriced, ORDER_ISSUER);
		expect(result.voucherTotal).toBe(134.56);
		expect(result.source?.detail).toBe(
			'line_items[0] was charged 116.00 with its tax, but its price and tax rate give 134.56.',
		);
	});

	it('lines without tax follow Untaxed Lines: not subject by default, exempt or 0 % on request; shipping too', () => {
		const order = plainOrder({ total_price: '149.00', taxes_included: false });
		order.line_items[0].tax_lines = [];
		order.line_items[0].price = '100.00';
		order.shipping_lines = [{ title: 'DHL', price: '49.00', tax_lines: [] }];
		const objects = (settings: Partial<OrderSettings>) =>
			(orderToVoucher(order, { ...ORDER_ISSUER, ...settings }).voucher as Voucher).conceptos.map(
				(c) => [
					c.objetoImp,
					traslados(c)
						.map((t) => t.tipoFactor)
						.join(),
				],
			);
		expect(objects({})).toEqual([
			['01', ''],
			['01', ''],
		]);
		expect(objects({ untaxedLines: 'exempt' })).toEqual([
			['02', 'Exento'],
			['02', 'Exento'],
		]);
		expect(objects({ untaxedLines: 'zeroRate' })).toEqual([
			['02', 'Tasa'],
			['02', 'Tasa'],
		]);
		expect(objects({ untaxedLines: 'notSubject' })).toEqual([
			['01', ''],
			['01', ''],
		]);
	});

	it('line discounts: the allocations when there are any (total_discount is then ignored), else total_discount, else none', () => {
		const discounted = (item: Order) => {
			const order = plainOrder({ taxes_included: false, total_price: undefined });
			order.line_items[0] = { ...order.line_items[0], price: '100.00', tax_lines: [], ...item };
			return (orderToVoucher(order, ORDER_ISSUER).voucher as Voucher).conceptos[0].descuento;
		};
		expect(
			discounted({
				discount_allocations: [{ amount: '10.00' }, 'not one', { amount: '2.50' }],
				total_discount: '99.00',
			}),
		).toBe(12.5);
		expect(discounted({ discount_allocations: [], total_discount: '7.00' })).toBe(7);
		expect(
			discounted({ discount_allocations: undefined, total_discount: undefined }),
		).toBeUndefined();
	});

	it('a line is described by its name, else its title, else "Item"; its SKU trimmed, none when blank', () => {
		const concept = (item: Order) => {
			const order = plainOrder();
			order.line_items[0] = { ...order.line_items[0], ...item };
			return (orderToVoucher(order, ORDER_ISSUER).voucher as Voucher).conceptos[0];
		};
		expect(concept({})).toMatchObject({ descripcion: 'Mug - blue', noIdentificacion: 'MUG' });
		expect(concept({ name: undefined, sku: ' MUG-2 ' })).toMatchObject({
			descripcion: 'Mug',
			noIdentificacion: 'MUG-2',
		});
		const bare = concept({ name: ' ', title: 'Cup', sku: null });
		expect(bare.descripcion).toBe('Item');
		expect(bare).not.toHaveProperty('noIdentificacion');
		expect(concept({ name: undefined, title: undefined }).descripcion).toBe('Item');
	});

	it('shipping: free shipping is left out; its discount from discounted_price, else its allocations; a title or "Shipping"', () => {
		const shipped = (line: Order) => {
			const order = plainOrder({ total_price: undefined, taxes_included: false });
			order.line_items[0].tax_lines = [];
			order.shipping_lines = [{ title: 'Estafeta', price: '100.00', tax_lines: [], ...line }];
			return (orderToVoucher(order, ORDER_ISSUER).voucher as Voucher).conceptos.slice(1);
		};
		expect(shipped({ price: '0.00' })).toEqual([]);
		expect(
			shipped({ discounted_price: '80.00', discount_allocations: [{ amount: '5.00' }] })[0],
		).toMatchObject({ descripcion: 'Estafeta', valorUnitario: 100, descuento: 20 });
		expect(shipped({ discount_allocations: [{ amount: '5.00' }] })[0]).toMatchObject({
			valorUnitario: 100,
			descuento: 5,
		});
		const [raised] = shipped({ discounted_price: '120.00', title: '  ' });
		expect(raised).toMatchObject({ descripcion: 'Shipping', valorUnitario: 100 });
		expect(raised).not.toHaveProperty('descuento');
		expect(shipped({ title: undefined })[0].descripcion).toBe('Shipping');
	});

	it('presentment money: an amount absent in both forms is absent; a present amount without its presentment money is refused', () => {
		const order = corpusOrder('usd-presentment');
		for (const item of order.line_items) {
			delete item.total_discount;
			delete item.total_discount_set;
			item.discount_allocations = [];
		}
		const result = orderToVoucher(order, ORDER_ISSUER);
		expect(result.voucher?.moneda).toBe('USD');
		const noAmount = corpusOrder('usd-presentment');
		noAmount.line_items[0].price_set.presentment_money.amount = null;
		const error = refusal(() => orderToVoucher(noAmount, ORDER_ISSUER));
		expect(error.path).toBe('line_items[0].price_set');
		expect(error.message).toBe(
			`line_items[0].price_set is missing, so the amount in USD (the customer's currency) is unknown; line_items[0].price is in MXN.`,
		);
		expect(error.fix).toBe(
			'Give the order as Shopify sends it (with the *_set amounts), or set Currency to "Shop Currency".',
		);
	});

	it('the exchange rate: the setting when given (blank is not given), else the order shop ÷ presentment ratio, else refused', () => {
		expect(
			orderToVoucher(corpusOrder('usd-presentment'), { ...ORDER_ISSUER, exchangeRate: ' ' }).voucher
				?.tipoCambio,
		).toBe(17.250058);
		expect(
			orderToVoucher(corpusOrder('usd-presentment'), {
				...ORDER_ISSUER,
				exchangeRate: null as unknown as string,
			}).voucher?.tipoCambio,
		).toBe(17.250058);
		expect(
			orderToVoucher(corpusOrder('usd-presentment'), { ...ORDER_ISSUER, exchangeRate: 17.5 })
				.voucher?.tipoCambio,
		).toBe(17.5);
		expect(
			orderToVoucher(plainOrder(), { ...ORDER_ISSUER, exchangeRate: '17.5' }).voucher,
		).not.toHaveProperty('tipoCambio');
		for (const exchangeRate of ['0', '-17.5', 'today']) {
			expect(
				refusal(() =>
					orderToVoucher(corpusOrder('usd-presentment'), { ...ORDER_ISSUER, exchangeRate }),
				),
			).toMatchObject({
				path: 'settings.exchangeRate',
				message: `settings.exchangeRate ${JSON.stringify(exchangeRate)} is not an exchange rate.`,
				fix: 'Give the pesos (MXN) per 1 USD, e.g. 17.25.',
			});
		}
		const noRatio = corpusOrder('usd-presentment');
		delete noRatio.total_price_set.shop_money;
		const error = refusal(() => orderToVoucher(noRatio, ORDER_ISSUER));
		expect([error.path, error.message, error.fix]).toEqual([
			'settings.exchangeRate',
			'The voucher is in USD and the order gives no rate to pesos (its shop currency is MXN), so tipoCambio is unknown.',
			"Set Exchange Rate to the pesos (MXN) per 1 USD of the order's date, e.g. from the DOF.",
		]);
		const zero = corpusOrder('usd-presentment');
		zero.total_price_set.presentment_money.amount = '0.00';
		expect(refusal(() => orderToVoucher(zero, ORDER_ISSUER)).path).toBe('settings.exchangeRate');
		const noPresentment = corpusOrder('usd-presentment');
		noPresentment.total_price_set = { shop_money: noPresentment.total_price_set.shop_money };
		expect(refusal(() => orderToVoucher(noPresentment, ORDER_ISSUER)).path).toBe(
			'settings.exchangeRate',
		);
	});
});
