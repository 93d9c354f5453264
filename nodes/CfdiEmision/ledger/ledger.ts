/**
 * A sale's ledger (issue 33 item 2): the documents that credit or pay an invoice, and what they add
 * up to in the invoice's currency. Pure: no n8n types, no requests (stamping/saleLedger.ts fills it
 * from the service's list and the documents' XML, and from what a run stamps; ledgerDocument.ts
 * reads one document from its XML or its body).
 *
 * Its rules (ledgerRules.ts), the same in every setting (node version, input mode, XML reading, currency):
 * - live credit notes relating an invoice (relations 01, 03, 07) credit at most its total, each note
 *   converted into the invoice's currency; a credit of a ticket of a global invoice at most the ticket;
 * - live receipts pay at most the invoice's total, one installment number per payment, and each
 *   receipt's previous balance (ImpSaldoAnt) is what the earlier receipts left;
 * - nothing is credited or paid on an invoice cancelled or in cancellation; a PUE invoice takes no receipt.
 * "Live" is every state but cancelled: a document in cancellation may still be refused its
 * cancellation, and a document this run sent and not yet confirmed may be stamped.
 */
import { amountDecimals } from '../cfdi/catalogs/moneda';
import {
	addDecimal,
	decimalToString,
	divideDecimal,
	multiplyDecimal,
	roundDecimal,
	subtractDecimal,
	DECIMAL_ZERO,
	type Decimal,
} from '../cfdi/decimal';
import { saleNumber } from '../stampedXml/saleDocument';
import { fieldCode } from '../cfdi/fieldText';

export type LedgerState = 'valid' | 'cancelled' | 'inCancellation' | 'pending';

/** One invoice and installment a receipt pays (Pagos DoctoRelacionado), amounts in the invoice's currency. */
export interface LedgerPaid {
	invoice: string;
	installment: number;
	/** ImpSaldoAnt; absent when the document did not say. */
	previous?: Decimal;
	/** ImpPagado. */
	amount: Decimal;
	/** Where it stands in the body sent (for the refusal's field). */
	path?: string;
}

export interface LedgerDocument {
	uuid: string;
	/** CFDI type: I, E, P. */
	type: string;
	state: LedgerState;
	currency: string;
	/** TipoCambio: MXN per unit of `currency`; absent for MXN. */
	exchangeRate?: Decimal;
	total: Decimal;
	metodoPago?: string;
	/** Series and folio as "A-1001", when it has them. */
	name?: string;
	/** CFDI Fecha (Mexico City time) and the recipient's RFC: where the list read starts, whose documents it reads. */
	fecha?: string;
	recipientRfc?: string;
	/** Global invoice (type I with InformacionGlobal: cfdi/globalSaleLines.ts isGlobalInvoice). */
	global?: boolean;
	/** The invoices a credit note credits (CfdiRelacionados of type 01, 03 or 07). */
	credits: string[];
	/** Gross amount per ticket it names (stampedXml/saleDocument.ts ticketsOf), taxes included. */
	tickets: Record<string, Decimal>;
	paid: LedgerPaid[];
	/** How the refusals name it: its UUID, or "this run's item 2". */
	label?: string;
}

export interface Refusal {
	message: string;
	fix: string;
	/** The field at fault (JSON path of the voucher body) and its value, when one is. */
	field?: string;
	value?: string;
	status: string;
	figures?: Record<string, string>;
}

/** Amount with its currency, at the currency's decimals. */
export function money(value: Decimal, currency: string): string {
	return `${decimalToString(value, amountDecimals(currency))} ${currency}`;
}

export const STATE_WORDS: Record<LedgerState, string> = {
	valid: 'valid',
	cancelled: 'cancelled',
	inCancellation: 'in cancellation (awaiting the recipient or the SAT)',
	pending: 'pending (saved, not stamped)',
};

/**
 * An amount of `document` in the invoice's currency. The document's own TipoCambio takes it to MXN;
 * from MXN to the invoice's currency the one rate a stamped document gives for that currency is the
 * invoice's own TipoCambio. The result is rounded half-up to the invoice currency's decimals, once
 * per document (Anexo 20: amounts carry the currency's decimals; the Pagos 2.0 filling guide
 * converts with EquivalenciaDR and rounds the result to the payment currency's decimals).
 * Undefined when a rate is missing.
 */
export function inInvoiceCurrency(
	amount: Decimal,
	document: Pick<LedgerDocument, 'currency' | 'exchangeRate'>,
	invoice: Pick<LedgerDocument, 'currency' | 'exchangeRate'>,
): Decimal | undefined {
	if (document.currency === invoice.currency) return amount;
	const toMxn = document.currency === 'MXN' ? undefined : document.exchangeRate;
	if (document.currency !== 'MXN' && !toMxn) return undefined;
	const mxn = toMxn ? multiplyDecimal(amount, toMxn) : amount;
	const decimals = amountDecimals(invoice.currency);
	if (invoice.currency === 'MXN') return roundDecimal(mxn, decimals);
	if (!invoice.exchangeRate) return undefined;
	return divideDecimal(mxn, invoice.exchangeRate, decimals);
}

