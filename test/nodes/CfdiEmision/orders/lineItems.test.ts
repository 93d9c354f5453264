/** Generic sale lines (WooCommerce, a sheet, a form) → vouchers, through the same pricing as orders. */
import { type Voucher } from '../../../../nodes/CfdiEmision/cfdi';
import {
	lineItemsToVoucher,
	orderToVoucher,
	type LineItemsSettings,
} from '../../../../nodes/CfdiEmision/orders';
import { refusal } from '../../../support/refusal';
import { corpusOrder } from '../../../support/corpusOrder';
import { validateWithKinds } from '../../../support/kindFixtures';

const RECIPIENT = {
	rfc: 'URE180429TM6',
	nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
	regimenFiscalReceptor: '601',
	domicilioFiscalReceptor: '65000',
	usoCFDI: 'G03',
};
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
			...SETTINGS,
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
		const result = lineItemsToVoucher(lines, SETTINGS);
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
			SETTINGS,
		);
		expect([result.orderTotal, result.voucherTotal]).toEqual([115.98, 115.99]);
		expect(result.roundingNote).toBe(
			"The voucher total is 115.99 MXN, the amount charged is 115.98; the difference is -0.01 of per-line tax rounding: the SAT rounds each concept's tax to cents, and the amounts charged cannot all be reached that way.",
		);
	});

	it('the same sale gives the same concepts as a Shopify order: one pricing path', () => {
		const order = corpusOrder('many-lines');
		const fromOrder = orderToVoucher(order, {
			emisor: SETTINGS.emisor,
			lugarExpedicion: SETTINGS.lugarExpedicion,
			serie: SETTINGS.serie,
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
		const fromLines = lineItemsToVoucher(lines, { ...SETTINGS, expectedTotal: order.total_price })
			.voucher as Voucher;
		expect(fromLines.conceptos).toEqual(fromOrder.conceptos);
		expect([fromLines.subTotal, fromLines.descuento, fromLines.total, fromLines.impuestos]).toEqual(
			[fromOrder.subTotal, fromOrder.descuento, fromOrder.total, fromOrder.impuestos],
		);
	});

	it('defaults: 16 % when a line gives no rate, prices without tax, PPD with 99 without a payment form', () => {
		const result = lineItemsToVoucher([{ quantity: 1, unitPrice: 100, description: 'Service' }], {
			...SETTINGS,
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
			...SETTINGS,
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
				...SETTINGS,
				recipient: { rfc: 'URE180429TM6' },
				withoutTaxData: 'skip',
			}).skipped?.missing,
		).toEqual(['nombre', 'regimenFiscalReceptor', 'domicilioFiscalReceptor']);
		expect(
			refusal(() =>
				lineItemsToVoucher(lines, { ...SETTINGS, recipient: undefined, withoutTaxData: 'fail' }),
			).path,
		).toBe('settings.recipient.rfc');
		expect(
			refusal(() => lineItemsToVoucher(lines, { ...SETTINGS, recipient: undefined })).path,
		).toBe('settings.date');
	});

	it('a foreign currency needs tipoCambio', () => {
		const lines = [{ quantity: 1, unitPrice: 10, description: 'Download' }];
		expect(
			lineItemsToVoucher(lines, { ...SETTINGS, moneda: 'usd', tipoCambio: '17.5' }).voucher,
		).toMatchObject({ moneda: 'USD', tipoCambio: 17.5, total: 11.6 });
		expect(refusal(() => lineItemsToVoucher(lines, { ...SETTINGS, moneda: 'USD' })).path).toBe(
			'settings.tipoCambio',
		);
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
		const error = refusal(() => lineItemsToVoucher(lines, SETTINGS));
		expect(error.path).toBe(path);
		if (path !== 'lines') expect(error.message).toContain(path);
		expect(error.fix.length).toBeGreaterThan(10);
	});

	it('PUE without a payment form is refused', () => {
		expect(
			refusal(() =>
				lineItemsToVoucher([{ quantity: 1, unitPrice: 5, description: 'a' }], {
					...SETTINGS,
					formaPago: '',
					metodoPago: 'PUE',
				}),
			).path,
		).toBe('settings.formaPago');
	});
});

