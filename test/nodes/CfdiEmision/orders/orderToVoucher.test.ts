/**
 * Shopify orders → vouchers. The corpus (shopifyOrders.json) holds orders in Shopify's REST/webhook
 * shape whose amounts are Shopify's own: each line's tax is what Shopify charges (round(charged ×
 * rate ÷ (1 + rate)) with prices that include tax, round(charged × rate) without), and total_price
 * is what the customer paid. Every order must become a voucher that passes the local CFDI checks
 * and whose total is exactly total_price.
 * The order's parts split out have their own tests beside this one (recipient, paymentForm, header,
 * productCodes, shopifyOrder, result).
 *
 * Also covers: nodes/CfdiEmision/orders/orderInputError.ts, nodes/CfdiEmision/orders/index.ts (the errors of the order's parts, through the orders barrel these tests import).
 */
import { type Concepto, type Voucher } from '../../../../nodes/CfdiEmision/cfdi';
import { orderToVoucher, type OrderSettings } from '../../../../nodes/CfdiEmision/orders';
import { refusal } from '../../../support/refusal';
import { corpusOrder, type Order } from '../../../support/corpusOrder';
import corpus from '../../../support/shopifyOrders.json';
import { validateWithKinds } from '../../../support/kindFixtures';

const ISSUER: OrderSettings = {
	emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
	lugarExpedicion: '64000',
	serie: 'A',
};

/** Settings a case needs beyond the issuer (what a user would set in the node). */
const CASE_SETTINGS: Record<string, Partial<OrderSettings>> = {
	'usd-shop': { exchangeRate: '17.1234' },
	'no-tax-data-general-public': { withoutTaxData: 'generalPublic' },
};

function convert(key: string, settings: Partial<OrderSettings> = {}) {
	return orderToVoucher(corpusOrder(key), { ...ISSUER, ...CASE_SETTINGS[key], ...settings });
}

function presentmentTotal(order: Order): number {
	return Number(order.total_price_set?.presentment_money?.amount ?? order.total_price);
}

function traslados(concepto: Concepto) {
	return concepto.impuestos?.traslados ?? [];
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
				const result = convert(key);
				const voucher = result.voucher as Voucher;
				expect(result.skipped).toBeUndefined();
				expect(result.orderTotal).toBe(presentmentTotal(order));
				expect(result.voucherTotal).toBe(presentmentTotal(order));
				expect(voucher.total).toBe(presentmentTotal(order));
				expect(result.roundingNote).toBeUndefined();
			});

			it('passes the local CFDI 4.0 validation with zero errors, and no warning but IVA 8 % unchecked', () => {
				const voucher = convert(key).voucher as Voucher;
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
				const voucher = convert(key).voucher as Voucher;
				const shipping = order.shipping_lines.filter((line: Order) => Number(line.price) > 0);
				expect(voucher.conceptos).toHaveLength(order.line_items.length + shipping.length);
				expect(voucher.folio).toBe(String(order.order_number));
				expect(voucher.serie).toBe('A');
				expect(voucher.tipoDeComprobante).toBe('I');
			});
		},
	);
});

