/** A paid order whose invoice was PPD → its payment receipt (type P), through the receipt's builder. */
import type { Voucher } from '../../../../../../nodes/CfdiEmision/cfdi/types';
import { orderToVoucher } from '../../../../../../nodes/CfdiEmision/orders/orderToVoucher';
import { receiptFromOrder } from '../../../../../../nodes/CfdiEmision/actions/voucher/paymentReceipt/receiptFromOrder';
import { refusal } from '../../../../../support/refusal';
import { corpusOrder, type Order } from '../../../../../support/corpusOrder';
import { validateWithKinds } from '../../../../../support/kindFixtures';
import { INVOICE_UUID, SETTINGS, paidOrder } from '../../../../../support/paidOrder';
import { firstPago } from '../../../../../support/receiptKit';

describe('paid order → payment receipt', () => {
	it('the invoice it pays is the PPD invoice of the pending order', () => {
		const pending = corpusOrder('pending-bank-deposit');
		expect(orderToVoucher(pending, SETTINGS).voucher).toMatchObject({
			metodoPago: 'PPD',
			formaPago: '99',
			total: 20199,
			folio: '1015',
		});
	});

	it('paid in full by bank deposit: one receipt of 20,199.00 with the invoice taxes in proportion, valid', () => {
		const result = receiptFromOrder(paidOrder(), SETTINGS);
		const voucher = result.voucher as Voucher;
		expect(voucher).toMatchObject({
			tipoDeComprobante: 'P',
			moneda: 'XXX',
			subTotal: 0,
			total: 0,
			serie: 'A',
			folio: '1015-P1',
			receptor: { rfc: 'URE180429TM6', usoCFDI: 'CP01' },
		});
		expect(firstPago(voucher)).toMatchObject({
			fechaPago: '2026-11-25T10:00:00',
			formaDePagoP: '03',
			monedaP: 'MXN',
			monto: 20199,
		});
		const [document] = firstPago(voucher).doctoRelacionado;
		expect(document).toMatchObject({
			idDocumento: INVOICE_UUID,
			serie: 'A',
			folio: '1015',
			numParcialidad: 1,
			impSaldoAnt: 20199,
			impPagado: 20199,
			impSaldoInsoluto: 0,
			objetoImpDR: '02',
		});
		// The invoice: 18,999.00 + 1,200.00 with IVA included → bases 16,378.45 + 1,034.48, IVA 2,786.07.
		const invoice = orderToVoucher(paidOrder(), SETTINGS).voucher as Voucher;
		expect(document.impuestosDR.trasladosDR).toEqual([
			expect.objectContaining({
				baseDR: invoice.impuestos?.traslados?.[0].base,
				importeDR: invoice.impuestos?.traslados?.[0].importe,
				tasaOCuotaDR: 0.16,
			}),
		]);
		expect([result.orderTotal, result.voucherTotal]).toEqual([20199, 20199]);
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('paid in two installments: the receipt of the second names installment 2 and the balance left by the first', () => {
		const voucher = receiptFromOrder(paidOrder(['10000.00', '10199.00']), SETTINGS)
			.voucher as Voucher;
		expect(voucher.folio).toBe('1015-P2');
		expect(firstPago(voucher).doctoRelacionado[0]).toMatchObject({
			numParcialidad: 2,
			impSaldoAnt: 10199,
			impPagado: 10199,
			impSaldoInsoluto: 0,
		});
		const first = receiptFromOrder(paidOrder(['10000.00', '10199.00']), {
			...SETTINGS,
			transactionId: 660000,
		}).voucher as Voucher;
		expect(firstPago(first).doctoRelacionado[0]).toMatchObject({
			numParcialidad: 1,
			impSaldoAnt: 20199,
			impPagado: 10000,
			impSaldoInsoluto: 10199,
		});
		expect(validateWithKinds(first).errors).toEqual([]);
	});

	it('receipts with their own series name the invoice by its series', () => {
		const voucher = receiptFromOrder(paidOrder(), {
			...SETTINGS,
			serie: 'P',
			invoiceSerie: 'A',
		}).voucher as Voucher;
		expect(voucher.serie).toBe('P');
		expect(firstPago(voucher).doctoRelacionado[0]).toMatchObject({ serie: 'A', folio: '1015' });
	});

	it('without transactions: the whole order, paid on its updated_at, by its gateway; the UUID from a note attribute', () => {
		const order = paidOrder();
		delete order.transactions;
		order.note_attributes.push({ name: 'CFDI UUID', value: INVOICE_UUID.toLowerCase() });
		const voucher = receiptFromOrder(order, { ...SETTINGS, invoiceUuid: undefined })
			.voucher as Voucher;
		expect(firstPago(voucher)).toMatchObject({
			fechaPago: '2026-11-28T12:30:00',
			formaDePagoP: '03',
			monto: 20199,
		});
		expect(firstPago(voucher).doctoRelacionado[0].idDocumento).toBe(INVOICE_UUID);
	});

	it.each([
		['no invoice UUID', (o: Order) => o, { invoiceUuid: undefined }, 'note_attributes'],
		[
			'a gateway with no payment form',
			(o: Order) => (o.transactions[0].gateway = 'Kueski Pay'),
			{},
			'transactions[0].gateway',
		],
		[
			'a payment above the balance',
			(o: Order) => (o.transactions[0].amount = '30000.00'),
			{},
			'transactions[0].amount',
		],
		['an unknown transaction id', (o: Order) => o, { transactionId: 1 }, 'transactions'],
		[
			'an order without tax data (no invoice)',
			(o: Order) => (o.note_attributes = []),
			{},
			'note_attributes',
		],
	])('%s is refused, naming the member', (_name, spoil, extra, path) => {
		const order = paidOrder();
		spoil(order);
		const error = refusal(() => receiptFromOrder(order, { ...SETTINGS, ...extra }));
		expect(error.path).toBe(path);
		expect(error.fix.length).toBeGreaterThan(10);
	});

	it('only money actually received: a pending order without a successful sale or capture gets no receipt', () => {
		const order = corpusOrder('pending-bank-deposit');
		const refused = refusal(() => receiptFromOrder(order, SETTINGS));
		expect(refused.path).toBe('financial_status');
		expect(refused.message).toBe(
			'order #1015 has no successful payment (financial_status "pending", no successful sale or capture transaction): a payment receipt records money actually received.',
		);
		const partly = corpusOrder('pending-bank-deposit');
		partly.financial_status = 'partially_paid';
		expect(refusal(() => receiptFromOrder(partly, SETTINGS)).fix).toContain(
			'with its transactions',
		);
		// A failed or pending transaction is not money received either.
		const failed = paidOrder();
		failed.financial_status = 'pending';
		failed.transactions[0].status = 'failure';
		expect(refusal(() => receiptFromOrder(failed, SETTINGS)).path).toBe('financial_status');
	});

	it('only for PPD invoices: with Payment Method PUE the invoice was paid when issued and takes no receipt', () => {
		const refused = refusal(() =>
			receiptFromOrder(paidOrder(), { ...SETTINGS, paymentMethod: 'PUE' }),
		);
		expect(refused.path).toBe('settings.paymentMethod');
		expect(refused.message).toMatch(/invoice is issued PUE .* it takes no payment receipt/);
	});
});
describe('paid order → payment receipt: more members and settings', () => {
	it('a payment without a date at all is missing, not "null"; its amount is named when it is not one', () => {
		const order = paidOrder();
		order.transactions[0].processed_at = null;
		order.transactions[0].created_at = null;
		expect(refusal(() => receiptFromOrder(order, SETTINGS))).toMatchObject({
			path: 'transactions[0].processed_at',
			message: 'transactions[0].processed_at is missing.',
		});
		const badAmount = paidOrder(['10000.00', 'n/a']);
		expect(refusal(() => receiptFromOrder(badAmount, SETTINGS))).toMatchObject({
			path: 'transactions[1].amount',
			message: 'transactions[1].amount "n/a" is not an amount.',
		});
	});

	it('without transactions and with Payment Date, a gateway not in the table is named in payment_gateway_names', () => {
		const order = paidOrder();
		delete order.transactions;
		order.payment_gateway_names = ['Kueski Pay'];
		expect(
			refusal(() => receiptFromOrder(order, { ...SETTINGS, paymentDate: '2026-12-01T09:00:00' }))
				.path,
		).toBe('payment_gateway_names');
	});

	it('an invoice without taxes (lines not subject to tax): the receipt carries no taxes for it', () => {
		const order = paidOrder();
		for (const item of [...order.line_items, ...order.shipping_lines]) item.tax_lines = [];
		const invoice = orderToVoucher(order, { ...SETTINGS, paymentMethod: 'PPD' }).voucher as Voucher;
		expect(invoice.impuestos).toBeUndefined();
		order.transactions[0].amount = String(invoice.total);
		const voucher = receiptFromOrder(order, { ...SETTINGS, paymentMethod: 'PPD' })
			.voucher as Voucher;
		expect(firstPago(voucher).doctoRelacionado[0]).toMatchObject({
			objetoImpDR: '01',
			impPagado: invoice.total,
		});
		expect(firstPago(voucher).doctoRelacionado[0]).not.toHaveProperty('impuestosDR');
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('the refusal of a value that is not an order says what to give', () => {
		expect(refusal(() => receiptFromOrder(42, SETTINGS)).fix).toBe(
			'Set Order to an expression that gives one paid Shopify order, e.g. {{ $json }}.',
		);
	});
});
