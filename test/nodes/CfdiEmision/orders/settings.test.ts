/**
 * The settings of the order conversion, each as a user sees its effect on the invoice: the payment
 * form and method (gateway table, transactions, financial status), the issuer settings, and the
 * product-code table. The recipient read from the note attributes: settings.recipient.test.ts.
 */
import type { Voucher } from '../../../../nodes/CfdiEmision/cfdi/types';
import { orderToVoucher } from '../../../../nodes/CfdiEmision/orders/orderToVoucher';
import type { OrderSettings } from '../../../../nodes/CfdiEmision/orders/settings';
import { type Order } from '../../../support/corpusOrder';
import { refusal } from '../../../support/refusal';
import { exampleOrder, paymentTerms, SETTINGS_ISSUER } from '../../../support/orderSettingsKit';

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
		expect(paymentTerms({ payment_gateway_names: [gateway] })).toEqual({
			formaPago: form,
			metodoPago: 'PUE',
			notes: [],
		});
	});

	it('Payment Forms adds gateways and overrides defaults (trimmed); an empty entry changes nothing', () => {
		expect(paymentTerms({}, { paymentForms: { 'Shopify Payments': ' 28 ' } }).formaPago).toBe('04');
		expect(paymentTerms({}, { paymentForms: { shopify_payments: ' 28 ' } }).formaPago).toBe('28');
		expect(paymentTerms({}, { paymentForms: { shopify_payments: '' } }).formaPago).toBe('04');
	});

	it('the gateways named: the first that is not a gift card; a gift card only when it is alone; blank names skipped; else the order gateway', () => {
		expect(paymentTerms({ payment_gateway_names: ['gift_card', 'Cash'] }).formaPago).toBe('01');
		expect(paymentTerms({ payment_gateway_names: ['gift_card', 'paypal'] }).formaPago).toBe('04');
		expect(paymentTerms({ payment_gateway_names: [null, '', 'Bank Deposit'] }).formaPago).toBe(
			'03',
		);
		expect(paymentTerms({ payment_gateway_names: [null], gateway: 'Cash' }).formaPago).toBe('01');
		expect(paymentTerms({ payment_gateway_names: [], gateway: 'Bank Transfer' }).formaPago).toBe(
			'03',
		);
		expect(
			paymentTerms({ payment_gateway_names: ['Bank Transfer'], gateway: 'Cash' }).formaPago,
		).toBe('03');
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
			paymentTerms({ transactions: [sale('Cash', '500.00'), sale('Bank Deposit', '1008.00')] })
				.formaPago,
		).toBe('03');
		expect(
			paymentTerms({
				transactions: [
					sale('Cash', '500.00'),
					sale('Cash', '600.00'),
					sale('Bank Deposit', '1000.00'),
				],
			}).formaPago,
		).toBe('01');
		expect(
			paymentTerms({ transactions: [sale('Cash', '754.00'), sale('Bank Deposit', '754.00')] })
				.formaPago,
		).toBe('01');
		expect(
			paymentTerms({ transactions: [sale('Bank Deposit', '754.00'), sale('Cash', '754.00')] })
				.formaPago,
		).toBe('03');
		expect(
			paymentTerms({
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
			paymentTerms({
				payment_gateway_names: ['Cash'],
				transactions: [sale('Bank Deposit', '1508.00', { status: 'pending' })],
			}).formaPago,
		).toBe('01');
		expect(paymentTerms({ payment_gateway_names: ['Cash'], transactions: [] }).formaPago).toBe(
			'01',
		);
	});

	it('Payment Method PPD: 99 and PPD whatever the order, without notes', () => {
		expect(paymentTerms({}, { paymentMethod: 'PPD' })).toEqual({
			formaPago: '99',
			metodoPago: 'PPD',
			notes: [],
		});
	});

	it('Payment Method PUE: refused for an order not paid in full, naming its status', () => {
		const error = refusal(() =>
			orderToVoucher(exampleOrder({ financial_status: 'partially_paid' }), {
				...SETTINGS_ISSUER,
				paymentMethod: 'PUE',
			}),
		);
		expect(error).toMatchObject({
			path: 'financial_status',
			message:
				'The order is partially paid: its money was not received in full, so it cannot be invoiced as paid (PUE).',
			fix: 'Set Payment Method to Automatic or PPD (the invoice is PPD with 99 and each payment gets a payment receipt), or invoice the order once it is paid.',
		});
		expect(paymentTerms({ financial_status: ' PAID ' }, { paymentMethod: 'PUE' })).toMatchObject({
			formaPago: '04',
			metodoPago: 'PUE',
		});
	});

	it('Automatic on an order not paid in full: PPD with 99, saying so', () => {
		expect(paymentTerms({ financial_status: 'partially_paid' })).toEqual({
			formaPago: '99',
			metodoPago: 'PPD',
			notes: [
				'The order is partially paid: the invoice is PPD with formaPago 99, and each payment gets a payment receipt.',
			],
		});
	});

	it('a gateway not in the table: PPD with 99, and the note says what to add, for PUE too', () => {
		expect(paymentTerms({ payment_gateway_names: ['Kueski Pay'] }).notes).toEqual([
			'The order\'s payment gateway ("kueski pay") has no payment form in the table: the invoice is PPD with formaPago 99. Add the gateway to Payment Forms to issue it PUE.',
		]);
		expect(
			paymentTerms({ payment_gateway_names: ['Kueski Pay'] }, { paymentMethod: 'PUE' }),
		).toEqual({
			formaPago: '99',
			metodoPago: 'PPD',
			notes: [
				'The order\'s payment gateway ("kueski pay") has no payment form in the table; formaPago 99 cannot go with PUE, so the invoice is PPD. Add the gateway to Payment Forms.',
			],
		});
		expect(paymentTerms({ payment_gateway_names: [] }).notes).toEqual([
			"The order's payment gateway (no gateway) has no payment form in the table: the invoice is PPD with formaPago 99. Add the gateway to Payment Forms to issue it PUE.",
		]);
	});
});

