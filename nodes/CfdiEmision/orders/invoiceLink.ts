/**
 * Which stamped invoice a payment receipt or a credit note of an order refers to: its UUID given in
 * the settings (e.g. looked up in a table of stamped invoices), or written on the order as a note
 * attribute.
 */
import type { TaxRate } from '../cfdi/kinds/taxRates';
import type { Voucher } from '../cfdi/types';
import { OrderInputError } from './orderInputError';
import { orderToVoucher } from './orderToVoucher';
import { readNoteAttributes } from './orderRecipient';
import { normalizeName, type OrderSettings } from './settings';
import { orderLabel } from './shopifyOrder';
import { type UnknownRecord } from '../cfdi/validation/context';

/** The note attribute read when no invoice UUID is given. */
export const DEFAULT_INVOICE_UUID_ATTRIBUTE = 'CFDI UUID';
const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;

export interface InvoiceLinkSettings extends OrderSettings {
	/** The UUID of the order's invoice; by default read from the note attribute below. */
	invoiceUuid?: string;
	invoiceUuidAttribute?: string;
}

/** A payment receipt's settings from an order (its conversion: actions/voucher/paymentReceipt/receiptFromOrder.ts). */
export interface ReceiptSettings extends InvoiceLinkSettings {
	/** Which payment (transaction id) of the order; default the last successful one. */
	transactionId?: string | number;
	/** When the order carries no transactions: the payment date (text, Date or DateTime); default the order's updated_at. */
	paymentDate?: unknown;
	/** The invoice's series when receipts have their own (`serie`); default `serie`. */
	invoiceSerie?: string;
}

export function invoiceUuidOf(
	order: UnknownRecord,
	settings: InvoiceLinkSettings,
	what: string,
): string {
	const attribute = settings.invoiceUuidAttribute || DEFAULT_INVOICE_UUID_ATTRIBUTE;
	const given = String(settings.invoiceUuid ?? '').trim();
	const uuid = given || (readNoteAttributes(order).get(normalizeName(attribute)) ?? '').trim();
	if (UUID.test(uuid)) return uuid.toUpperCase();
	throw new OrderInputError(
		given ? 'settings.invoiceUuid' : 'note_attributes',
		uuid
			? `The invoice UUID ${JSON.stringify(uuid)} is not a UUID.`
			: `${orderLabel(order)} does not say which invoice the ${what} refers to: no Invoice UUID is given and note attribute "${attribute}" is empty.`,
		`Give Invoice UUID (e.g. looked up in the table the invoicing workflow writes), or the invoice's UUID in the order's note attribute "${attribute}".`,
	);
}

/**
 * The order's invoice as the invoicing conversion builds it with these settings: its total, folio and
 * taxes per rate are those of the stamped invoice when the settings are the same.
 */
export function rebuiltInvoice(order: UnknownRecord, settings: OrderSettings): Voucher | undefined {
	try {
		return orderToVoucher(order, settings).voucher;
	} catch {
		return undefined;
	}
}

/** The invoice's transferred taxes per rate, with their bases (what a payment or credit is prorated on). */
export function invoiceTaxRates(invoice: Voucher): TaxRate[] {
	return (invoice.impuestos?.traslados ?? []).map((tax) => ({
		impuesto: tax.impuesto,
		tipoFactor: tax.tipoFactor,
		...(tax.tasaOCuota !== undefined ? { tasaOCuota: tax.tasaOCuota } : {}),
		base: tax.base,
	}));
}
