/**
 * The settings of the order conversion, each as a user sees its effect on the invoice: the payment
 * form and method (gateway table, transactions, financial status), the recipient read from the
 * checkout's note attributes, the issuer settings, and the product-code table.
 */
import type { Voucher } from '../../../../nodes/CfdiEmision/cfdi';
import { orderToVoucher, type OrderSettings } from '../../../../nodes/CfdiEmision/orders';
import { corpusOrder, type Order } from '../../../support/corpusOrder';
import { refusal } from '../../../support/refusal';

const ISSUER: OrderSettings = {
	emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
	lugarExpedicion: '64000',
};

/** Example 1's order (paid, 1,508.00 with IVA) with these members. */
function order(extra: Order = {}): Order {
	return { ...corpusOrder('example-1'), ...extra };
}

function terms(extra: Order, settings: Partial<OrderSettings> = {}) {
	const result = orderToVoucher(order(extra), { ...ISSUER, ...settings });
	return {
		formaPago: result.voucher?.formaPago,
		metodoPago: result.voucher?.metodoPago,
		notes: result.notes,
	};
}

describe('payment form and method', () => {
	it.each([
		['shopify_payments', '04'],
		['Stripe', '04'],
		['paypal', '04'],
		['mercado_pago', '04'],
		['conekta', '04'],
		['OpenPay', '04'],
		['Cash', '01'],
		['manual', '01'],
		['Cash on Delivery (COD)', '01'],
		['Bank Deposit', '03'],
		['bank  transfer', '03'],
		['gift_card', '01'],
	])('a paid order through %s is invoiced PUE with form %s', (gateway, form) => {
		expect(terms({ payment_gateway_names: [gateway] })).toEqual({
			formaPago: form,
			metodoPago: 'PUE',
			notes: [],
		});
	});

	it('Payment Forms adds gateways and overrides defaults (trimmed); an empty entry changes nothing', () => {
		expect(terms({}, { paymentForms: { 'Shopify Payments': ' 28 ' } }).formaPago).toBe('04');
		expect(terms({}, { paymentForms: { shopify_payments: ' 28 ' } }).formaPago).toBe('28');
		expect(terms({}, { paymentForms: { shopify_payments: '' } }).formaPago).toBe('04');
	});

	it('the gateways named: the first that is not a gift card; a gift card only when it is alone; blank names skipped; else the order gateway', () => {
		expect(terms({ payment_gateway_names: ['gift_card', 'Cash'] }).formaPago).toBe('01');
		expect(terms({ payment_gateway_names: ['gift_card', 'paypal'] }).formaPago).toBe('04');
		expect(terms({ payment_gateway_names: [null, '', 'Bank Deposit'] }).formaPago).toBe('03');
		expect(terms({ payment_gateway_names: [null], gateway: 'Cash' }).formaPago).toBe('01');
		expect(terms({ payment_gateway_names: [], gateway: 'Bank Transfer' }).formaPago).toBe('03');
		expect(terms({ payment_gateway_names: ['Bank Transfer'], gateway: 'Cash' }).formaPago).toBe(
			'03',
		);
	});

	it('with transactions: the gateway that took the most money decides; only successful sales and captures count; the first wins a tie', () => {
		const sale = (gateway: string, amount: string, extra: Order = {}) => ({
			kind: 'sale',
			status: 'success',
			gateway,
			amount,
			...extra,
		});
		expect(
			terms({ transactions: [sale('Cash', '500.00'), sale('Bank Deposit', '1008.00')] }).formaPago,
		).toBe('03');
		expect(
			terms({
				transactions: [
					sale('Cash', '500.00'),
					sale('Cash', '600.00'),
					sale('Bank Deposit', '1000.00'),
				],
			}).formaPago,
		).toBe('01');
		expect(
			terms({ transactions: [sale('Cash', '754.00'), sale('Bank Deposit', '754.00')] }).formaPago,
		).toBe('01');
		expect(
			terms({ transactions: [sale('Bank Deposit', '754.00'), sale('Cash', '754.00')] }).formaPago,
		).toBe('03');
		expect(
			terms({
				payment_gateway_names: ['Cash'],
				transactions: [
					null,
					sale('Bank Deposit', '1508.00', { kind: 'authorization' }),
					sale('paypal', '1508.00', { kind: 'refund' }),
					sale('Bank Transfer', '1508.00', { status: 'failure' }),
					sale('stripe', 'n/a'),
					sale('Bank Deposit', '10.00', { kind: 'capture' }),
				],
			}).formaPago,
		).toBe('03');
		// No transaction that counts: the gateway names decide.
		expect(
			terms({
				payment_gateway_names: ['Cash'],
				transactions: [sale('Bank Deposit', '1508.00', { status: 'pending' })],
			}).formaPago,
		).toBe('01');
		expect(terms({ payment_gateway_names: ['Cash'], transactions: [] }).formaPago).toBe('01');
	});

	it('Payment Method PPD: 99 and PPD whatever the order, without notes', () => {
		expect(terms({}, { paymentMethod: 'PPD' })).toEqual({
			formaPago: '99',
			metodoPago: 'PPD',
			notes: [],
		});
	});

	it('Payment Method PUE: refused for an order not paid in full, naming its status', () => {
		const error = refusal(() =>
			orderToVoucher(order({ financial_status: 'partially_paid' }), {
				...ISSUER,
				paymentMethod: 'PUE',
			}),
		);
		expect(error).toMatchObject({
			path: 'financial_status',
			message:
				'The order is partially paid: its money was not received in full, so it cannot be invoiced as paid (PUE).',
			fix: 'Set Payment Method to Automatic or PPD (the invoice is PPD with 99 and each payment gets a payment receipt), or invoice the order once it is paid.',
		});
		expect(terms({ financial_status: ' PAID ' }, { paymentMethod: 'PUE' })).toMatchObject({
			formaPago: '04',
			metodoPago: 'PUE',
		});
	});

	it('Automatic on an order not paid in full: PPD with 99, saying so', () => {
		expect(terms({ financial_status: 'partially_paid' })).toEqual({
			formaPago: '99',
			metodoPago: 'PPD',
			notes: [
				'The order is partially paid: the invoice is PPD with formaPago 99, and each payment gets a payment receipt.',
			],
		});
	});

	it('a gateway not in the table: PPD with 99, and the note says what to add, for PUE too', () => {
		expect(terms({ payment_gateway_names: ['Kueski Pay'] }).notes).toEqual([
			'The order\'s payment gateway ("kueski pay") has no payment form in the table: the invoice is PPD with formaPago 99. Add the gateway to Payment Forms to issue it PUE.',
		]);
		expect(terms({ payment_gateway_names: ['Kueski Pay'] }, { paymentMethod: 'PUE' })).toEqual({
			formaPago: '99',
			metodoPago: 'PPD',
			notes: [
				'The order\'s payment gateway ("kueski pay") has no payment form in the table; formaPago 99 cannot go with PUE, so the invoice is PPD. Add the gateway to Payment Forms.',
			],
		});
		expect(terms({ payment_gateway_names: [] }).notes).toEqual([
			"The order's payment gateway (no gateway) has no payment form in the table: the invoice is PPD with formaPago 99. Add the gateway to Payment Forms to issue it PUE.",
		]);
	});
});

