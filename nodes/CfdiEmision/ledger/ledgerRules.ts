/**
 * The ledger's rules (ledger/ledger.ts holds the documents and their sums): the refusal of a credit
 * note or a payment receipt that would break them, with the figures and the field at fault. Pure.
 */
import {
	addDecimal,
	compareDecimal,
	decimalToString,
	DECIMAL_ZERO,
	subtractDecimal,
	type Decimal,
} from '../cfdi/decimal';
import {
	inInvoiceCurrency,
	money,
	STATE_WORDS,
	type CountedCredit,
	type CountedPayment,
	type InvoiceSums,
	type Ledger,
	type LedgerDocument,
	type LedgerPaid,
	type Refusal,
} from './ledger';
import { amountDecimals } from '../cfdi/catalogs/moneda';
import { fieldCode } from '../cfdi/fieldText';

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
			const sums = ledger.ticket(invoice.uuid, ticket, note.uuid);
			if (!sums) continue;
			const { amount: ticketTotal, credited: before, left } = sums;
			if (compareDecimal(addDecimal(before, amount), ticketTotal) <= 0) continue;
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
					alreadyCredited: decimalToString(before, amountDecimals(currency)),
					ticketAmount: decimalToString(ticketTotal, amountDecimals(currency)),
				},
			};
		}
	}
	// Several invoices: each total in the first one's currency, as the notes are.
	let limit = DECIMAL_ZERO;
	for (const invoice of known) {
		const total = inInvoiceCurrency(invoice.total, invoice, first);
		if (!total)
			return {
				status: 'exchangeRateMissing',
				message: `Invoice ${invoice.uuid} is in ${invoice.currency} and invoice ${first.uuid} in ${currency}, and no exchange rate converts one into the other: their totals cannot be summed.`,
				fix: 'Nothing was sent. Issue one credit note per invoice currency.',
				field: 'cfdiRelacionados',
				value: invoice.uuid,
			};
		limit = addDecimal(limit, total);
	}
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
			alreadyCredited: decimalToString(credited, amountDecimals(currency)),
			invoiceTotal: decimalToString(limit, amountDecimals(currency)),
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
	// A conflict is found only in the sums of an invoice the ledger holds.
	const sums = ledger.sums(entry.invoice, receipt.uuid) as InvoiceSums;
	const currency = sums.invoice.currency;
	const next = Math.max(...sums.payments.map((payment) => payment.entry.installment)) + 1;
	return {
		status: 'installmentUsed',
		message: `Installment ${entry.installment} of invoice ${entry.invoice} is already paid by payment receipt ${nameOf(other.document)} for ${money(other.entry.amount, currency)}; this receipt pays ${money(entry.amount, currency)} as the same installment.`,
		fix: `Nothing was sent. A new payment is a new installment: give installment ${next} with the previous balance ${money(sums.balance, currency)}. If the earlier receipt's amount was wrong, cancel it first.`,
		field: entry.path ? `${entry.path}.numParcialidad` : 'numParcialidad',
		value: String(entry.installment),
		figures: {
			invoice: entry.invoice,
			installment: String(entry.installment),
			otherReceipt: nameOf(other.document),
			otherAmount: decimalToString(other.entry.amount, amountDecimals(currency)),
			amount: decimalToString(entry.amount, amountDecimals(currency)),
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
		if (fieldCode(invoice.metodoPago) === 'PUE')
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
				value: decimalToString(entry.previous, amountDecimals(currency)),
				figures: {
					invoice: entry.invoice,
					balance: decimalToString(balance, amountDecimals(currency)),
					paid: decimalToString(sums.paid, amountDecimals(currency)),
				},
			};
		if (compareDecimal(entry.amount, balance) > 0)
			return {
				status: 'paymentExceedsBalance',
				message: `This receipt pays ${money(entry.amount, currency)} on invoice ${entry.invoice}, which owes ${money(balance, currency)} (total ${money(invoice.total, currency)}, already paid ${money(sums.paid, currency)}).`,
				fix: `Nothing was sent. Pay at most ${money(balance, currency)} on this invoice.`,
				field: `${field}.impPagado`,
				value: decimalToString(entry.amount, amountDecimals(currency)),
			};
	}
	return undefined;
}

const TYPE_WORDS: Record<string, string> = {
	I: 'invoice',
	E: 'credit note',
	P: 'payment receipt',
};

/**
 * The live documents relating `uuid` (credit notes, payment receipts): while one exists the SAT
 * refuses to cancel it ("no cancelable"), so a global invoice to cancel with motive 04 must have
 * none before its replacement and the buyer's invoice are stamped.
 */
export function liveRelating(ledger: Ledger, uuid: string): LedgerDocument[] {
	const key = fieldCode(uuid);
	return ledger
		.all()
		.filter(
			(document) =>
				document.state !== 'cancelled' &&
				fieldCode(document.uuid) !== key &&
				(document.credits.includes(key) || document.paid.some((entry) => entry.invoice === key)),
		);
}

/** A document as a person finds it: "credit note NC-12 (UUID …)", its state when not valid. */
export function describeDocument(document: LedgerDocument): string {
	const type = TYPE_WORDS[fieldCode(document.type)] ?? `voucher of type ${document.type}`;
	const state =
		document.state === 'inCancellation'
			? ', in cancellation'
			: document.state === 'valid'
				? ''
				: `, ${STATE_WORDS[document.state]}`;
	return `${type}${document.name ? ` ${document.name}` : ''} (UUID ${document.uuid}${state})`;
}
