/**
 * n8n glue of the Order and Line Items input modes: reads the settings from the node's parameters,
 * runs the pure conversion (orders/) and words its refusals as node errors.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { lineItemsToVoucher, type LineItemsSettings } from '../../../orders/lineItems';
import { OrderInputError } from '../../../orders/orderInputError';
import { orderToVoucher } from '../../../orders/orderToVoucher';
import type { ConversionResult } from '../../../orders/result';
import type {
	OrderSettings,
	ProductCodeRule,
	ProductCodeSettings,
	RecipientAttributeNames,
	RecipientData,
	WithoutTaxData,
} from '../../../orders/settings';
import { KindInputError } from '../../../cfdi/kinds/taxRates';
import { keyOfFolio } from '../../../identity/businessKey';
import { cfdiDateTime, mexicoCityDate } from '../../../cfdi/mexicoTime';
import type { BusinessKey } from '../../../cfdi/voucherSource';
import { readJsonValue } from '../../../execution/itemParameters';
import { BuiltVoucher } from '../../../voucherInput/builtVoucher';
import type { InputKinds } from '../../../voucherInput/inputKinds';
import { localProblemsRefusal, type DataProblem } from '../../../voucherInput/dataRefusal';
import { formLabel } from '../../../voucherInput/formLabels';
import { needsAttention } from '../../../execution/needsAttention';
import { fieldText } from '../../../cfdi/fieldText';
import { issuerSettings, type IssuerDefaults } from '../../../voucherInput/issuerDefaults';

type Get = <T>(name: string, fallback: T) => T;

function getter(ctx: IExecuteFunctions, itemIndex: number): Get {
	return <T>(name: string, fallback: T) => ctx.getNodeParameter(name, itemIndex, fallback) as T;
}

function names(value: unknown): string[] | undefined {
	const list = fieldText(value)
		.split(',')
		.map((name) => name.trim())
		.filter(Boolean);
	return list.length ? list : undefined;
}

function productCodes(get: Get, defaults: IDataObject): ProductCodeSettings {
	const rules = (get<{ rule?: IDataObject[] }>('productCodes', {}).rule ?? []).map(
		(rule): ProductCodeRule => ({
			match: (rule.match as ProductCodeRule['match']) ?? 'sku',
			value: fieldText(rule.value),
			claveProdServ: fieldText(rule.claveProdServ),
			...(fieldText(rule.claveUnidad) ? { claveUnidad: fieldText(rule.claveUnidad) } : {}),
			...(fieldText(rule.unidad) ? { unidad: fieldText(rule.unidad) } : {}),
			...(fieldText(rule.untaxed) ? { untaxed: rule.untaxed as ProductCodeRule['untaxed'] } : {}),
		}),
	);
	return {
		rules: rules.filter((rule) => rule.value && rule.claveProdServ),
		defaultClaveProdServ: fieldText(defaults.defaultClaveProdServ) || undefined,
		defaultClaveUnidad: fieldText(defaults.defaultClaveUnidad) || undefined,
		shippingClaveProdServ: fieldText(defaults.shippingClaveProdServ) || undefined,
		shippingClaveUnidad: fieldText(defaults.shippingClaveUnidad) || undefined,
	};
}

/** The order conversion's settings from the node's parameters. */
export function readOrderSettings(
	ctx: IExecuteFunctions,
	itemIndex: number,
	issuerDefaults: IssuerDefaults = {},
): OrderSettings {
	const get = getter(ctx, itemIndex);
	const options = get<IDataObject>('orderOptions', {});
	const paymentForms: Record<string, string> = {};
	for (const gateway of get<{ gateway?: IDataObject[] }>('paymentForms', {}).gateway ?? []) {
		if (fieldText(gateway.name) && fieldText(gateway.formaPago))
			paymentForms[fieldText(gateway.name)] = fieldText(gateway.formaPago);
	}
	const recipientAttributes: RecipientAttributeNames = {
		rfc: names(options.rfcAttribute),
		nombre: names(options.nombreAttribute),
		regimenFiscal: names(options.regimenAttribute),
		codigoPostal: names(options.codigoPostalAttribute),
		usoCfdi: names(options.usoCfdiAttribute),
	};
	const recipient = Object.fromEntries(
		Object.entries(get<IDataObject>('recipientData', {})).map(([key, value]) => [
			key,
			fieldText(value),
		]),
	) as RecipientData;
	return {
		...issuerSettings(get, issuerDefaults),
		folio: (options.folio as OrderSettings['folio']) ?? 'orderNumber',
		productCodes: productCodes(get, options),
		paymentForms,
		paymentMethod: (options.paymentMethod as OrderSettings['paymentMethod']) ?? 'auto',
		recipientAttributes,
		recipient,
		defaultUsoCfdi: fieldText(options.defaultUsoCfdi) || undefined,
		withoutTaxData: get<WithoutTaxData>('withoutTaxData', 'skip'),
		untaxedLines: (options.untaxedLines as OrderSettings['untaxedLines']) ?? 'notSubject',
		currency: (options.currency as OrderSettings['currency']) ?? 'presentment',
		...(fieldText(options.exchangeRate) ? { exchangeRate: fieldText(options.exchangeRate) } : {}),
		...(fieldText(options.description) ? { description: fieldText(options.description) } : {}),
		...(fieldText(options.buyerEmail)
			? {
					selfInvoice: {
						buyerEmail: fieldText(options.buyerEmail),
						windowDays: Number(options.selfInvoiceWindowDays ?? 0) || 0,
						untilMonthEnd: options.selfInvoiceUntilMonthEnd === true,
						// Today on the SAT's clock (Mexico City), whatever the workflow's time zone.
						today: mexicoCityDate(),
					},
				}
			: {}),
	};
}

