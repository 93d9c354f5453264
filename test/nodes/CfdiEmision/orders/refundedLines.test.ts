/**
 * What each part of a Shopify refund becomes in its credit note (orders/refundedLines.ts: which
 * refund, its transactions, the items and shipping it gives back), through creditNoteFromRefund.
 */
import type { Voucher } from '../../../../nodes/CfdiEmision/cfdi/types';
import { creditNoteFromRefund } from '../../../../nodes/CfdiEmision/actions/voucher/creditNote/creditNoteFromRefund';
import { refusal } from '../../../support/refusal';
import { corpusOrder, type Order } from '../../../support/corpusOrder';
import {
	INVOICE_UUID,
	refundedOrder,
	refundPaid,
	SETTINGS,
	withRefund,
} from '../../../support/refundedOrder';
import { validateWithKinds } from '../../../support/kindFixtures';

describe('refund → credit note: what each part of a Shopify refund becomes', () => {
	it('shipping refunded as a refund shipping line: a "Shipping refund" concept at the shipping rate, with the tax Shopify returned', () => {
		const order = withRefund(corpusOrder('partial-refund'), {
			refund_shipping_lines: [
				{ subtotal_amount_set: undefined, subtotal_amount: '-149.00', tax_amount: '-20.55' },
				null,
			],
			order_adjustments: [
				{ kind: 'refund_discrepancy', amount: '-5.00', tax_amount: '0.00' },
				null,
			],
			transactions: [refundPaid('149.00')],
		});
		const result = creditNoteFromRefund(order, SETTINGS);
		const voucher = result.voucher as Voucher;
		expect([result.orderTotal, result.voucherTotal, result.roundingNote]).toEqual([
			149,
			149,
			undefined,
		]);
		expect(voucher.conceptos).toEqual([
			expect.objectContaining({
				claveProdServ: '78102203',
				claveUnidad: 'E48',
				descripcion: 'Shipping refund',
				cantidad: '1',
				valorUnitario: 128.45,
				importe: 128.45,
				objetoImp: '02',
			}),
		]);
		expect(voucher.impuestos?.traslados).toEqual([
			{ base: 128.45, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 20.55 },
		]);
		// The first refund of order 1021, with no items restocked: relation 01.
		expect(voucher).toMatchObject({
			folio: '1021-R1',
			cfdiRelacionados: [{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: INVOICE_UUID }] }],
		});
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('shipping codes from the settings; a shipping refund without tax on a taxed shipping line is written at 0 %, on untaxed shipping as not subject', () => {
		const shippingCodes = {
			productCodes: { shippingClaveProdServ: '78102200', shippingClaveUnidad: 'SX' },
		};
		const taxed = withRefund(corpusOrder('partial-refund'), {
			order_adjustments: [{ kind: 'shipping_refund', amount: '-100.00', tax_amount: '0.00' }],
			transactions: [refundPaid('100.00')],
		});
		const atZero = creditNoteFromRefund(taxed, { ...SETTINGS, ...shippingCodes })
			.voucher as Voucher;
		expect(atZero.conceptos[0]).toMatchObject({
			claveProdServ: '78102200',
			claveUnidad: 'SX',
			valorUnitario: 100,
			objetoImp: '02',
		});
		expect(atZero.impuestos?.traslados).toEqual([
			{ base: 100, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0, importe: 0 },
		]);
		expect(atZero.total).toBe(100);

		const noShipping = corpusOrder('partial-refund');
		noShipping.shipping_lines = [];
		const untaxed = creditNoteFromRefund(
			withRefund(noShipping, {
				order_adjustments: [{ kind: 'shipping_refund', amount: '-100.00' }],
				transactions: [refundPaid('100.00')],
			}),
			SETTINGS,
		).voucher as Voucher;
		expect(untaxed.conceptos[0]).toMatchObject({
			descripcion: 'Shipping refund',
			valorUnitario: 100,
			objetoImp: '01',
		});
		expect(untaxed.conceptos[0].impuestos).toBeUndefined();
		expect(untaxed.impuestos).toBeUndefined();
		expect(untaxed.total).toBe(100);
	});

	it('only successful refund transactions count: their sum is the money returned, the first one names the payment form', () => {
		const order = refundedOrder();
		order.refunds[0].transactions = [
			{ kind: 'refund', status: 'failure', amount: '1804.05', gateway: 'Kueski Pay' },
			{ kind: 'sale', status: 'success', amount: '300.00', gateway: 'cash' },
			null,
			refundPaid('1000.00', 'Cash'),
			refundPaid('804.05'),
		];
		const result = creditNoteFromRefund(order, SETTINGS);
		expect(result.orderTotal).toBe(1804.05);
		expect(result.voucher?.formaPago).toBe('01');
		expect(result.source).toMatchObject({
			amount: '1804.05',
			from: "the money refunded (refunds[0]'s successful refund transactions)",
			field: 'refunds[0].transactions',
		});
	});

	it('a refund paid back by no successful transaction is refused: the credit note must name how the money was returned', () => {
		const order = refundedOrder();
		order.refunds[0].transactions[0].status = 'failure';
		const error = refusal(() => creditNoteFromRefund(order, SETTINGS));
		expect(error.path).toBe('refunds[0].transactions');
		expect(error.message).toBe(
			'refunds[0] was paid back through no successful refund transaction; a credit note names how the money was returned.',
		);
		expect(error.fix).toBe('Add the gateway to Payment Forms (e.g. "04" for a card).');
	});

	it('a gateway with no payment form is named in the refusal; Payment Forms adds it', () => {
		const order = refundedOrder();
		order.refunds[0].transactions[0].gateway = 'Kueski Pay';
		expect(refusal(() => creditNoteFromRefund(order, SETTINGS)).message).toBe(
			'refunds[0] was paid back through gateway "kueski pay", which has no payment form in the table; a credit note names how the money was returned.',
		);
		expect(
			creditNoteFromRefund(order, { ...SETTINGS, paymentForms: { 'Kueski Pay': '99' } }).voucher
				?.formaPago,
		).toBe('99');
	});

	it('a refund with a transaction of 0 (items returned, no money) credits the items as they were charged', () => {
		const order = refundedOrder();
		order.refunds[0].transactions[0].amount = '0.00';
		const result = creditNoteFromRefund(order, SETTINGS);
		expect([result.orderTotal, result.voucherTotal]).toEqual([1804.05, 1804.05]);
		expect(result.source).toMatchObject({
			amount: '1804.05',
			from: "the amounts of refunds[0]'s items and shipping",
		});
	});

	it('a refund that returns nothing is refused', () => {
		const order = withRefund(corpusOrder('partial-refund'), {});
		const error = refusal(() => creditNoteFromRefund(order, SETTINGS));
		expect([error.path, error.message, error.fix]).toEqual([
			'refunds[0]',
			'refunds[0] returns nothing: no items, no shipping, no money.',
			'Give a refund that returns items or money.',
		]);
	});

	it('money returned without items from an order whose items carry different taxes is refused: the tax is unknown', () => {
		const order = withRefund(corpusOrder('exempt-books'), { transactions: [refundPaid('100.00')] });
		const error = refusal(() => creditNoteFromRefund(order, SETTINGS));
		expect(error.path).toBe('refunds[0].refund_line_items');
		expect(error.message).toBe(
			"refunds[0] returns money without naming items, and the order's items carry different taxes, so the credit note's tax is unknown.",
		);
	});

	it('money returned without items from an order of untaxed items is one concept not subject to tax', () => {
		const order = corpusOrder('partial-refund');
		for (const item of order.line_items) item.tax_lines = [];
		const voucher = creditNoteFromRefund(
			withRefund(order, { transactions: [refundPaid('250.00')] }),
			SETTINGS,
		).voucher as Voucher;
		expect(voucher.conceptos).toEqual([
			expect.objectContaining({ descripcion: 'Refund', valorUnitario: 250, objetoImp: '01' }),
		]);
		expect(voucher.total).toBe(250);
	});

	it('an exempt book returned: its concept keeps the exempt tax line, without rate or amount', () => {
		const order = withRefund(corpusOrder('exempt-books'), {
			refund_line_items: [
				{
					line_item_id: 1000,
					quantity: 1,
					restock_type: 'return',
					subtotal: '450.00',
					total_tax: '0.00',
				},
			],
			transactions: [refundPaid('450.00')],
		});
		const result = creditNoteFromRefund(order, {
			...SETTINGS,
			productCodes: {
				rules: [{ match: 'sku', value: 'BK-1', claveProdServ: '55101500', unidad: 'Pieza' }],
			},
		});
		const voucher = result.voucher as Voucher;
		expect(voucher.conceptos).toEqual([
			expect.objectContaining({
				claveProdServ: '55101500',
				unidad: 'Pieza',
				noIdentificacion: 'BK-1',
				descripcion: 'Tax law handbook',
				cantidad: '1',
				valorUnitario: 450,
				objetoImp: '02',
			}),
		]);
		expect(voucher.conceptos[0].impuestos?.traslados).toEqual([
			{ base: 450, impuesto: '002', tipoFactor: 'Exento' },
		]);
		expect(voucher.impuestos?.traslados).toEqual([
			{ base: 450, impuesto: '002', tipoFactor: 'Exento' },
		]);
		expect(voucher).toMatchObject({ cfdiRelacionados: [{ tipoRelacion: '03' }] });
		expect([result.orderTotal, result.voucherTotal, voucher.total]).toEqual([450, 450, 450]);
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it("a refund line that names its item only by id is read from the order; a subtotal above the units' price gives no discount", () => {
		const order = refundedOrder();
		const line = order.refunds[0].refund_line_items[0];
		delete line.line_item;
		// 1,900.00 for one unit listed at 1,899.00: no negative discount, the unit's price is what is credited.
		line.subtotal = '1900.00';
		line.subtotal_set.presentment_money.amount = '1900.00';
		line.total_tax = '261.93';
		line.total_tax_set.presentment_money.amount = '261.93';
		order.refunds[0].transactions[0].amount = '1899.00';
		const result = creditNoteFromRefund(order, SETTINGS);
		const voucher = result.voucher as Voucher;
		expect(voucher.conceptos).toEqual([
			expect.objectContaining({
				noIdentificacion: 'RS-27',
				descripcion: 'Running shoes - 27 cm',
				valorUnitario: 1637.07,
				importe: 1637.07,
			}),
		]);
		expect(voucher.conceptos[0].descuento).toBeUndefined();
		expect([result.orderTotal, result.voucherTotal]).toEqual([1899, 1899]);
	});

	it('earlier refunds count by the line item they name, however they name it', () => {
		const order = refundedOrder();
		const first = order.refunds[0];
		// The earlier refund names its line only through the nested line_item, and has entries Shopify would not send.
		const earlier = structuredClone(first);
		earlier.id = 990000;
		delete earlier.refund_line_items[0].line_item_id;
		earlier.refund_line_items.push(null, { line_item_id: 1000, quantity: 'many' });
		first.refund_line_items[0].quantity = 2;
		order.refunds = [null, earlier, first];
		const refused = refusal(() => creditNoteFromRefund(order, { ...SETTINGS, refundId: first.id }));
		expect(refused.path).toBe('refunds[2].refund_line_items[0].quantity');
		expect(refused.message).toBe(
			'refunds[2].refund_line_items[0] refunds 2 of line item 1000 ("Running shoes"), but 2 were bought and 1 were refunded before.',
		);
		expect(refused.fix).toBe('Refund at most 1 of that line.');
	});

	it.each([
		[
			'a refund that is not an object',
			(o: Order) => (o.refunds = ['x']),
			'refunds[0]',
			'refunds[0] is not a refund.',
		],
		[
			'a refund line that is not an object',
			(o: Order) => (o.refunds[0].refund_line_items = [42]),
			'refunds[0].refund_line_items[0]',
			'refunds[0].refund_line_items[0] is not a refund line item.',
		],
		[
			'a refund line without subtotal',
			(o: Order) => {
				delete o.refunds[0].refund_line_items[0].subtotal;
				delete o.refunds[0].refund_line_items[0].subtotal_set;
			},
			'refunds[0].refund_line_items[0].subtotal',
			'refunds[0].refund_line_items[0].subtotal is missing.',
		],
		[
			'a refund transaction amount that is not an amount',
			(o: Order) => (o.refunds[0].transactions[0].amount = 'all of it'),
			'refunds[0].transactions[0].amount',
			'refunds[0].transactions[0].amount "all of it" is not an amount.',
		],
	])('%s is refused, naming the member', (_name, spoil, path, message) => {
		const order = refundedOrder();
		spoil(order);
		const error = refusal(() => creditNoteFromRefund(order, SETTINGS));
		expect([error.path, error.message]).toEqual([path, message]);
	});

	it('an order that is not an object is refused before anything is read', () => {
		const error = refusal(() => creditNoteFromRefund([refundedOrder()], SETTINGS));
		expect([error.path, error.message]).toEqual(['', 'The order is not an order object.']);
		expect(error.fix).toContain('one Shopify order with its refunds');
		expect(
			refusal(() => creditNoteFromRefund(refundedOrder(), { ...SETTINGS, lugarExpedicion: ' ' }))
				.path,
		).toBe('settings.lugarExpedicion');
	});

	it('without the recipient tax data the credit note is refused, unless Without Tax Data is General Public', () => {
		const order = refundedOrder();
		order.note_attributes = order.note_attributes.filter((a: Order) => a.name !== 'RFC');
		const error = refusal(() => creditNoteFromRefund(order, SETTINGS));
		expect([error.path, error.message, error.fix]).toEqual([
			'note_attributes',
			"order #1021 has no complete recipient tax data (RFC missing); a credit note goes to the invoice's recipient.",
			'Give the same tax data as for the invoice.',
		]);
		expect(
			refusal(() => creditNoteFromRefund(order, { ...SETTINGS, withoutTaxData: 'skip' })).path,
		).toBe('note_attributes');

		const voucher = creditNoteFromRefund(order, { ...SETTINGS, withoutTaxData: 'generalPublic' })
			.voucher as Voucher;
		// The general public keeps its use S01, and the note carries the month of the sale (informacionGlobal).
		expect(voucher.receptor).toEqual({
			rfc: 'XAXX010101000',
			nombre: 'PUBLICO EN GENERAL',
			usoCFDI: 'S01',
			regimenFiscalReceptor: '616',
			domicilioFiscalReceptor: '64000',
		});
		expect(voucher.informacionGlobal).toEqual({ periodicidad: '01', meses: '11', anio: 2026 });
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it("a taxpayer's credit note is for returns, discounts or rebates (G02), whatever use the invoice had", () => {
		const voucher = creditNoteFromRefund(refundedOrder(), SETTINGS).voucher as Voucher;
		expect(voucher.receptor).toEqual({
			rfc: 'URE180429TM6',
			nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
			usoCFDI: 'G02',
			regimenFiscalReceptor: '601',
			domicilioFiscalReceptor: '65000',
		});
		expect(voucher.informacionGlobal).toBeUndefined();
		expect(voucher.descripcionFacturador).toBe('Refund of order #1021');
	});

	it('a refund in US dollars: the note is in USD with the exchange rate of the settings, related to the USD invoice', () => {
		const order = withRefund(corpusOrder('usd-shop'), {
			refund_line_items: [
				{ line_item_id: 1001, quantity: 1, subtotal: '45.50', total_tax: '6.28' },
			],
			transactions: [refundPaid('45.50', 'stripe')],
		});
		const voucher = creditNoteFromRefund(order, {
			...SETTINGS,
			exchangeRate: '17.1234',
			folio: 'none',
		}).voucher as Voucher;
		expect(voucher).toMatchObject({ moneda: 'USD', tipoCambio: 17.1234, total: 45.5 });
		expect(voucher.folio).toBeUndefined();
		expect(validateWithKinds(voucher).errors).toEqual([]);
		expect(refusal(() => creditNoteFromRefund(order, SETTINGS)).path).toBe('settings.exchangeRate');
	});
});
