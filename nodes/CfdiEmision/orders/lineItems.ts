/**
 * Sale lines from any source (WooCommerce, a sheet, a form) → a CFDI 4.0 invoice, through the same
 * pricing as Shopify orders.
 */
import { findEntry } from '../cfdi/catalogs/lookup';
import { MONEDA } from '../cfdi/catalogs/moneda';
import {
	compareDecimal,
	DECIMAL_ZERO,
	decimalOf,
	decimalToNumber,
	divideDecimal,
	isNegative,
	isZero,
	multiplyDecimal,
	parseDecimal,
	type Decimal,
} from '../cfdi/decimal';
import { OrderInputError } from './orderInputError';
import { checkIssuerSettings, saleMonthOf, voucherHeader } from './header';
import { priceVoucher, type LineTax, type SaleLine } from '../cfdi/pricing';
import { productCodesFor } from './productCodes';
import { findRecipient, generalPublicReceptor } from './orderRecipient';
import { finishConversion, type ConversionResult } from './result';
import {
	DEFAULT_USO_CFDI,
	type IssuerSettings,
	type ProductCodeSettings,
	type RecipientData,
	type WithoutTaxData,
} from './settings';
import { fieldText } from '../cfdi/fieldText';

/**
 * One line as given. Amounts may be numbers or decimal text. taxRate: a fraction (0.16), a percent
 * (16, "16%"), "exempt" or "none" (not subject to tax). discount: for the whole line, on the same
 * footing as unitPrice (with tax when the price includes it).
 */
export interface LineItemInput {
	quantity?: unknown;
	unitPrice?: unknown;
	taxRate?: unknown;
	priceIncludesTax?: unknown;
	discount?: unknown;
	sku?: unknown;
	description?: unknown;
	claveProdServ?: unknown;
	claveUnidad?: unknown;
	unidad?: unknown;
	productType?: unknown;
	vendor?: unknown;
	/** The tax the source charged on the line, when it says (e.g. WooCommerce's total_tax). */
	taxAmount?: unknown;
	[extra: string]: unknown;
}

export interface LineItemsSettings extends IssuerSettings {
	recipient?: RecipientData;
	defaultUsoCfdi?: string;
	/** Without a complete recipient: the general public (default), skip, or fail. */
	withoutTaxData?: WithoutTaxData;
	/** c_FormaPago; without it the invoice is PPD with 99. */
	formaPago?: string;
	metodoPago?: 'PUE' | 'PPD';
	moneda?: string;
	tipoCambio?: number | string;
	folio?: string;
	/** Date of the sale (YYYY-MM-DD...), for a general-public voucher's month. */
	date?: string;
	/** For lines that do not say: do their prices include tax? Default false. */
	pricesIncludeTax?: boolean;
	/** For lines without a taxRate: default 0.16. */
	defaultTaxRate?: unknown;
	productCodes?: ProductCodeSettings;
	/** The total the source charged, when it gives one; compared with the voucher's. */
	expectedTotal?: unknown;
	description?: string;
}

const IVA_RATES = ['0', '0.08', '0.16'].map((rate) => parseDecimal(rate) as Decimal);
const HUNDRED = decimalOf(100);

function present(value: unknown): boolean {
	return value !== undefined && value !== null && String(value).trim() !== '';
}

/** A tax rate as a sheet or form gives it. */
export function parseTaxRate(value: unknown, path: string): LineTax {
	const raw = typeof value === 'string' ? value.trim().toLowerCase() : value;
	if (raw === 'exempt' || raw === 'exento') return { kind: 'exempt' };
	if (raw === 'none' || raw === 'no' || raw === 'not subject') return { kind: 'notSubject' };
	const percent = typeof raw === 'string' && raw.endsWith('%');
	let rate = parseDecimal(percent ? (raw as string).slice(0, -1) : raw);
	if (rate && (percent || compareDecimal(rate, decimalOf(1)) > 0))
		rate = divideDecimal(rate, HUNDRED, rate.scale + 2);
	if (!rate || !IVA_RATES.some((allowed) => compareDecimal(allowed, rate as Decimal) === 0)) {
		throw new OrderInputError(
			path,
			`${path} ${JSON.stringify(value)} is not an IVA rate.`,
			'Use 0.16 (or 16 %), 0.08 in the border region, 0, "exempt", or "none" for an item not subject to tax.',
			[],
			value,
		);
	}
	return { kind: 'rate', rate };
}