describe('issuer settings', () => {
	it.each([
		[
			'settings.emisor.rfc',
			{ emisor: { ...SETTINGS_ISSUER.emisor, rfc: undefined } },
			"Set Issuer RFC to your company's RFC.",
		],
		[
			'settings.emisor.nombre',
			{ emisor: { ...SETTINGS_ISSUER.emisor, nombre: null } },
			'Set Issuer Name to your registered name, as on your tax certificate.',
		],
		[
			'settings.emisor.regimenFiscal',
			{ emisor: { ...SETTINGS_ISSUER.emisor, regimenFiscal: ' ' } },
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
			orderToVoucher(exampleOrder(), {
				...SETTINGS_ISSUER,
				...(settings as Partial<OrderSettings>),
			}),
		);
		expect([error.path, error.message, error.fix]).toEqual([
			path,
			`${path} is empty; every voucher needs it.`,
			fix,
		]);
	});

	it('a series only when given; the voucher is 4.0, export 01, issued from the place of issue', () => {
		const voucher = orderToVoucher(exampleOrder(), { ...SETTINGS_ISSUER, serie: 'F' })
			.voucher as Voucher;
		expect(voucher).toMatchObject({
			version: '4.0',
			serie: 'F',
			exportacion: '01',
			lugarExpedicion: '64000',
			tipoDeComprobante: 'I',
			emisor: SETTINGS_ISSUER.emisor,
		});
		expect(orderToVoucher(exampleOrder(), SETTINGS_ISSUER).voucher).not.toHaveProperty('serie');
	});

	it("the month of a general-public sale comes from processed_at, else created_at, on Mexico City's calendar (a UTC timestamp is an instant)", () => {
		const general = { ...SETTINGS_ISSUER, withoutTaxData: 'generalPublic' as const };
		const period = (extra: Order) =>
			orderToVoucher(exampleOrder({ note_attributes: [], ...extra }), general).voucher
				?.informacionGlobal;
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
				orderToVoucher(exampleOrder({ note_attributes: [], created_at: 'on 2026-11-02' }), general),
			).path,
		).toBe('created_at');
		expect(
			refusal(() =>
				orderToVoucher(
					exampleOrder({ note_attributes: [], created_at: '2026-11-2T10:00:00' }),
					general,
				),
			).path,
		).toBe('created_at');
	});
});

describe('product codes', () => {
	const codes = (item: Order, rules: NonNullable<OrderSettings['productCodes']>['rules']) => {
		const source = exampleOrder();
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
			orderToVoucher(source, { ...SETTINGS_ISSUER, productCodes: { rules } }).voucher as Voucher
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
