/**
 * A Shopify order → a CFDI 4.0 invoice (type I), by settings instead of code.
 */
import { findEntry } from '../cfdi/catalogs/lookup';
import { MONEDA } from '../cfdi/catalogs/moneda';
import { DECIMAL_ZERO, decimalToNumber, isZero, type Decimal } from '../cfdi/decimal';
import type { Receptor } from '../cfdi/types';
import { OrderInputError } from './orderInputError';
import { paymentFormTable, paymentTerms } from './paymentForm';
import { checkIssuerSettings, voucherHeader } from './header';
import { priceVoucher } from '../cfdi/pricing';
import { findRecipient, generalPublicReceptor } from './orderRecipient';
import { otherRfcAtCheckout, selfInvoiceRefusal } from './selfInvoice';
import { finishConversion, type ConversionResult, type KnownDifference } from './result';
import { DEFAULT_USO_CFDI, type OrderSettings } from './settings';
import {
	exchangeRateFor,
	folioOf,
	MoneyReader,
	orderLabel,
	orderPeriod,
	readOrderLines,
} from './shopifyOrder';
import { isRecord } from '../cfdi/voucherShape';
import { type UnknownRecord } from '../cfdi/validation/context';

function orderTotalOf(order: UnknownRecord, money: MoneyReader, fallback: Decimal): Decimal {
	return money.read(order, 'total_price', '') ?? fallback;
}

interface RecipientDecision {
	receptor?: Receptor;
	skipped?: ConversionResult['skipped'];
	notes: string[];
}

function decideRecipient(order: UnknownRecord, settings: OrderSettings): RecipientDecision {
	const lookup = findRecipient(
		order,
		settings.recipientAttributes,
		settings.recipient,
		settings.defaultUsoCfdi || DEFAULT_USO_CFDI,
	);
	// A self-invoice request for another RFC than the checkout's: refused, never invoiced in silence.
	if (settings.selfInvoice && lookup.otherRfc)
		return { skipped: otherRfcAtCheckout(order, lookup.otherRfc), notes: [] };
	if (lookup.receptor) return { receptor: lookup.receptor, notes: [] };
	const label = orderLabel(order);
	const missing = lookup.missing.map((name) => `"${name}"`).join(', ');
	const policy = settings.withoutTaxData ?? 'skip';
	if (policy === 'fail') {
		throw new OrderInputError(
			'note_attributes',
			`${label} has no complete recipient tax data: note attribute ${missing} is missing.`,
			'Ask for the tax data at checkout (cart attributes), give Recipient Data from a lookup, or set Without Tax Data to "Skip" or "General Public".',
			lookup.missingFields.map((field) => `receptor.${field}`),
		);
	}
	if (policy === 'generalPublic') {
		return {
			receptor: generalPublicReceptor(settings.lugarExpedicion),
			notes: [
				`${label} has no complete recipient tax data (${missing} missing): the invoice is issued to the general public (XAXX010101000).`,
			],
		};
	}
	return {
		skipped: {
			reason: 'noTaxData',
			message: `${label} was not invoiced: it has no complete recipient tax data (note attribute ${missing} missing).`,
			missing: lookup.missing,
		},
		notes: [],
	};
}

/**
 * Converts one order. Returns the voucher with totals from computeTotals, the order's own total,
 * and a rounding note when the two differ; or `skipped` when the order is not to be invoiced.
 * Throws OrderInputError naming the order member (or setting) at fault.
 */
export function orderToVoucher(order: unknown, settings: OrderSettings): ConversionResult {
	checkIssuerSettings(settings);
	if (!isRecord(order)) {
		throw new OrderInputError(
			'',
			`The order is ${Array.isArray(order) ? 'a list' : (JSON.stringify(order) ?? 'undefined')}, not an order object.`,
			'Set Order to an expression that gives one Shopify order, e.g. {{ $json }}.',
		);
	}
	const money = new MoneyReader(order, settings.currency ?? 'presentment');
	if (!findEntry(MONEDA, money.moneda)) {
		throw new OrderInputError(
			'currency',
			`The order's currency ${JSON.stringify(money.moneda)} is not in the SAT's currency catalog.`,
			'Give the order with an ISO 4217 currency code such as MXN or USD.',
		);
	}
	const label = orderLabel(order);
	// A buyer's self-invoice request: theirs, paid, not cancelled or refunded, inside the window.
	const refusal = settings.selfInvoice
		? selfInvoiceRefusal(order, settings.selfInvoice)
		: undefined;
	if (refusal)
		return {
			orderTotal: decimalToNumber(orderTotalOf(order, money, DECIMAL_ZERO)),
			skipped: refusal,
			notes: [],
		};
	if (order.cancelled_at) {
		const total = orderTotalOf(order, money, DECIMAL_ZERO);
		return {
			orderTotal: decimalToNumber(total),
			skipped: { reason: 'cancelled', message: `${label} was cancelled; it is not invoiced.` },
			notes: [],
		};
	}
	// A voided order's authorization was released: no money was or will be received.
	if (
		String(order.financial_status ?? '')
			.trim()
			.toLowerCase() === 'voided'
	) {
		const total = orderTotalOf(order, money, DECIMAL_ZERO);
		return {
			orderTotal: decimalToNumber(total),
			skipped: {
				reason: 'cancelled',
				message: `${label} was voided (its payment was never captured); it is not invoiced.`,
			},
			notes: [],
		};
	}

	const recipient = decideRecipient(order, settings);
	if (!recipient.receptor)
		return {
			orderTotal: decimalToNumber(orderTotalOf(order, money, DECIMAL_ZERO)),
			skipped: recipient.skipped,
			notes: recipient.notes,
		};

	const { lines, giftCardsSold, notes: lineNotes } = readOrderLines(order, money, settings);
	const terms = paymentTerms(
		order,
		paymentFormTable(settings.paymentForms),
		settings.paymentMethod,
	);
	const notes = [...recipient.notes, ...lineNotes, ...terms.notes];
	if (lines.length === 0 || lines.every((line) => isZero(line.unitPrice))) {
		return {
			orderTotal: decimalToNumber(orderTotalOf(order, money, DECIMAL_ZERO)),
			skipped: {
				reason: 'nothingToInvoice',
				message: `${label} has nothing to invoice (no priced line items or shipping).`,
			},
			notes,
		};
	}

	const folio = folioOf(order, settings);
	const header = voucherHeader(settings, {
		tipoDeComprobante: 'I',
		receptor: recipient.receptor,
		moneda: money.moneda,
		tipoCambio: exchangeRateFor(order, money, settings),
		formaPago: terms.formaPago,
		metodoPago: terms.metodoPago,
		folio,
		descripcionFacturador:
			settings.description ||
			`Order ${String(order.name ?? order.order_number ?? order.id ?? '')}`.trim(),
		period: orderPeriod(order),
		periodPath: 'created_at',
	});
	const pricing = priceVoucher(header, lines);
	const leftOut: KnownDifference[] = [
		{ amount: giftCardsSold, reason: 'of gift cards sold, invoiced when they are spent' },
	];
	return finishConversion(
		pricing,
		orderTotalOf(order, money, pricing.chargedTotal),
		notes,
		leftOut,
		{
			from: `the order's total_price`,
			field: 'total_price',
			fix: "the order's line items, shipping, taxes and total_price",
		},
	);
}
