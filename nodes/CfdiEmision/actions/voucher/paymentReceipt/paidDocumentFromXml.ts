/**
 * A payment's related document read from the paid invoice's stamped XML.
 */
import type { PaidDocumentInput } from './paidDocument';
import { noStampMessage, taxRatesOfCfdi, type StampedCfdi } from '../../../stampedXml/stampedCfdi';
import { KindInputError } from '../../../cfdi/kinds/taxRates';

export interface PaymentOfInvoice {
	impPagado: number | string;
	/** 1 when absent. */
	numParcialidad?: number | string;
	/** Required from installment 2 on; the invoice total for installment 1. */
	impSaldoAnt?: number | string;
	/** Needed when the payment's currency differs from the invoice's. */
	equivalenciaDR?: number | string;
	objetoImpDR?: string;
}

/**
 * A related document from the paid invoice's stamped XML: UUID, serie, folio, currency, total and
 * its taxes with their bases, so the DR taxes are the invoice's in proportion to the amount paid.
 */
export function paidDocumentFromCfdi(
	cfdi: StampedCfdi,
	payment: PaymentOfInvoice,
	path = 'documents[0]',
): PaidDocumentInput {
	if (!cfdi.uuid)
		throw new KindInputError(
			path,
			noStampMessage(cfdi, 'The related XML'),
			'Check the UUID of the related invoice.',
		);
	if (cfdi.metodoPago === 'PUE') {
		throw new KindInputError(
			path,
			`Invoice ${cfdi.uuid} has metodoPago "PUE": it was paid in full when issued and takes no payment receipt.`,
			'Relate only invoices issued with metodoPago "PPD".',
		);
	}
	const numParcialidad =
		payment.numParcialidad === undefined || payment.numParcialidad === ''
			? 1
			: Number(payment.numParcialidad);
	let impSaldoAnt = payment.impSaldoAnt;
	if (impSaldoAnt === undefined || impSaldoAnt === '') {
		if (numParcialidad !== 1 || cfdi.total === undefined) {
			throw new KindInputError(
				`${path}.impSaldoAnt`,
				`Installment ${numParcialidad} of invoice ${cfdi.uuid} needs the balance before this payment.`,
				'Give impSaldoAnt: the invoice total minus what earlier payment receipts applied.',
			);
		}
		impSaldoAnt = cfdi.total;
	}
	const taxes = taxRatesOfCfdi(cfdi);
	const doc: PaidDocumentInput = {
		idDocumento: cfdi.uuid,
		serie: cfdi.serie,
		folio: cfdi.folio,
		monedaDR: cfdi.moneda,
		numParcialidad,
		impSaldoAnt,
		impPagado: payment.impPagado,
		objetoImpDR: payment.objetoImpDR ?? (taxes.length > 0 ? '02' : '01'),
		taxes,
		invoiceTotal: cfdi.total,
	};
	if (payment.equivalenciaDR !== undefined && payment.equivalenciaDR !== '')
		doc.equivalenciaDR = payment.equivalenciaDR;
	return doc;
}
