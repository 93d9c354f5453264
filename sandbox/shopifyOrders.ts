/**
 * Shopify orders for the store stand-in (shopifyAdmin.ts): a builder that writes an order in the
 * Admin REST API's JSON shape from a few facts (lines with tax-included prices, the buyer, the
 * checkout's tax-data attributes, the payment state), and the sample orders a fresh sandbox serves.
 * Amounts are MXN text with two decimals, as Shopify writes them; each money field has its `_set`
 * twin (shop and presentment money, both MXN). A line's tax is what Shopify computes on a
 * tax-included price: its total × rate / (1 + rate), to the cent.
 */
import { mexicoCityDateTime } from './clock';

export type ShopifyOrder = Record<string, unknown>;

export interface SampleLine {
	title: string;
	sku?: string;
	quantity: number;
	/** Unit price with tax included, e.g. "580.00". */
	price: string;
	/** Tax rate (default 0.16, IVA); 0 for a line without tax. */
	rate?: number;
}

/** The five note attributes a Spanish checkout form asks (the node's default names). */
export interface CheckoutTaxData {
	rfc: string;
	razonSocial: string;
	regimenFiscal: string;
	codigoPostal: string;
	usoCfdi: string;
}

export interface SampleOrderSpec {
	/** The order number: name "#<number>", id 5829364210000 + number. */
	number: number;
	/** When it was placed (epoch ms), written in Mexico City time (-06:00). */
	createdAt: number;
	email: string;
	firstName?: string;
	lastName?: string;
	lines: SampleLine[];
	/** Default "paid". */
	financialStatus?: string;
	/** Default "shopify_payments". */
	gateway?: string;
	/** Written as note attributes (RFC, Razon social, ...); none when left out. */
	taxData?: CheckoutTaxData;
	/** Cancelled at (epoch ms): cancelled_at set, cancel_reason "customer". */
	cancelledAt?: number;
	/** What was refunded of the total, e.g. "580.00": current_total_price is the rest. */
	refunded?: string;
}

const ID_BASE = 5829364210000;

const cents = (text: string): number => Math.round(Number(text) * 100);
const amount = (value: number): string => (value / 100).toFixed(2);
const moneySet = (value: string) => ({
	shop_money: { amount: value, currency_code: 'MXN' },
	presentment_money: { amount: value, currency_code: 'MXN' },
});

/** Shopify's date-time: Mexico City wall clock with its offset (-06:00, no daylight saving since 2022). */
export function shopifyDateTime(epochMs: number): string {
	return `${mexicoCityDateTime(epochMs)}-06:00`;
}

/** An order in the Admin REST API's shape, from the facts of `spec`. */
export function shopifyOrder(spec: SampleOrderSpec): ShopifyOrder {
	const id = ID_BASE + spec.number;
	const created = shopifyDateTime(spec.createdAt);
	let total = 0;
	let tax = 0;
	const lineItems = spec.lines.map((line, index) => {
		const rate = line.rate ?? 0.16;
		const lineTotal = cents(line.price) * line.quantity;
		const lineTax = Math.round((lineTotal * rate) / (1 + rate));
		total += lineTotal;
		tax += lineTax;
		return {
			id: id * 10 + index,
			title: line.title,
			name: line.title,
			sku: line.sku ?? `SKU-${spec.number}-${index + 1}`,
			vendor: 'Tienda de ejemplo',
			quantity: line.quantity,
			price: line.price,
			price_set: moneySet(line.price),
			total_discount: '0.00',
			total_discount_set: moneySet('0.00'),
			taxable: rate > 0,
			gift_card: false,
			requires_shipping: true,
			tax_lines:
				rate > 0
					? [
							{
								title: `IVA ${Math.round(rate * 100)}%`,
								price: amount(lineTax),
								rate,
								price_set: moneySet(amount(lineTax)),
							},
						]
					: [],
			discount_allocations: [],
		};
	});
	const current = total - (spec.refunded ? cents(spec.refunded) : 0);
	const taxData = spec.taxData;
	return {
		id,
		name: `#${spec.number}`,
		order_number: spec.number,
		email: spec.email,
		contact_email: spec.email,
		created_at: created,
		processed_at: created,
		updated_at: created,
		cancelled_at: spec.cancelledAt === undefined ? null : shopifyDateTime(spec.cancelledAt),
		cancel_reason: spec.cancelledAt === undefined ? null : 'customer',
		closed_at: null,
		currency: 'MXN',
		presentment_currency: 'MXN',
		financial_status: spec.financialStatus ?? 'paid',
		payment_gateway_names: [spec.gateway ?? 'shopify_payments'],
		taxes_included: true,
		subtotal_price: amount(total),
		subtotal_price_set: moneySet(amount(total)),
		total_discounts: '0.00',
		total_discounts_set: moneySet('0.00'),
		total_tax: amount(tax),
		total_tax_set: moneySet(amount(tax)),
		total_price: amount(total),
		total_price_set: moneySet(amount(total)),
		current_total_price: amount(current),
		current_total_price_set: moneySet(amount(current)),
		customer: {
			id: 7300000000000 + spec.number,
			email: spec.email,
			first_name: spec.firstName ?? 'Cliente',
			last_name: spec.lastName ?? String(spec.number),
		},
		note_attributes: taxData
			? [
					{ name: 'RFC', value: taxData.rfc },
					{ name: 'Razon social', value: taxData.razonSocial },
					{ name: 'Regimen fiscal', value: taxData.regimenFiscal },
					{ name: 'Codigo postal', value: taxData.codigoPostal },
					{ name: 'Uso CFDI', value: taxData.usoCfdi },
				]
			: [],
		discount_applications: [],
		line_items: lineItems,
		shipping_lines: [],
		refunds: [],
	};
}

