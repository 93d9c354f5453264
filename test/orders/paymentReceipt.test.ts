/** A paid order whose invoice was PPD → its payment receipt (type P), through the voucher-kinds builder. */
import { validateVoucher, type Voucher } from '../../nodes/CfdiEmision/cfdi';
import { orderPaymentToReceipt, orderToVoucher, type ReceiptSettings } from '../../nodes/CfdiEmision/cfdi/orders';
import { refusal } from './refusal';
import { corpusOrder, type Order } from './corpusOrder';

const INVOICE_UUID = '0A7F3B52-6C1D-4E8F-9A2B-3C4D5E6F7A8B';
const SETTINGS: ReceiptSettings = {
	emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
	lugarExpedicion: '64000',
	serie: 'A',
	invoiceUuid: INVOICE_UUID,
};

/** The corpus order paid later by bank deposit (invoiced PPD), now paid. */
function paidOrder(amounts: string[] = ['20199.00']): Order {
	const order = corpusOrder('pending-bank-deposit');
	order.financial_status = 'paid';
	order.updated_at = '2026-11-28T12:30:00-06:00';
	order.transactions = amounts.map((amount, index) => ({
		id: 660000 + index,
		kind: 'sale',
		status: 'success',
		gateway: 'Bank Deposit',
		amount,
		processed_at: `2026-11-2${5 + index}T1${index}:00:00-06:00`,
	}));
	return order;
}

