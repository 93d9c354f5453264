/** Generic sale lines (WooCommerce, a sheet, a form) → vouchers, through the same pricing as orders. */
import { validateVoucher, type Voucher } from '../../nodes/CfdiEmision/cfdi';
import { lineItemsToVoucher, orderToVoucher, type LineItemsSettings } from '../../nodes/CfdiEmision/cfdi/orders';
import { refusal } from './refusal';
import { corpusOrder } from './corpusOrder';

const RECIPIENT = { rfc: 'URE180429TM6', nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', regimenFiscalReceptor: '601', domicilioFiscalReceptor: '65000', usoCFDI: 'G03' };
const SETTINGS: LineItemsSettings = {
	emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
	lugarExpedicion: '64000',
	serie: 'W',
	recipient: RECIPIENT,
	formaPago: '03',
};

describe('line items → voucher', () => {
	it('a sheet with prices that include tax: totals as charged, valid, PUE with the given form', () => {
		const lines = [
			{ quantity: 2, unitPrice: '580.00', taxRate: '16%', priceIncludesTax: 'yes', sku: 'KB-01', description: 'Mechanical keyboard' },
			{ quantity: 1, unitPrice: 348, taxRate: 16, priceIncludesTax: true, description: 'USB-C cable' },
		];
		const result = lineItemsToVoucher(lines, { ...SETTINGS, folio: 'S-77', expectedTotal: '1508.00' });
		const voucher = result.voucher as Voucher;
		expect(voucher).toMatchObject({ serie: 'W', folio: 'S-77', formaPago: '03', metodoPago: 'PUE', moneda: 'MXN', subTotal: 1300, total: 1508 });
		expect(voucher.conceptos.map((c) => [c.noIdentificacion, c.valorUnitario, c.importe])).toEqual([
			['KB-01', 500, 1000],
			[undefined, 300, 300],
		]);
		expect([result.orderTotal, result.voucherTotal, result.roundingNote]).toEqual([1508, 1508, undefined]);
		expect(validateVoucher(voucher).errors).toEqual([]);
	});

	it('WooCommerce-style lines: net prices, the tax the shop charged, a discount, exempt and untaxed lines, fractional quantity', () => {
		const lines = [
			{ quantity: 3, price: '199.90', taxRate: 0.16, taxAmount: '95.95', name: 'Coffee mug', discount: '0.00' },
			{ quantity: 1.5, unitPrice: '120.00', taxRate: 0.16, discount: '18.00', description: 'Cheese (kg)', claveUnidad: 'KGM', claveProdServ: '50131800' },
			{ quantity: 1, unitPrice: '250.00', taxRate: 'exempt', description: 'Cooking class' },
			{ quantity: 1, unitPrice: '50.00', taxRate: 'none', description: 'Tip jar' },
		];
		const result = lineItemsToVoucher(lines, SETTINGS);
		const voucher = result.voucher as Voucher;
		// 599.70 + 95.95; 180.00 − 18.00 = 162.00 + 25.92; 250.00 exempt; 50.00 not subject → 1183.57
		expect(voucher.total).toBe(1183.57);
		expect(result.orderTotal).toBe(1183.57);
		expect(voucher.conceptos[1]).toMatchObject({ cantidad: '1.5', claveUnidad: 'KGM', claveProdServ: '50131800', importe: 180, descuento: 18 });
		expect(voucher.conceptos[2].impuestos?.traslados).toEqual([{ impuesto: '002', tipoFactor: 'Exento', base: 250 }]);
		expect(voucher.conceptos[3]).toMatchObject({ objetoImp: '01' });
		expect(validateVoucher(voucher).errors).toEqual([]);
	});

	it('a tax the source rounded otherwise is reported with both figures', () => {
		// 3 × 33.33 = 99.99 → IVA 16.00 by the SAT's rounding; the source says it charged 15.99.
		const result = lineItemsToVoucher([{ quantity: 3, unitPrice: '33.33', taxRate: 0.16, taxAmount: '15.99', description: 'Pens' }], SETTINGS);
		expect([result.orderTotal, result.voucherTotal]).toEqual([115.98, 115.99]);
		expect(result.roundingNote).toBe(
			"The voucher total is 115.99 MXN, the amount charged is 115.98; the difference is -0.01 of per-line tax rounding: the SAT rounds each concept's tax to cents, and the amounts charged cannot all be reached that way.",
		);
	});

	it('the same sale gives the same concepts as a Shopify order: one pricing path', () => {
		const order = corpusOrder('many-lines');
		const fromOrder = orderToVoucher(order, { emisor: SETTINGS.emisor, lugarExpedicion: SETTINGS.lugarExpedicion, serie: SETTINGS.serie }).voucher as Voucher;
		const lines = [
			...order.line_items.map((item: Record<string, any>) => ({ // eslint-disable-line @typescript-eslint/no-explicit-any
				quantity: item.quantity,
				unitPrice: item.price,
				taxRate: item.tax_lines[0].rate,
				taxAmount: item.tax_lines[0].price,
				priceIncludesTax: true,
				discount: item.discount_allocations.reduce((sum: number, d: { amount: string }) => sum + Number(d.amount) * 100, 0) / 100,
				sku: item.sku,
				description: item.name,
			})),
			{ quantity: 1, unitPrice: '100.16', taxRate: 0.16, taxAmount: order.shipping_lines[0].tax_lines[0].price, priceIncludesTax: true, description: 'Estafeta', claveProdServ: '78102203', claveUnidad: 'E48' },
		];
		const fromLines = lineItemsToVoucher(lines, { ...SETTINGS, expectedTotal: order.total_price }).voucher as Voucher;
		expect(fromLines.conceptos).toEqual(fromOrder.conceptos);
		expect([fromLines.subTotal, fromLines.descuento, fromLines.total, fromLines.impuestos]).toEqual([fromOrder.subTotal, fromOrder.descuento, fromOrder.total, fromOrder.impuestos]);
	});

	it('defaults: 16 % when a line gives no rate, prices without tax, PPD with 99 without a payment form', () => {
		const result = lineItemsToVoucher([{ quantity: 1, unitPrice: 100, description: 'Service' }], { ...SETTINGS, formaPago: undefined });
		expect(result.voucher).toMatchObject({ formaPago: '99', metodoPago: 'PPD', total: 116 });
		expect(result.notes).toEqual(['No payment form was given: the invoice is PPD with formaPago 99.']);
	});

	it('without a complete recipient: the general public by default (month from the date), skip or fail on request', () => {
		const lines = [{ quantity: 1, unitPrice: 116, priceIncludesTax: true, description: 'Ticket 5531' }];
		const publicVoucher = lineItemsToVoucher(lines, { ...SETTINGS, recipient: { rfc: '' }, date: '2026-12-31' }).voucher as Voucher;
		expect(publicVoucher.receptor).toMatchObject({ rfc: 'XAXX010101000', usoCFDI: 'S01', domicilioFiscalReceptor: '64000' });
		expect(publicVoucher.informacionGlobal).toEqual({ periodicidad: '01', meses: '12', anio: 2026 });
		expect(validateVoucher(publicVoucher).errors).toEqual([]);
		expect(lineItemsToVoucher(lines, { ...SETTINGS, recipient: { rfc: 'URE180429TM6' }, withoutTaxData: 'skip' }).skipped?.missing).toEqual([
			'nombre',
			'regimenFiscalReceptor',
			'domicilioFiscalReceptor',
		]);
		expect(refusal(() => lineItemsToVoucher(lines, { ...SETTINGS, recipient: undefined, withoutTaxData: 'fail' })).path).toBe('settings.recipient.rfc');
		expect(refusal(() => lineItemsToVoucher(lines, { ...SETTINGS, recipient: undefined })).path).toBe('settings.date');
	});

	it('a foreign currency needs tipoCambio', () => {
		const lines = [{ quantity: 1, unitPrice: 10, description: 'Download' }];
		expect(lineItemsToVoucher(lines, { ...SETTINGS, moneda: 'usd', tipoCambio: '17.5' }).voucher).toMatchObject({ moneda: 'USD', tipoCambio: 17.5, total: 11.6 });
		expect(refusal(() => lineItemsToVoucher(lines, { ...SETTINGS, moneda: 'USD' })).path).toBe('settings.tipoCambio');
	});

	it.each([
		['no lines', [], 'lines'],
		['a line that is not an object', ['x'], 'lines[0]'],
		['an empty description', [{ quantity: 1, unitPrice: 1, description: ' ' }], 'lines[0].description'],
		['a zero quantity', [{ quantity: 0, unitPrice: 1, description: 'a' }], 'lines[0].quantity'],
		['a negative price', [{ quantity: 1, unitPrice: -5, description: 'a' }], 'lines[0].unitPrice'],
		['a rate that is not IVA', [{ quantity: 1, unitPrice: 5, taxRate: '15%', description: 'a' }], 'lines[0].taxRate'],
		['a discount above the price', [{ quantity: 2, unitPrice: 5, discount: 11, description: 'a' }], 'lines[0].discount'],
		['a bad tax amount', [{ quantity: 1, unitPrice: 5, taxAmount: 'n/a', description: 'a' }], 'lines[0].taxAmount'],
	])('%s is refused, naming the line member', (_name, lines, path) => {
		const error = refusal(() => lineItemsToVoucher(lines, SETTINGS));
		expect(error.path).toBe(path);
		if (path !== 'lines') expect(error.message).toContain(path);
		expect(error.fix.length).toBeGreaterThan(10);
	});

	it('PUE without a payment form is refused', () => {
		expect(refusal(() => lineItemsToVoucher([{ quantity: 1, unitPrice: 5, description: 'a' }], { ...SETTINGS, formaPago: '', metodoPago: 'PUE' })).path).toBe('settings.formaPago');
	});
});
