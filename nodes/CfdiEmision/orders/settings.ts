/**
 * The settings that replace the Code node of a shop flow: issuer, series, product codes, payment
 * forms, where the recipient's tax data is found, and what to do without it. Every table has
 * documented defaults, so an empty settings object plus the issuer is enough to start.
 */
import type { Emisor } from '../cfdi/types';

/** What a self-invoice request allows (orders/selfInvoice.ts applies it). */
export interface SelfInvoiceSettings {
	/** The e-mail the buyer typed; the checks run only when it is given. */
	buyerEmail?: string;
	/** Days after the order's date during which the buyer may invoice it; 0 or absent: no limit. */
	windowDays?: number;
	/** The order may be invoiced only until the last day of its month (the month's global invoice follows). */
	untilMonthEnd?: boolean;
	/** Today, YYYY-MM-DD, in the shop's time zone. */
	today: string;
}

/** Which product field a product-code rule matches (case-insensitive, whole value). */
export type ProductMatchField = 'sku' | 'productType' | 'vendor';

/** How a line that the shop charged no tax on is written on the voucher. */
export type UntaxedTreatment = 'notSubject' | 'exempt' | 'zeroRate';

export interface ProductCodeRule {
	match: ProductMatchField;
	value: string;
	claveProdServ: string;
	/** Defaults to the table's claveUnidad. */
	claveUnidad?: string;
	unidad?: string;
	/** How the product is written when the shop charged no tax on it; defaults to the setting for all lines. */
	untaxed?: UntaxedTreatment;
}

export interface ProductCodeSettings {
	rules?: ProductCodeRule[];
	/** c_ClaveProdServ when no rule matches: 01010101 ("does not exist in the catalog"). */
	defaultClaveProdServ?: string;
	/** c_ClaveUnidad when no rule gives one: H87 (piece). */
	defaultClaveUnidad?: string;
	/** Shipping concept: 78102203 (postal, courier and parcel services) / E48 (service unit). */
	shippingClaveProdServ?: string;
	shippingClaveUnidad?: string;
}

/** Note-attribute names (any of them, compared without case or accents) that carry each datum. */
export interface RecipientAttributeNames {
	rfc?: string[];
	nombre?: string[];
	regimenFiscal?: string[];
	codigoPostal?: string[];
	usoCfdi?: string[];
}

/** Recipient tax data given directly (e.g. from a customer table looked up by e-mail). */
export interface RecipientData {
	rfc?: string;
	nombre?: string;
	regimenFiscalReceptor?: string;
	domicilioFiscalReceptor?: string;
	usoCFDI?: string;
}

/** What to do with an order whose recipient tax data is missing or incomplete. */
export type WithoutTaxData = 'skip' | 'generalPublic' | 'fail';

export type FolioSource = 'orderNumber' | 'orderName' | 'orderId' | 'none';

/** Which of the order's currencies the voucher is issued in. */
export type CurrencySource = 'presentment' | 'shop';

/** 'auto': PUE when the order is paid and its gateway has a payment form, otherwise PPD with 99. */
export type PaymentMethodSetting = 'auto' | 'PUE' | 'PPD';

export interface IssuerSettings {
	emisor: Emisor;
	/** Postal code of the place of issue. */
	lugarExpedicion: string;
	serie?: string;
}

export interface OrderSettings extends IssuerSettings {
	folio?: FolioSource;
	productCodes?: ProductCodeSettings;
	/** Gateway name → c_FormaPago, merged over DEFAULT_PAYMENT_FORMS (names compared without case). */
	paymentForms?: Record<string, string>;
	paymentMethod?: PaymentMethodSetting;
	recipientAttributes?: RecipientAttributeNames;
	/** Used when the note attributes carry no RFC, or to complete the attributes of the same RFC. */
	recipient?: RecipientData;
	/** usoCFDI when neither the attributes nor the recipient data give one. */
	defaultUsoCfdi?: string;
	withoutTaxData?: WithoutTaxData;
	/** How lines without tax are written; default notSubject (objetoImp 01). */
	untaxedLines?: UntaxedTreatment;
	currency?: CurrencySource;
	/** MXN per unit of the voucher currency; by default the order's own shop/presentment ratio. */
	exchangeRate?: number | string;
	/** Text for the service's descripcionFacturador; by default "Shopify order #1001". */
	description?: string;
	/** A buyer's self-invoice request: the order is checked as theirs, paid and inside the window. */
	selfInvoice?: SelfInvoiceSettings;
}

export const DEFAULT_PRODUCT_CODE = '01010101';
export const DEFAULT_UNIT_CODE = 'H87';
export const SHIPPING_PRODUCT_CODE = '78102203';
export const SHIPPING_UNIT_CODE = 'E48';
export const DEFAULT_USO_CFDI = 'G03';

/** The gateway name Shopify gives gift-card payments. */
export const GIFT_CARD_GATEWAY = 'gift_card';

/**
 * Payment form per gateway. Card processors give 04 (credit card): the order does not say whether
 * the card was a debit card (28); map the gateway to 28 where that is the case. A gift card is cash
 * already received when the card was sold: the SAT's CFDI 4.0 FAQ (question 31) says to register 01.
 * A gateway not listed (and not added in the settings) makes the invoice PPD with 99.
 */
export const DEFAULT_PAYMENT_FORMS: Readonly<Record<string, string>> = {
	shopify_payments: '04',
	stripe: '04',
	paypal: '04',
	mercado_pago: '04',
	conekta: '04',
	openpay: '04',
	cash: '01',
	manual: '01',
	'cash on delivery (cod)': '01',
	'bank deposit': '03',
	'bank transfer': '03',
	[GIFT_CARD_GATEWAY]: '01',
};

/** Note-attribute names of example 1 (what a checkout form in Spanish typically asks). */
export const DEFAULT_RECIPIENT_ATTRIBUTES: Required<RecipientAttributeNames> = {
	rfc: ['RFC'],
	nombre: ['Razon social', 'Nombre fiscal'],
	regimenFiscal: ['Regimen fiscal'],
	codigoPostal: ['Codigo postal', 'CP'],
	usoCfdi: ['Uso CFDI'],
};

/** Lower case, no accents, single spaces: how names of attributes and gateways are compared. */
export function normalizeName(value: unknown): string {
	return String(value ?? '')
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.trim()
		.toLowerCase()
		.replace(/\s+/g, ' ');
}
