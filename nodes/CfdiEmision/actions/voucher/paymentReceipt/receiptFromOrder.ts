/**
 * A paid order whose invoice was issued PPD (paid later) → its payment receipt (CFDI type P, Pagos
 * 2.0), built by the receipt's builder from the order's payment and the order's invoice: the
 * receipt's input building from an order (the Order input mode calls it through the kinds table,
 * actions/voucher/kindsTable.ts); the order's reading is orders/'s.
 */
import { buildPaymentReceipt } from './buildReceipt';
import {
	addDecimal,
	compareDecimal,
	decimalToNumber,
	decimalToString,
	DECIMAL_ZERO,
	isZero,
	parseDecimal,
	roundDecimal,
	subtractDecimal,
	type Decimal,
} from '../../../cfdi/decimal';
import { amountDecimals } from '../../../cfdi/catalogs/moneda';
import { mexicoCityMoment } from '../../../cfdi/mexicoTime';
import type { Voucher } from '../../../cfdi/types';
import { OrderInputError } from '../../../orders/orderInputError';
import { checkIssuerSettings } from '../../../orders/header';
import { invoiceTaxRates, invoiceUuidOf, type ReceiptSettings } from '../../../orders/invoiceLink';
import { orderToVoucher } from '../../../orders/orderToVoucher';
import { decidingGateway, paymentFormTable } from '../../../orders/paymentForm';
import type { ConversionResult } from '../../../orders/result';
import { normalizeName } from '../../../orders/settings';
import { orderLabel, parseMoney } from '../../../orders/shopifyOrder';
import { isRecord } from '../../../cfdi/voucherShape';
import { type UnknownRecord } from '../../../cfdi/validation/context';

interface OrderPayment {
	amount: Decimal;
	gateway?: string;
	date: unknown;
	/** Amounts paid before this payment (earlier installments). */
	before: Decimal;
	installment: number;
	path: string;
}

/**
 * fechaPago from a payment's timestamp: Mexico City's wall clock at that instant (Shopify writes
 * UTC or the shop's offset), a zone-less time as written; a date without a time is refused.
 */
function paymentDateTime(value: unknown, path: string): string {
	const moment = mexicoCityMoment(value);
	if (moment?.time) return `${moment.date}T${moment.time}`;
	const what =
		value === undefined || value === null
			? 'is missing'
			: `${JSON.stringify(value)} is not a date-time`;
	throw new OrderInputError(
		path,
		`${path} ${what}.`,
		'Give the payment date as Shopify writes it, e.g. 2026-11-21T16:05:00-06:00, or set Payment Date.',
	);
}

/** The payment the receipt is for: a successful sale or capture of the order, or the whole order. */
function orderPayment(
	order: UnknownRecord,
	invoiceTotal: Decimal,
	settings: ReceiptSettings,
): OrderPayment {
	const transactions = Array.isArray(order.transactions) ? (order.transactions as unknown[]) : [];
	const paid = transactions
		.map((transaction, index) => ({ transaction, index }))
		.filter(
			({ transaction }) =>
				isRecord(transaction) &&
				['sale', 'capture'].includes(String(transaction.kind)) &&
				String(transaction.status) === 'success',
		) as Array<{
		transaction: UnknownRecord;
		index: number;
	}>;
	if (paid.length === 0) {
		// Without a successful sale or capture, only an order Shopify calls paid has received its money.
		const status = String(order.financial_status ?? '')
			.trim()
			.toLowerCase();
		if (status !== 'paid') {
			throw new OrderInputError(
				'financial_status',
				`${orderLabel(order)} has no successful payment (financial_status ${JSON.stringify(order.financial_status ?? null)}, no successful sale or capture transaction): a payment receipt records money actually received.`,
				status === 'partially_paid'
					? 'Give the order with its transactions (Shopify node, Get order with transactions) so the amount received is known.'
					: 'Issue the payment receipt once the order is paid (orders/paid), with its transactions.',
			);
		}
		return {
			amount: invoiceTotal,
			gateway: decidingGateway(order),
			date: settings.paymentDate || order.updated_at || order.processed_at,
			before: DECIMAL_ZERO,
			installment: 1,
			path: settings.paymentDate ? 'settings.paymentDate' : 'updated_at',
		};
	}
	const wanted =
		settings.transactionId === undefined || String(settings.transactionId).trim() === ''
			? undefined
			: String(settings.transactionId).trim();
	const position =
		wanted === undefined
			? paid.length - 1
			: paid.findIndex(({ transaction }) => String(transaction.id) === wanted);
	if (position < 0)
		throw new OrderInputError(
			'transactions',
			`${orderLabel(order)} has no successful payment with id ${wanted}.`,
			'Give the id of one of its sale or capture transactions, or leave Transaction ID empty for the last one.',
		);
	let before = DECIMAL_ZERO;
	for (const { transaction, index } of paid.slice(0, position))
		before = addDecimal(before, parseMoney(transaction.amount, `transactions[${index}].amount`));
	const { transaction, index } = paid[position];
	const path = `transactions[${index}]`;
	return {
		amount: parseMoney(transaction.amount, `${path}.amount`),
		gateway: normalizeName(transaction.gateway),
		date: transaction.processed_at ?? transaction.created_at,
		before,
		installment: position + 1,
		path,
	};
}