/**
 * A date option as text: a Date or a luxon DateTime (`{{ $now }}`) becomes Mexico City's wall clock
 * at its instant, so later readers see the same moment; a text is kept for the one rule to read.
 */
function timestampOption(value: unknown): string {
	return value !== null && typeof value === 'object' ? cfdiDateTime(value) : fieldText(value);
}

function readLineItemsSettings(
	ctx: IExecuteFunctions,
	itemIndex: number,
	issuerDefaults: IssuerDefaults,
): LineItemsSettings {
	const get = getter(ctx, itemIndex);
	const options = get<IDataObject>('lineItemsOptions', {});
	return {
		...issuerSettings(get, issuerDefaults),
		recipient: {
			rfc: fieldText(get('receptorRfc', '')),
			nombre: fieldText(get('receptorNombre', '')),
			usoCFDI: fieldText(get('receptorUsoCfdi', '')),
			regimenFiscalReceptor: fieldText(get('receptorRegimenFiscal', '')),
			domicilioFiscalReceptor: fieldText(get('receptorDomicilioFiscal', '')),
		},
		withoutTaxData: get<WithoutTaxData>('withoutTaxData', 'skip'),
		formaPago: fieldText(get('formaPago', '')),
		metodoPago: fieldText(get('metodoPago', '')) === 'PPD' ? 'PPD' : 'PUE',
		moneda: fieldText(get('moneda', 'MXN')) || 'MXN',
		tipoCambio: fieldText(options.tipoCambio) || undefined,
		folio: fieldText(options.folio) || undefined,
		date: timestampOption(options.date) || mexicoCityDate(),
		pricesIncludeTax: options.pricesIncludeTax === true,
		defaultTaxRate: fieldText(options.defaultTaxRate) || undefined,
		productCodes: productCodes(get, options),
		...(fieldText(options.expectedTotal)
			? { expectedTotal: fieldText(options.expectedTotal) }
			: {}),
	};
}

/** A conversion's refusal as the node's error: the member at fault, the item and the fix. */
export function conversionFailed(
	ctx: IExecuteFunctions,
	itemIndex: number,
	error: OrderInputError,
	mode: 'order' | 'lineItems' = 'order',
): NodeOperationError {
	const where = error.path ? ` (${error.path})` : '';
	const refused = new NodeOperationError(ctx.getNode(), `Item ${itemIndex}: ${error.message}`, {
		itemIndex,
		description: `${error.fix} Nothing was sent.${where ? ` The member at fault${where}.` : ''}`,
	});
	refused.context.outcome = conversionOutcome(error, mode);
	return refused;
}