/** Noon of `day` of the month before `now`'s month, Mexico City time (epoch ms). */
export function dayOfLastMonth(now: number, day: number): number {
	const [year, month] = mexicoCityDateTime(now).split('-').map(Number);
	const first = Date.UTC(year, month - 2, 1, 18); // 12:00 at -06:00
	return first + (day - 1) * 86_400_000;
}

export const SAMPLE_BUYER = 'compras@robotica.example.com';

const ROBOTICA: CheckoutTaxData = {
	rfc: 'URE180429TM6',
	razonSocial: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
	regimenFiscal: '601',
	codigoPostal: '65000',
	usoCfdi: 'G03',
};

const KEYBOARD_AND_CABLE: SampleLine[] = [
	{ title: 'Teclado mecánico', sku: 'KB-01', quantity: 2, price: '580.00' },
	{ title: 'Cable USB-C', sku: 'CB-02', quantity: 1, price: '348.00' },
];

/**
 * The orders a fresh sandbox serves, dated from `now`: five of last month (the month example 11
 * invoices) and two of yesterday (within example 10's 30-day window). See sandbox/README.md.
 */
export function sampleShopifyOrders(now: number): ShopifyOrder[] {
	const yesterday = now - 86_400_000;
	return [
		{
			number: 1001,
			createdAt: dayOfLastMonth(now, 5),
			email: SAMPLE_BUYER,
			lines: KEYBOARD_AND_CABLE,
			taxData: ROBOTICA,
		},
		{
			number: 1002,
			createdAt: dayOfLastMonth(now, 12),
			email: 'ana.lopez@example.com',
			lines: [{ title: 'Audífonos', sku: 'HP-03', quantity: 1, price: '499.00' }],
		},
		{
			number: 1003,
			createdAt: dayOfLastMonth(now, 19),
			email: 'luis.perez@example.com',
			lines: [{ title: 'Mouse inalámbrico', sku: 'MS-04', quantity: 2, price: '580.00' }],
			financialStatus: 'partially_refunded',
			refunded: '580.00',
		},
		{
			number: 1004,
			createdAt: dayOfLastMonth(now, 24),
			email: 'pago.pendiente@example.com',
			lines: [{ title: 'Monitor 24"', sku: 'MN-05', quantity: 1, price: '3199.00' }],
			financialStatus: 'pending',
			gateway: 'bank deposit',
		},
		{
			number: 1005,
			createdAt: dayOfLastMonth(now, 26),
			email: 'cancelado@example.com',
			lines: [{ title: 'Cable USB-C', sku: 'CB-02', quantity: 3, price: '348.00' }],
			financialStatus: 'voided',
			cancelledAt: dayOfLastMonth(now, 27),
		},
		{
			number: 1006,
			createdAt: yesterday,
			email: SAMPLE_BUYER,
			lines: KEYBOARD_AND_CABLE,
		},
		{
			number: 1007,
			createdAt: yesterday + 3_600_000,
			email: 'ingrid.xodar@example.com',
			firstName: 'Ingrid',
			lastName: 'Xodar',
			lines: [
				{ title: 'Libreta', sku: 'NB-06', quantity: 4, price: '58.00' },
				{ title: 'Libro: Álgebra', sku: 'BK-07', quantity: 1, price: '350.00', rate: 0 },
			],
			taxData: {
				rfc: 'XOJI740919U48',
				razonSocial: 'INGRID XODAR JIMENEZ',
				regimenFiscal: '612',
				codigoPostal: '88965',
				usoCfdi: 'G03',
			},
		},
	].map(shopifyOrder);
}

/** One entry of the control API's addShopOrders: a whole order, or the facts to build one. */
export type ShopOrderInput = ShopifyOrder | SampleOrderSpec;

/** An entry as the order the store keeps: a sample built, a whole order copied. */
export function toShopOrder(input: ShopOrderInput): ShopifyOrder {
	if (input && typeof input === 'object' && Array.isArray((input as SampleOrderSpec).lines))
		return shopifyOrder(input as SampleOrderSpec);
	const order = input as ShopifyOrder;
	if (!order || typeof order !== 'object' || !Array.isArray(order.line_items))
		throw new Error('an order needs line_items (a Shopify order) or lines (a sample order)');
	return structuredClone(order);
}