/**
 * The payment receipt of an order paid after its invoice was issued PPD. The invoice is rebuilt with
 * the same settings (its total, folio and taxes per rate), its UUID comes from the settings or a note
 * attribute; the payment from the order's transactions (the last one by default, installment number
 * and previous balance from the earlier ones) or, without them, the whole order.
 */
export function receiptFromOrder(order: unknown, settings: ReceiptSettings): ConversionResult {
	checkIssuerSettings(settings);
	if (!isRecord(order)) {
		throw new OrderInputError(
			'',
			'The order is not an order object.',
			'Set Order to an expression that gives one paid Shopify order, e.g. {{ $json }}.',
		);
	}
	const label = orderLabel(order);
	const invoiced = orderToVoucher(order, {
		...settings,
		serie: settings.invoiceSerie || settings.serie,
	});
	if (!invoiced.voucher) {
		throw new OrderInputError(
			invoiced.skipped?.reason === 'noTaxData' ? 'note_attributes' : '',
			`${label} has no invoice to pay: ${invoiced.skipped?.message ?? 'it is not invoiced'}`,
			'Issue the payment receipt with the same settings as the invoice.',
		);
	}
	const invoice: Voucher = invoiced.voucher;
	// The rebuilt invoice sees the order as paid now; what tells how it was issued is the setting.
	// (Automatic issues it PPD only while the order was unpaid: the examples keep metodoPago in their
	// invoice table and ask for receipts of PPD invoices only.)
	if (settings.paymentMethod === 'PUE') {
		throw new OrderInputError(
			'settings.paymentMethod',
			`${label}'s invoice is issued PUE (Payment Method PUE: paid in full when issued): it takes no payment receipt; only an invoice issued PPD (paid later) does.`,
			'Issue payment receipts only for orders invoiced PPD (pending or partially paid when invoiced, or Payment Method PPD), with the same settings as the invoice.',
		);
	}
	const uuid = invoiceUuidOf(order, settings, 'payment receipt');
	const invoiceTotal = parseDecimal(invoice.total) as Decimal;
	const payment = orderPayment(order, invoiceTotal, settings);
	const decimals = amountDecimals(invoice.moneda);
	const saldo = roundDecimal(subtractDecimal(invoiceTotal, payment.before), decimals);
	if (isZero(payment.amount) || compareDecimal(payment.amount, saldo) > 0) {
		throw new OrderInputError(
			`${payment.path}.amount`,
			`The payment of ${decimalToNumber(payment.amount)} ${invoice.moneda} is not between 0 and the invoice's balance of ${decimalToNumber(saldo)} ${invoice.moneda}.`,
			'Check that the invoice was built with the same settings and that the payment belongs to this order.',
		);
	}
	const form = payment.gateway
		? paymentFormTable(settings.paymentForms).get(payment.gateway)
		: undefined;
	if (!form || form === '99') {
		throw new OrderInputError(
			payment.path === 'updated_at' || payment.path === 'settings.paymentDate'
				? 'payment_gateway_names'
				: `${payment.path}.gateway`,
			`${label} was paid through ${payment.gateway ? `gateway "${payment.gateway}", which has no payment form in the table` : 'no known gateway'}; a payment receipt names how the money was received (never 99).`,
			'Add the gateway to Payment Forms, e.g. "03" for a bank deposit.',
		);
	}
	const { usoCFDI: _use, ...receptor } = invoice.receptor;
	void _use;
	const folio = invoice.folio ? `${invoice.folio}-P${payment.installment}` : undefined;
	// A refusal of the kinds builder (KindInputError) names its input member; the node words it.
	const voucher = buildPaymentReceipt({
		emisor: settings.emisor,
		lugarExpedicion: settings.lugarExpedicion,
		serie: settings.serie,
		folio,
		descripcionFacturador: `Payment of ${label}`,
		receptor,
		payments: [
			{
				fechaPago: paymentDateTime(
					payment.date,
					payment.path === 'updated_at' || payment.path === 'settings.paymentDate'
						? payment.path
						: `${payment.path}.processed_at`,
				),
				formaDePagoP: form,
				monedaP: invoice.moneda,
				...(invoice.tipoCambio !== undefined ? { tipoCambioP: invoice.tipoCambio } : {}),
				monto: decimalToNumber(payment.amount),
				documents: [
					{
						idDocumento: uuid,
						...(invoice.serie ? { serie: invoice.serie } : {}),
						...(invoice.folio ? { folio: invoice.folio } : {}),
						monedaDR: invoice.moneda,
						numParcialidad: payment.installment,
						impSaldoAnt: decimalToNumber(saldo),
						impPagado: decimalToNumber(payment.amount),
						taxes: invoiceTaxRates(invoice),
						invoiceTotal: invoice.total,
					},
				],
			},
		],
	});
	const received = {
		amount: decimalToString(payment.amount, decimals),
		currency: String(invoice.moneda),
		from: `the payment received (${payment.path})`,
		field: `${payment.path}.amount`,
		fix: "the order's transactions",
	};
	return {
		voucher,
		orderTotal: decimalToNumber(payment.amount),
		voucherTotal: decimalToNumber(payment.amount),
		notes: [],
		source: received,
	};
}