/** Recipient Data's labels (the Order input mode), for a refusal of the buyer's missing data. */
const RECIPIENT_DATA_LABELS: Record<string, string> = {
	'receptor.rfc': 'RFC',
	'receptor.nombre': 'Name',
	'receptor.regimenFiscalReceptor': 'Tax Regime',
	'receptor.domicilioFiscalReceptor': 'Fiscal Postal Code',
	'receptor.usoCFDI': 'CFDI Use',
};

/**
 * The structured part of a conversion's refusal: the buyer's missing tax data is a `refusal` on
 * each recipient field (the buyer can give it); anything else is the order's, the shop's record,
 * so it is `needsAttention` (the buyer can correct nothing).
 */
export function conversionOutcome(
	error: OrderInputError,
	mode: 'order' | 'lineItems',
): IDataObject {
	if (!error.recipientFields.length)
		return mode === 'order'
			? needsAttention('orderData', `${error.message} ${error.fix} Nothing was sent.`)
			: { refusal: localProblemsRefusal([conversionProblem(error)]) as unknown as IDataObject };
	const problems = error.recipientFields.map((path): DataProblem => ({
		field:
			mode === 'order'
				? `Recipient Data > ${RECIPIENT_DATA_LABELS[path] ?? path}`
				: (formLabel(path) ?? null),
		path,
		code: 'RECIPIENT_DATA_MISSING',
		message: error.message,
		fix: error.fix,
	}));
	return { refusal: localProblemsRefusal(problems) as unknown as IDataObject };
}

/** A Line Items refusal: the lines are the data the node was given, named by their member. */
function conversionProblem(error: OrderInputError): DataProblem {
	return {
		field: null,
		path: error.path || null,
		code: 'LINE_ITEMS_INPUT',
		...(error.value !== undefined ? { value: error.value } : {}),
		message: error.message,
		fix: error.fix,
	};
}

function convert(
	ctx: IExecuteFunctions,
	itemIndex: number,
	mode: 'order' | 'lineItems',
	run: () => ConversionResult,
): ConversionResult {
	try {
		return run();
	} catch (error) {
		if (error instanceof OrderInputError) throw conversionFailed(ctx, itemIndex, error, mode);
		// The voucher-kinds builders name their input member (field) the same way.
		if (error instanceof KindInputError)
			throw conversionFailed(
				ctx,
				itemIndex,
				new OrderInputError(error.field, error.message, error.fix),
				mode,
			);
		throw new NodeOperationError(ctx.getNode(), error as Error, {
			itemIndex,
			description:
				'An unexpected error while building the voucher from the input; nothing was sent. Check the mapped order or lines, and report the message to the package maintainers.',
		});
	}
}

/** The output members that say what a conversion did: totals, rounding, notes, or why it skipped. */
export function conversionOutput(
	source: 'order' | 'lineItems',
	result: ConversionResult,
	identity: IDataObject = {},
): IDataObject {
	const summary: IDataObject = { ...identity, orderTotal: result.orderTotal };
	if (result.voucherTotal !== undefined) summary.voucherTotal = result.voucherTotal;
	// Paid at once or later: what decides whether the order's payment needs a receipt.
	if (result.voucher?.metodoPago) summary.metodoPago = result.voucher.metodoPago;
	if (result.roundingNote) summary.roundingNote = result.roundingNote;
	summary.notes = result.notes;
	const output: IDataObject = { [source]: summary };
	if (result.skipped)
		Object.assign(output, { status: 'skipped', skipped: result.skipped as unknown as IDataObject });
	return output;
}

function orderIdentity(order: unknown): IDataObject {
	if (!order || typeof order !== 'object') return {};
	const { id, name, order_number: orderNumber, email, customer } = order as IDataObject;
	const mail =
		email ||
		(customer && typeof customer === 'object' ? (customer as IDataObject).email : undefined);
	return Object.fromEntries(
		Object.entries({ id, name, orderNumber, email: mail }).filter(
			([, value]) => value !== undefined && value !== null && value !== '',
		),
	);
}

/**
 * The Order input mode: the order's voucher, or a skip that says why; a payment receipt or a
 * credit note by its kind's conversion, from the kinds table the operation hands down.
 */
