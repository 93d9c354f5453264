/** A paid order whose invoice was PPD → its payment receipt (type P), through the receipt's builder. */
import type { Voucher } from '../../../../../../nodes/CfdiEmision/cfdi/types';
import type { ReceiptSettings } from '../../../../../../nodes/CfdiEmision/orders/invoiceLink';
import { orderToVoucher } from '../../../../../../nodes/CfdiEmision/orders/orderToVoucher';
import { receiptFromOrder } from '../../../../../../nodes/CfdiEmision/actions/voucher/paymentReceipt/receiptFromOrder';
import { refusal } from '../../../../../support/refusal';
import { corpusOrder, type Order } from '../../../../../support/corpusOrder';
import { validateWithKinds } from '../../../../../support/kindFixtures';

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

function pago(voucher: Voucher): Record<string, any> {
	// eslint-disable-line @typescript-eslint/no-explicit-any
	return (voucher.complemento as Record<string, any>).complementoPago20.pago[0]; // eslint-disable-line @typescript-eslint/no-explicit-any
}

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
		expect(pago(voucher)).toMatchObject({
			fechaPago: '2026-11-25T10:00:00',
			formaDePagoP: '03',
			monedaP: 'MXN',
			monto: 20199,
		});
		const [document] = pago(voucher).doctoRelacionado;
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
		expect(pago(voucher).doctoRelacionado[0]).toMatchObject({
			numParcialidad: 2,
			impSaldoAnt: 10199,
			impPagado: 10199,
			impSaldoInsoluto: 0,
		});
		const first = receiptFromOrder(paidOrder(['10000.00', '10199.00']), {
			...SETTINGS,
			transactionId: 660000,
		}).voucher as Voucher;
		expect(pago(first).doctoRelacionado[0]).toMatchObject({
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
		expect(pago(voucher).doctoRelacionado[0]).toMatchObject({ serie: 'A', folio: '1015' });
	});

	it('without transactions: the whole order, paid on its updated_at, by its gateway; the UUID from a note attribute', () => {
		const order = paidOrder();
		delete order.transactions;
		order.note_attributes.push({ name: 'CFDI UUID', value: INVOICE_UUID.toLowerCase() });
		const voucher = receiptFromOrder(order, { ...SETTINGS, invoiceUuid: undefined })
			.voucher as Voucher;
		expect(pago(voucher)).toMatchObject({
			fechaPago: '2026-11-28T12:30:00',
			formaDePagoP: '03',
			monto: 20199,
		});
		expect(pago(voucher).doctoRelacionado[0].idDocumento).toBe(INVOICE_UUID);
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

describe('paid order → payment receipt: the payment, the invoice it pays, and every refusal in words', () => {
	it('the receipt says what it records: the payment received, its description, and no notes', () => {
		const result = receiptFromOrder(paidOrder(), SETTINGS);
		expect(result.source).toEqual({
			amount: '20199.00',
			currency: 'MXN',
			from: 'the payment received (transactions[0])',
			field: 'transactions[0].amount',
			fix: "the order's transactions",
		});
		expect(result.notes).toEqual([]);
		expect(result.voucher?.descripcionFacturador).toBe('Payment of order #1015');
		// A receipt in pesos carries the exchange rate 1 (Pagos 2.0: TipoCambioP is 1 for MXN).
		expect(pago(result.voucher as Voucher).tipoCambioP).toBe(1);
	});

	it('the invoice UUID: trimmed and upper-cased, from the settings or the note attribute Invoice UUID Attribute names', () => {
		const spaced = receiptFromOrder(paidOrder(), {
			...SETTINGS,
			invoiceUuid: `  ${INVOICE_UUID.toLowerCase()} `,
		}).voucher as Voucher;
		expect(pago(spaced).doctoRelacionado[0].idDocumento).toBe(INVOICE_UUID);
		const order = paidOrder();
		order.note_attributes.push({
			name: 'Factura  UUID',
			value: ` ${INVOICE_UUID.toLowerCase()}  `,
		});
		const fromAttribute = receiptFromOrder(order, {
			...SETTINGS,
			invoiceUuid: ' ',
			invoiceUuidAttribute: 'factura uuid',
		}).voucher as Voucher;
		expect(pago(fromAttribute).doctoRelacionado[0].idDocumento).toBe(INVOICE_UUID);
	});

	it.each([
		['a UUID with text before it', `x${INVOICE_UUID}`],
		['a UUID with text after it', `${INVOICE_UUID}0`],
		['a UUID one digit short', INVOICE_UUID.slice(1)],
	])('%s is not a UUID, and the refusal quotes it', (_name, uuid) => {
		const error = refusal(() => receiptFromOrder(paidOrder(), { ...SETTINGS, invoiceUuid: uuid }));
		expect([error.path, error.message]).toEqual([
			'settings.invoiceUuid',
			`The invoice UUID ${JSON.stringify(uuid)} is not a UUID.`,
		]);
	});

	it('no UUID anywhere: the refusal names the order, the document and the attribute read', () => {
		const error = refusal(() =>
			receiptFromOrder(paidOrder(), {
				...SETTINGS,
				invoiceUuid: undefined,
				invoiceUuidAttribute: 'Folio fiscal',
			}),
		);
		expect(error.path).toBe('note_attributes');
		expect(error.message).toBe(
			'order #1015 does not say which invoice the payment receipt refers to: no Invoice UUID is given and note attribute "Folio fiscal" is empty.',
		);
		expect(error.fix).toBe(
			`Give Invoice UUID (e.g. looked up in the table the invoicing workflow writes), or the invoice's UUID in the order's note attribute "Folio fiscal".`,
		);
		const order = paidOrder();
		order.note_attributes.push({ name: 'CFDI UUID', value: 'pending' });
		expect(
			refusal(() => receiptFromOrder(order, { ...SETTINGS, invoiceUuid: undefined })),
		).toMatchObject({
			path: 'note_attributes',
			message: 'The invoice UUID "pending" is not a UUID.',
		});
	});

	it('the payment date: Shopify time with a space or a T; a text that is not a date-time is refused, naming where it was read', () => {
		const spaced = paidOrder();
		spaced.transactions[0].processed_at = '2026-11-25 09:41:07 -0600';
		expect(pago(receiptFromOrder(spaced, SETTINGS).voucher as Voucher).fechaPago).toBe(
			'2026-11-25T09:41:07',
		);
		const createdOnly = paidOrder();
		delete createdOnly.transactions[0].processed_at;
		createdOnly.transactions[0].created_at = '2026-11-24T08:00:00-06:00';
		expect(pago(receiptFromOrder(createdOnly, SETTINGS).voucher as Voucher).fechaPago).toBe(
			'2026-11-24T08:00:00',
		);

		const prefixed = paidOrder();
		prefixed.transactions[0].processed_at = 'on 2026-11-25T10:00:00';
		const error = refusal(() => receiptFromOrder(prefixed, SETTINGS));
		expect([error.path, error.message]).toEqual([
			'transactions[0].processed_at',
			'transactions[0].processed_at "on 2026-11-25T10:00:00" is not a date-time.',
		]);
		expect(error.fix).toBe(
			'Give the payment date as Shopify writes it, e.g. 2026-11-21T16:05:00-06:00, or set Payment Date.',
		);
	});

	it("the payment date is Mexico City's wall clock at the payment's instant, however the order writes it", () => {
		// 31 October 23:30 in Mexico City, as Shopify's API writes it in UTC, in RFC 2822 and in Tijuana.
		for (const processedAt of [
			'2026-11-01T05:30:00Z',
			'Sun, 01 Nov 2026 05:30:00 +0000',
			'2026-10-31T21:30:00-08:00',
		]) {
			const order = paidOrder();
			order.transactions[0].processed_at = processedAt;
			expect(pago(receiptFromOrder(order, SETTINGS).voucher as Voucher).fechaPago).toBe(
				'2026-10-31T23:30:00',
			);
		}
		// Before 30 October 2022 the day's offset applies (daylight time, UTC-5).
		const dst = paidOrder();
		dst.transactions[0].processed_at = '2022-08-01T04:30:00Z';
		expect(pago(receiptFromOrder(dst, SETTINGS).voucher as Voucher).fechaPago).toBe(
			'2022-07-31T23:30:00',
		);
		// Without transactions, Payment Date given as a Date.
		const untracked = paidOrder();
		delete untracked.transactions;
		const dated = receiptFromOrder(untracked, {
			...SETTINGS,
			paymentDate: new Date('2026-11-01T05:30:00Z'),
		}).voucher as Voucher;
		expect(pago(dated).fechaPago).toBe('2026-10-31T23:30:00');
	});

	it('without transactions: Payment Date wins over updated_at, then processed_at; each named when it is not a date-time', () => {
		const order = paidOrder();
		delete order.transactions;
		const dated = receiptFromOrder(order, { ...SETTINGS, paymentDate: '2026-12-01T09:00:00' })
			.voucher as Voucher;
		expect(pago(dated).fechaPago).toBe('2026-12-01T09:00:00');
		expect(
			refusal(() => receiptFromOrder(order, { ...SETTINGS, paymentDate: 'tomorrow' })),
		).toMatchObject({
			path: 'settings.paymentDate',
			message: 'settings.paymentDate "tomorrow" is not a date-time.',
		});
		delete order.updated_at;
		order.processed_at = '2026-11-26T18:00:00-06:00';
		const result = receiptFromOrder(order, SETTINGS);
		expect(pago(result.voucher as Voucher).fechaPago).toBe('2026-11-26T18:00:00');
		expect(result.source).toMatchObject({
			amount: '20199.00',
			field: 'updated_at.amount',
			from: 'the payment received (updated_at)',
		});
		delete order.processed_at;
		expect(refusal(() => receiptFromOrder(order, SETTINGS))).toMatchObject({
			path: 'updated_at',
			message: 'updated_at is missing.',
		});
	});

	it('without transactions the gateway decides the form; a gateway not in the table, or none, is refused', () => {
		const order = paidOrder();
		delete order.transactions;
		order.payment_gateway_names = ['Kueski Pay'];
		const error = refusal(() => receiptFromOrder(order, SETTINGS));
		expect(error.path).toBe('payment_gateway_names');
		expect(error.message).toBe(
			'order #1015 was paid through gateway "kueski pay", which has no payment form in the table; a payment receipt names how the money was received (never 99).',
		);
		expect(error.fix).toBe('Add the gateway to Payment Forms, e.g. "03" for a bank deposit.');
		order.payment_gateway_names = [];
		expect(refusal(() => receiptFromOrder(order, SETTINGS)).message).toBe(
			'order #1015 was paid through no known gateway; a payment receipt names how the money was received (never 99).',
		);
		// A form of 99 (to be defined) cannot say how money was received.
		const transfer = paidOrder();
		expect(
			refusal(() =>
				receiptFromOrder(transfer, { ...SETTINGS, paymentForms: { 'bank deposit': '99' } }),
			),
		).toMatchObject({ path: 'transactions[0].gateway' });
		expect(
			pago(
				receiptFromOrder(transfer, { ...SETTINGS, paymentForms: { 'bank deposit': '02' } })
					.voucher as Voucher,
			).formaDePagoP,
		).toBe('02');
	});

	it('without transactions only an order Shopify calls paid has received its money; the fix says what to give', () => {
		const pending = corpusOrder('pending-bank-deposit');
		expect(refusal(() => receiptFromOrder(pending, SETTINGS)).fix).toBe(
			'Issue the payment receipt once the order is paid (orders/paid), with its transactions.',
		);
		pending.financial_status = 'partially_paid';
		expect(refusal(() => receiptFromOrder(pending, SETTINGS)).fix).toBe(
			'Give the order with its transactions (Shopify node, Get order with transactions) so the amount received is known.',
		);
		pending.financial_status = ' PAID ';
		expect(
			pago(
				receiptFromOrder(pending, { ...SETTINGS, paymentDate: '2026-12-01T09:00:00' })
					.voucher as Voucher,
			).monto,
		).toBe(20199);
		delete pending.financial_status;
		expect(refusal(() => receiptFromOrder(pending, SETTINGS)).message).toContain(
			'(financial_status null, no successful sale or capture transaction)',
		);
	});

	it('Transaction ID picks a payment, blank means the last one; the earlier ones give the installment and the balance', () => {
		const order = paidOrder(['5000.00', '5000.00', '10199.00']);
		order.transactions.splice(1, 0, {
			id: 1,
			kind: 'authorization',
			status: 'success',
			gateway: 'Bank Deposit',
			amount: '20199.00',
		});
		const second = pago(
			receiptFromOrder(order, { ...SETTINGS, transactionId: ' 660001 ' }).voucher as Voucher,
		).doctoRelacionado[0];
		expect(second).toMatchObject({
			numParcialidad: 2,
			impSaldoAnt: 15199,
			impPagado: 5000,
			impSaldoInsoluto: 10199,
		});
		const last = receiptFromOrder(order, { ...SETTINGS, transactionId: '  ' });
		expect(pago(last.voucher as Voucher).doctoRelacionado[0]).toMatchObject({
			numParcialidad: 3,
			impSaldoAnt: 10199,
			impPagado: 10199,
		});
		expect(last.source).toMatchObject({ field: 'transactions[3].amount' });
		expect(refusal(() => receiptFromOrder(order, { ...SETTINGS, transactionId: 1 }))).toMatchObject(
			{
				path: 'transactions',
				message: 'order #1015 has no successful payment with id 1.',
				fix: 'Give the id of one of its sale or capture transactions, or leave Transaction ID empty for the last one.',
			},
		);
		order.transactions[0].amount = 'five thousand';
		expect(refusal(() => receiptFromOrder(order, SETTINGS))).toMatchObject({
			path: 'transactions[0].amount',
			message: 'transactions[0].amount "five thousand" is not an amount.',
		});
	});

	it('a payment of 0 or above the balance is refused with both figures', () => {
		const over = paidOrder(['10000.00', '10199.01']);
		const error = refusal(() => receiptFromOrder(over, SETTINGS));
		expect([error.path, error.message]).toEqual([
			'transactions[1].amount',
			"The payment of 10199.01 MXN is not between 0 and the invoice's balance of 10199 MXN.",
		]);
		expect(error.fix).toBe(
			'Check that the invoice was built with the same settings and that the payment belongs to this order.',
		);
		expect(refusal(() => receiptFromOrder(paidOrder(['0.00']), SETTINGS)).message).toBe(
			"The payment of 0 MXN is not between 0 and the invoice's balance of 20199 MXN.",
		);
	});

	it('an order that is not invoiced has no invoice to pay: the refusal says why', () => {
		const cancelled = paidOrder();
		cancelled.cancelled_at = '2026-11-26T10:00:00-06:00';
		expect(refusal(() => receiptFromOrder(cancelled, SETTINGS))).toMatchObject({
			path: '',
			message: 'order #1015 has no invoice to pay: order #1015 was cancelled; it is not invoiced.',
			fix: 'Issue the payment receipt with the same settings as the invoice.',
		});
		const anonymous = paidOrder();
		anonymous.note_attributes = [];
		expect(refusal(() => receiptFromOrder(anonymous, SETTINGS)).message).toMatch(
			/^order #1015 has no invoice to pay: order #1015 was not invoiced: it has no complete recipient tax data/,
		);
		expect(refusal(() => receiptFromOrder('order 1015', SETTINGS))).toMatchObject({
			path: '',
			message: 'The order is not an order object.',
		});
	});

	it('PUE: the refusal tells which invoices take receipts', () => {
		expect(
			refusal(() => receiptFromOrder(paidOrder(), { ...SETTINGS, paymentMethod: 'PUE' })).fix,
		).toBe(
			'Issue payment receipts only for orders invoiced PPD (pending or partially paid when invoiced, or Payment Method PPD), with the same settings as the invoice.',
		);
	});

	it('an invoice in US dollars: the payment is in USD at the invoice exchange rate', () => {
		const order = corpusOrder('usd-shop');
		order.financial_status = 'paid';
		order.transactions = [
			{
				id: 7,
				kind: 'capture',
				status: 'success',
				gateway: 'stripe',
				amount: '210.00',
				processed_at: '2026-11-30T11:00:00-06:00',
			},
		];
		const settings: ReceiptSettings = {
			...SETTINGS,
			paymentMethod: 'PPD',
			exchangeRate: '17.1234',
		};
		expect(orderToVoucher(order, settings).voucher).toMatchObject({
			metodoPago: 'PPD',
			moneda: 'USD',
			tipoCambio: 17.1234,
			total: 210,
		});
		const voucher = receiptFromOrder(order, settings).voucher as Voucher;
		expect(pago(voucher)).toMatchObject({
			monedaP: 'USD',
			tipoCambioP: 17.1234,
			monto: 210,
			formaDePagoP: '04',
		});
		expect(pago(voucher).doctoRelacionado[0]).toMatchObject({
			monedaDR: 'USD',
			impSaldoAnt: 210,
			impPagado: 210,
		});
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('an invoice with an exempt line: the receipt prorates its exempt base without rate or amount', () => {
		const order = corpusOrder('exempt-books');
		order.financial_status = 'paid';
		order.transactions = [
			{
				id: 8,
				kind: 'sale',
				status: 'success',
				gateway: 'shopify_payments',
				amount: '1077.50',
				processed_at: '2026-11-30T11:00:00-06:00',
			},
		];
		const voucher = receiptFromOrder(order, { ...SETTINGS, paymentMethod: 'PPD' })
			.voucher as Voucher;
		const taxes = pago(voucher).doctoRelacionado[0].impuestosDR.trasladosDR;
		expect(taxes).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ baseDR: 900, impuestoDR: '002', tipoFactorDR: 'Exento' }),
			]),
		);
		const exempt = taxes.find((tax: Record<string, unknown>) => tax.tipoFactorDR === 'Exento');
		expect(exempt).not.toHaveProperty('tasaOCuotaDR');
		expect(exempt).not.toHaveProperty('importeDR');
		expect(validateWithKinds(voucher).errors).toEqual([]);
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
		expect(pago(voucher).doctoRelacionado[0]).toMatchObject({
			objetoImpDR: '01',
			impPagado: invoice.total,
		});
		expect(pago(voucher).doctoRelacionado[0]).not.toHaveProperty('impuestosDR');
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('the refusal of a value that is not an order says what to give', () => {
		expect(refusal(() => receiptFromOrder(42, SETTINGS)).fix).toBe(
			'Set Order to an expression that gives one paid Shopify order, e.g. {{ $json }}.',
		);
	});
});
