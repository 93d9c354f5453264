/**
 * Payment receipts: CFDI type P with the Complemento para recepción de pagos 2.0, computed as the
 * SAT's filling guide ("Guía de llenado del comprobante al que se le incorpore el complemento para
 * recepción de pagos", version 2.0) requires, rounding at every step.
 */
import { decimalOf, type Decimal, parseDecimal, decimalToNumber } from '../../../cfdi/decimal';
import type { Voucher } from '../../../cfdi/types';
import {
	VERSIONS,
	withComplement,
	type DoctoRelacionado,
	type Pago,
	type PaymentComplement,
} from '../../../cfdi/voucherShape';
import { paidBalanceProblems } from './paidBalances';
import { computePaidDocument, type PaidDocumentInput } from './paidDocument';
import {
	groupPaymentTaxes,
	minimumMonto,
	readDocumentTaxAmounts,
	type DocumentTaxAmounts,
} from './receiptTaxes';
import { paymentTotals, readPagoAmounts, type PagoAmounts } from './receiptTotals';
import { KindInputError } from '../../../cfdi/kinds/taxRates';
import { amountDecimals } from '../../../cfdi/catalogs/moneda';
import { givenText } from '../../../cfdi/fieldText';
import { voucherHead, type VoucherHeadInput } from '../../../cfdi/kinds/voucherParts';

/** The one concept of every payment voucher (CRP20111-CRP20123). */
export const PAYMENT_CONCEPT = Object.freeze({
	claveProdServ: '84111506',
	cantidad: '1',
	claveUnidad: 'ACT',
	descripcion: 'Pago',
	valorUnitario: 0,
	importe: 0,
	objetoImp: '01',
});

export const PAYMENT_USO_CFDI = 'CP01';
export const PAYMENT_MONEDA = 'XXX';

const ONE = decimalOf(1);

export interface PaymentInput {
	/** YYYY-MM-DDThh:mm:ss */
	fechaPago: string;
	/** c_FormaPago of the payment received (never 99). */
	formaDePagoP: string;
	monedaP: string;
	/** MXN per unit of monedaP; 1 for MXN (the default). */
	tipoCambioP?: number | string;
	/** The amount received; Σ impPagado ÷ equivalenciaDR when absent. */
	monto?: number | string;
	numOperacion?: string;
	documents: PaidDocumentInput[];
}

export interface PaymentReceiptInput extends VoucherHeadInput {
	receptor: {
		rfc: string;
		nombre: string;
		regimenFiscalReceptor: string;
		domicilioFiscalReceptor: string;
		[extra: string]: unknown;
	};
	payments: PaymentInput[];
}

function documentAmounts(doc: DoctoRelacionado): DocumentTaxAmounts {
	return readDocumentTaxAmounts(doc, undefined) as DocumentTaxAmounts;
}

/** One Pago with its DRs, ImpuestosP and Monto computed. */
export function computePago(input: PaymentInput, path = 'payments[0]'): Pago {
	const monedaP = input.monedaP;
	const decimals = amountDecimals(monedaP);
	if (!Array.isArray(input.documents) || input.documents.length === 0) {
		throw new KindInputError(
			`${path}.documents`,
			'The payment pays no invoice.',
			'Add at least one related invoice (its UUID and the amount paid).',
		);
	}
	const documents = input.documents.map((doc, index) =>
		computePaidDocument(doc, monedaP, `${path}.documents[${index}]`),
	);
	let tipoCambio = parseDecimal(input.tipoCambioP);
	if (!tipoCambio) {
		if (monedaP !== 'MXN') {
			throw new KindInputError(
				`${path}.tipoCambioP`,
				`The payment is in ${monedaP}, so its exchange rate (tipoCambioP) is needed.`,
				`Give tipoCambioP: MXN per 1 ${monedaP}, e.g. 17.25.`,
			);
		}
		tipoCambio = ONE;
	}
	const monto =
		parseDecimal(input.monto) ??
		minimumMonto(
			documents.map((doc) => ({
				impPagado: parseDecimal(doc.impPagado) as Decimal,
				equivalencia: parseDecimal(doc.equivalenciaDR) as Decimal,
			})),
			decimals,
		);
	// Members in the order of the XML schema: NumOperacion comes before the related documents.
	const pago: Pago = {
		fechaPago: input.fechaPago,
		formaDePagoP: input.formaDePagoP,
		monedaP,
		tipoCambioP: decimalToNumber(tipoCambio),
		monto: decimalToNumber(monto),
	} as Pago;
	if (givenText(input.numOperacion)) pago.numOperacion = input.numOperacion;
	pago.doctoRelacionado = documents;
	const impuestosP = groupPaymentTaxes(documents.map(documentAmounts), decimals);
	if (impuestosP) pago.impuestosP = impuestosP;
	return pago;
}

/** The whole Pagos 2.0 complement: payments, then totales from them. */
export function buildPaymentComplement(payments: ReadonlyArray<PaymentInput>): PaymentComplement {
	if (payments.length === 0)
		throw new KindInputError('payments', 'There is no payment.', 'Add the payment received.');
	const pago = payments.map((payment, index) => computePago(payment, `payments[${index}]`));
	const [problem] = paidBalanceProblems(pago);
	if (problem)
		throw new KindInputError(
			`payments[${problem.pago}].documents[${problem.document}].${problem.member}`,
			problem.message,
			problem.fix,
		);
	const totales = paymentTotals(pago.map((item) => readPagoAmounts(item) as PagoAmounts));
	return { version: VERSIONS.payments, totales, pago };
}

/** A complete type P voucher: the fixed members (CRP20101-CRP20123) and the computed complement. */
export function buildPaymentReceipt(input: PaymentReceiptInput): Voucher {
	const voucher = voucherHead(input, { tipoDeComprobante: 'P', moneda: PAYMENT_MONEDA });
	voucher.receptor = { ...input.receptor, usoCFDI: PAYMENT_USO_CFDI };
	voucher.conceptos = [{ ...PAYMENT_CONCEPT }];
	return withComplement(voucher, 'payments', buildPaymentComplement(input.payments)) as Voucher;
}
