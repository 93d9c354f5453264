/** A Shopify refund's parts: which refund, its transactions, and the items and shipping it gives back. */
import {
	addDecimal,
	compareDecimal,
	decimalOf,
	DECIMAL_ZERO,
	decimalToNumber,
	isNegative,
	isZero,
	multiplyDecimal,
	parseDecimal,
	subtractDecimal,
	sumDecimals,
	type Decimal,
} from '../cfdi/decimal';
import { OrderInputError } from './orderInputError';
import { type InvoiceLinkSettings } from './invoiceLink';
import { type LineTax, type SaleLine } from '../cfdi/pricing';
import { normalizeName } from './settings';
import {
	MoneyReader,
	orderLabel,
	parseMoney,
	parseQuantity,
	readLineItem,
	readTax,
} from './shopifyOrder';
import { isRecord } from '../cfdi/voucherShape';
import { type UnknownRecord } from '../cfdi/validation/context';

export interface RefundSettings extends InvoiceLinkSettings {
	/** Which refund of order.refunds; default the last one. */
	refundId?: string | number;
}

export function pickRefund(
	order: UnknownRecord,
	refundId: RefundSettings['refundId'],
): { refund: UnknownRecord; index: number } {
	const refunds = Array.isArray(order.refunds) ? (order.refunds as unknown[]) : [];
	if (refunds.length === 0)
		throw new OrderInputError(
			'refunds',
			`${orderLabel(order)} has no refunds.`,
			'Give the order after the refund, as Shopify sends it (Shopify node, Get order).',
		);
	const wanted =
		refundId === undefined || refundId === null || String(refundId).trim() === ''
			? undefined
			: String(refundId).trim();
	const index =
		wanted === undefined
			? refunds.length - 1
			: refunds.findIndex((refund) => isRecord(refund) && String(refund.id) === wanted);
	if (index < 0)
		throw new OrderInputError(
			'refunds',
			`${orderLabel(order)} has no refund with id ${wanted}.`,
			"Give the id of one of the order's refunds, or leave Refund ID empty for the last one.",
		);
	const refund = refunds[index];
	if (!isRecord(refund))
		throw new OrderInputError(
			`refunds[${index}]`,
			`refunds[${index}] is not a refund.`,
			'Give refunds as Shopify sends them.',
		);
	return { refund, index };
}

/** Successful refund transactions: their sum is the money returned, their gateway the payment form. */
export function refundTransactions(
	refund: UnknownRecord,
	path: string,
): { total: Decimal; gateway?: string } {
	const transactions = Array.isArray(refund.transactions) ? (refund.transactions as unknown[]) : [];
	const amounts: Decimal[] = [];
	let gateway: string | undefined;
	transactions.forEach((transaction, index) => {
		if (
			!isRecord(transaction) ||
			String(transaction.kind) !== 'refund' ||
			String(transaction.status) !== 'success'
		)
			return;
		amounts.push(parseMoney(transaction.amount, `${path}.transactions[${index}].amount`));
		gateway ??= normalizeName(transaction.gateway);
	});
	return { total: sumDecimals(amounts), gateway };
}

/** Units of each line item (by id) refunded by these refunds. */
export function unitsRefunded(refunds: ReadonlyArray<unknown>): Map<string, Decimal> {
	const units = new Map<string, Decimal>();
	for (const refund of refunds) {
		const lines =
			isRecord(refund) && Array.isArray(refund.refund_line_items)
				? (refund.refund_line_items as unknown[])
				: [];
		for (const entry of lines) {
			if (!isRecord(entry)) continue;
			const id = String(
				entry.line_item_id ?? (isRecord(entry.line_item) ? entry.line_item.id : ''),
			);
			const quantity = parseDecimal(entry.quantity);
			if (id && quantity) units.set(id, addDecimal(units.get(id) ?? DECIMAL_ZERO, quantity));
		}
	}
	return units;
}