describe('Shopify order conversion, case by case', () => {
	it("example 1's sample order: subtotal 1,300.00 + IVA 208.00 = 1,508.00", () => {
		// The order returned by the "Sample Shopify order" Code node of examples/01-shopify-order-to-cfdi.json.
		const sample = {
			id: 5829364210001,
			name: '#1001',
			order_number: 1001,
			email: 'compras@robotica.example.com',
			currency: 'MXN',
			created_at: '2026-11-20T10:15:00-06:00',
			financial_status: 'paid',
			payment_gateway_names: ['shopify_payments'],
			taxes_included: true,
			subtotal_price: '1508.00',
			total_tax: '208.00',
			total_price: '1508.00',
			customer: {
				id: 7300000000001,
				email: 'compras@robotica.example.com',
				first_name: 'Maria',
				last_name: 'Lopez',
			},
			note_attributes: [
				{ name: 'RFC', value: 'URE180429TM6' },
				{ name: 'Razon social', value: 'UNIVERSIDAD ROBOTICA ESPAÑOLA' },
				{ name: 'Regimen fiscal', value: '601' },
				{ name: 'Codigo postal', value: '65000' },
				{ name: 'Uso CFDI', value: 'G03' },
			],
			line_items: [
				{
					id: 1,
					title: 'Mechanical keyboard',
					sku: 'KB-01',
					quantity: 2,
					price: '580.00',
					total_discount: '0.00',
					taxable: true,
					tax_lines: [{ title: 'IVA 16%', rate: 0.16, price: '160.00' }],
				},
				{
					id: 2,
					title: 'USB-C cable',
					sku: 'CB-02',
					quantity: 1,
					price: '348.00',
					total_discount: '0.00',
					taxable: true,
					tax_lines: [{ title: 'IVA 16%', rate: 0.16, price: '48.00' }],
				},
			],
			shipping_lines: [],
		};
		const settings: OrderSettings = {
			...ISSUER,
			productCodes: {
				rules: [
					{ match: 'sku', value: 'KB-01', claveProdServ: '43211706' },
					{ match: 'sku', value: 'CB-02', claveProdServ: '26121609' },
				],
			},
		};
		const { voucher, orderTotal, voucherTotal, roundingNote } = orderToVoucher(sample, settings);
		expect(voucher).toMatchObject({
			subTotal: 1300,
			total: 1508,
			formaPago: '04',
			metodoPago: 'PUE',
			moneda: 'MXN',
			folio: '1001',
			impuestos: {
				totalImpuestosTrasladados: 208,
				traslados: [
					{ base: 1300, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 208 },
				],
			},
			receptor: {
				rfc: 'URE180429TM6',
				nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
				usoCFDI: 'G03',
				regimenFiscalReceptor: '601',
				domicilioFiscalReceptor: '65000',
			},
		});
		expect(voucher?.conceptos).toEqual([
			expect.objectContaining({
				claveProdServ: '43211706',
				noIdentificacion: 'KB-01',
				cantidad: '2',
				claveUnidad: 'H87',
				valorUnitario: 500,
				importe: 1000,
				objetoImp: '02',
			}),
			expect.objectContaining({
				claveProdServ: '26121609',
				noIdentificacion: 'CB-02',
				cantidad: '1',
				valorUnitario: 300,
				importe: 300,
			}),
		]);
		expect([orderTotal, voucherTotal, roundingNote]).toEqual([1508, 1508, undefined]);
	});

	it('a line discount lands on that concept as descuento, net of tax', () => {
		const voucher = convert('line-discount-taxed-shipping').voucher as Voucher;
		const keyboard = voucher.conceptos[0];
		// 2 × 1,299.00 with tax = 2,598.00 − 200.00 discount = 2,398.00 charged: base 2,067.24 + IVA 330.76.
		expect(keyboard).toMatchObject({
			cantidad: '2',
			importe: 2239.66,
			descuento: 172.42,
			descripcion: 'Mechanical keyboard - Red switches',
		});
		expect(traslados(keyboard)).toEqual([
			{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, base: 2067.24, importe: 330.76 },
		]);
		expect(voucher.descuento).toBe(172.42);
	});

	it('shipping becomes a 78102203 / E48 concept taxed as Shopify taxed it', () => {
		const taxed = (convert('line-discount-taxed-shipping').voucher as Voucher).conceptos.at(
			-1,
		) as Concepto;
		expect(taxed).toMatchObject({
			claveProdServ: '78102203',
			claveUnidad: 'E48',
			descripcion: 'Estafeta Express',
			objetoImp: '02',
		});
		expect(traslados(taxed)[0]).toMatchObject({ tasaOCuota: 0.16, base: 128.45, importe: 20.55 });
		const untaxed = (convert('shipping-untaxed').voucher as Voucher).conceptos.at(-1) as Concepto;
		expect(untaxed).toMatchObject({
			claveProdServ: '78102203',
			claveUnidad: 'E48',
			valorUnitario: 120,
			objetoImp: '01',
		});
		expect(untaxed.impuestos).toBeUndefined();
	});

	it('0 %, exempt and 8 % lines keep their rate; untaxed lines are not subject to tax unless a setting says so', () => {
		const food = (convert('zero-rate-food').voucher as Voucher).conceptos[0];
		expect(traslados(food)).toEqual([
			{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0, base: 867, importe: 0 },
		]);
		const book = (convert('exempt-books').voucher as Voucher).conceptos[0];
		expect(traslados(book)).toEqual([{ impuesto: '002', tipoFactor: 'Exento', base: 900 }]);
		expect(book.objetoImp).toBe('02');
		const border = convert('border-8').voucher as Voucher;
		expect(border.impuestos?.traslados?.map((t) => t.tasaOCuota)).toEqual([0.08]);
		const donation = (convert('mixed-everything').voucher as Voucher).conceptos[3];
		expect([donation.objetoImp, donation.impuestos]).toEqual(['01', undefined]);
		const asExempt = (convert('mixed-everything', { untaxedLines: 'exempt' }).voucher as Voucher)
			.conceptos[3];
		expect(traslados(asExempt)).toEqual([{ impuesto: '002', tipoFactor: 'Exento', base: 100 }]);
		const byRule = convert('mixed-everything', {
			productCodes: {
				rules: [{ match: 'sku', value: 'DON', claveProdServ: '84101700', untaxed: 'zeroRate' }],
			},
		});
		expect((byRule.voucher as Voucher).conceptos[3]).toMatchObject({
			claveProdServ: '84101700',
			objetoImp: '02',
			impuestos: { traslados: [{ tasaOCuota: 0 }] },
		});
		expect(byRule.voucherTotal).toBe(2086.3);
	});

	it("a USD customer in a MXN shop: the voucher is in USD with the order's own exchange rate", () => {
		const voucher = convert('usd-presentment').voucher as Voucher;
		// total_price_set: 2,240.61 MXN for 129.89 USD → 17.250058 MXN per USD (6 decimals).
		expect([voucher.moneda, voucher.tipoCambio, voucher.total]).toEqual(['USD', 17.250058, 129.89]);
		expect(voucher.conceptos[0].valorUnitario).toBe(64.65); // 74.99 with tax: IVA 10.34 (as charged) + 64.65
		const inPesos = convert('usd-presentment', { currency: 'shop' });
		expect([
			inPesos.voucher?.moneda,
			inPesos.voucher?.tipoCambio,
			inPesos.voucherTotal,
			inPesos.orderTotal,
		]).toEqual(['MXN', undefined, 2240.61, 2240.61]);
	});

	it('a USD shop needs the exchange rate in the settings, and says so when it is missing', () => {
		expect(convert('usd-shop').voucher).toMatchObject({
			moneda: 'USD',
			tipoCambio: 17.1234,
			total: 210,
		});
		expect(() => convert('usd-shop', { exchangeRate: undefined })).toThrow(
			expect.objectContaining({
				path: 'settings.exchangeRate',
				message: expect.stringContaining('shop currency is USD'),
			}),
		);
	});

	it('tax-excluded prices: unit prices as listed, discounts as allocated, tax on top', () => {
		const voucher = convert('tax-excluded').voucher as Voucher;
		expect(voucher.conceptos.map((c) => [c.valorUnitario, c.importe, c.descuento])).toEqual([
			[2499, 4998, 474.9],
			[599.99, 599.99, 60],
			[350, 350, undefined],
		]);
		expect(voucher.impuestos?.totalImpuestosTrasladados).toBe(866.1);
	});

	it('payment forms: card gateways 04, a gift card alone 01 (SAT FAQ 31), the largest payment decides, cash on delivery 01', () => {
		expect(convert('gift-card-and-card').voucher).toMatchObject({
			formaPago: '04',
			metodoPago: 'PUE',
		});
		expect(convert('gift-card-only').voucher).toMatchObject({ formaPago: '01', metodoPago: 'PUE' });
		expect(convert('transactions-gift-card-largest').voucher).toMatchObject({ formaPago: '01' });
		expect(convert('cod-border-excluded').voucher).toMatchObject({ formaPago: '01' });
		expect(
			convert('gift-card-and-card', { paymentForms: { shopify_payments: '28' } }).voucher,
		).toMatchObject({ formaPago: '28' });
	});

	it('a pending order or an unknown gateway is invoiced PPD with 99, and says why', () => {
		const pending = convert('pending-bank-deposit');
		expect(pending.voucher).toMatchObject({ formaPago: '99', metodoPago: 'PPD' });
		expect(pending.notes.join(' ')).toContain('pending');
		const order = corpusOrder('example-1');
		order.payment_gateway_names = ['Kueski Pay'];
		const unknown = orderToVoucher(order, ISSUER);
		expect(unknown.voucher).toMatchObject({ formaPago: '99', metodoPago: 'PPD' });
		expect(unknown.notes.join(' ')).toContain('("kueski pay") has no payment form');
		expect(validateWithKinds(unknown.voucher).errors).toEqual([]);
		expect(
			orderToVoucher(order, { ...ISSUER, paymentForms: { 'Kueski Pay': '31' } }).voucher,
		).toMatchObject({ formaPago: '31', metodoPago: 'PUE' });
	});

	it('a line no base reaches with its IVA rounded to nearest lands exactly with it rounded up; each line carries what was charged (before: a cent moved to the other line)', () => {
		const result = convert('rounding-two-lines');
		expect(result.voucherTotal).toBe(350.01);
		// 100.01 with tax rounded to nearest is out of reach (86.21 + 13.79 = 100.00, 86.22 + 13.80 = 100.02);
		// 86.21 × 0.16 = 13.7936, rounded up 13.80, is within the SAT's limits (13.79 to 13.80).
		expect(result.notes).toEqual([
			'line_items[0]: its IVA is 13.80 (86.21 × 0.16 = 13.7936, rounded up: the SAT accepts either rounding), so the line carries exactly what was charged.',
		]);
		expect(
			(result.voucher as Voucher).conceptos.map((c) => [c.importe, traslados(c)[0].importe]),
		).toEqual([
			[86.21, 13.8],
			[215.52, 34.48],
		]);
	});

	it('one line alone that no base reaches with its IVA rounded to nearest: invoiced exactly, no rounding note (before: 100.00 for 100.01)', () => {
		const order = corpusOrder('rounding-two-lines');
		order.line_items = order.line_items.slice(0, 1); // only the 100.01 line: no base b has b + round(0.16 b) = 100.01
		order.total_price = '100.01';
		const result = orderToVoucher(order, ISSUER);
		expect([result.orderTotal, result.voucherTotal]).toEqual([100.01, 100.01]);
		expect(result.roundingNote).toBeUndefined();
		expect(validateWithKinds(result.voucher).errors).toEqual([]);
	});

	it('gift cards sold are left out of the invoice, and the output says by how much and why', () => {
		const order = corpusOrder('example-1');
		order.line_items.push({
			id: 1009,
			title: 'Gift card',
			name: 'Gift card $500',
			sku: '',
			quantity: 1,
			price: '500.00',
			total_discount: '0.00',
			taxable: false,
			gift_card: true,
			tax_lines: [],
			discount_allocations: [],
		});
		order.total_price = '2008.00';
		const result = orderToVoucher(order, ISSUER);
		expect([result.orderTotal, result.voucherTotal]).toEqual([2008, 1508]);
		expect(result.voucher?.conceptos).toHaveLength(2);
		expect(result.roundingNote).toContain(
			'500.00 of gift cards sold, invoiced when they are spent',
		);
		expect(result.notes).toEqual([
			expect.stringContaining('line_items[2] ("Gift card $500") is a gift card sold'),
		]);
	});

	it('a partially refunded order is invoiced for the whole sale (the refund becomes a credit note)', () => {
		const result = convert('partial-refund');
		expect(result.voucherTotal).toBe(4204.1);
		expect(result.voucher?.conceptos[0]).toMatchObject({ cantidad: '2' });
	});

	it('a free gift (discounted to 0) stays on the invoice without taxes', () => {
		const gift = (convert('free-gift-full-discount').voucher as Voucher).conceptos[1];
		expect(gift).toMatchObject({ importe: 171.55, descuento: 171.55, objetoImp: '01' });
		expect(gift.impuestos).toBeUndefined();
	});

	it('a product-code table matches SKU before product type before vendor, case-insensitively', () => {
		const order = corpusOrder('line-discount-taxed-shipping');
		order.line_items[1].product_type = 'Mice';
		const voucher = orderToVoucher(order, {
			...ISSUER,
			productCodes: {
				defaultClaveProdServ: '43211500',
				defaultClaveUnidad: 'EA',
				rules: [
					{ match: 'vendor', value: 'acme', claveProdServ: '43211700' },
					{ match: 'productType', value: 'mice', claveProdServ: '43211708', claveUnidad: 'H87' },
					{
						match: 'sku',
						value: 'kb-01',
						claveProdServ: '43211706',
						claveUnidad: 'H87',
						unidad: 'Pieza',
					},
				],
				shippingClaveProdServ: '78102200',
			},
		}).voucher as Voucher;
		expect(voucher.conceptos.map((c) => [c.claveProdServ, c.claveUnidad, c.unidad])).toEqual([
			['43211706', 'H87', 'Pieza'],
			['43211708', 'H87', undefined],
			['43211700', 'EA', undefined],
			['78102200', 'E48', undefined],
		]);
	});
});

