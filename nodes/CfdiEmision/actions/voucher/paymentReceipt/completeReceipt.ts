/**
 * Completion of a type P voucher given as JSON (Compute Totals): what the user left to be computed
 * is computed with the same calculators that build payment receipts.
 */
import {
	multiplyDecimal,
	roundDecimal,
	subtractDecimal,
	type Decimal,
	parseDecimal,
	decimalToNumber,
} from '../../../cfdi/decimal';
import type { Voucher } from '../../../cfdi/types';
import {
	complementOf,
	VERSIONS,
	withComplement,
	type ImpuestosDR,
	type JsonRecord,
	isRecord,
} from '../../../cfdi/voucherShape';
import { documentTaxes, impuestosDROf } from './paidDocument';
import { PAYMENT_CONCEPT, PAYMENT_MONEDA, PAYMENT_USO_CFDI } from './buildReceipt';
import {
	groupPaymentTaxes,
	minimumMonto,
	readDocumentTaxAmounts,
	type DocumentTaxAmounts,
} from './receiptTaxes';
import { paymentTotals, readPagoAmounts, type PagoAmounts } from './receiptTotals';
import { rateOf, type TaxRate } from '../../../cfdi/kinds/taxRates';
import { amountDecimals } from '../../../cfdi/catalogs/moneda';
import { givenText } from '../../../cfdi/fieldText';

function taxRatesOf(impuestos: JsonRecord): TaxRate[] | undefined {
	const rates: TaxRate[] = [];
	for (const [member, withheld] of [
		['trasladosDR', false],
		['retencionesDR', true],
	] as const) {
		const list = impuestos[member];
		if (list === undefined || list === null) continue;
		if (!Array.isArray(list)) return undefined;
		for (const line of list) {
			if (!isRecord(line) || !givenText(line.impuestoDR) || !givenText(line.tipoFactorDR))
				return undefined;
			rates.push({
				impuesto: line.impuestoDR as string,
				tipoFactor: line.tipoFactorDR as string,
				tasaOCuota: line.tasaOCuotaDR as number | undefined,
				withheld,
				base: line.baseDR as number | undefined,
			});
		}
	}
	return rates;
}

function completeDocument(doc: JsonRecord, monedaP: string | undefined): JsonRecord {
	const out: JsonRecord = { ...doc };
	const monedaDR = givenText(doc.monedaDR);
	if (
		(out.equivalenciaDR === undefined || out.equivalenciaDR === null) &&
		monedaDR !== undefined &&
		monedaDR === monedaP
	)
		out.equivalenciaDR = 1;
	const decimals = amountDecimals(monedaDR);
	const impSaldoAnt =
		typeof doc.impSaldoAnt === 'number' ? parseDecimal(doc.impSaldoAnt) : undefined;
	const impPagado = typeof doc.impPagado === 'number' ? parseDecimal(doc.impPagado) : undefined;
	if (impSaldoAnt && impPagado)
		out.impSaldoInsoluto = decimalToNumber(
			roundDecimal(subtractDecimal(impSaldoAnt, impPagado), decimals),
		);

	const impuestos = isRecord(doc.impuestosDR) ? doc.impuestosDR : undefined;
	const rates = impuestos ? taxRatesOf(impuestos) : [];
	// Taxes given make the document an object of tax, even when a line cannot be read: the validator
	// then names that line, not the taxes as such (which "01" would forbid).
	if (givenText(doc.objetoImpDR) === undefined)
		out.objetoImpDR = rates === undefined || rates.length > 0 ? '02' : '01';
	if (!impuestos || !rates || rates.length === 0 || !impPagado) return out;
	try {
		// Bases given on every line are kept (several bases in one invoice); otherwise one base is derived.
		const keepBases = rates.every((rate) => typeof rate.base === 'number');
		// documentTaxes gives undefined only for no taxes, and there are some here.
		out.impuestosDR = keepBases
			? recomputeImportes(rates, decimals)
			: (documentTaxes(
					impPagado,
					rates.map((rate) => ({ ...rate, base: undefined })),
					decimals,
				) as ImpuestosDR);
	} catch {
		// Rates that cannot be computed stay as given; validation names them.
	}
	return out;
}

