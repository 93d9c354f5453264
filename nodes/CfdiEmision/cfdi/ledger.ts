/**
 * A sale's ledger (issue 33 item 2): the documents that credit or pay an invoice, and what they add
 * up to in the invoice's currency. Pure: no n8n types, no requests (stamping/saleLedger.ts fills it
 * from the service's list and the documents' XML, and from what a run stamps).
 *
 * Rules it answers, the same in every setting (node version, input mode, XML reading, currency):
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
import { readSaleDocument, saleNumber, ticketAmount } from './kinds/saleDocument';
import { readStampedCfdi } from './kinds/stampedCfdi';

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
	/** Global invoice (InformacionGlobal present). */
	global?: boolean;
	/** The invoices a credit note credits (CfdiRelacionados of type 01, 03 or 07). */
	credits: string[];
	/** Gross amount per ticket (a concept's NoIdentificacion), taxes included. */
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

const upper = (value: unknown): string =>
	value === undefined || value === null ? '' : String(value).trim().toUpperCase();

const decimalsOf = (currency: string): number => currencyDecimals(currency) ?? 2;

/** Amount with its currency, at the currency's decimals. */
export function money(value: Decimal, currency: string): string {
	return `${decimalToString(value, decimalsOf(currency))} ${currency}`;
}

