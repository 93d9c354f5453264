/**
 * A sale's ledger (issue 33 item 2): the documents that credit or pay an invoice, and what they add
 * up to in the invoice's currency. Pure: no n8n types, no requests (stamping/saleLedger.ts fills it
 * from the service's list and the documents' XML, and from what a run stamps).
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
import { currencyDecimals } from './catalogs/moneda';
import {
	addDecimal,
	compareDecimal,
	decimalToString,
	divideDecimal,
	multiplyDecimal,
	parseDecimal,
	roundDecimal,
	subtractDecimal,
	DECIMAL_ZERO,
	type Decimal,
} from './decimal';
import { CREDIT_NOTE_RELATIONS } from './kinds/creditNote';
import { readSaleDocument, saleNumber, ticketAmount, ticketsOf } from './kinds/saleDocument';
import { isGlobalInvoice } from './kinds/globalInvoice';
import { readStampedCfdi } from './kinds/stampedCfdi';
import { fieldCode } from './fieldText';

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
	/** Global invoice (type I with InformacionGlobal: kinds/globalInvoice.ts isGlobalInvoice). */
	global?: boolean;
	/** The invoices a credit note credits (CfdiRelacionados of type 01, 03 or 07). */
	credits: string[];
	/** Gross amount per ticket it names (kinds/saleDocument.ts ticketsOf), taxes included. */
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

export const decimalsOf = (currency: string): number => currencyDecimals(currency) ?? 2;

/** Amount with its currency, at the currency's decimals. */
export function money(value: Decimal, currency: string): string {
	return `${decimalToString(value, decimalsOf(currency))} ${currency}`;
}

export const STATE_WORDS: Record<LedgerState, string> = {
	valid: 'valid',
	cancelled: 'cancelled',
	inCancellation: 'in cancellation (awaiting the recipient or the SAT)',
	pending: 'pending (saved, not stamped)',
};

/** The invoices a voucher credits: the UUIDs of its relations of type 01, 03 or 07 (only a type E voucher). */
export function creditedBy(voucher: {
	tipoDeComprobante?: unknown;
	relacionados?: Array<{ tipoRelacion: string; uuids: string[] }>;
}): string[] {
	if (fieldCode(voucher.tipoDeComprobante) !== 'E') return [];
	return [
		...new Set(
			(voucher.relacionados ?? [])
				.filter((group) =>
					(CREDIT_NOTE_RELATIONS as readonly string[]).includes(group.tipoRelacion),
				)
				.flatMap((group) => group.uuids.map(fieldCode))
				.filter(Boolean),
		),
	];
}

/** The relations of a voucher body to send, in the shape of a read XML's. */
export function relationsOfBody(
	body: Record<string, unknown>,
): Array<{ tipoRelacion: string; uuids: string[] }> {
	const groups = Array.isArray(body.cfdiRelacionados) ? body.cfdiRelacionados : [];
	return groups.map((group) => {
		const entry = (group ?? {}) as Record<string, unknown>;
		const related = Array.isArray(entry.cfdiRelacionado) ? entry.cfdiRelacionado : [];
		return {
			tipoRelacion: String(entry.tipoRelacion ?? '').trim(),
			uuids: related.map((item) => fieldCode((item as Record<string, unknown>)?.uuid)),
		};
	});
}

const decimal = (value: unknown): Decimal | undefined =>
	value === undefined || value === null || value === '' ? undefined : parseDecimal(value);

const rateOf = (currency: string, value: unknown): Decimal | undefined => {
	if (currency === 'MXN' || currency === 'XXX') return undefined;
	const rate = decimal(value);
	return rate && compareDecimal(rate, DECIMAL_ZERO) > 0 ? rate : undefined;
};