describe('recipient from the note attributes', () => {
	const ATTRIBUTES = [
		{ name: 'RFC', value: 'URE180429TM6' },
		{ name: 'Razon social', value: 'UNIVERSIDAD ROBOTICA ESPAÑOLA' },
		{ name: 'Regimen fiscal', value: '601' },
		{ name: 'Codigo postal', value: '65000' },
	];
	const receptor = (attributes: unknown[], settings: Partial<OrderSettings> = {}) =>
		orderToVoucher(order({ note_attributes: attributes }), { ...ISSUER, ...settings });

	it('the default attribute names, compared without case, accents or extra spaces; the second name of a datum when the first is blank', () => {
		const result = receptor([
			{ name: 'rfc', value: ' ure-180429.tm6 ' },
			{ name: 'Razón  Social', value: '  ' },
			{ name: 'NOMBRE FISCAL', value: '  universidad   robotica  española ' },
			{ name: 'Régimen fiscal', value: '601 - General de Ley Personas Morales' },
			{ name: 'cp', value: 'CP 65000, Monterrey' },
			{ name: 'uso  cfdi', value: 'i04 Computer equipment' },
		]);
		expect(result.voucher?.receptor).toEqual({
			rfc: 'URE180429TM6',
			nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
			usoCFDI: 'I04',
			regimenFiscalReceptor: '601',
			domicilioFiscalReceptor: '65000',
		});
	});

	it('entries Shopify would not send are skipped; key works as name; numbers are read as text', () => {
		const result = receptor([
			'RFC=URE180429TM6',
			null,
			{ name: 'RFC', value: null },
			{ key: 'RFC', value: 'URE180429TM6' },
			...ATTRIBUTES.slice(1, 3),
			{ name: 'Codigo postal', value: 65000 },
		]);
		expect(result.voucher?.receptor).toMatchObject({
			rfc: 'URE180429TM6',
			domicilioFiscalReceptor: '65000',
		});
		expect(
			receptor({ RFC: 'URE180429TM6' } as unknown as unknown[], { withoutTaxData: 'skip' }).skipped
				?.missing,
		).toEqual(['RFC', 'Razon social', 'Regimen fiscal', 'Codigo postal']);
	});

	it('typed values that are not codes are kept as typed, trimmed and upper-cased', () => {
		const result = receptor([
			...ATTRIBUTES.slice(0, 2),
			{ name: 'Regimen fiscal', value: '  Sueldos ' },
			{ name: 'Codigo postal', value: ' 6500 ' },
			{ name: 'Uso CFDI', value: ' d01x ' },
		]);
		expect(result.voucher?.receptor).toMatchObject({
			regimenFiscalReceptor: 'SUELDOS',
			domicilioFiscalReceptor: '6500',
			usoCFDI: 'D01X',
		});
	});

	it.each([
		['RFC', 0],
		['Razon social', 1],
		['Regimen fiscal', 2],
		['Codigo postal', 3],
	])('without %s the order is not invoiced (skip), and that is what is missing', (name, index) => {
		const attributes = ATTRIBUTES.filter((_, position) => position !== index);
		const result = receptor(attributes);
		expect(result.voucher).toBeUndefined();
		expect(result.skipped?.missing).toEqual([name]);
	});

	it('recipient data from the settings: blank members do not count', () => {
		const result = receptor([], {
			recipient: {
				rfc: '  ',
				nombre: 'X',
				regimenFiscalReceptor: '601',
				domicilioFiscalReceptor: '65000',
			},
		});
		expect(result.skipped?.missing).toEqual(['RFC']);
	});
});

