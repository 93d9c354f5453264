/**
 * Shopify orders → vouchers, case by case: example 1's order, discounts, shipping, rates, currencies,
 * payment forms, rounding, gift cards, refunds and product codes, each as the user sees it on the
 * voucher. The corpus (shopifyOrders.json) and its every order: orderToVoucher.corpus.test.ts;
 * orders skipped or refused: orderToVoucher.refused.test.ts.
 * The order's parts split out have their own tests beside this one (recipient, paymentForm, header,
 * productCodes, shopifyOrder, result).
 *
 * Also covers: nodes/CfdiEmision/orders/orderInputError.ts (the errors of the order's parts).
 */
import type { Concepto, Voucher } from '../../../../nodes/CfdiEmision/cfdi/types';
import { orderToVoucher } from '../../../../nodes/CfdiEmision/orders/orderToVoucher';
import type { OrderSettings } from '../../../../nodes/CfdiEmision/orders/settings';
import { corpusOrder } from '../../../support/corpusOrder';
import { validateWithKinds } from '../../../support/kindFixtures';
import { convertCorpusOrder, ORDER_ISSUER } from '../../../support/corpusOrderConversion';

function traslados(concepto: Concepto) {
	return concepto.impuestos?.traslados ?? [];
}

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
			...ORDER_ISSUER,
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
		const voucher = convertCorpusOrder('line-discount-taxed-shipping').voucher as Voucher;
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
		const taxed = (
			convertCorpusOrder('line-discount-taxed-shipping').voucher as Voucher
		).conceptos.at(-1) as Concepto;
		expect(taxed).toMatchObject({
			claveProdServ: '78102203',
			claveUnidad: 'E48',
			descripcion: 'Estafeta Express',
			objetoImp: '02',
		});
		expect(traslados(taxed)[0]).toMatchObject({ tasaOCuota: 0.16, base: 128.45, importe: 20.55 });
		const untaxed = (convertCorpusOrder('shipping-untaxed').voucher as Voucher).conceptos.at(
			-1,
		) as Concepto;
		expect(untaxed).toMatchObject({
			claveProdServ: '78102203',
			claveUnidad: 'E48',
			valorUnitario: 120,
			objetoImp: '01',
		});
		expect(untaxed.impuestos).toBeUndefined();
	});

	it('0 %, exempt and 8 % lines keep their rate; untaxed lines are not subject to tax unless a setting says so', () => {
		const food = (convertCorpusOrder('zero-rate-food').voucher as Voucher).conceptos[0];
		expect(traslados(food)).toEqual([
			{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0, base: 867, importe: 0 },
		]);
		const book = (convertCorpusOrder('exempt-books').voucher as Voucher).conceptos[0];
		expect(traslados(book)).toEqual([{ impuesto: '002', tipoFactor: 'Exento', base: 900 }]);
		expect(book.objetoImp).toBe('02');
		const border = convertCorpusOrder('border-8').voucher as Voucher;
		expect(border.impuestos?.traslados?.map((t) => t.tasaOCuota)).toEqual([0.08]);
		const donation = (convertCorpusOrder('mixed-everything').voucher as Voucher).conceptos[3];
		expect([donation.objetoImp, donation.impuestos]).toEqual(['01', undefined]);
		const asExempt = (
			convertCorpusOrder('mixed-everything', { untaxedLines: 'exempt' }).voucher as Voucher
		).conceptos[3];
		expect(traslados(asExempt)).toEqual([{ impuesto: '002', tipoFactor: 'Exento', base: 100 }]);
		const byRule = convertCorpusOrder('mixed-everything', {
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
		const voucher = convertCorpusOrder('usd-presentment').voucher as Voucher;
		// total_price_set: 2,240.61 MXN for 129.89 USD → 17.250058 MXN per USD (6 decimals).
		expect([voucher.moneda, voucher.tipoCambio, voucher.total]).toEqual(['USD', 17.250058, 129.89]);
		expect(voucher.conceptos[0].valorUnitario).toBe(64.65); // 74.99 with tax: IVA 10.34 (as charged) + 64.65
		const inPesos = convertCorpusOrder('usd-presentment', { currency: 'shop' });
		expect([
			inPesos.voucher?.moneda,
			inPesos.voucher?.tipoCambio,
			inPesos.voucherTotal,
			inPesos.orderTotal,
		]).toEqual(['MXN', undefined, 2240.61, 2240.61]);
	});

	it('a USD shop needs the exchange rate in the settings, and says so when it is missing', () => {
		expect(convertCorpusOrder('usd-shop').voucher).toMatchObject({
			moneda: 'USD',
			tipoCambio: 17.1234,
			total: 210,
		});
		expect(() => convertCorpusOrder('usd-shop', { exchangeRate: undefined })).toThrow(
			expect.objectContaining({
				path: 'settings.exchangeRate',
				message: expect.stringContaining('shop currency is USD'),
			}),
		);
	});

	it('tax-excluded prices: unit prices as listed, discounts as allocated, tax on top', () => {
		const voucher = convertCorpusOrder('tax-excluded').voucher as Voucher;
		expect(voucher.conceptos.map((c) => [c.valorUnitario, c.importe, c.descuento])).toEqual([
			[2499, 4998, 474.9],
			[599.99, 599.99, 60],
			[350, 350, undefined],
		]);
		expect(voucher.impuestos?.totalImpuestosTrasladados).toBe(866.1);
	});

	it('payment forms: card gateways 04, a gift card alone 01 (SAT FAQ 31), the largest payment decides, cash on delivery 01', () => {
		expect(convertCorpusOrder('gift-card-and-card').voucher).toMatchObject({
			formaPago: '04',
			metodoPago: 'PUE',
		});
		expect(convertCorpusOrder('gift-card-only').voucher).toMatchObject({
			formaPago: '01',
			metodoPago: 'PUE',
		});
		expect(convertCorpusOrder('transactions-gift-card-largest').voucher).toMatchObject({
			formaPago: '01',
		});
		expect(convertCorpusOrder('cod-border-excluded').voucher).toMatchObject({ formaPago: '01' });
		expect(
			convertCorpusOrder('gift-card-and-card', { paymentForms: { shopify_payments: '28' } })
				.voucher,
		).toMatchObject({ formaPago: '28' });
	});

	it('a pending order or an unknown gateway is invoiced PPD with 99, and says why', () => {
		const pending = convertCorpusOrder('pending-bank-deposit');
		expect(pending.voucher).toMatchObject({ formaPago: '99', metodoPago: 'PPD' });
		expect(pending.notes.join(' ')).toContain('pending');
		const order = corpusOrder('example-1');
		order.payment_gateway_names = ['Kueski Pay'];
		const unknown = orderToVoucher(order, ORDER_ISSUER);
		expect(unknown.voucher).toMatchObject({ formaPago: '99', metodoPago: 'PPD' });
		expect(unknown.notes.join(' ')).toContain('("kueski pay") has no payment form');
		expect(validateWithKinds(unknown.voucher).errors).toEqual([]);
		expect(
			orderToVoucher(order, { ...ORDER_ISSUER, paymentForms: { 'Kueski Pay': '31' } }).voucher,
		).toMatchObject({ formaPago: '31', metodoPago: 'PUE' });
	});

	it('a line no base reaches with its IVA rounded to nearest lands exactly with it rounded up; each line carries what was charged (before: a cent moved to the other line)', () => {
		const result = convertCorpusOrder('rounding-two-lines');
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
		const result = orderToVoucher(order, ORDER_ISSUER);
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
		const result = orderToVoucher(order, ORDER_ISSUER);
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
		const result = convertCorpusOrder('partial-refund');
		expect(result.voucherTotal).toBe(4204.1);
		expect(result.voucher?.conceptos[0]).toMatchObject({ cantidad: '2' });
	});

	it('a free gift (discounted to 0) stays on the invoice without taxes', () => {
		const gift = (convertCorpusOrder('free-gift-full-discount').voucher as Voucher).conceptos[1];
		expect(gift).toMatchObject({ importe: 171.55, descuento: 171.55, objetoImp: '01' });
		expect(gift.impuestos).toBeUndefined();
	});

	it('a product-code table matches SKU before product type before vendor, case-insensitively', () => {
		const order = corpusOrder('line-discount-taxed-shipping');
		order.line_items[1].product_type = 'Mice';
		const voucher = orderToVoucher(order, {
			...ORDER_ISSUER,
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
