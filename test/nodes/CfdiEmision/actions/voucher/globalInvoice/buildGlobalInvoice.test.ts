import Decimal from 'decimal.js';
import {
	buildGlobalInvoice,
	globalInvoiceMoney,
	type GlobalInvoiceInput,
} from '../../../../../../nodes/CfdiEmision/actions/voucher/globalInvoice/buildGlobalInvoice';
import { KindInputError } from '../../../../../../nodes/CfdiEmision/cfdi/kinds/taxRates';
import {
	globalInvoice,
	ISSUER,
	IVA16,
	kindRefusal,
	validateWithKinds,
} from '../../../../../support/kindFixtures';

describe('global invoice (público en general)', () => {
	it('gathers the sales into one voucher: one concept per ticket, taxes per sale, totals', () => {
		const voucher = globalInvoice();
		expect(voucher.receptor).toEqual({
			rfc: 'XAXX010101000',
			nombre: 'PUBLICO EN GENERAL',
			usoCFDI: 'S01',
			regimenFiscalReceptor: '616',
			domicilioFiscalReceptor: '64000',
		});
		expect(voucher.informacionGlobal).toEqual({ periodicidad: '04', meses: '05', anio: 2024 });
		expect(
			voucher.conceptos.map((c) => [
				c.noIdentificacion,
				c.claveProdServ,
				c.claveUnidad,
				c.descripcion,
				c.valorUnitario,
				c.impuestos?.traslados?.[0].importe,
			]),
		).toEqual([
			['T-0001', '01010101', 'ACT', 'Venta', 100, 16],
			['T-0002', '01010101', 'ACT', 'Venta', 50, 8],
			['T-0003', '01010101', 'ACT', 'Venta', 20, 3.2],
		]);
		expect(voucher).toMatchObject({
			tipoDeComprobante: 'I',
			metodoPago: 'PUE',
			formaPago: '01',
			subTotal: 170,
			total: 197.2,
		});
		expect(voucher.impuestos).toEqual({
			traslados: [
				{ base: 170, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 27.2 },
			],
			totalImpuestosTrasladados: 27.2,
		});
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('takes prices before tax, and a rate per sale (food at 0 %)', () => {
		const voucher = buildGlobalInvoice({
			emisor: ISSUER,
			lugarExpedicion: '64000',
			fecha: '2024-03-01T10:00:00',
			formaPago: '01',
			periodicidad: '05',
			meses: 13,
			anio: '2024',
			pricesIncludeTax: false,
			taxes: [IVA16],
			sales: [
				{ ticket: '1', amount: 100 },
				{
					ticket: '2',
					amount: 80,
					taxes: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0 }],
				},
			],
		});
		expect(voucher.informacionGlobal).toEqual({ periodicidad: '05', meses: '13', anio: 2024 });
		expect(voucher).toMatchObject({ subTotal: 180, total: 196 });
		expect(voucher.impuestos?.traslados).toEqual([
			{ base: 100, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 16 },
			{ base: 80, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0, importe: 0 },
		]);
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('rounds each sale to cents before its tax (a receipt of 10.00 with IVA is 8.62 + 1.38)', () => {
		const voucher = buildGlobalInvoice({
			emisor: ISSUER,
			lugarExpedicion: '64000',
			fecha: '2024-06-01T09:00:00',
			formaPago: '01',
			periodicidad: '01',
			meses: '05',
			anio: 2024,
			taxes: [IVA16],
			sales: [{ ticket: 'A', amount: 10 }],
		});
		expect(voucher.conceptos[0]).toMatchObject({ valorUnitario: 8.62, importe: 8.62 });
		expect(voucher).toMatchObject({ subTotal: 8.62, total: 10 });
	});

	it('names the sale it cannot use', () => {
		expect(() =>
			buildGlobalInvoice({
				emisor: ISSUER,
				lugarExpedicion: '64000',
				formaPago: '01',
				periodicidad: '01',
				meses: '05',
				anio: 2024,
				sales: [],
			}),
		).toThrow(KindInputError);
		expect(() =>
			buildGlobalInvoice({
				emisor: ISSUER,
				lugarExpedicion: '64000',
				formaPago: '01',
				periodicidad: '01',
				meses: '05',
				anio: 2024,
				sales: [{ ticket: 'A', amount: 'ten' }],
			}),
		).toThrow(/Sale 1 \(ticket "A"\) has amount "ten"/);
	});
});

/**
 * Global invoices (buildGlobalInvoice.ts) as a user meets them: the period written as the
 * SAT's two-digit codes, each sale's concept (ticket, description, discount, taxes, prices with or
 * without tax), the refusals naming the sale, and the money the invoice stands for (what was
 * collected), checked with decimal.js and the SAT's per-concept rounding.
 */

const YEAR = new Date().getFullYear();

function input(overrides: Partial<GlobalInvoiceInput>): GlobalInvoiceInput {
	return {
		emisor: ISSUER,
		lugarExpedicion: '64000',
		formaPago: '01',
		periodicidad: '04',
		meses: '05',
		anio: YEAR,
		taxes: [IVA16],
		sales: [{ ticket: 'T-1', amount: 116 }],
		...overrides,
	};
}

const round2 = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

describe('the period of a global invoice', () => {
	it.each([
		[4, 5, '04', '05'],
		[' 1 ', ' 9', '01', '09'],
		['05', 13, '05', '13'],
		['04', '12', '04', '12'],
	])(
		'periodicidad %j and meses %j are written %s and %s',
		(periodicidad, meses, writtenPeriod, writtenMonths) => {
			const voucher = buildGlobalInvoice(
				input({ periodicidad: periodicidad as string, meses, anio: String(YEAR) }),
			);
			expect(voucher.informacionGlobal).toEqual({
				periodicidad: writtenPeriod,
				meses: writtenMonths,
				anio: YEAR,
			});
		},
	);
});

describe('one concept per sale', () => {
	it('the ticket without surrounding spaces, "Venta" or the sale description, its discount and its own taxes', () => {
		const voucher = buildGlobalInvoice(
			input({
				pricesIncludeTax: false,
				sales: [
					{ ticket: ' T-7 ', amount: 100, descuento: '10', descripcion: 'Venta de mostrador' },
					{ ticket: 'T-8', amount: 50, descuento: '' },
					{ ticket: 'T-9', amount: 80, taxes: [{ impuesto: '002', tipoFactor: 'Exento' }] },
				],
			}),
		);
		expect(
			voucher.conceptos.map((c) => [
				c.noIdentificacion,
				c.descripcion,
				c.valorUnitario,
				c.descuento,
				c.objetoImp,
			]),
		).toEqual([
			['T-7', 'Venta de mostrador', 100, 10, '02'],
			['T-8', 'Venta', 50, undefined, '02'],
			['T-9', 'Venta', 80, undefined, '02'],
		]);
		expect(voucher.conceptos[0].impuestos?.traslados).toEqual([
			{ base: 90, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 14.4 },
		]);
		expect(voucher.conceptos[2].impuestos?.traslados).toEqual([
			{ base: 80, impuesto: '002', tipoFactor: 'Exento' },
		]);
		// 230 − 10 + 14.40 + 8.00 = 242.40
		expect(voucher).toMatchObject({ subTotal: 230, descuento: 10, total: 242.4 });
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it("sales without taxes (neither theirs nor the invoice's) are not objects of tax", () => {
		const voucher = buildGlobalInvoice(
			input({ taxes: undefined, sales: [{ ticket: 'T-1', amount: '57.30' }] }),
		);
		expect(voucher.conceptos[0]).toMatchObject({ valorUnitario: 57.3, objetoImp: '01' });
		expect(voucher.conceptos[0]).not.toHaveProperty('impuestos');
		expect(voucher).toMatchObject({ subTotal: 57.3, total: 57.3 });
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('a sale can say its price is before tax when the others include it, and the other way round', () => {
		const voucher = buildGlobalInvoice(
			input({
				sales: [
					{ ticket: 'A', amount: 116 },
					{ ticket: 'B', amount: 116, priceIncludesTax: false },
				],
			}),
		);
		expect(voucher.conceptos.map((c) => c.valorUnitario)).toEqual([100, 116]);
		const before = buildGlobalInvoice(
			input({
				pricesIncludeTax: false,
				sales: [{ ticket: 'A', amount: 116, priceIncludesTax: true }],
			}),
		);
		expect(before.conceptos[0].valorUnitario).toBe(100);
	});

	it('the payment method, currency and exchange rate as given (PPD with 99)', () => {
		const voucher = buildGlobalInvoice(
			input({ formaPago: '99', metodoPago: 'PPD', moneda: 'USD', tipoCambio: '17.5' }),
		);
		expect(voucher).toMatchObject({
			formaPago: '99',
			metodoPago: 'PPD',
			moneda: 'USD',
			tipoCambio: 17.5,
			total: 116,
		});
		expect(buildGlobalInvoice(input({ metodoPago: '' })).metodoPago).toBe('PUE');
	});
});

describe('a global invoice that cannot be built names the sale and the fix', () => {
	it('no sales', () => {
		expect(kindRefusal(() => buildGlobalInvoice(input({ sales: [] })))).toEqual({
			field: 'sales',
			message: 'The global invoice has no sales.',
			fix: 'Give at least one sale (ticket number and amount).',
		});
	});

	it('a sale amount that is not a number', () => {
		expect(
			kindRefusal(() =>
				buildGlobalInvoice(
					input({
						sales: [
							{ ticket: 'T-1', amount: 10 },
							{ ticket: 'T-2', amount: '1O.50' },
						],
					}),
				),
			),
		).toEqual({
			field: 'sales[1].amount',
			message: 'Sale 2 (ticket "T-2") has amount "1O.50", not a number.',
			fix: 'Give the sale amount as a decimal number.',
		});
	});

	it.each([
		['blank', '  '],
		['missing', undefined],
	])('a sale whose ticket is %s', (_name, ticket) => {
		expect(
			kindRefusal(() =>
				buildGlobalInvoice(
					input({
						sales: [
							{ ticket: 'T-1', amount: 10 },
							{ ticket: ticket as string, amount: 20 },
						],
					}),
				),
			),
		).toEqual({
			field: 'sales[1].ticket',
			message: 'Sale 2 has no ticket number.',
			fix: 'Give the ticket or sale number; it becomes the concept noIdentificacion.',
		});
	});
});

describe('the money a global invoice stands for: what was collected', () => {
	it('each tax-included sale at its amount, each sale before tax at its line as built (base − discount + tax), in the invoice currency', () => {
		const given = input({
			moneda: 'USD',
			tipoCambio: 17,
			sales: [
				{ ticket: 'A', amount: '116.00' },
				{ ticket: 'B', amount: '10' },
				{ ticket: 'C', amount: '99.99', priceIncludesTax: false, descuento: 9.99 },
			],
		});
		const voucher = buildGlobalInvoice(given);
		// C: (99.99 − 9.99) + round(90.00 × 0.16) = 104.40.
		const lineC = round2(new Decimal('99.99').minus('9.99').mul('0.16')).plus('90');
		expect(globalInvoiceMoney(given, voucher)).toEqual({
			amount: new Decimal('116').plus('10').plus(lineC).toFixed(2),
			currency: 'USD',
			from: 'the sum of the 3 sales',
			field: 'sales',
			fix: 'the sale amounts',
			lines: ['116.00', '10.00', lineC.toFixed(2)],
		});
		expect(new Decimal(voucher.total as number).toFixed(2)).toBe('230.40');
	});

	it('a sale before tax with a withholding, or exempt, counts at its line as built', () => {
		const given = input({
			pricesIncludeTax: false,
			sales: [
				{
					ticket: 'W',
					amount: '250.00',
					taxes: [IVA16, { impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: 0.1, withheld: true }],
				},
				{ ticket: 'X', amount: '80.00', taxes: [{ impuesto: '002', tipoFactor: 'Exento' }] },
			],
		});
		const voucher = buildGlobalInvoice(given);
		// W: 250.00 + 40.00 − 25.00 = 265.00; X: 80.00 (exempt, no amount of tax).
		expect(globalInvoiceMoney(given, voucher)).toMatchObject({
			amount: '345.00',
			lines: ['265.00', '80.00'],
			from: 'the sum of the 2 sales',
		});
		expect(voucher.total).toBe(345);
	});

	it('in MXN when no currency is given; the invoice setting decides for sales that do not say', () => {
		const given = input({
			pricesIncludeTax: false,
			sales: [
				{ ticket: 'A', amount: 100 },
				{ ticket: 'B', amount: 116, priceIncludesTax: true },
			],
		});
		expect(globalInvoiceMoney(given, buildGlobalInvoice(given))).toMatchObject({
			amount: '232.00',
			currency: 'MXN',
			lines: ['116.00', '116.00'],
		});
	});
});
