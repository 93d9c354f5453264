/**
 * Shopify orders → vouchers. The corpus (shopifyOrders.json) holds orders in Shopify's REST/webhook
 * shape whose amounts are Shopify's own: each line's tax is what Shopify charges (round(charged ×
 * rate ÷ (1 + rate)) with prices that include tax, round(charged × rate) without), and total_price
 * is what the customer paid. Every order must become a voucher that passes the local CFDI checks
 * and whose total is exactly total_price.
 * Also covers: nodes/CfdiEmision/orders/errors.ts, nodes/CfdiEmision/orders/header.ts, nodes/CfdiEmision/orders/recipient.ts, nodes/CfdiEmision/orders/paymentForm.ts, nodes/CfdiEmision/orders/productCodes.ts, nodes/CfdiEmision/orders/result.ts, nodes/CfdiEmision/orders/shopifyOrder.ts, nodes/CfdiEmision/orders/index.ts (the order's parts orderToVoucher is built from: its errors, voucher header, recipient, payment form, product codes, result and the Shopify order reader, through the orders barrel these tests import).
 */
import { validateVoucher, type Concepto, type Voucher } from '../../../../nodes/CfdiEmision/cfdi';
import { orderToVoucher, type OrderSettings } from '../../../../nodes/CfdiEmision/orders';
import { refusal } from '../../../support/refusal';
import { corpusOrder, type Order } from '../../../support/corpusOrder';
import corpus from '../../../support/shopifyOrders.json';

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

			it('passes the local CFDI 4.0 validation with zero errors and zero warnings', () => {
				const validation = validateVoucher(convert(key).voucher as Voucher);
				expect(validation.errors).toEqual([]);
				expect(validation.warnings).toEqual([]);
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
		expect(validateVoucher(unknown.voucher).errors).toEqual([]);
		expect(
			orderToVoucher(order, { ...ISSUER, paymentForms: { 'Kueski Pay': '31' } }).voucher,
		).toMatchObject({ formaPago: '31', metodoPago: 'PUE' });
	});

	it('per-line rounding a single line cannot reach is carried by another line, so the totals still match', () => {
		const result = convert('rounding-two-lines');
		expect(result.voucherTotal).toBe(350.01);
		// 100.01 with tax is out of reach (86.21 + 13.79 = 100.00, 86.22 + 13.80 = 100.02); 250.00 moves up a cent instead.
		expect(result.notes).toEqual([
			expect.stringContaining('line_items[0]: the voucher carries 0.01 less than was charged'),
			expect.stringContaining('line_items[1]: the voucher carries 0.01 more than was charged'),
		]);
		expect(
			(result.voucher as Voucher).conceptos.map((c) => [c.importe, traslados(c)[0].importe]),
		).toEqual([
			[86.21, 13.79],
			[215.53, 34.48],
		]);
	});

	it('when no other line can carry the cent, both figures and the reason are in the output', () => {
		const order = corpusOrder('rounding-two-lines');
		order.line_items = order.line_items.slice(0, 1); // only the 100.01 line: no base b has b + round(0.16 b) = 100.01
		order.total_price = '100.01';
		const result = orderToVoucher(order, ISSUER);
		expect([result.orderTotal, result.voucherTotal]).toEqual([100.01, 100]);
		expect(result.roundingNote).toBe(
			"The voucher total is 100.00 MXN, the amount charged is 100.01; the difference is 0.01 of per-line tax rounding: the SAT rounds each concept's tax to cents, and the amounts charged cannot all be reached that way.",
		);
		expect(validateVoucher(result.voucher).errors).toEqual([]);
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

describe('documents only when the facts allow them: what was paid', () => {
	it('an authorized order (the card held, not charged) is invoiced PPD with 99, not as paid', () => {
		const order = corpusOrder('example-1');
		order.financial_status = 'authorized';
		const result = orderToVoucher(order, ISSUER);
		expect(result.voucher).toMatchObject({ metodoPago: 'PPD', formaPago: '99' });
		expect(result.notes).toContain(
			'The order is authorized: the invoice is PPD with formaPago 99, and each payment gets a payment receipt.',
		);
	});

	it('a voided order is not invoiced: skipped, saying why', () => {
		const order = corpusOrder('example-1');
		order.financial_status = 'voided';
		const result = orderToVoucher(order, ISSUER);
		expect(result.voucher).toBeUndefined();
		expect(result.skipped).toEqual({
			reason: 'cancelled',
			message: 'order #1001 was voided (its payment was never captured); it is not invoiced.',
		});
	});

	it('Payment Method PUE on a pending order is refused: its money was not received', () => {
		const order = corpusOrder('pending-bank-deposit');
		const refused = refusal(() => orderToVoucher(order, { ...ISSUER, paymentMethod: 'PUE' }));
		expect(refused.path).toBe('financial_status');
		expect(refused.message).toBe(
			'The order is pending: its money was not received in full, so it cannot be invoiced as paid (PUE).',
		);
	});
});

describe('recipient tax data', () => {
	it('reads note attributes without regard to case or accents, and cleans typed codes', () => {
		const voucher = convert('shipping-untaxed').voucher as Voucher;
		expect(voucher.receptor).toEqual({
			rfc: 'XOJI740919U48',
			nombre: 'INGRID XODAR JIMENEZ',
			usoCFDI: 'G03',
			regimenFiscalReceptor: '612',
			domicilioFiscalReceptor: '88965',
		});
	});

	it('custom attribute names and a default use', () => {
		const order = corpusOrder('example-1');
		order.note_attributes = [
			{ name: 'tax_id', value: 'ure-180429-tm6' },
			{ name: 'company', value: 'Universidad Robotica Española' },
			{ name: 'regime', value: '601' },
			{ name: 'zip', value: 'CP 65000' },
		];
		const voucher = orderToVoucher(order, {
			...ISSUER,
			recipientAttributes: {
				rfc: ['tax_id'],
				nombre: ['company'],
				regimenFiscal: ['regime'],
				codigoPostal: ['zip'],
			},
			defaultUsoCfdi: 'I04',
		}).voucher as Voucher;
		expect(voucher.receptor).toEqual({
			rfc: 'URE180429TM6',
			nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
			usoCFDI: 'I04',
			regimenFiscalReceptor: '601',
			domicilioFiscalReceptor: '65000',
		});
	});

	it('recipient data from a lookup fills in when the order has no RFC, and completes the same RFC', () => {
		const order = corpusOrder('no-tax-data-general-public');
		const lookup = {
			rfc: 'URE180429TM6',
			nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
			regimenFiscalReceptor: '601',
			domicilioFiscalReceptor: '65000',
		};
		expect(orderToVoucher(order, { ...ISSUER, recipient: lookup }).voucher?.receptor).toMatchObject(
			{ rfc: 'URE180429TM6', usoCFDI: 'G03' },
		);
		order.note_attributes = [{ name: 'RFC', value: 'URE180429TM6' }];
		expect(orderToVoucher(order, { ...ISSUER, recipient: lookup }).voucher?.receptor).toMatchObject(
			{ nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', domicilioFiscalReceptor: '65000' },
		);
		// A lookup row for another RFC does not complete the attributes.
		order.note_attributes = [{ name: 'RFC', value: 'XOJI740919U48' }];
		expect(orderToVoucher(order, { ...ISSUER, recipient: lookup }).skipped?.missing).toEqual([
			'Razon social',
			'Regimen fiscal',
			'Codigo postal',
		]);
	});

	it('without tax data: skip (the default) with a clear output', () => {
		const result = convert('no-tax-data-general-public', { withoutTaxData: 'skip' });
		expect(result.voucher).toBeUndefined();
		expect(result.skipped).toEqual({
			reason: 'noTaxData',
			message:
				'order #1016 was not invoiced: it has no complete recipient tax data (note attribute "RFC", "Razon social", "Regimen fiscal", "Codigo postal" missing).',
			missing: ['RFC', 'Razon social', 'Regimen fiscal', 'Codigo postal'],
		});
		expect(result.orderTotal).toBe(598);
	});

	it('without tax data: the general public, with the informacionGlobal of the order month', () => {
		const voucher = convert('no-tax-data-general-public').voucher as Voucher;
		expect(voucher.receptor).toEqual({
			rfc: 'XAXX010101000',
			nombre: 'PUBLICO EN GENERAL',
			usoCFDI: 'S01',
			regimenFiscalReceptor: '616',
			domicilioFiscalReceptor: '64000',
		});
		expect(voucher.informacionGlobal).toEqual({ periodicidad: '01', meses: '11', anio: 2026 });
	});

	it('without tax data: fail, naming what is missing and the fix', () => {
		expect(() => convert('no-tax-data-general-public', { withoutTaxData: 'fail' })).toThrow(
			expect.objectContaining({
				name: 'OrderInputError',
				path: 'note_attributes',
				message: expect.stringContaining('"RFC"'),
				fix: expect.stringContaining('Without Tax Data'),
			}),
		);
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

/** A one-line order of 116.00 with IVA included, in the plain (shop-money) shape, to vary member by member. */
function plainOrder(extra: Order = {}): Order {
	return {
		id: 99,
		name: '#2001',
		order_number: 2001,
		created_at: '2026-11-20T10:00:00-06:00',
		currency: 'MXN',
		financial_status: 'paid',
		payment_gateway_names: ['shopify_payments'],
		taxes_included: true,
		total_price: '116.00',
		note_attributes: corpusOrder('example-1').note_attributes,
		line_items: [
			{
				id: 1,
				title: 'Mug',
				name: 'Mug - blue',
				sku: 'MUG',
				quantity: 1,
				price: '116.00',
				tax_lines: [{ title: 'IVA 16%', rate: 0.16, price: '16.00' }],
				discount_allocations: [],
			},
		],
		shipping_lines: [],
		...extra,
	};
}

describe('how each member of a Shopify order is read', () => {
	const cancelled = (order: Order) =>
		orderToVoucher({ ...order, cancelled_at: '2026-11-21T00:00:00-06:00' }, ISSUER).skipped
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
		expect(orderToVoucher({ ...plainOrder(), cancelled_at: '2026-11-21' }, ISSUER)).toEqual({
			orderTotal: 116,
			skipped: { reason: 'cancelled', message: 'order #2001 was cancelled; it is not invoiced.' },
			notes: [],
		});
	});

	it('the folio: order number by default, or the name without "#", or the id, or none', () => {
		const folio = (settings: Partial<OrderSettings>, extra: Order = {}) =>
			orderToVoucher(plainOrder(extra), { ...ISSUER, ...settings }).voucher?.folio;
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
			orderToVoucher(plainOrder(extra), { ...ISSUER, ...settings }).voucher?.descripcionFacturador;
		expect(description({})).toBe('Order #2001');
		expect(description({}, { description: 'Web shop sale' })).toBe('Web shop sale');
		expect(description({ name: undefined })).toBe('Order 2001');
		expect(description({ name: undefined, order_number: undefined })).toBe('Order 99');
		expect(description({ name: undefined, order_number: undefined, id: undefined })).toBe('Order');
	});

	it('the currency: trimmed and upper-cased, MXN when absent, and one of the SAT catalog', () => {
		expect(
			orderToVoucher(plainOrder({ currency: ' mxn ', presentment_currency: 'mxn' }), ISSUER).voucher
				?.moneda,
		).toBe('MXN');
		expect(orderToVoucher(plainOrder({ currency: undefined }), ISSUER).voucher?.moneda).toBe('MXN');
		const error = refusal(() => orderToVoucher(plainOrder({ currency: 'ABC' }), ISSUER));
		expect([error.path, error.message, error.fix]).toEqual([
			'currency',
			`The order's currency "ABC" is not in the SAT's currency catalog.`,
			'Give the order with an ISO 4217 currency code such as MXN or USD.',
		]);
	});

	it('a value that is not an order is refused, saying what it is', () => {
		expect(refusal(() => orderToVoucher([plainOrder()], ISSUER)).message).toBe(
			'The order is a list, not an order object.',
		);
		expect(refusal(() => orderToVoucher('#2001', ISSUER)).message).toBe(
			'The order is "#2001", not an order object.',
		);
		expect(refusal(() => orderToVoucher(null, ISSUER)).message).toBe(
			'The order is null, not an order object.',
		);
		expect(refusal(() => orderToVoucher(undefined, ISSUER)).message).toBe(
			'The order is undefined, not an order object.',
		);
	});

	it('voided in any case or spacing is not invoiced', () => {
		expect(orderToVoucher(plainOrder({ financial_status: ' Voided ' }), ISSUER).skipped).toEqual({
			reason: 'cancelled',
			message: 'order #2001 was voided (its payment was never captured); it is not invoiced.',
		});
		expect(orderToVoucher(plainOrder({ financial_status: ' Voided ' }), ISSUER).notes).toEqual([]);
	});

	it('nothing priced to invoice: skipped with the order total and the notes', () => {
		const free = plainOrder({ total_price: '0.00' });
		free.line_items[0].price = '0.00';
		free.line_items[0].tax_lines[0].price = '0.00';
		expect(orderToVoucher(free, ISSUER)).toEqual({
			orderTotal: 0,
			skipped: {
				reason: 'nothingToInvoice',
				message: 'order #2001 has nothing to invoice (no priced line items or shipping).',
			},
			notes: [],
		});
		const onlyGiftCard = plainOrder();
		onlyGiftCard.line_items[0].gift_card = true;
		const result = orderToVoucher(onlyGiftCard, ISSUER);
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
		const priced = orderToVoucher(withFree, ISSUER);
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
		const result = orderToVoucher(order, { ...ISSUER, withoutTaxData: 'generalPublic' });
		expect(result.notes).toEqual([
			'order #2001 has no complete recipient tax data ("RFC" missing): the invoice is issued to the general public (XAXX010101000).',
		]);
		expect(orderToVoucher(order, ISSUER).notes).toEqual([]);
		expect(
			orderToVoucher(order, { ...ISSUER, withoutTaxData: 'generalPublic' }).voucher
				?.informacionGlobal,
		).toEqual({ periodicidad: '01', meses: '11', anio: 2026 });
		expect(
			refusal(() =>
				orderToVoucher(
					{ ...order, created_at: 'yesterday' },
					{ ...ISSUER, withoutTaxData: 'generalPublic' },
				),
			),
		).toMatchObject({
			path: 'created_at',
			message:
				'created_at is missing; a general-public voucher names the month of the sale (informacionGlobal).',
		});
	});

	it("the money source: the order's total_price, less gift cards sold; without total_price the lines' own amounts", () => {
		expect(orderToVoucher(plainOrder(), ISSUER).source).toEqual({
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
		const result = orderToVoucher(withCard, ISSUER);
		expect(result.source).toMatchObject({
			amount: '116.00',
			from: "the order's total_price less 500.00 of gift cards sold, invoiced when they are spent",
		});
		expect(result.voucherTotal).toBe(116);
		const noTotal = orderToVoucher(plainOrder({ total_price: undefined }), ISSUER);
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
			return refusal(() => orderToVoucher(order, ISSUER));
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

	it('tax lines: two of the same rate are one IVA, summed; a 0 rate titled exempt is exempt; a tax line without price charged nothing', () => {
		const split = plainOrder();
		split.line_items[0].tax_lines = [
			{ title: 'IVA federal', rate: 0.16, price: '10.00' },
			{ title: 'IVA', rate: '0.160', price: '6.00' },
		];
		const voucher = orderToVoucher(split, ISSUER).voucher as Voucher;
		expect(voucher.impuestos?.traslados).toEqual([
			{ base: 100, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 16 },
		]);
		expect(voucher.total).toBe(116);

		const exempt = plainOrder({ total_price: '116.00' });
		exempt.line_items[0].tax_lines = [{ title: 'Exempt (books)', rate: 0, price: '0.00' }];
		expect(traslados((orderToVoucher(exempt, ISSUER).voucher as Voucher).conceptos[0])).toEqual([
			{ impuesto: '002', tipoFactor: 'Exento', base: 116 },
		]);
		exempt.line_items[0].tax_lines = [{ rate: 0 }];
		expect(traslados((orderToVoucher(exempt, ISSUER).voucher as Voucher).conceptos[0])).toEqual([
			{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0, base: 116, importe: 0 },
		]);

		// Without the tax line's price the charged tax is 0: 116.00 is all base, and the voucher adds its 16 %.
		const unpriced = plainOrder({ taxes_included: false });
		unpriced.line_items[0].tax_lines = [{ title: 'IVA 16%', rate: 0.16 }];
		const result = orderToVoucher(unpriced, ISSUER);
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
			(orderToVoucher(order, { ...ISSUER, ...settings }).voucher as Voucher).conceptos.map((c) => [
				c.objetoImp,
				traslados(c)
					.map((t) => t.tipoFactor)
					.join(),
			]);
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
			return (orderToVoucher(order, ISSUER).voucher as Voucher).conceptos[0].descuento;
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
			return (orderToVoucher(order, ISSUER).voucher as Voucher).conceptos[0];
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
			return (orderToVoucher(order, ISSUER).voucher as Voucher).conceptos.slice(1);
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
		const result = orderToVoucher(order, ISSUER);
		expect(result.voucher?.moneda).toBe('USD');
		const noAmount = corpusOrder('usd-presentment');
		noAmount.line_items[0].price_set.presentment_money.amount = null;
		const error = refusal(() => orderToVoucher(noAmount, ISSUER));
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
			orderToVoucher(corpusOrder('usd-presentment'), { ...ISSUER, exchangeRate: ' ' }).voucher
				?.tipoCambio,
		).toBe(17.250058);
		expect(
			orderToVoucher(corpusOrder('usd-presentment'), {
				...ISSUER,
				exchangeRate: null as unknown as string,
			}).voucher?.tipoCambio,
		).toBe(17.250058);
		expect(
			orderToVoucher(corpusOrder('usd-presentment'), { ...ISSUER, exchangeRate: 17.5 }).voucher
				?.tipoCambio,
		).toBe(17.5);
		expect(
			orderToVoucher(plainOrder(), { ...ISSUER, exchangeRate: '17.5' }).voucher,
		).not.toHaveProperty('tipoCambio');
		for (const exchangeRate of ['0', '-17.5', 'today']) {
			expect(
				refusal(() => orderToVoucher(corpusOrder('usd-presentment'), { ...ISSUER, exchangeRate })),
			).toMatchObject({
				path: 'settings.exchangeRate',
				message: `settings.exchangeRate ${JSON.stringify(exchangeRate)} is not an exchange rate.`,
				fix: 'Give the pesos (MXN) per 1 USD, e.g. 17.25.',
			});
		}
		const noRatio = corpusOrder('usd-presentment');
		delete noRatio.total_price_set.shop_money;
		const error = refusal(() => orderToVoucher(noRatio, ISSUER));
		expect([error.path, error.message, error.fix]).toEqual([
			'settings.exchangeRate',
			'The voucher is in USD and the order gives no rate to pesos (its shop currency is MXN), so tipoCambio is unknown.',
			"Set Exchange Rate to the pesos (MXN) per 1 USD of the order's date, e.g. from the DOF.",
		]);
		const zero = corpusOrder('usd-presentment');
		zero.total_price_set.presentment_money.amount = '0.00';
		expect(refusal(() => orderToVoucher(zero, ISSUER)).path).toBe('settings.exchangeRate');
		const noPresentment = corpusOrder('usd-presentment');
		noPresentment.total_price_set = { shop_money: noPresentment.total_price_set.shop_money };
		expect(refusal(() => orderToVoucher(noPresentment, ISSUER)).path).toBe('settings.exchangeRate');
	});
});

describe('when the voucher total differs from total_price: every part of the difference, in figures', () => {
	it('gift cards sold, per-line rounding and money the lines do not explain are each named, with the sums', () => {
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
		// 100.01 with IVA cannot be reached (100.00 or 100.02); the gift card is left out; 601.01 − 600.01 = 1.00 is unexplained.
		expect([result.orderTotal, result.voucherTotal]).toEqual([601.01, 100]);
		expect(result.roundingNote).toBe(
			"The voucher total is 100.00 MXN, the amount charged is 601.01; the difference is 500.00 of gift cards sold, invoiced when they are spent; and 0.01 of per-line tax rounding: the SAT rounds each concept's tax to cents, and the amounts charged cannot all be reached that way; and 1.00 that the source's lines, shipping and taxes do not add up to (they sum to 600.01).",
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

describe('order members read as Shopify may send them', () => {
	it('a total_price that is not an amount is named as total_price (the order itself has no path before it)', () => {
		expect(refusal(() => orderToVoucher(plainOrder({ total_price: 'abc' }), ISSUER))).toMatchObject(
			{ path: 'total_price', message: 'total_price "abc" is not an amount.' },
		);
		const usd = corpusOrder('usd-presentment');
		delete usd.total_price_set;
		usd.total_price_set = { shop_money: { amount: '2240.61' } };
		expect(refusal(() => orderToVoucher(usd, { ...ISSUER, exchangeRate: '17.25' }))).toMatchObject({
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
		const result = orderToVoucher(order, ISSUER);
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
			(orderToVoucher({ ...discounted, total_price: '104.40' }, ISSUER).voucher as Voucher)
				.conceptos[0].descuento,
		).toBe(10);
	});

	it('a discount allocation or a presentment amount that is not an amount is named with its full path', () => {
		const order = plainOrder();
		order.line_items[0].discount_allocations = [{ amount: 'ten' }];
		expect(refusal(() => orderToVoucher(order, ISSUER)).path).toBe(
			'line_items[0].discount_allocations[0].amount',
		);
		const usd = corpusOrder('usd-presentment');
		usd.line_items[0].price_set.presentment_money.amount = 'abc';
		expect(refusal(() => orderToVoucher(usd, ISSUER))).toMatchObject({
			path: 'line_items[0].price_set.presentment_money.amount',
		});
		const spaced = corpusOrder('usd-presentment');
		spaced.presentment_currency = ' usd ';
		expect(orderToVoucher(spaced, ISSUER).voucher?.moneda).toBe('USD');
	});

	it('free shipping leaves no concept and no note; a name is the label even when it is not the number', () => {
		const order = plainOrder({ name: 'WEB-17' });
		order.shipping_lines = [{ title: 'Pickup', price: '0.00', tax_lines: [] }];
		const result = orderToVoucher(order, ISSUER);
		expect(result.voucher?.conceptos).toHaveLength(1);
		expect(result.notes).toEqual([]);
		expect(orderToVoucher({ ...order, cancelled_at: '2026-11-21' }, ISSUER).skipped?.message).toBe(
			'order WEB-17 was cancelled; it is not invoiced.',
		);
		expect(
			orderToVoucher(plainOrder({ name: 'A#17' }), { ...ISSUER, folio: 'orderName' }).voucher
				?.folio,
		).toBe('A#17');
	});
});