const live = (document: LedgerDocument) => document.state !== 'cancelled';

/** One credit note counted against an invoice. */
export interface CountedCredit {
	document: LedgerDocument;
	/** Its total in the invoice's currency. */
	amount: Decimal;
}

/** One installment a receipt pays on an invoice. */
export interface CountedPayment {
	document: LedgerDocument;
	entry: LedgerPaid;
}

/** What an invoice's documents add up to, in its currency. */
export interface InvoiceSums {
	invoice: LedgerDocument;
	credits: CountedCredit[];
	payments: CountedPayment[];
	credited: Decimal;
	paid: Decimal;
	/** Total − credited − paid. */
	owed: Decimal;
	/** What the next receipt's ImpSaldoAnt must be: total − Σ ImpPagado of live receipts. */
	balance: Decimal;
	/** Live credit notes whose amount cannot be converted (no exchange rate). */
	unconverted: LedgerDocument[];
}

/** One run's (or one property test's) ledger: documents by UUID. */
export class Ledger {
	private readonly documents = new Map<string, LedgerDocument>();

	/** Adds or replaces a document (by UUID). */
	put(document: LedgerDocument): void {
		this.documents.set(fieldCode(document.uuid), document);
	}

	get(uuid: string): LedgerDocument | undefined {
		return this.documents.get(fieldCode(uuid));
	}

	has(uuid: string): boolean {
		return this.documents.has(fieldCode(uuid));
	}

	remove(uuid: string): void {
		this.documents.delete(fieldCode(uuid));
	}

	/** Renames a document this run sent once the service gave its UUID. */
	rename(from: string, to: string, state: LedgerState = 'valid'): void {
		const document = this.get(from);
		if (!document) return;
		this.remove(from);
		this.put({ ...document, uuid: fieldCode(to), state, label: undefined });
	}

	setState(uuid: string, state: LedgerState): void {
		const document = this.get(uuid);
		if (document) this.put({ ...document, state });
	}

	all(): LedgerDocument[] {
		return [...this.documents.values()];
	}

	/** The invoice's live credit notes and receipts, and what they add up to; undefined for an unknown invoice. */
	sums(uuid: string, except?: string): InvoiceSums | undefined {
		const invoice = this.get(uuid);
		if (!invoice) return undefined;
		const key = fieldCode(uuid);
		const credits: CountedCredit[] = [];
		const payments: CountedPayment[] = [];
		const unconverted: LedgerDocument[] = [];
		for (const document of this.documents.values()) {
			if (!live(document) || document.uuid === except || document.uuid === key) continue;
			if (document.type === 'E' && document.credits.includes(key)) {
				const amount = inInvoiceCurrency(document.total, document, invoice);
				if (amount) credits.push({ document, amount });
				else unconverted.push(document);
			}
			if (document.type === 'P')
				for (const entry of document.paid)
					if (entry.invoice === key) payments.push({ document, entry });
		}
		const credited = credits.reduce((sum, credit) => addDecimal(sum, credit.amount), DECIMAL_ZERO);
		const paid = payments.reduce(
			(sum, payment) => addDecimal(sum, payment.entry.amount),
			DECIMAL_ZERO,
		);
		return {
			invoice,
			credits,
			payments,
			credited,
			paid,
			owed: subtractDecimal(subtractDecimal(invoice.total, credited), paid),
			balance: subtractDecimal(invoice.total, paid),
			unconverted,
		};
	}

	/**
	 * One ticket of a global invoice: its amount there, the live credit notes carrying it (their
	 * concepts with that NoIdentificacion), what they credited and what is left; undefined when the
	 * invoice is unknown or does not hold the ticket.
	 */
	ticket(globalUuid: string, ticket: string, except?: string): TicketSums | undefined {
		const global = this.get(globalUuid);
		const wanted = saleNumber(ticket);
		const amount = global?.tickets[wanted];
		if (!global || !amount) return undefined;
		const credits: CountedCredit[] = [];
		for (const document of this.documents.values())
			if (
				live(document) &&
				document.uuid !== except &&
				document.type === 'E' &&
				document.credits.includes(global.uuid) &&
				document.tickets[wanted]
			)
				credits.push({ document, amount: document.tickets[wanted] });
		const credited = credits.reduce((sum, credit) => addDecimal(sum, credit.amount), DECIMAL_ZERO);
		return {
			global,
			ticket: wanted,
			amount,
			credits,
			credited,
			left: subtractDecimal(amount, credited),
		};
	}
}

/** What one ticket of a global invoice has credited, in the global invoice's currency. */
export interface TicketSums {
	global: LedgerDocument;
	ticket: string;
	amount: Decimal;
	credits: CountedCredit[];
	credited: Decimal;
	left: Decimal;
}