describe('issuer settings', () => {
	it.each([
		[
			'settings.emisor.rfc',
			{ emisor: { ...ISSUER.emisor, rfc: undefined } },
			"Set Issuer RFC to your company's RFC.",
		],
		[
			'settings.emisor.nombre',
			{ emisor: { ...ISSUER.emisor, nombre: null } },
			'Set Issuer Name to your registered name, as on your tax certificate.',
		],
		[
			'settings.emisor.regimenFiscal',
			{ emisor: { ...ISSUER.emisor, regimenFiscal: ' ' } },
			'Set Issuer Tax Regime, e.g. 601 for a company under the general regime.',
		],
		[
			'settings.lugarExpedicion',
			{ lugarExpedicion: '' },
			'Set Place of Issue to the 5-digit postal code you issue from.',
		],
		['settings.emisor.rfc', { emisor: undefined }, "Set Issuer RFC to your company's RFC."],
	])('without %s nothing is converted', (path, settings, fix) => {
		const error = refusal(() =>
			orderToVoucher(order(), { ...ISSUER, ...(settings as Partial<OrderSettings>) }),
		);
		expect([error.path, error.message, error.fix]).toEqual([
			path,
			`${path} is empty; every voucher needs it.`,
			fix,
		]);
	});

	it('a series only when given; the voucher is 4.0, export 01, issued from the place of issue', () => {
		const voucher = orderToVoucher(order(), { ...ISSUER, serie: 'F' }).voucher as Voucher;
		expect(voucher).toMatchObject({
			version: '4.0',
			serie: 'F',
			exportacion: '01',
			lugarExpedicion: '64000',
			tipoDeComprobante: 'I',
			emisor: ISSUER.emisor,
		});
		expect(orderToVoucher(order(), ISSUER).voucher).not.toHaveProperty('serie');
	});

	it("the month of a general-public sale comes from processed_at, else created_at, on Mexico City's calendar (a UTC timestamp is an instant)", () => {
		const general = { ...ISSUER, withoutTaxData: 'generalPublic' as const };
		const period = (extra: Order) =>
			orderToVoucher(order({ note_attributes: [], ...extra }), general).voucher?.informacionGlobal;
		expect(
			period({
				processed_at: '2026-12-31T23:30:00-06:00',
				created_at: '2026-11-30T10:00:00-06:00',
			}),
		).toEqual({ periodicidad: '01', meses: '12', anio: 2026 });
		// 00:10 UTC on New Year's Day is 18:10 on 31 December in Mexico City; 06:10 UTC is January there.
		expect(period({ processed_at: 'soon', created_at: '2027-01-01T00:10:00+00:00' })).toEqual({
			periodicidad: '01',
			meses: '12',
			anio: 2026,
		});
		expect(period({ processed_at: 'soon', created_at: '2027-01-01T06:10:00+00:00' })).toEqual({
			periodicidad: '01',
			meses: '01',
			anio: 2027,
		});
		expect(
			refusal(() =>
				orderToVoucher(order({ note_attributes: [], created_at: 'on 2026-11-02' }), general),
			).path,
		).toBe('created_at');
		expect(
			refusal(() =>
				orderToVoucher(order({ note_attributes: [], created_at: '2026-11-2T10:00:00' }), general),
			).path,
		).toBe('created_at');
	});
});