describe('orders that are not invoiced or cannot be read', () => {
	it('a cancelled order is skipped', () => {
		const order = corpusOrder('example-1');
		order.cancelled_at = '2026-11-21T09:00:00-06:00';
		expect(orderToVoucher(order, ISSUER).skipped).toEqual({
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
		const error = refusal(() => orderToVoucher(order, ISSUER));
		expect(error.path).toBe(path);
		expect(error.message).toContain(path);
		expect(error.message).toContain(words);
		expect(error.fix.length).toBeGreaterThan(10);
	});

	it('missing issuer settings are refused before the order is read', () => {
		expect(() =>
			orderToVoucher(corpusOrder('example-1'), {
				...ISSUER,
				emisor: { ...ISSUER.emisor, rfc: '' },
			}),
		).toThrow(expect.objectContaining({ path: 'settings.emisor.rfc' }));
		expect(() =>
			orderToVoucher(corpusOrder('example-1'), { ...ISSUER, lugarExpedicion: ' ' }),
		).toThrow(expect.objectContaining({ path: 'settings.lugarExpedicion' }));
	});

	it('a value that is not an order is refused with the fix', () => {
		expect(() => orderToVoucher([corpusOrder('example-1')], ISSUER)).toThrow(
			expect.objectContaining({ path: '', fix: expect.stringContaining('{{ $json }}') }),
		);
	});
});
