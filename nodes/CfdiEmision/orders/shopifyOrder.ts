/**
 * Reading a Shopify order (REST Admin API / webhook JSON, as the Shopify Trigger and the Shopify
 * node give it) into sale lines. Every Shopify-shape assumption of this package lives here.
 */
import {
	addDecimal,
	compareDecimal,
	DECIMAL_ZERO,
	decimalOf,
	decimalToNumber,
	divideDecimal,
	isNegative,
	isZero,
	multiplyDecimal,
	parseDecimal,
	subtractDecimal,
	sumDecimals,
	type Decimal,
} from '../cfdi/decimal';
import { isRecord } from '../cfdi/voucherShape';
import type { UnknownRecord } from '../cfdi/validation/context';
import { OrderInputError } from './orderInputError';
import { saleMonthOf } from './header';
import type { LineTax, SaleLine } from '../cfdi/pricing';
import { productCodesFor } from './productCodes';
import {
	SHIPPING_PRODUCT_CODE,
	SHIPPING_UNIT_CODE,
	type CurrencySource,
	type OrderSettings,
	type ProductCodeSettings,
	type UntaxedTreatment,
} from './settings';

const TIPO_CAMBIO_DECIMALS = 6;

/** Reads amounts in the voucher's currency: the presentment money of each *_set, or the shop's. */
export class MoneyReader {
	/** The currency the voucher is issued in. */
	readonly moneda: string;
	readonly shopCurrency: string;
	private readonly usePresentment: boolean;

	constructor(order: UnknownRecord, source: CurrencySource) {
		this.shopCurrency = String(order.currency ?? 'MXN')
			.trim()
			.toUpperCase();
		const presentment = order.presentment_currency
			? String(order.presentment_currency).trim().toUpperCase()
			: this.shopCurrency;
		this.usePresentment = source === 'presentment' && presentment !== this.shopCurrency;
		this.moneda = this.usePresentment ? presentment : this.shopCurrency;
	}

	/**
	 * The amount of `field` of `record`, undefined when absent; negative only when `signed` (refund
	 * adjustments). `path` is where the record is in the input ('' for the order itself).
	 */
	read(record: UnknownRecord, field: string, path: string, signed = false): Decimal | undefined {
		const member = path ? `${path}.${field}` : field;
		const set = record[`${field}_set`];
		if (this.usePresentment) {
			const money =
				isRecord(set) && isRecord(set.presentment_money) ? set.presentment_money.amount : undefined;
			if (money !== undefined && money !== null)
				return parseMoney(money, `${member}_set.presentment_money.amount`, signed);
			if (record[field] === undefined || record[field] === null) return undefined;
			throw new OrderInputError(
				`${member}_set`,
				`${member}_set is missing, so the amount in ${this.moneda} (the customer's currency) is unknown; ${member} is in ${this.shopCurrency}.`,
				'Give the order as Shopify sends it (with the *_set amounts), or set Currency to "Shop Currency".',
			);
		}
		const value = record[field];
		if (value === undefined || value === null) return undefined;
		return parseMoney(value, member, signed);
	}

	require(record: UnknownRecord, field: string, path: string): Decimal {
		const amount = this.read(record, field, path);
		if (amount) return amount;
		throw new OrderInputError(
			`${path}.${field}`,
			`${path}.${field} is missing.`,
			`Give the order with its ${field}, as Shopify sends it.`,
		);
	}
}

export function parseMoney(value: unknown, path: string, signed = false): Decimal {
	const amount = parseDecimal(value);
	if (!amount || (isNegative(amount) && !signed)) {
		throw new OrderInputError(
			path,
			`${path} ${JSON.stringify(value)} is not an amount.`,
			'Give a number of 0 or more, such as "580.00".',
		);
	}
	return amount;
}

export function parseQuantity(value: unknown, path: string): Decimal {
	const quantity = parseDecimal(value);
	if (!quantity || isNegative(quantity) || isZero(quantity)) {
		throw new OrderInputError(
			path,
			`${path} ${JSON.stringify(value)} is not a quantity above 0.`,
			'Give the number of units sold, such as 2.',
		);
	}
	return quantity;
}

const IVA_RATES = ['0', '0.08', '0.16'].map((rate) => parseDecimal(rate) as Decimal);
const EXEMPT_TITLE = /exent|exempt/i;

function untaxed(treatment: UntaxedTreatment): LineTax {
	if (treatment === 'exempt') return { kind: 'exempt' };
	if (treatment === 'zeroRate') return { kind: 'rate', rate: DECIMAL_ZERO };
	return { kind: 'notSubject' };
}