function amount(value: unknown, path: string, fix: string): Decimal {
	const parsed = parseDecimal(value);
	if (!parsed || isNegative(parsed))
		throw new OrderInputError(
			path,
			`${path} ${JSON.stringify(value)} is not an amount of 0 or more.`,
			fix,
			[],
			value,
		);
	return parsed;
}

function flag(value: unknown, fallback: boolean): boolean {
	if (typeof value === 'boolean') return value;
	if (!present(value)) return fallback;
	return ['true', 'yes', 'y', '1', 'si', 'sí'].includes(String(value).trim().toLowerCase());
}

function readLine(input: unknown, index: number, settings: LineItemsSettings): SaleLine {
	const path = `lines[${index}]`;
	if (typeof input !== 'object' || input === null || Array.isArray(input)) {
		throw new OrderInputError(
			path,
			`${path} is not a line.`,
			'Give each line as an object with quantity, unitPrice, taxRate and description.',
		);
	}
	const line = input as LineItemInput;
	const unitPriceValue = present(line.unitPrice) ? line.unitPrice : line.price;
	const descripcion = fieldText(line.description ?? line.name ?? line.title);
	if (!descripcion)
		throw new OrderInputError(
			`${path}.description`,
			`${path}.description is empty.`,
			'Give each line a description of what was sold.',
		);
	const quantity = parseDecimal(line.quantity);
	if (!quantity || isNegative(quantity) || isZero(quantity)) {
		throw new OrderInputError(
			`${path}.quantity`,
			`${path}.quantity ${JSON.stringify(line.quantity)} is not a quantity above 0.`,
			'Give the number of units sold, such as 2 or 1.5.',
			[],
			line.quantity,
		);
	}
	const unitPrice = amount(
		unitPriceValue,
		`${path}.unitPrice`,
		'Give the price of one unit, such as 580.00.',
	);
	const discount = present(line.discount)
		? amount(
				line.discount,
				`${path}.discount`,
				'Give the discount on the whole line, such as 50.00, or leave it empty.',
			)
		: DECIMAL_ZERO;
	if (compareDecimal(discount, multiplyDecimal(quantity, unitPrice)) > 0) {
		throw new OrderInputError(
			`${path}.discount`,
			`${path}.discount ${JSON.stringify(line.discount)} is more than the line's quantity × unitPrice.`,
			'Give the discount on the whole line, no more than its price.',
			[],
			line.discount,
		);
	}
	const codes = productCodesFor(
		{ sku: line.sku, productType: line.productType, vendor: line.vendor },
		settings.productCodes,
	);
	const tax = present(line.taxRate)
		? parseTaxRate(line.taxRate, `${path}.taxRate`)
		: parseTaxRate(settings.defaultTaxRate ?? '0.16', 'settings.defaultTaxRate');
	const sku = fieldText(line.sku);
	return {
		path,
		descripcion,
		claveProdServ: fieldText(line.claveProdServ) || codes.claveProdServ,
		claveUnidad: fieldText(line.claveUnidad) || codes.claveUnidad,
		...(fieldText(line.unidad) || codes.unidad
			? { unidad: fieldText(line.unidad) || codes.unidad }
			: {}),
		...(sku ? { noIdentificacion: sku } : {}),
		quantity,
		unitPrice,
		discount,
		taxIncluded: flag(line.priceIncludesTax, settings.pricesIncludeTax ?? false),
		tax,
		...(present(line.taxAmount)
			? {
					chargedTax: amount(
						line.taxAmount,
						`${path}.taxAmount`,
						'Give the tax charged on the line, or leave it empty.',
					),
				}
			: {}),
	};
}

/**
 * Converts lines into one invoice. The recipient comes from settings.recipient; without a complete
 * one the invoice goes to the general public unless withoutTaxData says otherwise.
 */