/** A stamped document's ledger entry from its XML text (the SAT's fields; the state comes from the list). */
export function ledgerDocumentFromXml(xml: string, state: LedgerState): LedgerDocument {
	const cfdi = readStampedCfdi(xml);
	const sale = readSaleDocument(xml);
	const currency = fieldCode(cfdi.moneda) || 'MXN';
	const tickets: Record<string, Decimal> = {};
	// A global invoice's tickets by the sale-line rule (saleDocument.ts ticketsOf), not every SKU.
	for (const id of ticketsOf(sale)) tickets[id] = ticketAmount(sale, id);
	return {
		uuid: fieldCode(cfdi.uuid),
		type: fieldCode(cfdi.tipoDeComprobante),
		state,
		currency,
		exchangeRate: rateOf(currency, cfdi.tipoCambio),
		// The Total as written (decimal text), not through a number.
		total: decimal(sale.total) ?? DECIMAL_ZERO,
		metodoPago: cfdi.metodoPago,
		name: [cfdi.serie, cfdi.folio].filter(Boolean).join('-') || undefined,
		fecha: cfdi.fecha,
		recipientRfc: fieldCode(cfdi.receptor.rfc) || undefined,
		global: isGlobalInvoice(cfdi),
		credits: creditedBy({
			tipoDeComprobante: cfdi.tipoDeComprobante,
			relacionados: cfdi.relacionados,
		}),
		tickets,
		paid: (cfdi.pagados ?? []).map((entry) => ({
			invoice: fieldCode(entry.uuid),
			installment: entry.installment,
			previous: decimal(entry.impSaldoAnt),
			amount: decimal(entry.impPagado) ?? DECIMAL_ZERO,
		})),
	};
}

type Body = Record<string, unknown>;
const list = (value: unknown): Body[] => (Array.isArray(value) ? (value as Body[]) : []);

/** A concept's gross amount in a body: Importe − Descuento + transfers − withholdings. */
function grossOfConcept(concepto: Body): Decimal {
	let gross = subtractDecimal(
		decimal(concepto.importe) ?? DECIMAL_ZERO,
		decimal(concepto.descuento) ?? DECIMAL_ZERO,
	);
	const impuestos = (concepto.impuestos ?? {}) as Body;
	for (const tax of list(impuestos.traslados))
		gross = addDecimal(gross, decimal(tax.importe) ?? DECIMAL_ZERO);
	for (const tax of list(impuestos.retenciones))
		gross = subtractDecimal(gross, decimal(tax.importe) ?? DECIMAL_ZERO);
	return gross;
}

/**
 * What a voucher body about to be sent would add to the ledger (a credit note or a payment
 * receipt); undefined for any other voucher. `uuid` names it until the service gives its UUID.
 */
export function ledgerDocumentFromBody(
	body: Body,
	uuid: string,
	state: LedgerState = 'pending',
): LedgerDocument | undefined {
	const type = fieldCode(body.tipoDeComprobante);
	const currency = fieldCode(body.moneda) || 'MXN';
	if (type === 'E') {
		const credits = creditedBy({ tipoDeComprobante: 'E', relacionados: relationsOfBody(body) });
		if (!credits.length) return undefined;
		const tickets: Record<string, Decimal> = {};
		for (const concepto of list(body.conceptos)) {
			const id = saleNumber(concepto.noIdentificacion);
			if (id) tickets[id] = addDecimal(tickets[id] ?? DECIMAL_ZERO, grossOfConcept(concepto));
		}
		return {
			uuid,
			type,
			state,
			currency,
			exchangeRate: rateOf(currency, body.tipoCambio),
			total: decimal(body.total) ?? DECIMAL_ZERO,
			credits,
			tickets,
			paid: [],
		};
	}
	if (type !== 'P') return undefined;
	const complemento = (body.complemento ?? {}) as Body;
	const paid = list(((complemento.complementoPago20 ?? {}) as Body).pago).flatMap(
		(pago, pagoIndex) =>
			list(pago.doctoRelacionado).map((docto, index) => ({
				invoice: fieldCode(docto.idDocumento),
				installment: Number(docto.numParcialidad ?? 1) || 1,
				previous: decimal(docto.impSaldoAnt),
				amount: decimal(docto.impPagado) ?? DECIMAL_ZERO,
				path: `complemento.complementoPago20.pago[${pagoIndex}].doctoRelacionado[${index}]`,
			})),
	);
	if (!paid.some((entry) => entry.invoice)) return undefined;
	return {
		uuid,
		type,
		state,
		currency: 'XXX',
		total: DECIMAL_ZERO,
		credits: [],
		tickets: {},
		paid: paid.filter((entry) => entry.invoice),
	};
}

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
	const decimals = decimalsOf(invoice.currency);
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