function recomputeImportes(rates: ReadonlyArray<TaxRate>, decimals: number): ImpuestosDR {
	return impuestosDROf(
		rates.map((tax) => {
			const base = parseDecimal(tax.base) as Decimal;
			const rate = rateOf(tax);
			const importe =
				rate && tax.tipoFactor === 'Tasa'
					? roundDecimal(multiplyDecimal(base, rate), decimals)
					: undefined;
			return { tax, base, rate, importe };
		}),
	);
}

function completePago(pago: JsonRecord): JsonRecord {
	const out: JsonRecord = { ...pago };
	const monedaP = givenText(pago.monedaP);
	if ((out.tipoCambioP === undefined || out.tipoCambioP === null) && monedaP === 'MXN')
		out.tipoCambioP = 1;
	if (!Array.isArray(pago.doctoRelacionado)) return out;
	const documents = pago.doctoRelacionado.map((doc) =>
		isRecord(doc) ? completeDocument(doc, monedaP) : doc,
	);
	out.doctoRelacionado = documents;
	const amounts = documents.map((doc) => readDocumentTaxAmounts(doc, monedaP));
	if (amounts.some((entry) => entry === undefined) || !monedaP) return out;
	const decimals = amountDecimals(monedaP);
	const impuestosP = groupPaymentTaxes(amounts as DocumentTaxAmounts[], decimals);
	if (impuestosP) out.impuestosP = impuestosP;
	else delete out.impuestosP;
	if (out.monto === undefined || out.monto === null) {
		const paid = documents.map((doc, index) => ({
			impPagado:
				isRecord(doc) && typeof doc.impPagado === 'number'
					? parseDecimal(doc.impPagado)
					: undefined,
			equivalencia: (amounts[index] as DocumentTaxAmounts).equivalencia,
		}));
		if (paid.every((doc) => doc.impPagado))
			out.monto = decimalToNumber(
				minimumMonto(paid as Array<{ impPagado: Decimal; equivalencia: Decimal }>, decimals),
			);
	}
	return out;
}

/**
 * Fills what a type P voucher given as JSON leaves to be computed: per DR equivalenciaDR (1 for
 * the same currency), impSaldoInsoluto, objetoImpDR and the DR taxes from the amount paid and the
 * rates (bases given on every line are kept); per payment tipoCambioP (1 for MXN), ImpuestosP and
 * a missing Monto; then totales. The fixed members of a payment voucher are set: subTotal 0,
 * total 0, moneda XXX; exportacion "01", the payment concept and usoCFDI CP01 when absent.
 * Values that cannot be computed are left as given for validation to name.
 */
export function completePaymentReceipt(voucher: Voucher): Voucher {
	const out: JsonRecord = { ...voucher, subTotal: 0, total: 0, moneda: PAYMENT_MONEDA };
	if (out.exportacion === undefined || out.exportacion === null || out.exportacion === '')
		out.exportacion = '01';
	if (!Array.isArray(out.conceptos) || out.conceptos.length === 0)
		out.conceptos = [{ ...PAYMENT_CONCEPT }];
	if (
		isRecord(out.receptor) &&
		(out.receptor.usoCFDI === undefined ||
			out.receptor.usoCFDI === null ||
			out.receptor.usoCFDI === '')
	) {
		out.receptor = { ...out.receptor, usoCFDI: PAYMENT_USO_CFDI };
	}
	const complement = complementOf(out, 'payments');
	if (!isRecord(complement) || !Array.isArray(complement.pago)) return out as Voucher;
	const pago = complement.pago.map((item) => (isRecord(item) ? completePago(item) : item));
	const completed: JsonRecord = {
		version: complement.version ?? VERSIONS.payments,
		...complement,
		pago,
	};
	const amounts = pago.map(readPagoAmounts);
	if (amounts.every((entry) => entry !== undefined)) {
		completed.totales = paymentTotals(amounts as PagoAmounts[]);
		// totales comes before pago in the complement, as in the XML.
		const { pago: pagos, ...head } = completed;
		return withComplement(out, 'payments', { ...head, pago: pagos }) as Voucher;
	}
	return withComplement(out, 'payments', completed) as Voucher;
}
