import { fieldCode } from './fieldText';
import { isGlobalInvoice } from './globalSaleLines';
import { complementOf, isRecord, type JsonRecord, type PaymentComplement } from './voucherShape';

/** What a voucher is to the person who receives it (SAT TipoDeComprobante I, I with InformacionGlobal, E, P). */
export type VoucherKind = 'invoice' | 'globalInvoice' | 'creditNote' | 'paymentReceipt';

/** The kind of a voucher body, or null for another type (T, N) or none. */
export function voucherKindOf(voucher: JsonRecord): VoucherKind | null {
	const type = fieldCode(voucher.tipoDeComprobante);
	if (type === 'I') return isGlobalInvoice(voucher) ? 'globalInvoice' : 'invoice';
	return type === 'E' ? 'creditNote' : type === 'P' ? 'paymentReceipt' : null;
}

/** One invoice a payment receipt pays, and the balance it leaves. */
export interface PaidInvoiceSummary {
	uuid: string | null;
	series: string | null;
	folio: string | null;
	installment: number | null;
	previousBalance: number | null;
	paid: number | null;
	balanceLeft: number | null;
	currency: string | null;
}

/** What a person reads first about a voucher sent to the service, taken from the body sent. */
export interface VoucherSummary {
	type: string | null;
	kind: VoucherKind | null;
	series: string | null;
	folio: string | null;
	/** The issuer's name as sent (absent when the service fills the issuer from the account). */
	issuerName: string | null;
	recipientRfc: string | null;
	recipientName: string | null;
	/** SubTotal, Descuento and the voucher's tax totals (transferred, withheld) as sent; null when absent. */
	subtotal: number | null;
	discount: number | null;
	taxes: number | null;
	withheldTaxes: number | null;
	/** The voucher's total; for a payment receipt (total 0 by rule), the amount of the payments. */
	total: number | null;
	currency: string | null;
	/** Payment receipts: each invoice paid, with what is left to pay. */
	invoices?: PaidInvoiceSummary[];
}

/** A summary's field: text or a number as given, null when absent or blank (the output says "not known"). */
const summaryField = (value: unknown): string | null =>
	typeof value === 'string' && value.trim()
		? value.trim()
		: typeof value === 'number'
			? String(value)
			: null;
const amount = (value: unknown): number | null => {
	if (value === null || value === undefined || value === '') return null;
	const n = Number(value);
	return Number.isFinite(n) ? n : null;
};

export function summarizeVoucher(body: unknown): VoucherSummary {
	const voucher = isRecord(body) ? body : {};
	const receptor = isRecord(voucher.receptor) ? voucher.receptor : {};
	const emisor = isRecord(voucher.emisor) ? voucher.emisor : {};
	const impuestos = isRecord(voucher.impuestos) ? voucher.impuestos : {};
	const summary: VoucherSummary = {
		type: summaryField(voucher.tipoDeComprobante),
		kind: voucherKindOf(voucher),
		series: summaryField(voucher.serie),
		folio: summaryField(voucher.folio),
		issuerName: summaryField(emisor.nombre),
		recipientRfc: summaryField(receptor.rfc),
		recipientName: summaryField(receptor.nombre),
		subtotal: amount(voucher.subTotal),
		discount: amount(voucher.descuento),
		taxes: amount(impuestos.totalImpuestosTrasladados),
		withheldTaxes: amount(impuestos.totalImpuestosRetenidos),
		total: amount(voucher.total),
		currency: summaryField(voucher.moneda),
	};
	const payments = complementOf(voucher, 'payments') as PaymentComplement | undefined;
	if (isRecord(payments) && Array.isArray(payments.pago)) {
		const pagos = payments.pago.filter(isRecord);
		summary.invoices = pagos.flatMap((pago) =>
			(Array.isArray(pago.doctoRelacionado) ? pago.doctoRelacionado : [])
				.filter(isRecord)
				.map((doc) => ({
					uuid: summaryField(doc.idDocumento)?.toUpperCase() ?? null,
					series: summaryField(doc.serie),
					folio: summaryField(doc.folio),
					installment: amount(doc.numParcialidad),
					previousBalance: amount(doc.impSaldoAnt),
					paid: amount(doc.impPagado),
					balanceLeft: amount(doc.impSaldoInsoluto),
					currency: summaryField(doc.monedaDR),
				})),
		);
		const totales: JsonRecord = isRecord(payments.totales) ? payments.totales : {};
		// The receipt itself totals 0 XXX; what was paid (montoTotalPagos, in MXN) is the number a person looks for.
		const montoTotal = amount(totales.montoTotalPagos);
		if (montoTotal !== null) {
			summary.total = montoTotal;
			summary.currency = 'MXN';
		} else if (pagos.length === 1) {
			summary.total = amount(pagos[0].monto);
			summary.currency = summaryField(pagos[0].monedaP);
		}
	}
	return summary;
}

/** "A-1001" (series and folio as far as known), or null. */
export function seriesFolio(summary: Pick<VoucherSummary, 'series' | 'folio'>): string | null {
	return [summary.series, summary.folio].filter(Boolean).join('-') || null;
}
