/**
 * A refund or discount on a sale that went into a global invoice (the SAT's global CFDI guide,
 * appendix 2, "CFDI de egreso aplicable a un CFDI global"): a credit note (type E) to the general
 * public (XAXX010101000, regime 616, use S01, the issuer's postal code), related to the global
 * invoice with TipoRelacion 01 (or 03 for returned goods), with the global invoice's
 * InformacionGlobal, one concept carrying the ticket as NoIdentificacion and the ticket's taxes,
 * and never more than the ticket's amount less what earlier credit notes took from it. The note
 * itself is the credit note's builder's (actions/voucher/creditNote/), which the caller hands down.
 */
import {
	compareDecimal,
	decimalToString,
	subtractDecimal,
	type Decimal,
	parseDecimal,
} from '../../../cfdi/decimal';
import type { Receptor, Voucher } from '../../../cfdi/types';
import { withGlobalInformation } from '../../../cfdi/voucherShape';
import { isGlobalInvoice, SALE_CONCEPT } from '../../../cfdi/globalSaleLines';
import { GENERAL_PUBLIC_RECIPIENT } from './buildGlobalInvoice';
import {
	conceptsOfTicket,
	saleNumber,
	ticketAmount,
	ticketsOf,
	type SaleDocument,
} from '../../../stampedXml/saleDocument';
import { KindInputError, type TaxRate } from '../../../cfdi/kinds/taxRates';
import type { VoucherHeadInput } from '../../../cfdi/kinds/voucherParts';

export interface GlobalSaleCreditInput extends VoucherHeadInput {
	/** The stamped global invoice, read from its XML. */
	global: SaleDocument;
	/** The ticket (the concept's NoIdentificacion) of the refunded sale. */
	ticket: string;
	/** What earlier, valid credit notes already credited against this ticket. */
	alreadyCredited: Decimal;
	/** How the refund is given: 01 cash, 03 transfer, 04 card ... */
	formaPago: string;
	/** 01 (discount, refund) or 03 (return of goods). */
	tipoRelacion?: string;
	/** The amount refunded, taxes included; absent or 0: what is left of the ticket. */
	amount?: number | string;
	descripcion?: string;
}

/**
 * The credit note a ticket's credit asks for, in the terms of the credit note's builder
 * (actions/voucher/creditNote/buildCreditNote.ts: CreditNoteInput), which takes it as it is.
 */
export interface SaleCredit extends VoucherHeadInput {
	receptor: Omit<Receptor, 'usoCFDI'> & { usoCFDI?: string };
	formaPago: string;
	moneda?: string;
	tipoRelacion: string;
	invoices: Array<{
		uuid: string;
		total: string;
		saldo: string;
		moneda?: string;
		taxes: TaxRate[];
	}>;
	amount: string;
	amountIncludesTax: boolean;
	descripcion?: string;
}

/** The credit note's builder, handed down by the caller (Create Credit Note's creditNoteFromFields.ts). */
export type BuildSaleCredit = (credit: SaleCredit) => Voucher;

/** What is left to credit on the ticket, and the ticket's amount in the global invoice. */
export function ticketBalance(
	global: SaleDocument,
	ticket: string,
	alreadyCredited: Decimal,
): { amount: Decimal; left: Decimal } {
	const amount = ticketAmount(global, ticket);
	return { amount, left: subtractDecimal(amount, alreadyCredited) };
}

/**
 * The credit note for a ticket of a global invoice, built by `buildCreditNote` (the credit note's
 * builder); refused (KindInputError) when it does not fit.
 */