export function refundedItems(
	order: UnknownRecord,
	refund: UnknownRecord,
	path: string,
	money: MoneyReader,
	settings: RefundSettings,
	earlier: ReadonlyArray<unknown>,
): SaleLine[] {
	const before = unitsRefunded(earlier);
	const taxIncluded = order.taxes_included === true;
	const orderItems = Array.isArray(order.line_items)
		? (order.line_items as unknown[]).filter(isRecord)
		: [];
	const refundLines = Array.isArray(refund.refund_line_items)
		? (refund.refund_line_items as unknown[])
		: [];
	return refundLines.map((entry, index) => {
		const linePath = `${path}.refund_line_items[${index}]`;
		if (!isRecord(entry))
			throw new OrderInputError(
				linePath,
				`${linePath} is not a refund line item.`,
				'Give refund line items as Shopify sends them.',
			);
		const item = isRecord(entry.line_item)
			? entry.line_item
			: orderItems.find((candidate) => String(candidate.id) === String(entry.line_item_id));
		if (!item)
			throw new OrderInputError(
				`${linePath}.line_item_id`,
				`${linePath}.line_item_id ${JSON.stringify(entry.line_item_id)} is not a line item of the order.`,
				'Give the order and its refund as Shopify sends them.',
			);
		const line = readLineItem(item, `${linePath}.line_item`, taxIncluded, money, settings);
		const refundedQuantity = parseQuantity(entry.quantity, `${linePath}.quantity`);
		// Never more units than were bought, counting the earlier refunds of the same line.
		const bought = parseDecimal(item.quantity);
		const id = String(item.id ?? entry.line_item_id ?? '');
		const already = before.get(id) ?? DECIMAL_ZERO;
		if (bought && compareDecimal(addDecimal(refundedQuantity, already), bought) > 0) {
			throw new OrderInputError(
				`${linePath}.quantity`,
				`${linePath} refunds ${decimalToNumber(refundedQuantity)} of line item ${id} ("${String(item.title ?? item.name ?? '')}"), but ${decimalToNumber(bought)} were bought${isZero(already) ? '' : ` and ${decimalToNumber(already)} were refunded before`}.`,
				`Refund at most ${decimalToNumber(subtractDecimal(bought, already))} of that line.`,
			);
		}
		// subtotal is what the refunded units were charged after discounts, on the footing of the line's price.
		const subtotal = money.require(entry, 'subtotal', linePath);
		const discount = subtractDecimal(multiplyDecimal(refundedQuantity, line.unitPrice), subtotal);
		return {
			...line,
			path: linePath,
			quantity: refundedQuantity,
			discount: isNegative(discount) ? DECIMAL_ZERO : discount,
			chargedTax: money.read(entry, 'total_tax', linePath) ?? DECIMAL_ZERO,
		};
	});
}

/** Shipping refunded: REST order_adjustments of kind shipping_refund (negative amounts), or refund_shipping_lines. */
export function refundedShipping(
	order: UnknownRecord,
	refund: UnknownRecord,
	path: string,
	money: MoneyReader,
	settings: RefundSettings,
): SaleLine[] {
	const taxIncluded = order.taxes_included === true;
	const lines: SaleLine[] = [];
	const shippingTax = (): LineTax => {
		const first = Array.isArray(order.shipping_lines)
			? (order.shipping_lines as unknown[]).find(isRecord)
			: undefined;
		return first
			? readTax(first, 'shipping_lines[0]', money, settings.untaxedLines ?? 'notSubject').tax
			: { kind: 'notSubject' };
	};
	const push = (linePath: string, amount: Decimal, tax: Decimal) => {
		if (isZero(amount)) return;
		lines.push({
			path: linePath,
			descripcion: 'Shipping refund',
			claveProdServ: settings.productCodes?.shippingClaveProdServ || '78102203',
			claveUnidad: settings.productCodes?.shippingClaveUnidad || 'E48',
			quantity: decimalOf(1),
			unitPrice: amount,
			discount: DECIMAL_ZERO,
			taxIncluded,
			tax:
				isZero(tax) && shippingTax().kind === 'rate'
					? { kind: 'rate', rate: DECIMAL_ZERO }
					: shippingTax(),
			chargedTax: tax,
		});
	};
	const adjustments = Array.isArray(refund.order_adjustments)
		? (refund.order_adjustments as unknown[])
		: [];
	adjustments.forEach((entry, index) => {
		if (!isRecord(entry) || String(entry.kind) !== 'shipping_refund') return;
		const linePath = `${path}.order_adjustments[${index}]`;
		const amount = absolute(money.read(entry, 'amount', linePath, true));
		const tax = absolute(money.read(entry, 'tax_amount', linePath, true));
		push(linePath, amount, tax);
	});
	const shippingLines = Array.isArray(refund.refund_shipping_lines)
		? (refund.refund_shipping_lines as unknown[])
		: [];
	shippingLines.forEach((entry, index) => {
		if (!isRecord(entry)) return;
		const linePath = `${path}.refund_shipping_lines[${index}]`;
		push(
			linePath,
			absolute(money.read(entry, 'subtotal_amount', linePath, true)),
			absolute(money.read(entry, 'tax_amount', linePath, true)),
		);
	});
	return lines;
}

export function absolute(amount: Decimal | undefined): Decimal {
	if (!amount) return DECIMAL_ZERO;
	return isNegative(amount) ? multiplyDecimal(amount, decimalOf(-1)) : amount;
}
