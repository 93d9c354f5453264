/**
 * A Shopify refund → the concepts and totals of a credit note (type E) related to the order's
 * invoice: the refunded items and shipping as the customer was charged for them, through the same
 * pricing as the invoice. The credit note's input building from an order (the Order input mode
 * calls it through the kinds table, actions/voucher/kindsTable.ts); the order's reading is orders/'s.
 */
import {
	decimalOf,
	DECIMAL_ZERO,
	decimalToNumber,
	isZero,
	parseDecimal,
	type Decimal,
} from '../../../cfdi/decimal';
import type { TaxRate } from '../../../cfdi/kinds/taxRates';
import { buildCreditNote, type CreditNoteLine } from './buildCreditNote';
import type { Concepto } from '../../../cfdi/types';
import { OrderInputError } from '../../../orders/orderInputError';
import { invoiceUuidOf, rebuiltInvoice } from '../../../orders/invoiceLink';
import { checkIssuerSettings, voucherHeader } from '../../../orders/header';
import { paymentFormTable } from '../../../orders/paymentForm';
import { priceVoucher, type SaleLine } from '../../../cfdi/pricing';
import { findRecipient, generalPublicReceptor } from '../../../orders/orderRecipient';
import { finishConversion, type ConversionResult } from '../../../orders/result';
import {
	exchangeRateFor,
	folioOf,
	MoneyReader,
	orderLabel,
	orderPeriod,
	readTax,
} from '../../../orders/shopifyOrder';
import { isRecord } from '../../../cfdi/voucherShape';
import { type UnknownRecord } from '../../../cfdi/validation/context';
import {
	pickRefund,
	refundedItems,
	refundedShipping,
	refundTransactions,
	type RefundSettings,
} from '../../../orders/refundedLines';

/** Product code of a credit note for a refund without items (SAT filling guide, egresos appendix). */
const REFUND_PRODUCT_CODE = '84111506';

const REFUND_UNIT_CODE = 'ACT';

/** The invoice's folio with the refund's ordinal: 1001-R1 for the first refund of order 1001. */
function creditNoteFolio(
	order: UnknownRecord,
	index: number,
	settings: RefundSettings,
): string | undefined {
	const folio = folioOf(order, settings);
	return folio ? `${folio}-R${index + 1}` : undefined;
}

/** A refund of money only (no items, no shipping): one "Refund" concept at the order's single IVA rate. */
function refundedAmount(
	order: UnknownRecord,
	total: Decimal,
	path: string,
	money: MoneyReader,
	settings: RefundSettings,
): SaleLine {
	const orderItems = Array.isArray(order.line_items)
		? (order.line_items as unknown[]).filter(isRecord)
		: [];
	const taxes = orderItems.map(
		(item, index) =>
			readTax(item, `line_items[${index}]`, money, settings.untaxedLines ?? 'notSubject').tax,
	);
	const keys = new Set(
		taxes.map((tax) => (tax.kind === 'rate' ? `rate:${decimalToNumber(tax.rate)}` : tax.kind)),
	);
	if (keys.size !== 1) {
		throw new OrderInputError(
			`${path}.refund_line_items`,
			`${path} returns money without naming items, and the order's items carry different taxes, so the credit note's tax is unknown.`,
			'Refund the items in Shopify (choose the items and quantities), so each refunded item keeps its own tax.',
		);
	}
	return {
		path,
		descripcion: 'Refund',
		claveProdServ: REFUND_PRODUCT_CODE,
		claveUnidad: REFUND_UNIT_CODE,
		quantity: decimalOf(1),
		unitPrice: total,
		discount: DECIMAL_ZERO,
		// The money returned includes its tax, whatever the shop's price setting.
		taxIncluded: true,
		tax: taxes[0],
	};
}

/**
 * Converts one refund of an order into a credit note related to the order's invoice (relation 03,
 * return of goods, when items were restocked as returns; 01 otherwise). The source total is the
 * money returned (Σ successful refund transactions).
 */
/** A priced concept as a line of the credit-note builder, with its own taxes. */
function creditNoteLine(concepto: Concepto): CreditNoteLine {
	const taxes: TaxRate[] = (concepto.impuestos?.traslados ?? []).map((tax) => ({
		impuesto: tax.impuesto,
		tipoFactor: tax.tipoFactor,
		...(tax.tasaOCuota !== undefined ? { tasaOCuota: tax.tasaOCuota } : {}),
		// The pricing's Importe: base × rate rounded the other way where that lands on the refund.
		...(tax.importe !== undefined ? { importe: tax.importe } : {}),
	}));
	return {
		claveProdServ: concepto.claveProdServ,
		...(concepto.noIdentificacion ? { noIdentificacion: concepto.noIdentificacion } : {}),
		cantidad: concepto.cantidad,
		claveUnidad: concepto.claveUnidad,
		...(concepto.unidad ? { unidad: concepto.unidad } : {}),
		descripcion: concepto.descripcion,
		valorUnitario: concepto.valorUnitario,
		...(concepto.descuento !== undefined ? { descuento: concepto.descuento } : {}),
		taxes,
	};
}