describe('product codes', () => {
	const codes = (item: Order, rules: NonNullable<OrderSettings['productCodes']>['rules']) => {
		const source = order();
		source.line_items = [
			{
				...source.line_items[0],
				sku: undefined,
				vendor: undefined,
				product_type: undefined,
				...item,
			},
		];
		source.total_price = '1160.00';
		const concepto = (
			orderToVoucher(source, { ...ISSUER, productCodes: { rules } }).voucher as Voucher
		).conceptos[0];
		return [concepto.claveProdServ, concepto.claveUnidad];
	};

	it('a rule matches only its own field, and a rule with a blank value matches nothing', () => {
		expect(
			codes({ sku: 'MUG' }, [{ match: 'vendor', value: 'mug', claveProdServ: '52151600' }]),
		).toEqual(['01010101', 'H87']);
		expect(
			codes({ sku: 'MUG' }, [{ match: 'sku', value: ' mug ', claveProdServ: '52151600' }]),
		).toEqual(['52151600', 'H87']);
		expect(
			codes({}, [{ match: 'vendor', value: '', claveProdServ: '52151600', claveUnidad: 'XBX' }]),
		).toEqual(['01010101', 'H87']);
		expect(
			codes({ vendor: 'Acme' }, [
				{ match: 'sku', value: 'x', claveProdServ: '1' },
				{ match: 'vendor', value: 'ACME', claveProdServ: '52151600', claveUnidad: 'XBX' },
			]),
		).toEqual(['52151600', 'XBX']);
	});
});

describe('recipient and gateway: later blanks, fallbacks and guesses', () => {
	const ATTRIBUTES = [
		{ name: 'RFC', value: 'URE180429TM6' },
		{ name: 'Razon social', value: 'UNIVERSIDAD ROBOTICA ESPAÑOLA' },
		{ name: 'Regimen fiscal', value: '601' },
		{ name: 'Codigo postal', value: '65000' },
	];

	it('a later attribute that is blank, null or missing its value does not erase an earlier one', () => {
		const attributes = [
			...ATTRIBUTES,
			{ name: 'RFC', value: null },
			{ name: 'Razon social' },
			{ name: 'Regimen fiscal', value: '  ' },
		];
		expect(
			orderToVoucher(order({ note_attributes: attributes }), ISSUER).voucher?.receptor,
		).toMatchObject({
			rfc: 'URE180429TM6',
			nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
			regimenFiscalReceptor: '601',
		});
	});

	it('a code that is not at the start of what was typed is not guessed', () => {
		const attributes = [
			...ATTRIBUTES.slice(0, 2),
			{ name: 'Regimen fiscal', value: 'General 601' },
			ATTRIBUTES[3],
		];
		expect(
			orderToVoucher(order({ note_attributes: attributes }), ISSUER).voucher?.receptor
				.regimenFiscalReceptor,
		).toBe('GENERAL 601');
	});

	it('recipient data completes the attributes with its use of the CFDI; a null member is missing', () => {
		const data = {
			rfc: 'URE180429TM6',
			nombre: 'X',
			regimenFiscalReceptor: '601',
			domicilioFiscalReceptor: '65000',
			usoCFDI: 'I04',
		};
		expect(
			orderToVoucher(order({ note_attributes: ATTRIBUTES }), { ...ISSUER, recipient: data }).voucher
				?.receptor.usoCFDI,
		).toBe('I04');
		expect(
			orderToVoucher(order({ note_attributes: [] }), {
				...ISSUER,
				recipient: { ...data, rfc: null as unknown as string },
			}).skipped?.missing,
		).toEqual(['RFC']);
	});

	it('the order gateway counts only when no gateway names are given', () => {
		expect(terms({ payment_gateway_names: undefined, gateway: 'Cash' }).formaPago).toBe('01');
		expect(terms({ payment_gateway_names: ['gift_card'], gateway: 'Bank Deposit' }).formaPago).toBe(
			'01',
		);
	});

	it('a general-public voucher without a date says how to give it', () => {
		expect(
			refusal(() =>
				orderToVoucher(order({ note_attributes: [], created_at: undefined }), {
					...ISSUER,
					withoutTaxData: 'generalPublic',
				}),
			).fix,
		).toBe('Give created_at as a date such as 2026-11-20.');
	});
});