/** The tax Shopify charged on a line (or shipping line), as a LineTax plus the amount charged. */
export function readTax(
	record: UnknownRecord,
	path: string,
	money: MoneyReader,
	whenUntaxed: UntaxedTreatment,
): { tax: LineTax; chargedTax?: Decimal } {
	const taxLines = Array.isArray(record.tax_lines) ? (record.tax_lines as unknown[]) : [];
	if (taxLines.length === 0) return { tax: untaxed(whenUntaxed) };
	let rate: Decimal | undefined;
	let exempt = false;
	const amounts: Decimal[] = [];
	taxLines.forEach((entry, index) => {
		const linePath = `${path}.tax_lines[${index}]`;
		if (!isRecord(entry))
			throw new OrderInputError(
				linePath,
				`${linePath} is not a tax line.`,
				'Give tax lines as Shopify sends them: { price, rate, title }.',
			);
		const lineRate = parseDecimal(entry.rate);
		if (!lineRate || isNegative(lineRate)) {
			throw new OrderInputError(
				`${linePath}.rate`,
				`${linePath}.rate ${JSON.stringify(entry.rate)} is not a tax rate.`,
				'Give the rate as a fraction, e.g. 0.16 for 16 %.',
			);
		}
		if (rate && compareDecimal(rate, lineRate) !== 0) {
			throw new OrderInputError(
				`${linePath}.rate`,
				`${linePath}.rate ${JSON.stringify(entry.rate)} differs from the rate of ${path}.tax_lines[0]: the line carries taxes at two rates, and a CFDI concept carries one IVA rate.`,
				'Charge one IVA rate per product in Shopify (Settings → Taxes and duties).',
			);
		}
		if (!IVA_RATES.some((allowed) => compareDecimal(allowed, lineRate) === 0)) {
			throw new OrderInputError(
				`${linePath}.rate`,
				`${linePath}.rate ${JSON.stringify(entry.rate)} is not an IVA rate; IVA is charged at 0.16, 0.08 (border region) or 0.`,
				'Set the tax of the region to 16 % (or 8 % in the border region) in Shopify (Settings → Taxes and duties).',
			);
		}
		rate = lineRate;
		if (isZero(lineRate) && EXEMPT_TITLE.test(String(entry.title ?? ''))) exempt = true;
		amounts.push(money.read(entry, 'price', linePath) ?? DECIMAL_ZERO);
	});
	const chargedTax = sumDecimals(amounts);
	if (exempt) return { tax: { kind: 'exempt' }, chargedTax };
	return { tax: { kind: 'rate', rate: rate as Decimal }, chargedTax };
}

/** Σ discount_allocations, or the older total_discount when there are none. */
function readLineDiscount(item: UnknownRecord, path: string, money: MoneyReader): Decimal {
	const allocations = Array.isArray(item.discount_allocations)
		? (item.discount_allocations as unknown[])
		: [];
	if (allocations.length > 0) {
		return sumDecimals(
			allocations.map((allocation, index) =>
				isRecord(allocation)
					? (money.read(allocation, 'amount', `${path}.discount_allocations[${index}]`) ??
						DECIMAL_ZERO)
					: DECIMAL_ZERO,
			),
		);
	}
	return money.read(item, 'total_discount', path) ?? DECIMAL_ZERO;
}

export interface OrderLines {
	lines: SaleLine[];
	/** Gift cards sold in the order: charged, but invoiced only when spent. */
	giftCardsSold: Decimal;
	notes: string[];
}

export interface LineReadSettings {
	productCodes?: ProductCodeSettings;
	untaxedLines?: UntaxedTreatment;
}

function description(item: UnknownRecord, fallback: string): string {
	const text = String(item.name ?? item.title ?? '').trim();
	return text || fallback;
}

/** A line item as a sale line (quantity, price, discount and tax as charged). */
export function readLineItem(
	item: UnknownRecord,
	path: string,
	taxIncluded: boolean,
	money: MoneyReader,
	settings: LineReadSettings,
): SaleLine {
	const codes = productCodesFor(
		{ sku: item.sku, productType: item.product_type, vendor: item.vendor },
		settings.productCodes,
	);
	const { tax, chargedTax } = readTax(
		item,
		path,
		money,
		codes.untaxed ?? settings.untaxedLines ?? 'notSubject',
	);
	const sku = String(item.sku ?? '').trim();
	return {
		path,
		descripcion: description(item, 'Item'),
		claveProdServ: codes.claveProdServ,
		claveUnidad: codes.claveUnidad,
		...(codes.unidad ? { unidad: codes.unidad } : {}),
		...(sku ? { noIdentificacion: sku } : {}),
		quantity: parseQuantity(item.quantity, `${path}.quantity`),
		unitPrice: money.require(item, 'price', path),
		discount: readLineDiscount(item, path, money),
		taxIncluded,
		tax,
		chargedTax,
	};
}