const STATE_WORDS: Record<LedgerState, string> = {
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
	if (upper(voucher.tipoDeComprobante) !== 'E') return [];
	return [
		...new Set(
			(voucher.relacionados ?? [])
				.filter((group) =>
					(CREDIT_NOTE_RELATIONS as readonly string[]).includes(group.tipoRelacion),
				)
				.flatMap((group) => group.uuids.map(upper))
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
			uuids: related.map((item) => upper((item as Record<string, unknown>)?.uuid)),
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
	const currency = upper(cfdi.moneda) || 'MXN';
	const tickets: Record<string, Decimal> = {};
	for (const id of cfdi.conceptIds) tickets[saleNumber(id)] = ticketAmount(sale, id);
	return {
		uuid: upper(cfdi.uuid),
		type: upper(cfdi.tipoDeComprobante),
		state,
		currency,
		exchangeRate: rateOf(currency, cfdi.tipoCambio),
		// The Total as written (decimal text), not through a number.
		total: decimal(sale.total) ?? DECIMAL_ZERO,
		metodoPago: cfdi.metodoPago,
		name: [cfdi.serie, cfdi.folio].filter(Boolean).join('-') || undefined,
		fecha: cfdi.fecha,
		recipientRfc: upper(cfdi.receptor.rfc) || undefined,
		global: cfdi.informacionGlobal !== undefined,
		credits: creditedBy({
			tipoDeComprobante: cfdi.tipoDeComprobante,
			relacionados: cfdi.relacionados,
		}),
		tickets,
		paid: (cfdi.pagados ?? []).map((entry) => ({
			invoice: upper(entry.uuid),
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
	const type = upper(body.tipoDeComprobante);
	const currency = upper(body.moneda) || 'MXN';
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
				invoice: upper(docto.idDocumento),
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
		this.documents.set(upper(document.uuid), document);
	}

	get(uuid: string): LedgerDocument | undefined {
		return this.documents.get(upper(uuid));
	}

	has(uuid: string): boolean {
		return this.documents.has(upper(uuid));
	}

	remove(uuid: string): void {
		this.documents.delete(upper(uuid));
	}

	/** Renames a document this run sent once the service gave its UUID. */
	rename(from: string, to: string, state: LedgerState = 'valid'): void {
		const document = this.get(from);
		if (!document) return;
		this.remove(from);
		this.put({ ...document, uuid: upper(to), state, label: undefined });
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
		const key = upper(uuid);
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

	/** What live credit notes credited on one ticket of a global invoice. */
	ticketCredited(globalUuid: string, ticket: string, except?: string): Decimal {
		const key = upper(globalUuid);
		const wanted = saleNumber(ticket);
		let sum = DECIMAL_ZERO;
		for (const document of this.documents.values())
			if (
				live(document) &&
				document.uuid !== except &&
				document.type === 'E' &&
				document.credits.includes(key) &&
				document.tickets[wanted]
			)
				sum = addDecimal(sum, document.tickets[wanted]);
		return sum;
	}
}

const nameOf = (document: LedgerDocument) => document.label ?? document.uuid;

/** Nothing is credited or paid on an invoice cancelled or in cancellation. */
export function liveInvoiceRefusal(invoice: LedgerDocument, what: string): Refusal | undefined {
	if (invoice.state !== 'cancelled' && invoice.state !== 'inCancellation') return undefined;
	return {
		status: invoice.state === 'cancelled' ? 'invoiceCancelled' : 'invoiceInCancellation',
		message: `Invoice ${invoice.uuid} is ${STATE_WORDS[invoice.state]}: ${what} cannot relate it.`,
		fix:
			invoice.state === 'cancelled'
				? `Nothing was sent. Relate the invoice that replaced it (the one stamped with relation 04 to ${invoice.uuid}), or stamp a new invoice first.`
				: `Nothing was sent. Wait until the cancellation of ${invoice.uuid} is accepted or rejected (Voucher > Get Status): if it is rejected the invoice is valid again; if accepted, relate the invoice that replaced it.`,
		figures: { invoice: invoice.uuid, state: invoice.state },
	};
}

/**
 * The refusal of a credit note (`note`, not yet in the ledger) that, with the live notes already
 * relating its invoice(s), would credit more than their total; or of a note on a ticket of a global
 * invoice beyond the ticket's amount; undefined when it fits. Figures in the first invoice's currency.
 */
export function creditRefusal(ledger: Ledger, note: LedgerDocument): Refusal | undefined {
	const invoices = note.credits.map((uuid) => ledger.get(uuid));
	const unknown = note.credits.find((_, index) => !invoices[index]);
	if (unknown)
		return {
			status: 'invoiceUnknown',
			message: `Invoice ${unknown} the credit note relates could not be read.`,
			fix: 'Nothing was sent. Check the UUID of the related invoice.',
			field: 'cfdiRelacionados',
			value: unknown,
		};
	const known = invoices as LedgerDocument[];
	for (const invoice of known) {
		const refused = liveInvoiceRefusal(invoice, 'a credit note');
		if (refused) return { ...refused, field: 'cfdiRelacionados', value: invoice.uuid };
	}
	const first = known[0];
	const currency = first.currency;
	const mine = inInvoiceCurrency(note.total, note, first);
	if (!mine)
		return {
			status: 'exchangeRateMissing',
			message: `The credit note is in ${note.currency} and invoice ${first.uuid} in ${currency}, and no exchange rate converts one into the other.`,
			fix: "Nothing was sent. Give the exchange rate (TipoCambio, MXN per unit of the currency) of the note, or issue it in the invoice's currency.",
			field: 'tipoCambio',
			value: note.exchangeRate ? decimalToString(note.exchangeRate) : '',
		};
	// Global invoice: each ticket the note carries is credited at most its own amount.
	for (const invoice of known.filter((entry) => entry.global)) {
		for (const [ticket, amount] of Object.entries(note.tickets)) {
			const ticketTotal = invoice.tickets[ticket];
			if (!ticketTotal) continue;
			const before = ledger.ticketCredited(invoice.uuid, ticket, note.uuid);
			if (compareDecimal(addDecimal(before, amount), ticketTotal) <= 0) continue;
			const left = subtractDecimal(ticketTotal, before);
			return {
				status: 'creditExceedsTicket',
				message: `This credit note would credit more than ticket ${ticket} of global invoice ${invoice.uuid} holds: already credited ${money(before, currency)}, this credit note ${money(amount, currency)}, ticket amount ${money(ticketTotal, currency)}.`,
				fix:
					compareDecimal(left, DECIMAL_ZERO) > 0
						? `Nothing was sent. Credit at most ${money(left, currency)} on ticket ${ticket}, or cancel a credit note that was wrong first.`
						: `Nothing was sent. Ticket ${ticket} is credited in full already; cancel a credit note that was wrong first if a new one is needed.`,
				field: 'total',
				value: decimalToString(amount),
				figures: {
					ticket,
					alreadyCredited: decimalToString(before, decimalsOf(currency)),
					ticketAmount: decimalToString(ticketTotal, decimalsOf(currency)),
				},
			};
		}
	}
	const limit = known.reduce((sum, invoice) => addDecimal(sum, invoice.total), DECIMAL_ZERO);
	// Each earlier note once, even when it relates several of the invoices.
	const earlier = new Map<string, CountedCredit>();
	for (const invoice of known) {
		const sums = ledger.sums(invoice.uuid, note.uuid) as InvoiceSums;
		const blind = sums.unconverted[0];
		if (blind)
			return {
				status: 'exchangeRateMissing',
				message: `Credit note ${nameOf(blind)} on invoice ${invoice.uuid} is in ${blind.currency} without an exchange rate to ${currency}: what is already credited cannot be summed.`,
				fix: 'Nothing was sent. Check that credit note (XML > Download); the sum needs its TipoCambio.',
			};
		for (const credit of sums.credits)
			if (invoice === first || credit.document.currency === currency)
				earlier.set(credit.document.uuid, credit);
			else if (!earlier.has(credit.document.uuid)) {
				const amount = inInvoiceCurrency(credit.document.total, credit.document, first);
				if (amount) earlier.set(credit.document.uuid, { document: credit.document, amount });
			}
	}
	const credits = [...earlier.values()];
	const credited = credits.reduce((sum, credit) => addDecimal(sum, credit.amount), DECIMAL_ZERO);
	if (compareDecimal(addDecimal(credited, mine), limit) <= 0) return undefined;
	const which =
		known.length === 1
			? `invoice ${first.uuid} totals`
			: `invoices ${known.map((invoice) => invoice.uuid).join(', ')} total`;
	const listed = credits.length
		? ` (credit notes ${credits
				.map(
					(credit) =>
						`${nameOf(credit.document)} ${money(credit.amount, currency)}${credit.document.currency !== currency ? ` from ${money(credit.document.total, credit.document.currency)}` : ''}`,
				)
				.join(', ')})`
		: '';
	const converted =
		note.currency !== currency ? ` (${money(note.total, note.currency)} converted)` : '';
	const remaining = subtractDecimal(limit, credited);
	return {
		status: 'creditExceedsInvoice',
		message: `This credit note would credit more than ${which}: already credited ${money(credited, currency)}${listed}, this credit note ${money(mine, currency)}${converted}, invoice total ${money(limit, currency)}.`,
		fix:
			compareDecimal(remaining, DECIMAL_ZERO) > 0
				? `Nothing was sent. Credit at most ${money(remaining, currency)} (the invoice total less what is already credited), or cancel a credit note that was wrong first.`
				: `Nothing was sent. The invoice is credited in full already; cancel a credit note that was wrong first if a new one is needed.`,
		field: 'total',
		value: decimalToString(note.total),
		figures: {
			alreadyCredited: decimalToString(credited, decimalsOf(currency)),
			invoiceTotal: decimalToString(limit, decimalsOf(currency)),
			currency,
		},
	};
}

/** An installment of the receipt already paid by another live receipt, with both amounts. */
export interface InstallmentTaken {
	entry: LedgerPaid;
	other: CountedPayment;
	sameAmount: boolean;
}

/** The installments of `receipt` another live receipt already pays. */
export function installmentsTaken(ledger: Ledger, receipt: LedgerDocument): InstallmentTaken[] {
	const taken: InstallmentTaken[] = [];
	for (const entry of receipt.paid) {
		const sums = ledger.sums(entry.invoice, receipt.uuid);
		const other = sums?.payments.find((payment) => payment.entry.installment === entry.installment);
		if (other)
			taken.push({
				entry,
				other,
				sameAmount: compareDecimal(other.entry.amount, entry.amount) === 0,
			});
	}
	return taken;
}

/** An installment number used before for another amount: never the other receipt's answer. */
export function installmentConflictRefusal(
	ledger: Ledger,
	receipt: LedgerDocument,
): Refusal | undefined {
	const conflict = installmentsTaken(ledger, receipt).find((taken) => !taken.sameAmount);
	if (!conflict) return undefined;
	const { entry, other } = conflict;
	const invoice = ledger.get(entry.invoice);
	const currency = invoice?.currency ?? 'MXN';
	const sums = ledger.sums(entry.invoice, receipt.uuid);
	const next = Math.max(...(sums?.payments.map((payment) => payment.entry.installment) ?? [0])) + 1;
	return {
		status: 'installmentUsed',
		message: `Installment ${entry.installment} of invoice ${entry.invoice} is already paid by payment receipt ${nameOf(other.document)} for ${money(other.entry.amount, currency)}; this receipt pays ${money(entry.amount, currency)} as the same installment.`,
		fix: `Nothing was sent. A new payment is a new installment: give installment ${next} with the previous balance ${sums ? money(sums.balance, currency) : 'the earlier receipt left'}. If the earlier receipt's amount was wrong, cancel it first.`,
		field: entry.path ? `${entry.path}.numParcialidad` : 'numParcialidad',
		value: String(entry.installment),
		figures: {
			invoice: entry.invoice,
			installment: String(entry.installment),
			otherReceipt: nameOf(other.document),
			otherAmount: decimalToString(other.entry.amount, decimalsOf(currency)),
			amount: decimalToString(entry.amount, decimalsOf(currency)),
		},
	};
}

/**
 * The refusal of a payment receipt (`receipt`, not yet in the ledger): an invoice unknown, cancelled
 * or in cancellation, issued PUE, an installment already paid, a previous balance other than what
 * the earlier receipts left, or more paid than owed; undefined when it fits.
 */
export function paymentRefusal(ledger: Ledger, receipt: LedgerDocument): Refusal | undefined {
	for (const entry of receipt.paid) {
		const invoice = ledger.get(entry.invoice);
		const field = entry.path ?? 'doctoRelacionado';
		if (!invoice)
			return {
				status: 'invoiceUnknown',
				message: `Invoice ${entry.invoice} the receipt pays could not be read.`,
				fix: 'Nothing was sent. Check the UUID of the paid invoice.',
				field: `${field}.idDocumento`,
				value: entry.invoice,
			};
		const refused = liveInvoiceRefusal(invoice, 'a payment receipt');
		if (refused) return { ...refused, field: `${field}.idDocumento`, value: invoice.uuid };
		if (upper(invoice.metodoPago) === 'PUE')
			return {
				status: 'invoicePaidInFull',
				message: `Invoice ${invoice.uuid}${invoice.name ? ` (${invoice.name})` : ''} was issued with payment method PUE (paid in full when issued): it takes no payment receipt.`,
				fix: 'Nothing was sent. Only an invoice issued PPD (paid later) takes payment receipts; for a PUE invoice the payment is already recorded in it.',
				field: `${field}.idDocumento`,
				value: invoice.uuid,
			};
	}
	const conflict = installmentConflictRefusal(ledger, receipt);
	if (conflict) return conflict;
	const taken = installmentsTaken(ledger, receipt);
	if (taken.length) {
		const named = taken
			.map(
				({ entry, other }) =>
					`installment ${entry.installment} of invoice ${entry.invoice} is already paid by payment receipt ${nameOf(other.document)}`,
			)
			.join('; ');
		return {
			status: 'installmentReceipted',
			message: `This payment receipt pays what another receipt already pays: ${named}.`,
			fix: 'Nothing was sent. An installment of an invoice is receipted once: give the next installment number with the balance the earlier receipt left, or cancel the earlier receipt first if it was wrong.',
			field: taken[0].entry.path ? `${taken[0].entry.path}.numParcialidad` : 'numParcialidad',
			value: String(taken[0].entry.installment),
		};
	}
	// An invoice listed twice in this receipt: its second listing starts where the first left off.
	const listedBefore = new Map<string, Decimal>();
	for (const entry of [...receipt.paid].sort((a, b) => a.installment - b.installment)) {
		const invoice = ledger.get(entry.invoice) as LedgerDocument;
		const sums = ledger.sums(entry.invoice, receipt.uuid) as InvoiceSums;
		const currency = invoice.currency;
		const earlierHere = listedBefore.get(entry.invoice) ?? DECIMAL_ZERO;
		const balance = subtractDecimal(sums.balance, earlierHere);
		listedBefore.set(entry.invoice, addDecimal(earlierHere, entry.amount));
		const field = entry.path ?? 'doctoRelacionado';
		// Pagos 2.0 filling guide, ImpSaldoAnt: the document's total for the first installment, then
		// the balance (ImpSaldoInsoluto) the previous installment left.
		if (entry.previous && compareDecimal(entry.previous, balance) !== 0)
			return {
				status: 'previousBalanceStale',
				message: `The previous balance ${money(entry.previous, currency)} of invoice ${entry.invoice} (installment ${entry.installment}) is not what is owed: its receipts already paid ${money(sums.paid, currency)} of ${money(invoice.total, currency)}, so the balance is ${money(balance, currency)}.`,
				fix: `Nothing was sent. Set the previous balance to ${money(balance, currency)}${compareDecimal(entry.amount, balance) > 0 ? ` and pay at most that` : ''}, or leave it to the invoice's XML.`,
				field: `${field}.impSaldoAnt`,
				value: decimalToString(entry.previous, decimalsOf(currency)),
				figures: {
					invoice: entry.invoice,
					balance: decimalToString(balance, decimalsOf(currency)),
					paid: decimalToString(sums.paid, decimalsOf(currency)),
				},
			};
		if (compareDecimal(entry.amount, balance) > 0)
			return {
				status: 'paymentExceedsBalance',
				message: `This receipt pays ${money(entry.amount, currency)} on invoice ${entry.invoice}, which owes ${money(balance, currency)} (total ${money(invoice.total, currency)}, already paid ${money(sums.paid, currency)}).`,
				fix: `Nothing was sent. Pay at most ${money(balance, currency)} on this invoice.`,
				field: `${field}.impPagado`,
				value: decimalToString(entry.amount, decimalsOf(currency)),
			};
	}
	return undefined;
}