function pago(voucher: Voucher): Record<string, any> { // eslint-disable-line @typescript-eslint/no-explicit-any
	return (voucher.complemento as Record<string, any>).complementoPago20.pago[0]; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('paid order → payment receipt', () => {
	it('the invoice it pays is the PPD invoice of the pending order', () => {
		const pending = corpusOrder('pending-bank-deposit');
		expect(orderToVoucher(pending, SETTINGS).voucher).toMatchObject({ metodoPago: 'PPD', formaPago: '99', total: 20199, folio: '1015' });
	});

	it('paid in full by bank deposit: one receipt of 20,199.00 with the invoice taxes in proportion, valid', () => {
		const result = orderPaymentToReceipt(paidOrder(), SETTINGS);
		const voucher = result.voucher as Voucher;
		expect(voucher).toMatchObject({ tipoDeComprobante: 'P', moneda: 'XXX', subTotal: 0, total: 0, serie: 'A', folio: '1015-P1', receptor: { rfc: 'URE180429TM6', usoCFDI: 'CP01' } });
		expect(pago(voucher)).toMatchObject({ fechaPago: '2026-11-25T10:00:00', formaDePagoP: '03', monedaP: 'MXN', monto: 20199 });
		const [document] = pago(voucher).doctoRelacionado;
		expect(document).toMatchObject({ idDocumento: INVOICE_UUID, serie: 'A', folio: '1015', numParcialidad: 1, impSaldoAnt: 20199, impPagado: 20199, impSaldoInsoluto: 0, objetoImpDR: '02' });
		// The invoice: 18,999.00 + 1,200.00 with IVA included → bases 16,378.45 + 1,034.48, IVA 2,786.07.
		const invoice = orderToVoucher(paidOrder(), SETTINGS).voucher as Voucher;
		expect(document.impuestosDR.trasladosDR).toEqual([
			expect.objectContaining({ baseDR: invoice.impuestos?.traslados?.[0].base, importeDR: invoice.impuestos?.traslados?.[0].importe, tasaOCuotaDR: 0.16 }),
		]);
		expect([result.orderTotal, result.voucherTotal]).toEqual([20199, 20199]);
		expect(validateVoucher(voucher).errors).toEqual([]);
	});

	it('paid in two installments: the receipt of the second names installment 2 and the balance left by the first', () => {
		const voucher = orderPaymentToReceipt(paidOrder(['10000.00', '10199.00']), SETTINGS).voucher as Voucher;
		expect(voucher.folio).toBe('1015-P2');
		expect(pago(voucher).doctoRelacionado[0]).toMatchObject({ numParcialidad: 2, impSaldoAnt: 10199, impPagado: 10199, impSaldoInsoluto: 0 });
		const first = orderPaymentToReceipt(paidOrder(['10000.00', '10199.00']), { ...SETTINGS, transactionId: 660000 }).voucher as Voucher;
		expect(pago(first).doctoRelacionado[0]).toMatchObject({ numParcialidad: 1, impSaldoAnt: 20199, impPagado: 10000, impSaldoInsoluto: 10199 });
		expect(validateVoucher(first).errors).toEqual([]);
	});

	it('receipts with their own series name the invoice by its series', () => {
		const voucher = orderPaymentToReceipt(paidOrder(), { ...SETTINGS, serie: 'P', invoiceSerie: 'A' }).voucher as Voucher;
		expect(voucher.serie).toBe('P');
		expect(pago(voucher).doctoRelacionado[0]).toMatchObject({ serie: 'A', folio: '1015' });
	});

	it('without transactions: the whole order, paid on its updated_at, by its gateway; the UUID from a note attribute', () => {
		const order = paidOrder();
		delete order.transactions;
		order.note_attributes.push({ name: 'CFDI UUID', value: INVOICE_UUID.toLowerCase() });
		const voucher = orderPaymentToReceipt(order, { ...SETTINGS, invoiceUuid: undefined }).voucher as Voucher;
		expect(pago(voucher)).toMatchObject({ fechaPago: '2026-11-28T12:30:00', formaDePagoP: '03', monto: 20199 });
		expect(pago(voucher).doctoRelacionado[0].idDocumento).toBe(INVOICE_UUID);
	});

	it.each([
		['no invoice UUID', (o: Order) => o, { invoiceUuid: undefined }, 'note_attributes'],
		['a gateway with no payment form', (o: Order) => (o.transactions[0].gateway = 'Kueski Pay'), {}, 'transactions[0].gateway'],
		['a payment above the balance', (o: Order) => (o.transactions[0].amount = '30000.00'), {}, 'transactions[0].amount'],
		['an unknown transaction id', (o: Order) => o, { transactionId: 1 }, 'transactions'],
		['an order without tax data (no invoice)', (o: Order) => (o.note_attributes = []), {}, 'note_attributes'],
	])('%s is refused, naming the member', (_name, spoil, extra, path) => {
		const order = paidOrder();
		spoil(order);
		const error = refusal(() => orderPaymentToReceipt(order, { ...SETTINGS, ...extra }));
		expect(error.path).toBe(path);
		expect(error.fix.length).toBeGreaterThan(10);
	});

	it('only money actually received: a pending order without a successful sale or capture gets no receipt', () => {
		const order = corpusOrder('pending-bank-deposit');
		const refused = refusal(() => orderPaymentToReceipt(order, SETTINGS));
		expect(refused.path).toBe('financial_status');
		expect(refused.message).toBe('order #1015 has no successful payment (financial_status "pending", no successful sale or capture transaction): a payment receipt records money actually received.');
		const partly = corpusOrder('pending-bank-deposit');
		partly.financial_status = 'partially_paid';
		expect(refusal(() => orderPaymentToReceipt(partly, SETTINGS)).fix).toContain('with its transactions');
		// A failed or pending transaction is not money received either.
		const failed = paidOrder();
		failed.financial_status = 'pending';
		failed.transactions[0].status = 'failure';
		expect(refusal(() => orderPaymentToReceipt(failed, SETTINGS)).path).toBe('financial_status');
	});

	it('only for PPD invoices: with Payment Method PUE the invoice was paid when issued and takes no receipt', () => {
		const refused = refusal(() => orderPaymentToReceipt(paidOrder(), { ...SETTINGS, paymentMethod: 'PUE' }));
		expect(refused.path).toBe('settings.paymentMethod');
		expect(refused.message).toMatch(/invoice is issued PUE .* it takes no payment receipt/);
	});
});
