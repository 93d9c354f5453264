/**
 * Payment receipts built from what a user knows (actions/voucher/paymentReceipt/buildReceipt.ts,
 * paidDocument.ts, receiptTaxes.ts, receiptTotals.ts, paidBalances.ts, paidDocumentFromXml.ts):
 * each related document's balance and taxes, the payment's taxes and Monto, the MXN Totales, and
 * each refusal with the input it names, its figures and its fix. Figures from the SAT's Pagos 2.0
 * filling guide and decimal.js.
 */

import { readStampedCfdi } from '../../../../../../nodes/CfdiEmision/stampedXml/stampedCfdi';
import { paidDocumentFromCfdi } from '../../../../../../nodes/CfdiEmision/actions/voucher/paymentReceipt';

import { kindRefusal, SECOND_UUID } from '../../../../../support/kindFixtures';

describe('a related document from the paid invoice XML', () => {
	const xml = (
		attributes: string,
		uuid = `UUID="${SECOND_UUID}"`,
		taxes = '<cfdi:Traslado Base="1000.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="160.00"/>',
	) => `<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Moneda="USD" ${attributes}>
  <cfdi:Conceptos><cfdi:Concepto><cfdi:Impuestos><cfdi:Traslados>${taxes}</cfdi:Traslados></cfdi:Impuestos></cfdi:Concepto></cfdi:Conceptos>
  <cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" ${uuid}/></cfdi:Complemento>
</cfdi:Comprobante>`;
	const ppd = readStampedCfdi(xml('Total="1160.00" MetodoPago="PPD"'));

	it('the balance before is the invoice total for installment 1 (given blank or absent), the equivalence only when given', () => {
		expect(
			paidDocumentFromCfdi(ppd, { impPagado: 580, impSaldoAnt: '', numParcialidad: '' }),
		).toEqual({
			idDocumento: SECOND_UUID,
			serie: undefined,
			folio: undefined,
			monedaDR: 'USD',
			numParcialidad: 1,
			impSaldoAnt: 1160,
			impPagado: 580,
			objetoImpDR: '02',
			taxes: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, base: 1000, importe: 160 }],
			invoiceTotal: 1160,
		});
		expect(paidDocumentFromCfdi(ppd, { impPagado: 580, equivalenciaDR: '' })).not.toHaveProperty(
			'equivalenciaDR',
		);
		expect(paidDocumentFromCfdi(ppd, { impPagado: 580, equivalenciaDR: 0.05 }).equivalenciaDR).toBe(
			0.05,
		);
		expect(paidDocumentFromCfdi(ppd, { impPagado: 580, objetoImpDR: '01' }).objetoImpDR).toBe('01');
	});

	it('an invoice without taxes is not an object of tax', () => {
		expect(
			paidDocumentFromCfdi(readStampedCfdi(xml('Total="1000.00"', `UUID="${SECOND_UUID}"`, '')), {
				impPagado: 10,
			}),
		).toMatchObject({ objetoImpDR: '01', taxes: [] });
	});

	it('refuses an XML that is not stamped, and an installment without its previous balance, naming the document', () => {
		expect(
			kindRefusal(() =>
				paidDocumentFromCfdi(
					readStampedCfdi(xml('Total="1160.00"', '')),
					{ impPagado: 10 },
					'payments[0].documents[2]',
				),
			),
		).toEqual({
			field: 'payments[0].documents[2]',
			message: 'The related XML has no TimbreFiscalDigital UUID: it is not a stamped CFDI.',
			fix: 'Check the UUID of the related invoice.',
		});
		expect(
			kindRefusal(() =>
				paidDocumentFromCfdi(
					ppd,
					{ impPagado: 10, numParcialidad: '2' },
					'payments[0].documents[2]',
				),
			),
		).toEqual({
			field: 'payments[0].documents[2].impSaldoAnt',
			message: `Installment 2 of invoice ${SECOND_UUID} needs the balance before this payment.`,
			fix: 'Give impSaldoAnt: the invoice total minus what earlier payment receipts applied.',
		});
		// An XML without Total cannot give installment 1's balance either.
		expect(
			kindRefusal(() => paidDocumentFromCfdi(readStampedCfdi(xml('')), { impPagado: 10 })).field,
		).toBe('documents[0].impSaldoAnt');
		expect(
			kindRefusal(() =>
				paidDocumentFromCfdi(readStampedCfdi(xml('Total="1160.00" MetodoPago="PUE"')), {
					impPagado: 10,
				}),
			),
		).toEqual({
			field: 'documents[0]',
			message: `Invoice ${SECOND_UUID} has metodoPago "PUE": it was paid in full when issued and takes no payment receipt.`,
			fix: 'Relate only invoices issued with metodoPago "PPD".',
		});
	});
});
