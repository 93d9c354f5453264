/**
 * How a stamped voucher declares sales to the general public: a global invoice (type I with
 * InformacionGlobal) whose concepts are the SAT's sale lines, one per ticket. The sale ledger, the
 * sale identity and the period's declarations read vouchers by these rules; the kind's builder
 * (actions/voucher/globalInvoice/buildGlobalInvoice.ts) writes its concepts by them.
 */
import { fieldCode, fieldText } from './fieldText';

/** SAT filling guide: each sale is a concept 01010101 / ACT described "Venta". */
export const SALE_CONCEPT = Object.freeze({
	claveProdServ: '01010101',
	claveUnidad: 'ACT',
	descripcion: 'Venta',
});

/** A concept as the sale-line rule reads it. */
export interface SaleLineFields {
	noIdentificacion?: string;
	claveProdServ?: string;
	claveUnidad?: string;
}

/**
 * The SAT's sale line of a global invoice (its filling guide: 01010101 / ACT, NoIdentificacion the
 * ticket). ClaveProdServ 01010101 alone is no sign: it is also an order product's default code.
 */
export const isSaleLine = (line: SaleLineFields): boolean =>
	fieldText(line.claveProdServ) === SALE_CONCEPT.claveProdServ &&
	fieldCode(line.claveUnidad) === SALE_CONCEPT.claveUnidad;

/**
 * The concepts through which a global invoice declares sales (NoIdentificacion the ticket): all of
 * them when every concept is a sale line, else none. An order's own invoice to the general public is
 * type I with InformacionGlobal too, its concepts the products (their SKU as NoIdentificacion), and
 * a shipping line marks one whose products happen to be 01010101 / ACT.
 */
export function declaringLines<T extends SaleLineFields>(lines: T[]): T[] {
	return lines.every(isSaleLine)
		? lines.filter((line) => fieldText(line.noIdentificacion) !== '')
		: [];
}

/**
 * Whether a stamped voucher is a global invoice, declaring the sales its concepts name: a type-I
 * invoice with InformacionGlobal. A credit note to the general public carries InformacionGlobal too
 * (the SAT asks for it whenever the recipient is PUBLICO EN GENERAL) and names the ticket it
 * credits, but it declares no sale.
 */
export function isGlobalInvoice<
	T extends { tipoDeComprobante?: unknown; informacionGlobal?: unknown },
>(voucher: T): voucher is T & { informacionGlobal: NonNullable<T['informacionGlobal']> } {
	return fieldCode(voucher.tipoDeComprobante) === 'I' && voucher.informacionGlobal != null;
}
