/**
 * Sums that never exceed the sale (issue 27 item 5). Pure: no n8n types, no requests
 * (stamping/saleSums.ts reads the list and the XML and calls these).
 *
 * - Credit notes against an invoice: every credit note already stamped against it (a type E voucher
 *   whose CfdiRelacionados of type 01, 03 or 07 name it) plus this one is at most the invoice's total.
 * - A payment receipt pays an installment of an invoice once: an installment already paid by another
 *   stamped receipt (its Pagos DoctoRelacionado) is not receipted again, whichever other invoices
 *   either receipt pays.
 * - An invoice issued PUE (paid in full when issued) takes no payment receipt.
 */
import { currencyDecimals } from './catalogs/moneda';
import {
	addDecimal,
	compareDecimal,
	decimalOf,
	decimalToString,
	parseDecimal,
	subtractDecimal,
	type Decimal,
} from './decimal';
import { CREDIT_NOTE_RELATIONS } from './kinds/creditNote';
import type { StampedCfdi } from './kinds/stampedCfdi';

const upper = (value: unknown): string =>
	value === undefined || value === null ? '' : String(value).trim().toUpperCase();

/** The invoices a voucher credits: the UUIDs of its relations of type 01, 03 or 07. */
export function creditedBy(voucher: {
	tipoDeComprobante?: unknown;
	relacionados?: Array<{ tipoRelacion: string; uuids: string[] }>;
}): string[] {
	if (upper(voucher.tipoDeComprobante) !== 'E') return [];
	return (voucher.relacionados ?? [])
		.filter((group) => (CREDIT_NOTE_RELATIONS as readonly string[]).includes(group.tipoRelacion))
		.flatMap((group) => group.uuids.map(upper));
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

/** A credit note already stamped against the invoice(s). */
export interface EarlierCredit {
	uuid: string;
	total: string;
}

/** The invoice(s) a new credit note credits, and what it and the earlier ones credit. */
export interface CreditSum {
	/** The credited invoices with their totals (decimal text). */
	invoices: Array<{ uuid: string; total: string }>;
	currency: string;
	earlier: EarlierCredit[];
	/** This credit note's total. */
	total: string;
}

/**
 * The refusal of a credit note that, with those already stamped against its invoice(s), would
 * credit more than the invoice total(s); undefined when it fits. The message gives the three
 * figures: already credited, this credit note, the invoice total.
 */
export function creditSumRefusal(sum: CreditSum): { message: string; fix: string } | undefined {
	const decimals = currencyDecimals(sum.currency) ?? 2;
	const money = (value: Decimal) => `${decimalToString(value, decimals)} ${sum.currency}`;
	const add = (values: string[]) =>
		values.reduce<Decimal>(
			(total, value) => addDecimal(total, parseDecimal(value) ?? decimalOf(0)),
			decimalOf(0),
		);
	const limit = add(sum.invoices.map((invoice) => invoice.total));
	const credited = add(sum.earlier.map((note) => note.total));
	const mine = parseDecimal(sum.total) ?? decimalOf(0);
	if (compareDecimal(addDecimal(credited, mine), limit) <= 0) return undefined;
	const which =
		sum.invoices.length === 1
			? `invoice ${sum.invoices[0].uuid}`
			: `invoices ${sum.invoices.map((invoice) => invoice.uuid).join(', ')}`;
	const remaining = subtractDecimal(limit, credited);
	const earlier = sum.earlier.length
		? ` (credit notes ${sum.earlier.map((note) => `${note.uuid} ${money(parseDecimal(note.total) ?? decimalOf(0))}`).join(', ')})`
		: '';
	return {
		message: `This credit note would credit more than ${which} totals: already credited ${money(credited)}${earlier}, this credit note ${money(mine)}, invoice total ${money(limit)}.`,
		fix:
			compareDecimal(remaining, decimalOf(0)) > 0
				? `Nothing was sent. Credit at most ${money(remaining)} (the invoice total less what is already credited), or cancel a credit note that was wrong first.`
				: `Nothing was sent. The invoice is credited in full already; cancel a credit note that was wrong first if a new one is needed.`,
	};
}

/** An installment of an invoice a payment receipt pays. */
export interface PaidInstallment {
	uuid: string;
	installment: number;
}

/** The installments of `paid` another stamped receipt already pays, with that receipt's UUID. */
export function receiptedBefore(
	paid: PaidInstallment[],
	receipts: Array<{ uuid?: string; pagados?: PaidInstallment[] }>,
): Array<PaidInstallment & { receipt: string }> {
	const found: Array<PaidInstallment & { receipt: string }> = [];
	for (const entry of paid) {
		for (const receipt of receipts) {
			const match = (receipt.pagados ?? []).some(
				(other) =>
					upper(other.uuid) === upper(entry.uuid) && other.installment === entry.installment,
			);
			if (match) {
				found.push({ ...entry, uuid: upper(entry.uuid), receipt: upper(receipt.uuid) });
				break;
			}
		}
	}
	return found;
}

/** The refusal of a receipt that pays an installment already receipted. */
export function receiptedRefusal(found: Array<PaidInstallment & { receipt: string }>): {
	message: string;
	fix: string;
} {
	const named = found
		.map(
			(entry) =>
				`installment ${entry.installment} of invoice ${entry.uuid} is already paid by payment receipt ${entry.receipt}`,
		)
		.join('; ');
	return {
		message: `This payment receipt pays what another receipt already pays: ${named}.`,
		fix: 'Nothing was sent. An installment of an invoice is receipted once: give the next installment number with the balance the earlier receipt left, or cancel the earlier receipt first if it was wrong.',
	};
}

/** The refusal of a receipt for an invoice issued PUE, or undefined for PPD (or unknown). */
export function pueRefusal(
	invoice: Pick<StampedCfdi, 'uuid' | 'serie' | 'folio' | 'metodoPago'>,
): { message: string; fix: string } | undefined {
	if (upper(invoice.metodoPago) !== 'PUE') return undefined;
	const name = [invoice.serie, invoice.folio].filter(Boolean).join('-');
	return {
		message: `Invoice ${upper(invoice.uuid)}${name ? ` (${name})` : ''} was issued with payment method PUE (paid in full when issued): it takes no payment receipt.`,
		fix: 'Nothing was sent. Only an invoice issued PPD (paid later) takes payment receipts; for a PUE invoice the payment is already recorded in it.',
	};
}
