/**
 * The default subject and message of E-mail → Send (version 1.1, Subject or Message left empty), in
 * the buyer's language, naming the kind of voucher sent: "Tu nota de crédito NC-7 de ESCUELA KEMPER
 * URGATE por $116.00 MXN". Read from the incoming item as Create's simplified output has it (passed
 * on by XML and PDF): voucherKind, series, folio, issuerName, total, currency and uuid; a member it
 * lacks is left out of the sentence. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { amountDecimals } from '../../cfdi/catalogs/moneda';
import { CONTENT_FOLIO_PREFIX } from '../../identity/contentKey';
import { decimalAsGiven, parseDecimal } from '../../cfdi/decimal';
import type { VoucherKind } from '../../cfdi/voucherSummary';

export type EmailLanguage = 'es' | 'en';

/** The editor's choices of the Language parameter (names in English, as the editor's text is). */
export const EMAIL_LANGUAGES: Array<{ name: string; value: EmailLanguage }> = [
	{ name: 'Spanish', value: 'es' },
	{ name: 'English', value: 'en' },
];

// A folio the node wrote from the voucher's content ("C-488C0590", identity/contentKey.ts) means nothing
// to the buyer: such an invoice is named by its issuer and total alone.
const CONTENT_FOLIO = new RegExp(`^${CONTENT_FOLIO_PREFIX}[0-9A-F]{8}$`);

/** A voucher of no known kind (a UUID typed for another voucher, Raw output): named by what every CFDI is. */
type NamedKind = VoucherKind | 'unknown';

/**
 * How each kind is named, as subject and as the message's reference. A payment receipt (type P) is
 * what the SAT's filling guide calls the "Recibo Electrónico de Pago"; a global invoice is declared
 * to the general public, so whoever receives it is not its recipient ("la", not "tu").
 */
const KIND_WORDS: Record<EmailLanguage, Record<NamedKind, { subject: string; ref: string }>> = {
	es: {
		invoice: { subject: 'Tu factura', ref: 'tu factura' },
		creditNote: { subject: 'Tu nota de crédito', ref: 'tu nota de crédito' },
		paymentReceipt: {
			subject: 'Tu recibo electrónico de pago',
			ref: 'tu recibo electrónico de pago',
		},
		globalInvoice: { subject: 'Factura global', ref: 'la factura global' },
		unknown: { subject: 'Tu comprobante fiscal', ref: 'tu comprobante fiscal' },
	},
	en: {
		invoice: { subject: 'Your invoice', ref: 'your invoice' },
		creditNote: { subject: 'Your credit note', ref: 'your credit note' },
		paymentReceipt: { subject: 'Your payment receipt', ref: 'your payment receipt' },
		globalInvoice: { subject: 'Global invoice', ref: 'the global invoice' },
		unknown: { subject: 'Your CFDI', ref: 'your CFDI' },
	},
};

const WORDS = {
	es: {
		from: 'de',
		for: 'por',
		message: (ref: string, voucher: string, uuid: string) =>
			`Hola:\n\nAdjuntamos el XML y el PDF de ${ref} ${voucher}${uuid ? ` (folio fiscal ${uuid})` : ''}.\n\nGracias.`,
	},
	en: {
		from: 'from',
		for: 'for',
		message: (ref: string, voucher: string, uuid: string) =>
			`Hello,\n\nAttached are the XML and PDF files of ${ref} ${voucher}${uuid ? ` (folio fiscal ${uuid})` : ''}.\n\nThank you.`,
	},
} as const;

const text = (value: unknown): string =>
	typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';

const KINDS: readonly VoucherKind[] = ['invoice', 'globalInvoice', 'creditNote', 'paymentReceipt'];
const KINDS_BY_TYPE = new Map<string, VoucherKind>([
	['I', 'invoice'],
	['E', 'creditNote'],
	['P', 'paymentReceipt'],
]);

/** The item's kind: Create's voucherKind, else a SAT type code (voucherType, tipoDeComprobante). */
function kindOf(item: IDataObject): NamedKind {
	const kind = KINDS.find((known) => known === text(item.voucherKind));
	if (kind) return kind;
	return (
		KINDS_BY_TYPE.get(text(item.voucherType ?? item.tipoDeComprobante).toUpperCase()) ?? 'unknown'
	);
}

/** "A-1001" from series and folio (either may be missing), or '' for none or a content code. */
function voucherName(item: IDataObject): string {
	const folio = text(item.folio);
	if (CONTENT_FOLIO.test(folio)) return '';
	return [text(item.series ?? item.serie), folio].filter(Boolean).join('-');
}

/** "$1,160.00 MXN": the total exactly as given, with its currency's decimals and thousands commas. */
export function amountText(total: unknown, currency: unknown): string {
	const value = parseDecimal(typeof total === 'string' ? total.trim() : total);
	if (!value) return '';
	const code = text(currency).toUpperCase();
	const [whole, fraction] = decimalAsGiven(value, amountDecimals(code)).split('.');
	const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
	const sign = grouped.startsWith('-') ? '-' : '';
	return `${sign}$${grouped.replace(/^-/, '')}${fraction ? `.${fraction}` : ''}${code ? ` ${code}` : ''}`;
}

/** "A-1001 de ESCUELA KEMPER URGATE por $1,160.00 MXN", or the UUID when the item names nothing else. */
function voucherWords(item: IDataObject, language: EmailLanguage): string {
	const words = WORDS[language];
	const issuer = text(item.issuerName);
	const amount = amountText(item.total, item.currency);
	const parts = [
		voucherName(item),
		issuer && `${words.from} ${issuer}`,
		amount && `${words.for} ${amount}`,
	].filter(Boolean);
	return parts.length ? parts.join(' ') : text(item.uuid).toUpperCase();
}

/** The language asked for, Spanish for anything else (a version 1 node has no Language). */
export function emailLanguage(value: unknown): EmailLanguage {
	return value === 'en' ? 'en' : 'es';
}

export function defaultSubject(item: IDataObject, language: EmailLanguage): string {
	const { subject } = KIND_WORDS[language][kindOf(item)];
	return `${subject} ${voucherWords(item, language)}`.trim();
}

export function defaultMessage(item: IDataObject, language: EmailLanguage): string {
	const uuid = text(item.uuid).toUpperCase();
	const voucher = voucherWords(item, language);
	const { ref } = KIND_WORDS[language][kindOf(item)];
	return WORDS[language].message(ref, voucher, voucher === uuid ? '' : uuid);
}