describe('line items → voucher: how each value of a sheet or form is read', () => {
	const one = (line: Record<string, unknown>, settings: Partial<LineItemsSettings> = {}) =>
		lineItemsToVoucher([{ quantity: 1, unitPrice: 100, description: 'Item', ...line }], {
			...SETTINGS,
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
				...SETTINGS,
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
			SETTINGS,
		).voucher as Voucher;
		expect(voucher.conceptos[0]).toMatchObject({ importe: 10, descuento: 10, objetoImp: '01' });
		expect(voucher.conceptos[0].impuestos).toBeUndefined();
		expect(voucher.total).toBe(116);
		expect(validateWithKinds(voucher).errors).toEqual([]);
		const error = refusal(() =>
			lineItemsToVoucher(
				[{ quantity: 2, unitPrice: 5, discount: '10.01', description: 'a' }],
				SETTINGS,
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
		expect(refusal(() => lineItemsToVoucher('a,b', SETTINGS))).toMatchObject({
			path: 'lines',
			message: 'There are no lines to invoice.',
			fix: 'Give a list of lines, each with quantity, unitPrice, taxRate and description.',
		});
		expect(refusal(() => lineItemsToVoucher([[1, 2]], SETTINGS))).toMatchObject({
			path: 'lines[0]',
			message: 'lines[0] is not a line.',
		});
		expect(refusal(() => lineItemsToVoucher([null], SETTINGS)).path).toBe('lines[0]');
		expect(
			refusal(() =>
				lineItemsToVoucher([{ quantity: 1, unitPrice: 1, description: 'a' }], {
					...SETTINGS,
					emisor: { ...SETTINGS.emisor, rfc: '' },
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
			...SETTINGS,
			recipient: { rfc: 'URE180429TM6', nombre: 'X' },
			date: '2026-12-31',
		});
		expect(general.notes).toEqual([
			'The recipient is incomplete (recipient.regimenFiscalReceptor, recipient.domicilioFiscalReceptor missing): the invoice is issued to the general public (XAXX010101000).',
		]);
		const skipped = lineItemsToVoucher(lines, {
			...SETTINGS,
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
			lineItemsToVoucher(lines, { ...SETTINGS, recipient: {}, withoutTaxData: 'skip' }).orderTotal,
		).toBe(0);
		const failed = refusal(() =>
			lineItemsToVoucher(lines, {
				...SETTINGS,
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
			one({}, { recipient: { ...RECIPIENT, usoCFDI: undefined }, defaultUsoCfdi: 'I04' }).voucher
				?.receptor.usoCFDI,
		).toBe('I04');
		expect(
			one({}, { recipient: { ...RECIPIENT, usoCFDI: undefined } }).voucher?.receptor.usoCFDI,
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

describe('line items → voucher: the tax the source says it charged', () => {
	const charged = (taxAmount: string) =>
		lineItemsToVoucher(
			[{ quantity: 1, unitPrice: '100.00', taxRate: 0.16, taxAmount, description: 'Service' }],
			SETTINGS,
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
			{ ...SETTINGS, moneda: 'JPY', tipoCambio: '0.12' },
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
			{ ...SETTINGS, expectedTotal: '171.00' },
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
			SETTINGS,
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
					SETTINGS,
				),
			).fix,
		).toBe('Give the discount on the whole line, such as 50.00, or leave it empty.');
		expect(
			refusal(() =>
				lineItemsToVoucher([{ quantity: 1, unitPrice: 5, description: 'a' }], {
					...SETTINGS,
					moneda: 'PESOS',
				}),
			).fix,
		).toBe('Use an ISO 4217 code such as MXN or USD.');
	});
});
