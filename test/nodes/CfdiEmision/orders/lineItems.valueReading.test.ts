/**
 * Generic sale lines (WooCommerce, a sheet, a form) → vouchers: how each value of a sheet or form is
 * read (quantities, prices, tax rates in words or numbers, names and codes, discounts, currency,
 * payment, folio, recipient, Expected Total) and the refusal each bad value gets, naming the line and
 * the setting. Whole sales, the tax the source charged and empty values: lineItems.test.ts.
 */
import type { Voucher } from '../../../../nodes/CfdiEmision/cfdi/types';
import {
	lineItemsToVoucher,
	type LineItemsSettings,
} from '../../../../nodes/CfdiEmision/orders/lineItems';
import { refusal } from '../../../support/refusal';
import { LINE_ITEMS_RECIPIENT, LINE_ITEMS_SETTINGS } from '../../../support/lineItemsSettings';
import { validateWithKinds } from '../../../support/kindFixtures';

describe('line items → voucher: how each value of a sheet or form is read', () => {
	const one = (line: Record<string, unknown>, settings: Partial<LineItemsSettings> = {}) =>
		lineItemsToVoucher([{ quantity: 1, unitPrice: 100, description: 'Item', ...line }], {
			...LINE_ITEMS_SETTINGS,
			...settings,
		});
	const taxOf = (line: Record<string, unknown>, settings: Partial<LineItemsSettings> = {}) =>
		(one(line, settings).voucher as Voucher).conceptos[0];

	it.each([
		['0.16', 0.16],
		['16', 0.16],
		[16, 0.16],
		['16%', 0.16],
		[' 16 % ', 0.16],
		['8%', 0.08],
		[8, 0.08],
		[0.08, 0.08],
		['0', 0],
		['0%', 0],
		[0, 0],
	])('tax rate %j is IVA at %d', (taxRate, rate) => {
		const concepto = taxOf({ taxRate });
		expect(concepto.objetoImp).toBe('02');
		expect(concepto.impuestos?.traslados).toEqual([
			{
				impuesto: '002',
				tipoFactor: 'Tasa',
				tasaOCuota: rate,
				base: 100,
				importe: Math.round(100 * rate * 100) / 100,
			},
		]);
	});

	it.each([['exempt'], ['Exento'], [' EXEMPT ']])('tax rate %j is exempt', (taxRate) => {
		expect(taxOf({ taxRate }).impuestos?.traslados).toEqual([
			{ impuesto: '002', tipoFactor: 'Exento', base: 100 },
		]);
	});

	it.each([['none'], ['No'], ['not subject']])('tax rate %j is not subject to tax', (taxRate) => {
		const concepto = taxOf({ taxRate });
		expect(concepto.objetoImp).toBe('01');
		expect(concepto.impuestos).toBeUndefined();
	});

	it.each([['15%'], [1], ['1'], ['sixteen'], [-16], [true]])(
		'tax rate %j is refused, quoting it',
		(taxRate) => {
			const error = refusal(() => one({ taxRate }));
			expect(error.path).toBe('lines[0].taxRate');
			expect(error.message).toBe(`lines[0].taxRate ${JSON.stringify(taxRate)} is not an IVA rate.`);
			expect(error.fix).toBe(
				'Use 0.16 (or 16 %), 0.08 in the border region, 0, "exempt", or "none" for an item not subject to tax.',
			);
		},
	);

	it('Default Tax Rate applies to lines without one; a bad one is named as the setting', () => {
		expect(taxOf({}, { defaultTaxRate: 'exempt' }).impuestos?.traslados).toEqual([
			{ impuesto: '002', tipoFactor: 'Exento', base: 100 },
		]);
		expect(
			taxOf({ taxRate: ' ' }, { defaultTaxRate: '8%' }).impuestos?.traslados?.[0],
		).toMatchObject({ tasaOCuota: 0.08, importe: 8 });
		expect(refusal(() => one({}, { defaultTaxRate: '10%' }))).toMatchObject({
			path: 'settings.defaultTaxRate',
			message: 'settings.defaultTaxRate "10%" is not an IVA rate.',
		});
	});

	it.each([
		[true, undefined, 100],
		['yes', undefined, 100],
		['Sí', undefined, 100],
		['si', undefined, 100],
		['Y', undefined, 100],
		['1', undefined, 100],
		['TRUE', undefined, 100],
		['no', true, 116],
		['false', true, 116],
		[false, true, 116],
		['', true, 100],
		[undefined, true, 100],
		[null, false, 116],
	])(
		'price includes tax %j (Prices Include Tax %j): a 100.00 line totals %d',
		(priceIncludesTax, pricesIncludeTax, total) => {
			expect(one({ priceIncludesTax }, { pricesIncludeTax }).voucher?.total).toBe(total);
		},
	);

	it('what a line is called and coded: description, name or title; codes from the line, the rule or the defaults', () => {
		const result = lineItemsToVoucher(
			[
				{ quantity: 1, unitPrice: 10, name: ' Mug ', sku: ' M-1 ' },
				{
					quantity: 1,
					price: '20',
					unitPrice: '',
					title: 'Tea',
					productType: 'Food',
					unidad: 'Caja',
				},
				{
					quantity: 1,
					unitPrice: 30,
					description: 'Class',
					vendor: 'School',
					claveProdServ: ' 86101700 ',
					claveUnidad: 'E48',
				},
			],
			{
				...LINE_ITEMS_SETTINGS,
				productCodes: {
					rules: [
						{
							match: 'productType',
							value: 'food',
							claveProdServ: '50201700',
							claveUnidad: 'XBX',
							unidad: 'Paquete',
						},
						{ match: 'vendor', value: 'school', claveProdServ: '86000000', unidad: 'Servicio' },
					],
				},
			},
		);
		const [mug, tea, course] = (result.voucher as Voucher).conceptos;
		expect(mug).toMatchObject({
			descripcion: 'Mug',
			noIdentificacion: 'M-1',
			claveProdServ: '01010101',
			claveUnidad: 'H87',
			valorUnitario: 10,
		});
		expect(mug).not.toHaveProperty('unidad');
		expect(tea).toMatchObject({
			descripcion: 'Tea',
			claveProdServ: '50201700',
			claveUnidad: 'XBX',
			unidad: 'Caja',
			valorUnitario: 20,
		});
		expect(tea).not.toHaveProperty('noIdentificacion');
		expect(course).toMatchObject({
			descripcion: 'Class',
			claveProdServ: '86101700',
			claveUnidad: 'E48',
			unidad: 'Servicio',
			valorUnitario: 30,
		});
	});

	it('a line discounted to nothing is allowed: no base, so no tax (CFDI40174); a cent more is refused with the line quoted', () => {
		const voucher = lineItemsToVoucher(
			[
				{ quantity: 2, unitPrice: 5, discount: 10, description: 'Free sample' },
				{ quantity: 1, unitPrice: 100, description: 'Item' },
			],
			LINE_ITEMS_SETTINGS,
		).voucher as Voucher;
		expect(voucher.conceptos[0]).toMatchObject({ importe: 10, descuento: 10, objetoImp: '01' });
		expect(voucher.conceptos[0].impuestos).toBeUndefined();
		expect(voucher.total).toBe(116);
		expect(validateWithKinds(voucher).errors).toEqual([]);
		const error = refusal(() =>
			lineItemsToVoucher(
				[{ quantity: 2, unitPrice: 5, discount: '10.01', description: 'a' }],
				LINE_ITEMS_SETTINGS,
			),
		);
		expect(error.message).toBe(
			`lines[0].discount "10.01" is more than the line's quantity × unitPrice.`,
		);
		expect(error.fix).toBe('Give the discount on the whole line, no more than its price.');
	});

	it.each([
		[
			'a missing quantity',
			{ quantity: undefined },
			'lines[0].quantity',
			'lines[0].quantity undefined is not a quantity above 0.',
		],
		[
			'a negative quantity',
			{ quantity: -1 },
			'lines[0].quantity',
			'lines[0].quantity -1 is not a quantity above 0.',
		],
		[
			'a price that is text',
			{ unitPrice: 'free' },
			'lines[0].unitPrice',
			'lines[0].unitPrice "free" is not an amount of 0 or more.',
		],
		[
			'a negative discount',
			{ discount: '-1' },
			'lines[0].discount',
			'lines[0].discount "-1" is not an amount of 0 or more.',
		],
		[
			'no description at all',
			{ description: undefined },
			'lines[0].description',
			'lines[0].description is empty.',
		],
	])('%s is refused with the value quoted', (_name, change, path, message) => {
		const error = refusal(() => one(change));
		expect([error.path, error.message]).toEqual([path, message]);
	});

	it('the refusals of the whole list and of a line that is not one say what to give', () => {
		expect(refusal(() => lineItemsToVoucher('a,b', LINE_ITEMS_SETTINGS))).toMatchObject({
			path: 'lines',
			message: 'There are no lines to invoice.',
			fix: 'Give a list of lines, each with quantity, unitPrice, taxRate and description.',
		});
		expect(refusal(() => lineItemsToVoucher([[1, 2]], LINE_ITEMS_SETTINGS))).toMatchObject({
			path: 'lines[0]',
			message: 'lines[0] is not a line.',
		});
		expect(refusal(() => lineItemsToVoucher([null], LINE_ITEMS_SETTINGS)).path).toBe('lines[0]');
		expect(
			refusal(() =>
				lineItemsToVoucher([{ quantity: 1, unitPrice: 1, description: 'a' }], {
					...LINE_ITEMS_SETTINGS,
					emisor: { ...LINE_ITEMS_SETTINGS.emisor, rfc: '' },
				}),
			).path,
		).toBe('settings.emisor.rfc');
	});

	it('currency: upper-cased, from the SAT catalog; another currency needs a rate above 0', () => {
		expect(refusal(() => one({}, { moneda: 'XYZ' }))).toMatchObject({
			path: 'settings.moneda',
			message: 'settings.moneda "XYZ" is not in the SAT\'s currency catalog.',
		});
		expect(one({}, { moneda: ' ' }).voucher?.moneda).toBe('MXN');
		expect(one({}, { moneda: 'mxn', tipoCambio: 'ignored' }).voucher).not.toHaveProperty(
			'tipoCambio',
		);
		for (const tipoCambio of ['0', '-17', 'n/a']) {
			expect(refusal(() => one({}, { moneda: 'EUR', tipoCambio }))).toMatchObject({
				path: 'settings.tipoCambio',
				message: `The invoice is in EUR and settings.tipoCambio ${JSON.stringify(tipoCambio)} is not an exchange rate.`,
				fix: 'Give the pesos (MXN) per 1 EUR, e.g. 17.25.',
			});
		}
	});

	it('payment: a form other than 99 means PUE, 99 or none PPD; PPD always writes 99; PUE without a real form is refused', () => {
		expect(one({}, { formaPago: '99' }).voucher).toMatchObject({
			formaPago: '99',
			metodoPago: 'PPD',
		});
		expect(one({}, { formaPago: '99' }).notes).toEqual([]);
		expect(one({}, { formaPago: ' 04 ' }).voucher).toMatchObject({
			formaPago: '04',
			metodoPago: 'PUE',
		});
		expect(one({}, { formaPago: '04', metodoPago: 'PPD' }).voucher).toMatchObject({
			formaPago: '99',
			metodoPago: 'PPD',
		});
		expect(one({}, { formaPago: undefined, metodoPago: 'PPD' }).notes).toEqual([]);
		const error = refusal(() => one({}, { formaPago: '99', metodoPago: 'PUE' }));
		expect(error).toMatchObject({
			path: 'settings.formaPago',
			message: 'An invoice paid at once (PUE) needs its payment form; formaPago is empty or 99.',
			fix: 'Give the payment form, e.g. "03" for a transfer, or use metodoPago "PPD".',
		});
	});

	it('folio and description from the settings, trimmed; none when blank', () => {
		expect(one({}, { folio: ' 77 ', description: 'Sale 77' }).voucher).toMatchObject({
			folio: '77',
			descripcionFacturador: 'Sale 77',
		});
		const blank = one({}, { folio: '  ' }).voucher as Voucher;
		expect(blank).not.toHaveProperty('folio');
		expect(blank).not.toHaveProperty('descripcionFacturador');
	});

	it('without a complete recipient: the general public is said in the notes; skip says what is missing; fail names the first missing member', () => {
		const lines = [{ quantity: 1, unitPrice: 116, priceIncludesTax: true, description: 'Ticket' }];
		const general = lineItemsToVoucher(lines, {
			...LINE_ITEMS_SETTINGS,
			recipient: { rfc: 'URE180429TM6', nombre: 'X' },
			date: '2026-12-31',
		});
		expect(general.notes).toEqual([
			'The recipient is incomplete (recipient.regimenFiscalReceptor, recipient.domicilioFiscalReceptor missing): the invoice is issued to the general public (XAXX010101000).',
		]);
		const skipped = lineItemsToVoucher(lines, {
			...LINE_ITEMS_SETTINGS,
			recipient: {},
			withoutTaxData: 'skip',
			expectedTotal: '116.00',
		});
		expect(skipped).toEqual({
			orderTotal: 116,
			skipped: {
				reason: 'noTaxData',
				message:
					'Not invoiced: the recipient is incomplete (recipient.rfc, recipient.nombre, recipient.regimenFiscalReceptor, recipient.domicilioFiscalReceptor missing).',
				missing: ['rfc', 'nombre', 'regimenFiscalReceptor', 'domicilioFiscalReceptor'],
			},
			notes: [],
		});
		expect(
			lineItemsToVoucher(lines, { ...LINE_ITEMS_SETTINGS, recipient: {}, withoutTaxData: 'skip' })
				.orderTotal,
		).toBe(0);
		const failed = refusal(() =>
			lineItemsToVoucher(lines, {
				...LINE_ITEMS_SETTINGS,
				recipient: { rfc: 'URE180429TM6' },
				withoutTaxData: 'fail',
			}),
		);
		expect(failed).toMatchObject({
			path: 'settings.recipient.nombre',
			message:
				'The recipient is incomplete: recipient.nombre, recipient.regimenFiscalReceptor, recipient.domicilioFiscalReceptor missing.',
			fix: 'Give the recipient RFC, name, tax regime and postal code, or set Without Tax Data to "General Public".',
		});
		// The recipient's use of the CFDI, or Default Uso CFDI, or G03.
		expect(
			one({}, { recipient: { ...LINE_ITEMS_RECIPIENT, usoCFDI: undefined }, defaultUsoCfdi: 'I04' })
				.voucher?.receptor.usoCFDI,
		).toBe('I04');
		expect(
			one({}, { recipient: { ...LINE_ITEMS_RECIPIENT, usoCFDI: undefined } }).voucher?.receptor
				.usoCFDI,
		).toBe('G03');
	});

	it('Expected Total: the source money the voucher is held to, with both figures when they differ; a bad one is refused', () => {
		const result = one({}, { expectedTotal: '117.00' });
		expect([result.orderTotal, result.voucherTotal]).toEqual([117, 116]);
		expect(result.source).toEqual({
			amount: '117.00',
			currency: 'MXN',
			from: 'Expected Total',
			field: 'settings.expectedTotal',
			fix: "the lines' quantities, prices and tax rates, or Expected Total",
			detail:
				"The source's lines, shipping and taxes add up to 116.00, not 117.00: 1.00 is in the source itself.",
		});
		expect(result.roundingNote).toBe(
			"The voucher total is 116.00 MXN, the amount charged is 117.00; the difference is 1.00 that the source's lines, shipping and taxes do not add up to (they sum to 116.00).",
		);
		expect(one({}).source).toEqual({
			amount: '116.00',
			currency: 'MXN',
			from: 'the amounts charged for the lines',
			field: 'lines',
			fix: "the lines' quantities, prices and tax rates",
		});
		expect(refusal(() => one({}, { expectedTotal: '-1' }))).toMatchObject({
			path: 'settings.expectedTotal',
			message: 'settings.expectedTotal "-1" is not an amount of 0 or more.',
			fix: 'Give the total charged, or leave it empty.',
		});
		expect(one({}, { expectedTotal: ' ' }).source?.from).toBe('the amounts charged for the lines');
	});
});
