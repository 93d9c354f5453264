/**
 * Generic sale lines (WooCommerce, a sheet, a form) → vouchers, through the same pricing as orders:
 * whole sales, the tax the source says it charged, several differences at once, empty values. How
 * each value of a sheet or form is read: lineItems.valueReading.test.ts.
 */
import type { Voucher } from '../../../../nodes/CfdiEmision/cfdi/types';
import { lineItemsToVoucher } from '../../../../nodes/CfdiEmision/orders/lineItems';
import { orderToVoucher } from '../../../../nodes/CfdiEmision/orders/orderToVoucher';
import { refusal } from '../../../support/refusal';
import { LINE_ITEMS_SETTINGS } from '../../../support/lineItemsSettings';
import { corpusOrder } from '../../../support/corpusOrder';
import { validateWithKinds } from '../../../support/kindFixtures';

describe('line items → voucher', () => {
	it('a sheet with prices that include tax: totals as charged, valid, PUE with the given form', () => {
		const lines = [
			{
				quantity: 2,
				unitPrice: '580.00',
				taxRate: '16%',
				priceIncludesTax: 'yes',
				sku: 'KB-01',
				description: 'Mechanical keyboard',
			},
			{
				quantity: 1,
				unitPrice: 348,
				taxRate: 16,
				priceIncludesTax: true,
				description: 'USB-C cable',
			},
		];
		const result = lineItemsToVoucher(lines, {
			...LINE_ITEMS_SETTINGS,
			folio: 'S-77',
			expectedTotal: '1508.00',
		});
		const voucher = result.voucher as Voucher;
		expect(voucher).toMatchObject({
			serie: 'W',
			folio: 'S-77',
			formaPago: '03',
			metodoPago: 'PUE',
			moneda: 'MXN',
			subTotal: 1300,
			total: 1508,
		});
		expect(voucher.conceptos.map((c) => [c.noIdentificacion, c.valorUnitario, c.importe])).toEqual([
			['KB-01', 500, 1000],
			[undefined, 300, 300],
		]);
		expect([result.orderTotal, result.voucherTotal, result.roundingNote]).toEqual([
			1508,
			1508,
			undefined,
		]);
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('WooCommerce-style lines: net prices, the tax the shop charged, a discount, exempt and untaxed lines, fractional quantity', () => {
		const lines = [
			{
				quantity: 3,
				price: '199.90',
				taxRate: 0.16,
				taxAmount: '95.95',
				name: 'Coffee mug',
				discount: '0.00',
			},
			{
				quantity: 1.5,
				unitPrice: '120.00',
				taxRate: 0.16,
				discount: '18.00',
				description: 'Cheese (kg)',
				claveUnidad: 'KGM',
				claveProdServ: '50131800',
			},
			{ quantity: 1, unitPrice: '250.00', taxRate: 'exempt', description: 'Cooking class' },
			{ quantity: 1, unitPrice: '50.00', taxRate: 'none', description: 'Tip jar' },
		];
		const result = lineItemsToVoucher(lines, LINE_ITEMS_SETTINGS);
		const voucher = result.voucher as Voucher;
		// 599.70 + 95.95; 180.00 − 18.00 = 162.00 + 25.92; 250.00 exempt; 50.00 not subject → 1183.57
		expect(voucher.total).toBe(1183.57);
		expect(result.orderTotal).toBe(1183.57);
		expect(voucher.conceptos[1]).toMatchObject({
			cantidad: '1.5',
			claveUnidad: 'KGM',
			claveProdServ: '50131800',
			importe: 180,
			descuento: 18,
		});
		expect(voucher.conceptos[2].impuestos?.traslados).toEqual([
			{ impuesto: '002', tipoFactor: 'Exento', base: 250 },
		]);
		expect(voucher.conceptos[3]).toMatchObject({ objetoImp: '01' });
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('a tax the source rounded otherwise is reported with both figures', () => {
		// 3 × 33.33 = 99.99 → IVA 16.00 by the SAT's rounding; the source says it charged 15.99.
		const result = lineItemsToVoucher(
			[{ quantity: 3, unitPrice: '33.33', taxRate: 0.16, taxAmount: '15.99', description: 'Pens' }],
			LINE_ITEMS_SETTINGS,
		);
		expect([result.orderTotal, result.voucherTotal]).toEqual([115.98, 115.99]);
		expect(result.roundingNote).toBe(
			"The voucher total is 115.99 MXN, the amount charged is 115.98; the difference is -0.01 of per-line tax rounding: the SAT rounds each concept's tax to cents, and the amounts charged cannot all be reached that way.",
		);
	});

	it('the same sale gives the same concepts as a Shopify order: one pricing path', () => {
		const order = corpusOrder('many-lines');
		const fromOrder = orderToVoucher(order, {
			emisor: LINE_ITEMS_SETTINGS.emisor,
			lugarExpedicion: LINE_ITEMS_SETTINGS.lugarExpedicion,
			serie: LINE_ITEMS_SETTINGS.serie,
		}).voucher as Voucher;
		const lines = [
			...order.line_items.map((item: Record<string, any>) => ({
				// eslint-disable-line @typescript-eslint/no-explicit-any
				quantity: item.quantity,
				unitPrice: item.price,
				taxRate: item.tax_lines[0].rate,
				taxAmount: item.tax_lines[0].price,
				priceIncludesTax: true,
				discount:
					item.discount_allocations.reduce(
						(sum: number, d: { amount: string }) => sum + Number(d.amount) * 100,
						0,
					) / 100,
				sku: item.sku,
				description: item.name,
			})),
			{
				quantity: 1,
				unitPrice: '100.16',
				taxRate: 0.16,
				taxAmount: order.shipping_lines[0].tax_lines[0].price,
				priceIncludesTax: true,
				description: 'Estafeta',
				claveProdServ: '78102203',
				claveUnidad: 'E48',
			},
		];
		const fromLines = lineItemsToVoucher(lines, {
			...LINE_ITEMS_SETTINGS,
			expectedTotal: order.total_price,
		}).voucher as Voucher;
		expect(fromLines.conceptos).toEqual(fromOrder.conceptos);
		expect([fromLines.subTotal, fromLines.descuento, fromLines.total, fromLines.impuestos]).toEqual(
			[fromOrder.subTotal, fromOrder.descuento, fromOrder.total, fromOrder.impuestos],
		);
	});

	it('defaults: 16 % when a line gives no rate, prices without tax, PPD with 99 without a payment form', () => {
		const result = lineItemsToVoucher([{ quantity: 1, unitPrice: 100, description: 'Service' }], {
			...LINE_ITEMS_SETTINGS,
			formaPago: undefined,
		});
		expect(result.voucher).toMatchObject({ formaPago: '99', metodoPago: 'PPD', total: 116 });
		expect(result.notes).toEqual([
			'No payment form was given: the invoice is PPD with formaPago 99.',
		]);
	});

	it('without a complete recipient: the general public by default (month from the date), skip or fail on request', () => {
		const lines = [
			{ quantity: 1, unitPrice: 116, priceIncludesTax: true, description: 'Ticket 5531' },
		];
		const publicVoucher = lineItemsToVoucher(lines, {
			...LINE_ITEMS_SETTINGS,
			recipient: { rfc: '' },
			date: '2026-12-31',
		}).voucher as Voucher;
		expect(publicVoucher.receptor).toMatchObject({
			rfc: 'XAXX010101000',
			usoCFDI: 'S01',
			domicilioFiscalReceptor: '64000',
		});
		expect(publicVoucher.informacionGlobal).toEqual({
			periodicidad: '01',
			meses: '12',
			anio: 2026,
		});
		expect(validateWithKinds(publicVoucher).errors).toEqual([]);
		expect(
			lineItemsToVoucher(lines, {
				...LINE_ITEMS_SETTINGS,
				recipient: { rfc: 'URE180429TM6' },
				withoutTaxData: 'skip',
			}).skipped?.missing,
		).toEqual(['nombre', 'regimenFiscalReceptor', 'domicilioFiscalReceptor']);
		expect(
			refusal(() =>
				lineItemsToVoucher(lines, {
					...LINE_ITEMS_SETTINGS,
					recipient: undefined,
					withoutTaxData: 'fail',
				}),
			).path,
		).toBe('settings.recipient.rfc');
		expect(
			refusal(() => lineItemsToVoucher(lines, { ...LINE_ITEMS_SETTINGS, recipient: undefined }))
				.path,
		).toBe('settings.date');
	});

	it('a foreign currency needs tipoCambio', () => {
		const lines = [{ quantity: 1, unitPrice: 10, description: 'Download' }];
		expect(
			lineItemsToVoucher(lines, { ...LINE_ITEMS_SETTINGS, moneda: 'usd', tipoCambio: '17.5' })
				.voucher,
		).toMatchObject({ moneda: 'USD', tipoCambio: 17.5, total: 11.6 });
		expect(
			refusal(() => lineItemsToVoucher(lines, { ...LINE_ITEMS_SETTINGS, moneda: 'USD' })).path,
		).toBe('settings.tipoCambio');
	});

	it.each([
		['no lines', [], 'lines'],
		['a line that is not an object', ['x'], 'lines[0]'],
		[
			'an empty description',
			[{ quantity: 1, unitPrice: 1, description: ' ' }],
			'lines[0].description',
		],
		['a zero quantity', [{ quantity: 0, unitPrice: 1, description: 'a' }], 'lines[0].quantity'],
		['a negative price', [{ quantity: 1, unitPrice: -5, description: 'a' }], 'lines[0].unitPrice'],
		[
			'a rate that is not IVA',
			[{ quantity: 1, unitPrice: 5, taxRate: '15%', description: 'a' }],
			'lines[0].taxRate',
		],
		[
			'a discount above the price',
			[{ quantity: 2, unitPrice: 5, discount: 11, description: 'a' }],
			'lines[0].discount',
		],
		[
			'a bad tax amount',
			[{ quantity: 1, unitPrice: 5, taxAmount: 'n/a', description: 'a' }],
			'lines[0].taxAmount',
		],
	])('%s is refused, naming the line member', (_name, lines, path) => {
		const error = refusal(() => lineItemsToVoucher(lines, LINE_ITEMS_SETTINGS));
		expect(error.path).toBe(path);
		if (path !== 'lines') expect(error.message).toContain(path);
		expect(error.fix.length).toBeGreaterThan(10);
	});

	it('PUE without a payment form is refused', () => {
		expect(
			refusal(() =>
				lineItemsToVoucher([{ quantity: 1, unitPrice: 5, description: 'a' }], {
					...LINE_ITEMS_SETTINGS,
					formaPago: '',
					metodoPago: 'PUE',
				}),
			).path,
		).toBe('settings.formaPago');
	});
});

describe('line items → voucher: the tax the source says it charged', () => {
	const charged = (taxAmount: string) =>
		lineItemsToVoucher(
			[{ quantity: 1, unitPrice: '100.00', taxRate: 0.16, taxAmount, description: 'Service' }],
			LINE_ITEMS_SETTINGS,
		);

	it('up to 3 cents from the SAT rounding is per-line rounding, and no line is said to carry more or less (it cannot move)', () => {
		const result = charged('16.03');
		expect([result.orderTotal, result.voucherTotal]).toEqual([116.03, 116]);
		expect(result.roundingNote).toBe(
			"The voucher total is 116.00 MXN, the amount charged is 116.03; the difference is 0.03 of per-line tax rounding: the SAT rounds each concept's tax to cents, and the amounts charged cannot all be reached that way.",
		);
		expect(result.notes).toEqual([]);
		expect(result.source).not.toHaveProperty('detail');
	});

	it('more than 3 cents is a tax the price and rate do not give, named with both figures', () => {
		const result = charged('16.04');
		expect(result.roundingNote).toBe(
			'The voucher total is 116.00 MXN, the amount charged is 116.04; the difference is 0.04 of taxes the source charged that its prices and tax rates do not give (lines[0] was charged 116.04 with its tax, but its price and tax rate give 116.00).',
		);
		expect(result.source?.detail).toBe(
			'lines[0] was charged 116.04 with its tax, but its price and tax rate give 116.00.',
		);
	});

	it("amounts in a currency without cents are rounded to units (the currency's decimals)", () => {
		const result = lineItemsToVoucher(
			[{ quantity: 3, unitPrice: '333.5', taxRate: 0.16, description: 'Tea set' }],
			{ ...LINE_ITEMS_SETTINGS, moneda: 'JPY', tipoCambio: '0.12' },
		);
		const voucher = result.voucher as Voucher;
		// 3 × 333.5 = 1,000.5 → 1,001 yen; IVA 160.16 → 160; total 1,161.
		expect([voucher.subTotal, voucher.impuestos?.totalImpuestosTrasladados, voucher.total]).toEqual(
			[1001, 160, 1161],
		);
		expect(result.source?.amount).toBe('1161');
	});
});

describe('line items → voucher: several differences at once are all named', () => {
	it('two lines charged a tax their rate does not give, and an Expected Total their sum does not reach', () => {
		const result = lineItemsToVoucher(
			[
				{ quantity: 1, unitPrice: '100.00', taxRate: 0.16, taxAmount: '20.00', description: 'A' },
				{ quantity: 1, unitPrice: '50.00', taxRate: 0.16, taxAmount: '0.00', description: 'B' },
			],
			{ ...LINE_ITEMS_SETTINGS, expectedTotal: '171.00' },
		);
		// Charged 120.00 + 50.00 = 170.00; the voucher gives 116.00 + 58.00 = 174.00; Expected Total 171.00.
		expect([result.orderTotal, result.voucherTotal]).toEqual([171, 174]);
		const gaps =
			'lines[0] was charged 120.00 with its tax, but its price and tax rate give 116.00; lines[1] was charged 50.00 with its tax, but its price and tax rate give 58.00';
		expect(result.source?.detail).toBe(
			`The source's lines, shipping and taxes add up to 170.00, not 171.00: 1.00 is in the source itself. ${gaps}.`,
		);
		expect(result.roundingNote).toBe(
			`The voucher total is 174.00 MXN, the amount charged is 171.00; the difference is -4.00 of taxes the source charged that its prices and tax rates do not give (${gaps}); and 1.00 that the source's lines, shipping and taxes do not add up to (they sum to 170.00).`,
		);
	});
});

describe('line items → voucher: empty values', () => {
	it('a null discount or SKU is no discount and no identification; " yes " with spaces includes tax', () => {
		const voucher = lineItemsToVoucher(
			[
				{
					quantity: 1,
					unitPrice: 116,
					discount: null,
					sku: null,
					priceIncludesTax: ' yes ',
					description: 'Item',
				},
			],
			LINE_ITEMS_SETTINGS,
		).voucher as Voucher;
		expect(voucher.conceptos[0]).toMatchObject({ valorUnitario: 100 });
		expect(voucher.conceptos[0]).not.toHaveProperty('descuento');
		expect(voucher.conceptos[0]).not.toHaveProperty('noIdentificacion');
		expect(voucher.total).toBe(116);
	});

	it('the fixes of a bad discount and an unknown currency', () => {
		expect(
			refusal(() =>
				lineItemsToVoucher(
					[{ quantity: 1, unitPrice: 5, discount: 'x', description: 'a' }],
					LINE_ITEMS_SETTINGS,
				),
			).fix,
		).toBe('Give the discount on the whole line, such as 50.00, or leave it empty.');
		expect(
			refusal(() =>
				lineItemsToVoucher([{ quantity: 1, unitPrice: 5, description: 'a' }], {
					...LINE_ITEMS_SETTINGS,
					moneda: 'PESOS',
				}),
			).fix,
		).toBe('Use an ISO 4217 code such as MXN or USD.');
	});
});
