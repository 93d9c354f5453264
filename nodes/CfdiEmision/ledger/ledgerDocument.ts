/** A ledger's document read from a stamped XML or from a voucher body about to be sent (what it credits or pays). */
import {
	addDecimal,
	compareDecimal,
	parseDecimal,
	subtractDecimal,
	DECIMAL_ZERO,
	type Decimal,
} from '../cfdi/decimal';
import { CREDIT_NOTE_RELATIONS } from '../cfdi/catalogs/tipoRelacion';
import { readSaleDocument, saleNumber, ticketAmount, ticketsOf } from '../stampedXml/saleDocument';
import { isGlobalInvoice } from '../cfdi/globalSaleLines';
import { readStampedCfdi } from '../stampedXml/stampedCfdi';
import { fieldCode } from '../cfdi/fieldText';
import type { LedgerDocument, LedgerState } from './ledger';

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