export function creditNoteFromRefund(order: unknown, settings: RefundSettings): ConversionResult {
	checkIssuerSettings(settings);
	if (!isRecord(order)) {
		throw new OrderInputError(
			'',
			'The order is not an order object.',
			'Set Order to an expression that gives one Shopify order with its refunds, e.g. {{ $json }}.',
		);
	}
	const money = new MoneyReader(order, settings.currency ?? 'presentment');
	const { refund, index } = pickRefund(order, settings.refundId);
	const path = `refunds[${index}]`;
	const { total, gateway } = refundTransactions(refund, path);

	const earlier = (order.refunds as unknown[]).slice(0, index);
	let lines = [
		...refundedItems(order, refund, path, money, settings, earlier),
		...refundedShipping(order, refund, path, money, settings),
	];
	if (lines.length === 0) {
		if (isZero(total))
			throw new OrderInputError(
				path,
				`${path} returns nothing: no items, no shipping, no money.`,
				'Give a refund that returns items or money.',
			);
		lines = [refundedAmount(order, total, path, money, settings)];
	}

	const form = gateway ? paymentFormTable(settings.paymentForms).get(gateway) : undefined;
	if (!form) {
		throw new OrderInputError(
			`${path}.transactions`,
			`${path} was paid back through ${gateway ? `gateway "${gateway}", which has no payment form in the table` : 'no successful refund transaction'}; a credit note names how the money was returned.`,
			'Add the gateway to Payment Forms (e.g. "04" for a card).',
		);
	}

	// The use of the CFDI is not read: a taxpayer's credit note is G02 and the general public's S01.
	const lookup = findRecipient(order, settings.recipientAttributes, settings.recipient);
	let receptor = lookup.receptor;
	if (!receptor) {
		if (settings.withoutTaxData !== 'generalPublic') {
			throw new OrderInputError(
				'note_attributes',
				`${orderLabel(order)} has no complete recipient tax data (${lookup.missing.join(', ')} missing); a credit note goes to the invoice's recipient.`,
				'Give the same tax data as for the invoice.',
			);
		}
		receptor = generalPublicReceptor(settings.lugarExpedicion);
	}
	const restocked = (
		Array.isArray(refund.refund_line_items) ? (refund.refund_line_items as unknown[]) : []
	).some((entry) => isRecord(entry) && entry.restock_type === 'return');
	const header = voucherHeader(settings, {
		tipoDeComprobante: 'E',
		receptor,
		moneda: money.moneda,
		formaPago: form,
		metodoPago: 'PUE',
		folio: creditNoteFolio(order, index, settings),
		descripcionFacturador: `Refund of ${orderLabel(order)}`,
		period: orderPeriod(order),
		periodPath: 'created_at',
	});
	// The header prices the concepts and gives the period; the note's own header is the builder's.
	const tipoCambio = exchangeRateFor(order, money, settings);
	const uuid = invoiceUuidOf(order, settings, 'credit note');
	// The pricing decides each concept's amounts as refunded; the credit-note builder of the voucher
	// kinds adds the relation and checks the note against the invoice's total.
	const pricing = priceVoucher(header, lines);
	const invoice = rebuiltInvoice(order, settings);
	const { usoCFDI, ...recipient } = receptor;
	// A refusal of the kinds builder (KindInputError) names its input member; the node words it.
	const voucher = buildCreditNote({
		emisor: settings.emisor,
		lugarExpedicion: settings.lugarExpedicion,
		serie: settings.serie,
		folio: header.folio as string | undefined,
		descripcionFacturador: header.descripcionFacturador as string | undefined,
		// A generic recipient keeps its use (S01); a taxpayer gets G02 (returns, discounts or rebates).
		receptor:
			receptor.rfc === generalPublicReceptor(settings.lugarExpedicion).rfc
				? { ...recipient, usoCFDI }
				: recipient,
		formaPago: form,
		moneda: money.moneda,
		...(tipoCambio !== undefined ? { tipoCambio } : {}),
		tipoRelacion: restocked ? '03' : '01',
		invoices: [{ uuid, moneda: money.moneda, ...(invoice ? { total: invoice.total } : {}) }],
		lines: pricing.voucher.conceptos.map(creditNoteLine),
	});
	if (header.informacionGlobal) voucher.informacionGlobal = header.informacionGlobal;
	const voucherTotal = parseDecimal(voucher.total) as Decimal;
	return finishConversion(
		{ ...pricing, voucher, voucherTotal },
		isZero(total) ? pricing.chargedTotal : total,
		[],
		[],
		{
			from: isZero(total)
				? `the amounts of ${path}'s items and shipping`
				: `the money refunded (${path}'s successful refund transactions)`,
			field: `${path}.transactions`,
			fix: `${path}'s items, shipping and transactions`,
		},
	);
}