/** The order's line items and shipping lines as sale lines; gift cards sold are set apart. */
export function readOrderLines(
	order: UnknownRecord,
	money: MoneyReader,
	settings: LineReadSettings,
): OrderLines {
	const taxIncluded = order.taxes_included === true;
	const notes: string[] = [];
	const lines: SaleLine[] = [];
	let giftCardsSold = DECIMAL_ZERO;

	if (!Array.isArray(order.line_items)) {
		throw new OrderInputError(
			'line_items',
			'The order has no line_items list.',
			'Give the whole order as Shopify sends it (the Shopify Trigger or the Shopify node, operation Get).',
		);
	}
	(order.line_items as unknown[]).forEach((item, index) => {
		const path = `line_items[${index}]`;
		if (!isRecord(item))
			throw new OrderInputError(
				path,
				`${path} is not a line item.`,
				'Give line items as Shopify sends them.',
			);
		if (item.gift_card === true) {
			const line = readLineItem(item, path, true, money, settings);
			const charged = subtractDecimal(
				multiplyDecimal(line.quantity, line.unitPrice),
				line.discount,
			);
			giftCardsSold = addDecimal(giftCardsSold, charged);
			notes.push(
				`${path} ("${line.descripcion}") is a gift card sold: it is not on the invoice, because what is bought with it is invoiced when the card is spent.`,
			);
			return;
		}
		lines.push(readLineItem(item, path, taxIncluded, money, settings));
	});

	const shipping = Array.isArray(order.shipping_lines) ? (order.shipping_lines as unknown[]) : [];
	shipping.forEach((entry, index) => {
		const path = `shipping_lines[${index}]`;
		if (!isRecord(entry))
			throw new OrderInputError(
				path,
				`${path} is not a shipping line.`,
				'Give shipping lines as Shopify sends them.',
			);
		const price = money.require(entry, 'price', path);
		if (isZero(price)) return;
		const discounted = money.read(entry, 'discounted_price', path);
		const discount = discounted
			? subtractDecimal(price, discounted)
			: readLineDiscount(entry, path, money);
		const { tax, chargedTax } = readTax(entry, path, money, settings.untaxedLines ?? 'notSubject');
		lines.push({
			path,
			descripcion: String(entry.title ?? '').trim() || 'Shipping',
			claveProdServ: settings.productCodes?.shippingClaveProdServ || SHIPPING_PRODUCT_CODE,
			claveUnidad: settings.productCodes?.shippingClaveUnidad || SHIPPING_UNIT_CODE,
			quantity: decimalOf(1),
			unitPrice: price,
			discount: isNegative(discount) ? DECIMAL_ZERO : discount,
			taxIncluded,
			tax,
			chargedTax,
		});
	});
	return { lines, giftCardsSold, notes };
}

/** Order identity for outputs and messages. */
export function orderLabel(order: UnknownRecord): string {
	if (order.name) return `order ${String(order.name)}`;
	if (order.order_number !== undefined) return `order #${String(order.order_number)}`;
	return order.id !== undefined ? `order ${String(order.id)}` : 'the order';
}

/** The year and month of the order in Mexico City (its timestamps are instants). */
export function orderPeriod(order: UnknownRecord): { anio: number; meses: string } | undefined {
	return saleMonthOf(order.processed_at) ?? saleMonthOf(order.created_at);
}

/** The folio the settings take from the order. */
export function folioOf(order: UnknownRecord, settings: OrderSettings): string | undefined {
	const source = settings.folio ?? 'orderNumber';
	const raw =
		source === 'orderNumber'
			? order.order_number
			: source === 'orderName'
				? String(order.name ?? '').replace(/^#/, '')
				: source === 'orderId'
					? order.id
					: undefined;
	const text = raw === undefined || raw === null ? '' : String(raw).trim();
	return text || undefined;
}

/** tipoCambio for a voucher not in MXN: the setting, or Shopify's own rate (shop MXN ÷ customer currency). */
export function exchangeRateFor(
	order: UnknownRecord,
	money: MoneyReader,
	settings: OrderSettings,
): number | undefined {
	if (money.moneda === 'MXN') return undefined;
	if (
		settings.exchangeRate !== undefined &&
		settings.exchangeRate !== null &&
		String(settings.exchangeRate).trim() !== ''
	) {
		const given = parseDecimal(settings.exchangeRate);
		if (!given || isNegative(given) || isZero(given)) {
			throw new OrderInputError(
				'settings.exchangeRate',
				`settings.exchangeRate ${JSON.stringify(settings.exchangeRate)} is not an exchange rate.`,
				`Give the pesos (MXN) per 1 ${money.moneda}, e.g. 17.25.`,
			);
		}
		return decimalToNumber(given);
	}
	const set = order.total_price_set;
	const shop =
		isRecord(set) && isRecord(set.shop_money) ? parseDecimal(set.shop_money.amount) : undefined;
	const presentment =
		isRecord(set) && isRecord(set.presentment_money)
			? parseDecimal(set.presentment_money.amount)
			: undefined;
	if (money.shopCurrency === 'MXN' && shop && presentment && !isZero(presentment)) {
		return decimalToNumber(divideDecimal(shop, presentment, TIPO_CAMBIO_DECIMALS));
	}
	throw new OrderInputError(
		'settings.exchangeRate',
		`The voucher is in ${money.moneda} and the order gives no rate to pesos (its shop currency is ${money.shopCurrency}), so tipoCambio is unknown.`,
		`Set Exchange Rate to the pesos (MXN) per 1 ${money.moneda} of the order's date, e.g. from the DOF.`,
	);
}