export function voucherFromOrder(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kinds: InputKinds,
	issuerDefaults: IssuerDefaults = {},
): BuiltVoucher {
	const order = readJsonValue(
		ctx,
		'order',
		itemIndex,
		'Order',
		'Map the order from the trigger with an expression such as {{ $json }}.',
	);
	const settings = readOrderSettings(ctx, itemIndex, issuerDefaults);
	const document = ctx.getNodeParameter('orderDocument', itemIndex, 'invoice') as string;
	const invoiceUuid = fieldText(ctx.getNodeParameter('invoiceUuid', itemIndex, '')) || undefined;
	const result = convert(ctx, itemIndex, 'order', () => {
		if (document === 'paymentReceipt') {
			const options = ctx.getNodeParameter('paymentOptions', itemIndex, {}) as IDataObject;
			return kinds.receiptFromOrder(order, {
				...settings,
				invoiceUuid,
				transactionId: fieldText(options.transactionId) || undefined,
				paymentDate: timestampOption(options.paymentDate) || undefined,
				invoiceSerie: fieldText(options.invoiceSerie) || undefined,
			});
		}
		if (document === 'creditNote') {
			return kinds.creditNoteFromRefund(order, {
				...settings,
				invoiceUuid,
				refundId: fieldText(ctx.getNodeParameter('refundId', itemIndex, '')) || undefined,
			});
		}
		return orderToVoucher(order, settings);
	});
	const refundId =
		document === 'creditNote' ? fieldText(ctx.getNodeParameter('refundId', itemIndex, '')) : '';
	return new BuiltVoucher(
		result.voucher as IDataObject | undefined,
		conversionOutput('order', result, { ...orderIdentity(order), document }),
		{
			key: orderKey(order, document, result.voucher as IDataObject | undefined, refundId),
			...(result.source ? { money: result.source } : {}),
			...(settings.selfInvoice && result.voucher?.receptor?.rfc
				? { recipientRfc: String(result.voucher.receptor.rfc) }
				: {}),
		},
	);
}

/**
 * The sale an order's document stands for, found on the list by the series and folio the conversion
 * gives it (the order's folio; -R1, -R2 for its refunds; -P1, -P2 for its payments).
 */
function orderKey(
	order: unknown,
	document: string,
	voucher: IDataObject | undefined,
	refundId: string,
): BusinessKey | undefined {
	if (!voucher || !order || typeof order !== 'object') return undefined;
	const record = order as IDataObject;
	const id = fieldText(record.id) || fieldText(record.name);
	const refunds = Array.isArray(record.refunds) ? (record.refunds as IDataObject[]) : [];
	const value =
		document === 'creditNote'
			? `order:${id}:refund:${refundId || fieldText(refunds[refunds.length - 1]?.id)}`
			: document === 'paymentReceipt'
				? `order:${id}:payment:${/-P(\d+)$/.exec(fieldText(voucher.folio))?.[1] ?? ''}`
				: `order:${id}`;
	const from =
		document === 'creditNote'
			? "the order's refund"
			: document === 'paymentReceipt'
				? "the order's payment"
				: 'the order';
	const key = keyOfFolio(voucher, value, from);
	const since = fieldText(record.created_at) || fieldText(record.processed_at);
	return key && since ? { ...key, since } : key;
}

/** The Line Items input mode. */
export function voucherFromLineItems(
	ctx: IExecuteFunctions,
	itemIndex: number,
	issuerDefaults: IssuerDefaults = {},
): BuiltVoucher {
	const lines = readJsonValue(
		ctx,
		'lineItems',
		itemIndex,
		'Line Items',
		'Map the list of lines with an expression such as {{ $json.lines }}.',
	);
	const settings = readLineItemsSettings(ctx, itemIndex, issuerDefaults);
	const result = convert(ctx, itemIndex, 'lineItems', () => lineItemsToVoucher(lines, settings));
	const voucher = result.voucher as IDataObject | undefined;
	const key = voucher
		? keyOfFolio(
				voucher,
				`lines:${fieldText(voucher.serie)}-${fieldText(voucher.folio)}`,
				'the folio (Line Items options)',
			)
		: undefined;
	return new BuiltVoucher(voucher, conversionOutput('lineItems', result), {
		key: key && settings.date ? { ...key, since: settings.date } : key,
		...(result.source ? { money: result.source } : {}),
	});
}
