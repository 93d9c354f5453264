/**
 * Create Payment Receipt's fields read into its voucher: each related invoice's payment (from its
 * XML unless turned off), the payment, and the key that receipts each installment once.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { type StampedCfdi } from '../../../stampedXml/stampedCfdi';
import { KindInputError } from '../../../cfdi/kinds/taxRates';
import { paymentReceiptKey } from '../../../identity/businessKey';
import { cfdiDateTime } from '../../../cfdi/mexicoTime';
import {
	relatedEntries,
	type RelatedCollection,
	type RelatedInvoices,
} from '../../../api/relatedInvoices';
import { BuiltVoucher } from '../../../voucherInput/builtVoucher';
import { relatedParties } from '../../../voucherInput/relatedParties';
import {
	kindInputFailure,
	positiveNumber,
	readTaxRates,
	withRelationsAndLegends,
} from '../../../voucherInput/kindInputReaders';
import { buildPaymentReceipt } from './buildReceipt';
import { type PaidDocumentInput } from './paidDocument';
import { paidDocumentFromCfdi } from './paidDocumentFromXml';

/** The Related Invoices field's entries (the operation's fixed collection). */
export const INVOICES: RelatedCollection = {
	parameter: 'relatedInvoices.invoice',
	emptyFix: 'Add the invoice this payment pays: its UUID and the amount paid.',
};

const FIELD_LABELS: Record<string, string> = {
	impSaldoAnt: 'Previous Balance',
	impPagado: 'Amount Paid',
	equivalenciaDR: 'Equivalence',
	taxes: 'taxes',
	tipoCambioP: 'Exchange Rate',
	documents: 'Related Invoices',
};

function labelOf(field: string, entries: IDataObject[]): string {
	const document = /documents\[(\d+)\](?:\.(\w+))?/.exec(field);
	if (document) {
		const index = Number(document[1]);
		const what = document[2] ? `, ${FIELD_LABELS[document[2]] ?? document[2]}` : '';
		return `Related invoice ${index + 1} (${String(entries[index]?.uuid ?? '')})${what}`;
	}
	const last = field.split('.').pop() ?? field;
	return FIELD_LABELS[last] ?? field;
}

/** A payment receipt pays the invoices of one customer. */
function checkOneCustomer(cfdis: StampedCfdi[]): void {
	const rfcs = [...new Set(cfdis.map((cfdi) => cfdi.receptor.rfc))];
	if (rfcs.length > 1) {
		throw new KindInputError(
			'documents',
			`The related invoices are to different recipients (${rfcs.join(', ')}).`,
			'A payment receipt pays the invoices of one customer; issue one receipt per customer.',
		);
	}
}

/** The voucher of one item, from the operation's fields and the related invoices read for the run. */
export function paymentReceiptOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	related: RelatedInvoices,
): BuiltVoucher {
	const get = <T>(name: string, fallback: T) =>
		ctx.getNodeParameter(name, itemIndex, fallback) as T;
	const { entries, fromXml, invoiceOf } = relatedEntries(ctx, itemIndex, related, INVOICES);
	try {
		const documents = entries.map((entry, index): PaidDocumentInput => {
			const payment = {
				impPagado: Number(entry.amountPaid ?? 0),
				numParcialidad: Number(entry.installment ?? 1),
				impSaldoAnt: positiveNumber(entry.previousBalance),
				equivalenciaDR: positiveNumber(entry.equivalence),
			};
			if (fromXml) return paidDocumentFromCfdi(invoiceOf(entry), payment, `documents[${index}]`);
			const objetoImpDR = String(entry.taxObject ?? '02');
			return {
				idDocumento: String(entry.uuid ?? '').trim(),
				serie: String(entry.series ?? ''),
				folio: String(entry.folio ?? ''),
				monedaDR: String(entry.currency ?? 'MXN'),
				...payment,
				impSaldoAnt: Number(entry.previousBalance ?? 0),
				objetoImpDR,
				taxes: objetoImpDR === '02' ? readTaxRates((name) => entry[name]) : [],
			};
		});
		const cfdis = fromXml ? entries.map(invoiceOf) : [];
		checkOneCustomer(cfdis);
		const { emisor, receptor } = relatedParties(ctx, itemIndex, cfdis[0]);
		const monedaP = get('paymentCurrency', 'MXN');
		const monto = positiveNumber(get('paymentAmount', 0));
		const voucher = buildPaymentReceipt({
			emisor: emisor as never,
			receptor: receptor as never,
			lugarExpedicion: get('lugarExpedicion', ''),
			serie: get('serie', ''),
			descripcionFacturador: get('descripcionFacturador', ''),
			payments: [
				{
					fechaPago: cfdiDateTime(get('paymentDate', '')),
					formaDePagoP: get('paymentForm', '03'),
					monedaP,
					tipoCambioP:
						monedaP === 'MXN' ? undefined : positiveNumber(get('paymentExchangeRate', 0)),
					monto,
					numOperacion: get('paymentOperationNumber', ''),
					documents,
				},
			],
		});
		const body = withRelationsAndLegends(ctx, itemIndex, voucher as IDataObject);
		// An installment of an invoice is receipted once: the paid invoices and installments are the key.
		const paid = documents.map((document) => ({
			uuid: String(document.idDocumento ?? ''),
			installment: Number(document.numParcialidad ?? 1),
		}));
		const key = paymentReceiptKey(paid, body)?.key;
		const paymentDate = String(get('paymentDate', '') ?? '');
		// The amount received, when given, is the money the receipt records (Σ Monto).
		const money =
			monto === undefined
				? undefined
				: {
						amount: String(monto),
						currency: monedaP,
						from: 'the Payment Amount received',
						field: 'paymentAmount',
						fix: 'Payment Amount',
					};
		return new BuiltVoucher(
			body,
			{},
			{
				key: key && paymentDate ? { ...key, since: paymentDate } : key,
				...(money ? { money } : {}),
			},
		);
	} catch (error) {
		throw kindInputFailure(ctx, itemIndex, error, (field) => labelOf(field, entries));
	}
}