export function lineItemsToVoucher(lines: unknown, settings: LineItemsSettings): ConversionResult {
	checkIssuerSettings(settings);
	if (!Array.isArray(lines) || lines.length === 0) {
		throw new OrderInputError(
			'lines',
			'There are no lines to invoice.',
			'Give a list of lines, each with quantity, unitPrice, taxRate and description.',
		);
	}
	const moneda = fieldText(settings.moneda).toUpperCase() || 'MXN';
	if (!findEntry(MONEDA, moneda)) {
		throw new OrderInputError(
			'settings.moneda',
			`settings.moneda ${JSON.stringify(settings.moneda)} is not in the SAT's currency catalog.`,
			'Use an ISO 4217 code such as MXN or USD.',
		);
	}
	const saleLines = lines.map((line, index) => readLine(line, index, settings));
	const expectedTotal = present(settings.expectedTotal)
		? amount(
				settings.expectedTotal,
				'settings.expectedTotal',
				'Give the total charged, or leave it empty.',
			)
		: undefined;

	const lookup = findRecipient(
		{},
		{},
		settings.recipient ?? {},
		settings.defaultUsoCfdi || DEFAULT_USO_CFDI,
	);
	const notes: string[] = [];
	let receptor = lookup.receptor;
	if (!receptor) {
		const missing = lookup.missingFields.map((field) => `recipient.${field}`).join(', ');
		const policy = settings.withoutTaxData ?? 'generalPublic';
		if (policy === 'fail') {
			throw new OrderInputError(
				`settings.recipient.${lookup.missingFields[0]}`,
				`The recipient is incomplete: ${missing} missing.`,
				'Give the recipient RFC, name, tax regime and postal code, or set Without Tax Data to "General Public".',
				lookup.missingFields.map((field) => `receptor.${field}`),
			);
		}
		if (policy === 'skip') {
			return {
				orderTotal: decimalToNumber(expectedTotal ?? DECIMAL_ZERO),
				skipped: {
					reason: 'noTaxData',
					message: `Not invoiced: the recipient is incomplete (${missing} missing).`,
					missing: lookup.missingFields,
				},
				notes,
			};
		}
		receptor = generalPublicReceptor(settings.lugarExpedicion);
		notes.push(
			`The recipient is incomplete (${missing} missing): the invoice is issued to the general public (XAXX010101000).`,
		);
	}

	let tipoCambio: number | undefined;
	if (moneda !== 'MXN') {
		const rate = parseDecimal(settings.tipoCambio);
		if (!rate || isNegative(rate) || isZero(rate)) {
			throw new OrderInputError(
				'settings.tipoCambio',
				`The invoice is in ${moneda} and settings.tipoCambio ${JSON.stringify(settings.tipoCambio)} is not an exchange rate.`,
				`Give the pesos (MXN) per 1 ${moneda}, e.g. 17.25.`,
			);
		}
		tipoCambio = decimalToNumber(rate);
	}
	const formaPago = fieldText(settings.formaPago);
	const metodoPago = settings.metodoPago ?? (formaPago && formaPago !== '99' ? 'PUE' : 'PPD');
	if (metodoPago === 'PUE' && (!formaPago || formaPago === '99')) {
		throw new OrderInputError(
			'settings.formaPago',
			'An invoice paid at once (PUE) needs its payment form; formaPago is empty or 99.',
			'Give the payment form, e.g. "03" for a transfer, or use metodoPago "PPD".',
		);
	}
	if (!formaPago && !settings.metodoPago)
		notes.push('No payment form was given: the invoice is PPD with formaPago 99.');

	const header = voucherHeader(settings, {
		tipoDeComprobante: 'I',
		receptor,
		moneda,
		tipoCambio,
		formaPago: metodoPago === 'PPD' ? '99' : formaPago,
		metodoPago,
		folio: fieldText(settings.folio) || undefined,
		descripcionFacturador: settings.description,
		period: saleMonthOf(settings.date),
		periodPath: 'settings.date',
	});
	const pricing = priceVoucher(header, saleLines);
	return finishConversion(
		pricing,
		expectedTotal ?? pricing.chargedTotal,
		notes,
		[],
		expectedTotal
			? {
					from: 'Expected Total',
					field: 'settings.expectedTotal',
					fix: "the lines' quantities, prices and tax rates, or Expected Total",
				}
			: {
					from: 'the amounts charged for the lines',
					field: 'lines',
					fix: "the lines' quantities, prices and tax rates",
				},
	);
}