export function buildGlobalSaleCreditNote(
	input: GlobalSaleCreditInput,
	buildCreditNote: BuildSaleCredit,
): Voucher {
	const { global } = input;
	const uuid = global.uuid ?? '';
	if (!isGlobalInvoice(global)) {
		throw new KindInputError(
			'invoices',
			`Voucher ${uuid} is not a global invoice (it has no InformacionGlobal): a sale of a global invoice is credited against that global invoice.`,
			'Relate the global invoice that holds the ticket, or leave "Ticket in the Global Invoice" empty to credit an invoice of a named customer.',
		);
	}
	const ticket = saleNumber(input.ticket);
	const concepts = conceptsOfTicket(global, ticket);
	if (!ticket || concepts.length === 0) {
		const tickets = ticketsOf(global);
		const listed = tickets.length
			? ` (its tickets: ${tickets.slice(0, 10).join(', ')}${tickets.length > 10 ? ', ...' : ''})`
			: '';
		// A concept naming the ticket that is no sale line: a product's SKU, e.g. in another order's
		// invoice to the general public. Crediting it would credit another sale's voucher.
		const other = global.concepts.find(
			(concept) => ticket && saleNumber(concept.noIdentificacion) === ticket,
		);
		const why = other
			? `: its concept NoIdentificacion ${other.noIdentificacion} (ClaveProdServ ${other.claveProdServ ?? 'none'}, ClaveUnidad ${other.claveUnidad ?? 'none'}, "${other.descripcion ?? ''}") is not a global invoice's sale line (ClaveProdServ ${SALE_CONCEPT.claveProdServ}, ClaveUnidad ${SALE_CONCEPT.claveUnidad}) in a voucher of sale lines only`
			: '';
		throw new KindInputError(
			'ticket',
			`Global invoice ${uuid} does not declare ticket ${JSON.stringify(input.ticket)}${why}${listed}.`,
			`Relate the global invoice that declares ticket ${JSON.stringify(input.ticket)} (Voucher → Get Many, filter Sale, lists it), or give the ticket number as that global invoice's sale line names it (its concept NoIdentificacion). Nothing was sent.`,
		);
	}
	const { amount: ticketTotal, left } = ticketBalance(global, ticket, input.alreadyCredited);
	if (compareDecimal(left, parseDecimal('0.005') as Decimal) < 0) {
		throw new KindInputError(
			'amount',
			`Ticket ${ticket} of global invoice ${uuid} (${decimalToString(ticketTotal)}) is already credited in full (${decimalToString(input.alreadyCredited)} by earlier credit notes).`,
			'Nothing is left to credit on this ticket; check the earlier credit notes with Voucher > Get Many, filter Sale.',
		);
	}
	const given = parseDecimal(input.amount);
	const amount = given && given.units > BigInt(0) ? given : left;
	const credit: SaleCredit = {
		emisor: input.emisor,
		lugarExpedicion: input.lugarExpedicion,
		serie: input.serie,
		folio: input.folio,
		fecha: input.fecha,
		descripcionFacturador: input.descripcionFacturador,
		receptor: { ...GENERAL_PUBLIC_RECIPIENT, domicilioFiscalReceptor: input.lugarExpedicion },
		formaPago: input.formaPago,
		moneda: global.moneda,
		tipoRelacion: input.tipoRelacion || '01',
		invoices: [
			{
				uuid,
				// The ticket is the limit: its amount, less what earlier notes credited.
				total: decimalToString(ticketTotal),
				saldo: decimalToString(left),
				moneda: global.moneda,
				taxes: concepts[0].taxes,
			},
		],
		amount: decimalToString(amount),
		amountIncludesTax: true,
		descripcion: input.descripcion,
	};
	const voucher = buildCreditNote(credit);
	const info = global.informacionGlobal;
	const withTicket = {
		...voucher,
		conceptos: voucher.conceptos.map((concepto) => ({ ...concepto, noIdentificacion: ticket })),
	};
	// The general public as recipient asks for InformacionGlobal: the global invoice's period.
	return withGlobalInformation(withTicket, {
		periodicidad: info.periodicidad ?? '',
		meses: info.meses ?? '',
		anio: Number(info.anio),
	}) as Voucher;
}
