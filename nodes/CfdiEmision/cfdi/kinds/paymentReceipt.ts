/**
 * Payment receipts: CFDI type P with the Complemento para recepción de pagos 2.0, computed as the
 * SAT's filling guide ("Guía de llenado del comprobante al que se le incorpore el complemento para
 * recepción de pagos", version 2.0) requires, rounding at every step.
 */
import {
	compareDecimal,
	decimalOf,
	decimalToString,
	divideDecimal,
	isZero,
	multiplyDecimal,
	normalizeDecimal,
	roundDecimal,
	subtractDecimal,
	sumDecimals,
	type Decimal,
} from '../decimal';
import type { Voucher } from '../types';
import {
	complementOf,
	itemPath,
	memberPath,
	PATHS,
	TOTALES_IVA_EXEMPT_BASE,
	TOTALES_IVA_RATES,
	TOTALES_MEMBERS,
	TOTALES_MONTO,
	TOTALES_RETENCIONES,
	VERSIONS,
	withComplement,
	type DoctoRelacionado,
	type ImpuestosDR,
	type ImpuestosP,
	type JsonRecord,
	type Pago,
	type PaymentComplement,
	type PaymentTotals,
	type RetencionDR,
	type RetencionP,
	type TrasladoDR,
	type TrasladoP,
} from '../voucherShape';
import { taxRatesOfCfdi, type StampedCfdi } from './stampedCfdi';
import { dec, decimalsOf, grossFactor, KindInputError, num, rateOf, type TaxRate } from './taxRates';
import { voucherHead, type VoucherHeadInput } from './voucherParts';

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
// Amounts converted between currencies are summed with this many decimals, then rounded once.
const CONVERSION_DECIMALS = 10;
// Totales are in MXN.
const MXN_DECIMALS = 2;

function isRecord(value: unknown): value is JsonRecord {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
	return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

/** One invoice paid by a payment, as a user knows it. */
export interface PaidDocumentInput {
	/** UUID of the paid invoice. */
	idDocumento: string;
	serie?: string;
	folio?: string;
	/** Currency of the invoice; the payment's currency when absent. */
	monedaDR?: string;
	/** Units of monedaDR per unit of monedaP; 1 (and optional) when both are the same. */
	equivalenciaDR?: number | string;
	/** Installment number, 1 for the first payment of the invoice. */
	numParcialidad?: number | string;
	/** Balance before this payment: the invoice total for installment 1. */
	impSaldoAnt: number | string;
	/** Amount of this payment applied to the invoice, in monedaDR. */
	impPagado: number | string;
	/** "02" when the invoice carries taxes (default when taxes are given), "01" otherwise. */
	objetoImpDR?: string;
	/** The invoice's taxes. With a base for every tax and invoiceTotal, each DR base is the
	 *  invoice base × impPagado ÷ invoiceTotal; otherwise one base = impPagado ÷ (1 + rates − withheld rates). */
	taxes?: TaxRate[];
	invoiceTotal?: number | string;
}

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
	receptor: { rfc: string; nombre: string; regimenFiscalReceptor: string; domicilioFiscalReceptor: string; [extra: string]: unknown };
	payments: PaymentInput[];
}

// ---------------------------------------------------------------------------------------------
// Related document (DoctoRelacionado)
// ---------------------------------------------------------------------------------------------

/**
 * The DR taxes in proportion to the amount paid. `path` names the input for errors.
 * Exempt lines carry only the base; Tasa lines importe = round(base × rate).
 */
export function documentTaxes(impPagado: Decimal, taxes: ReadonlyArray<TaxRate>, decimals: number, invoiceTotal?: Decimal, path = 'taxes'): ImpuestosDR | undefined {
	if (taxes.length === 0) return undefined;
	const proportional = invoiceTotal !== undefined && !isZero(invoiceTotal) && taxes.every((tax) => dec(tax.base) !== undefined);
	let singleBase: Decimal | undefined;
	if (!proportional) {
		if (taxes.some((tax) => tax.tipoFactor === 'Cuota')) {
			throw new KindInputError(
				path,
				'An amount per unit (tipoFactor "Cuota") cannot be split from the amount paid without the invoice figures.',
				"Give each tax's base and the invoice total (or read the related invoice from its XML).",
			);
		}
		// One base for every tax: the amount paid is base × (1 + transferred rates − withheld rates).
		const factor = grossFactor(taxes);
		if (factor.units <= BigInt(0)) throw new KindInputError(path, 'The withheld rates are not smaller than 1 + the transferred rates.', 'Check the tax rates.');
		singleBase = divideDecimal(impPagado, factor, decimals);
	}
	const proportion = (amount: Decimal): Decimal => divideDecimal(multiplyDecimal(amount, impPagado), invoiceTotal as Decimal, decimals);

	return impuestosDROf(
		taxes.map((tax, index) => {
			const base = proportional ? proportion(dec(tax.base) as Decimal) : (singleBase as Decimal);
			const rate = rateOf(tax);
			if (tax.tipoFactor !== 'Exento' && !rate) {
				throw new KindInputError(`${path}[${index}].tasaOCuota`, `Tax ${index + 1} (${tax.impuesto} ${tax.tipoFactor}) has no rate.`, 'Give tasaOCuota, e.g. 0.16.');
			}
			let importe: Decimal | undefined;
			if (tax.tipoFactor === 'Tasa' && rate) importe = roundDecimal(multiplyDecimal(base, rate), decimals);
			if (tax.tipoFactor === 'Cuota' && rate) {
				const given = dec(tax.importe);
				importe = given ? proportion(given) : roundDecimal(multiplyDecimal(base, rate), decimals);
			}
			return { tax, base, rate, importe };
		}),
	);
}

/** ImpuestosDR from computed lines: withholdings first, as the schema lists them; exempt lines carry only the base. */
function impuestosDROf(lines: ReadonlyArray<{ tax: TaxRate; base: Decimal; rate?: Decimal; importe?: Decimal }>): ImpuestosDR {
	const trasladosDR: TrasladoDR[] = [];
	const retencionesDR: RetencionDR[] = [];
	for (const { tax, base, rate, importe } of lines) {
		if (tax.withheld) {
			retencionesDR.push({ baseDR: num(base), impuestoDR: tax.impuesto, tipoFactorDR: tax.tipoFactor, tasaOCuotaDR: num(rate ?? decimalOf(0)), importeDR: num(importe ?? decimalOf(0)) });
			continue;
		}
		const line: TrasladoDR = { baseDR: num(base), impuestoDR: tax.impuesto, tipoFactorDR: tax.tipoFactor };
		if (rate) line.tasaOCuotaDR = num(rate);
		if (importe) line.importeDR = num(importe);
		trasladosDR.push(line);
	}
	const out: ImpuestosDR = {};
	if (retencionesDR.length > 0) out.retencionesDR = retencionesDR;
	if (trasladosDR.length > 0) out.trasladosDR = trasladosDR;
	return out;
}

function required(value: unknown, path: string, what: string): Decimal {
	const parsed = dec(value);
	if (!parsed) throw new KindInputError(path, `${path} ${JSON.stringify(value)} is not a number.`, `Give ${what} as a decimal number.`);
	return parsed;
}

/** A DoctoRelacionado with its saldo insoluto and taxes computed. */
export function computePaidDocument(input: PaidDocumentInput, monedaP: string, path = 'documents[0]'): DoctoRelacionado {
	const monedaDR = text(input.monedaDR) ?? monedaP;
	const decimals = decimalsOf(monedaDR);
	const impSaldoAnt = required(input.impSaldoAnt, `${path}.impSaldoAnt`, 'the balance before this payment');
	const impPagado = required(input.impPagado, `${path}.impPagado`, 'the amount paid');
	let equivalencia = dec(input.equivalenciaDR);
	if (!equivalencia) {
		if (monedaDR !== monedaP) {
			throw new KindInputError(
				`${path}.equivalenciaDR`,
				`The invoice is in ${monedaDR} and the payment in ${monedaP}, so the equivalence is needed.`,
				`Give equivalenciaDR: how many ${monedaDR} one ${monedaP} pays, e.g. 0.05 for 20 ${monedaP} per ${monedaDR}.`,
			);
		}
		equivalencia = ONE;
	}
	const taxes = input.taxes ?? [];
	const objetoImpDR = text(input.objetoImpDR) ?? (taxes.length > 0 ? '02' : '01');
	const numParcialidad = input.numParcialidad === undefined || input.numParcialidad === '' ? 1 : Number(input.numParcialidad);

	const doc = { idDocumento: input.idDocumento } as DoctoRelacionado;
	if (text(input.serie)) doc.serie = input.serie;
	if (text(input.folio)) doc.folio = input.folio;
	Object.assign(doc, {
		monedaDR,
		equivalenciaDR: num(equivalencia),
		numParcialidad,
		impSaldoAnt: num(impSaldoAnt),
		impPagado: num(impPagado),
		impSaldoInsoluto: num(roundDecimal(subtractDecimal(impSaldoAnt, impPagado), decimals)),
		objetoImpDR,
	});
	if (objetoImpDR === '02') {
		const invoiceTotal = dec(input.invoiceTotal);
		const impuestosDR = documentTaxes(impPagado, taxes, decimals, invoiceTotal, `${path}.taxes`);
		if (impuestosDR) doc.impuestosDR = impuestosDR;
	}
	return doc;
}

// ---------------------------------------------------------------------------------------------
// Payment taxes (ImpuestosP) and totals, from DR amounts
// ---------------------------------------------------------------------------------------------

/** A DR tax line reduced to exact amounts. */
export interface DocumentTaxLine {
	impuesto: string;
	tipoFactor: string;
	tasaOCuota?: Decimal;
	base: Decimal;
	importe?: Decimal;
}

/** The amounts of one DoctoRelacionado that feed ImpuestosP. */
export interface DocumentTaxAmounts {
	equivalencia: Decimal;
	traslados: DocumentTaxLine[];
	retenciones: DocumentTaxLine[];
}

function lineOf(record: unknown, withheld: boolean): DocumentTaxLine | undefined {
	if (!isRecord(record)) return undefined;
	const impuesto = text(record.impuestoDR);
	const tipoFactor = text(record.tipoFactorDR);
	const base = typeof record.baseDR === 'number' ? dec(record.baseDR) : undefined;
	if (!impuesto || !tipoFactor || !base) return undefined;
	const line: DocumentTaxLine = { impuesto, tipoFactor, base };
	if (tipoFactor !== 'Exento' || withheld) {
		const rate = typeof record.tasaOCuotaDR === 'number' ? dec(record.tasaOCuotaDR) : undefined;
		const importe = typeof record.importeDR === 'number' ? dec(record.importeDR) : undefined;
		if (!rate || !importe) return undefined;
		line.tasaOCuota = rate;
		line.importe = importe;
	}
	return line;
}

/** A DR's tax amounts, or undefined when any of them is not usable (a validator reports it). */
export function readDocumentTaxAmounts(doc: unknown, monedaP: string | undefined): DocumentTaxAmounts | undefined {
	if (!isRecord(doc)) return undefined;
	const sameCurrency = text(doc.monedaDR) !== undefined && doc.monedaDR === monedaP;
	const equivalencia = typeof doc.equivalenciaDR === 'number' ? dec(doc.equivalenciaDR) : sameCurrency && doc.equivalenciaDR === undefined ? ONE : undefined;
	if (!equivalencia || isZero(equivalencia)) return undefined;
	const result: DocumentTaxAmounts = { equivalencia, traslados: [], retenciones: [] };
	const impuestos = doc.impuestosDR;
	if (impuestos === undefined || impuestos === null) return result;
	if (!isRecord(impuestos)) return undefined;
	for (const [member, withheld, sink] of [
		['trasladosDR', false, result.traslados],
		['retencionesDR', true, result.retenciones],
	] as const) {
		const list = impuestos[member];
		if (list === undefined || list === null) continue;
		if (!Array.isArray(list)) return undefined;
		for (const item of list) {
			const line = lineOf(item, withheld);
			if (!line) return undefined;
			sink.push(line);
		}
	}
	return result;
}

function converted(amount: Decimal, equivalencia: Decimal): Decimal {
	return compareDecimal(equivalencia, ONE) === 0 ? amount : divideDecimal(amount, equivalencia, CONVERSION_DECIMALS);
}

function rateKey(impuesto: string, tipoFactor: string, rate?: Decimal): string {
	return `${impuesto}|${tipoFactor}|${rate ? decimalToString(normalizeDecimal(rate)) : ''}`;
}

/**
 * ImpuestosP: the DR taxes grouped per impuesto / tipoFactor / rate (transfers) and per impuesto
 * (withholdings), each DR amount divided by its equivalenciaDR, summed, then rounded to the
 * payment currency (CRP20265, CRP20268, CRP20274).
 */
export function groupPaymentTaxes(documents: ReadonlyArray<DocumentTaxAmounts>, decimals: number): ImpuestosP | undefined {
	const traslados = new Map<string, { line: DocumentTaxLine; bases: Decimal[]; importes: Decimal[] }>();
	const retenciones = new Map<string, Decimal[]>();
	for (const doc of documents) {
		for (const line of doc.traslados) {
			const key = rateKey(line.impuesto, line.tipoFactor, line.tasaOCuota);
			const group = traslados.get(key) ?? { line, bases: [], importes: [] };
			group.bases.push(converted(line.base, doc.equivalencia));
			if (line.importe) group.importes.push(converted(line.importe, doc.equivalencia));
			traslados.set(key, group);
		}
		for (const line of doc.retenciones) {
			const importes = retenciones.get(line.impuesto) ?? [];
			importes.push(converted(line.importe ?? decimalOf(0), doc.equivalencia));
			retenciones.set(line.impuesto, importes);
		}
	}
	if (traslados.size === 0 && retenciones.size === 0) return undefined;
	const out: ImpuestosP = {};
	if (retenciones.size > 0) {
		out.retencionesP = [...retenciones].map(([impuestoP, importes]): RetencionP => ({ impuestoP, importeP: num(roundDecimal(sumDecimals(importes), decimals)) }));
	}
	if (traslados.size > 0) {
		out.trasladosP = [...traslados.values()].map(({ line, bases, importes }): TrasladoP => {
			const item: TrasladoP = { baseP: num(roundDecimal(sumDecimals(bases), decimals)), impuestoP: line.impuesto, tipoFactorP: line.tipoFactor };
			if (line.tipoFactor !== 'Exento') {
				if (line.tasaOCuota) item.tasaOCuotaP = num(line.tasaOCuota);
				item.importeP = num(roundDecimal(sumDecimals(importes), decimals));
			}
			return item;
		});
	}
	return out;
}

/** The amounts of one Pago that feed totales. */
export interface PagoAmounts {
	tipoCambio: Decimal;
	monto: Decimal;
	traslados: Array<{ impuesto: string; tipoFactor: string; tasaOCuota?: Decimal; base: Decimal; importe?: Decimal }>;
	retenciones: Array<{ impuesto: string; importe: Decimal }>;
}

/** A Pago's amounts, or undefined when any is not usable. tipoCambioP defaults to 1 for MXN. */
export function readPagoAmounts(pago: unknown): PagoAmounts | undefined {
	if (!isRecord(pago)) return undefined;
	const monto = typeof pago.monto === 'number' ? dec(pago.monto) : undefined;
	const tipoCambio = typeof pago.tipoCambioP === 'number' ? dec(pago.tipoCambioP) : pago.tipoCambioP === undefined && pago.monedaP === 'MXN' ? ONE : undefined;
	if (!monto || !tipoCambio) return undefined;
	const result: PagoAmounts = { tipoCambio, monto, traslados: [], retenciones: [] };
	const impuestos = pago.impuestosP;
	if (impuestos === undefined || impuestos === null) return result;
	if (!isRecord(impuestos)) return undefined;
	const traslados = impuestos.trasladosP ?? [];
	const retenciones = impuestos.retencionesP ?? [];
	if (!Array.isArray(traslados) || !Array.isArray(retenciones)) return undefined;
	for (const item of traslados) {
		if (!isRecord(item) || !text(item.impuestoP) || !text(item.tipoFactorP) || typeof item.baseP !== 'number') return undefined;
		const entry: PagoAmounts['traslados'][number] = { impuesto: item.impuestoP as string, tipoFactor: item.tipoFactorP as string, base: dec(item.baseP) as Decimal };
		if (item.tipoFactorP !== 'Exento') {
			if (typeof item.tasaOCuotaP !== 'number' || typeof item.importeP !== 'number') return undefined;
			entry.tasaOCuota = dec(item.tasaOCuotaP);
			entry.importe = dec(item.importeP);
		}
		result.traslados.push(entry);
	}
	for (const item of retenciones) {
		if (!isRecord(item) || !text(item.impuestoP) || typeof item.importeP !== 'number') return undefined;
		result.retenciones.push({ impuesto: item.impuestoP as string, importe: dec(item.importeP) as Decimal });
	}
	return result;
}

function inMxn(amount: Decimal, tipoCambio: Decimal): Decimal {
	return roundDecimal(multiplyDecimal(amount, tipoCambio), MXN_DECIMALS);
}

/**
 * Totales in MXN: each payment amount × its TipoCambioP rounded to 2 decimals, then summed
 * (CRP20201-CRP20211). A member is present only when some payment has that tax.
 */
export function paymentTotals(pagos: ReadonlyArray<PagoAmounts>): PaymentTotals {
	const sums = new Map<keyof PaymentTotals, Decimal[]>();
	const add = (member: keyof PaymentTotals, amount: Decimal): void => {
		sums.set(member, [...(sums.get(member) ?? []), amount]);
	};
	for (const pago of pagos) {
		add(TOTALES_MONTO, inMxn(pago.monto, pago.tipoCambio));
		for (const tax of pago.traslados) {
			if (tax.impuesto !== '002') continue;
			if (tax.tipoFactor === 'Exento') {
				add(TOTALES_IVA_EXEMPT_BASE, inMxn(tax.base, pago.tipoCambio));
				continue;
			}
			const rate = tax.tasaOCuota ? decimalToString(tax.tasaOCuota, 6) : undefined;
			const members = TOTALES_IVA_RATES.find((entry) => entry.rate === rate);
			if (!members || tax.tipoFactor !== 'Tasa') continue;
			add(members.base, inMxn(tax.base, pago.tipoCambio));
			add(members.impuesto, inMxn(tax.importe ?? decimalOf(0), pago.tipoCambio));
		}
		for (const tax of pago.retenciones) {
			const member = TOTALES_RETENCIONES[tax.impuesto];
			if (member) add(member, inMxn(tax.importe, pago.tipoCambio));
		}
	}
	const totals: Partial<PaymentTotals> = {};
	for (const member of TOTALES_MEMBERS) {
		const amounts = sums.get(member);
		if (amounts) totals[member] = num(sumDecimals(amounts));
	}
	totals.montoTotalPagos ??= 0;
	return totals as PaymentTotals;
}

/** Σ impPagado ÷ equivalenciaDR rounded to the payment currency: the least Monto allowed (CRP20217). */
export function minimumMonto(documents: ReadonlyArray<{ impPagado: Decimal; equivalencia: Decimal }>, decimals: number): Decimal {
	return roundDecimal(sumDecimals(documents.map((doc) => converted(doc.impPagado, doc.equivalencia))), decimals);
}

// ---------------------------------------------------------------------------------------------
// Builders
// ---------------------------------------------------------------------------------------------

function documentAmounts(doc: DoctoRelacionado): DocumentTaxAmounts {
	return readDocumentTaxAmounts(doc, undefined) as DocumentTaxAmounts;
}

/** One Pago with its DRs, ImpuestosP and Monto computed. */
export function computePago(input: PaymentInput, path = 'payments[0]'): Pago {
	const monedaP = input.monedaP;
	const decimals = decimalsOf(monedaP);
	if (!Array.isArray(input.documents) || input.documents.length === 0) {
		throw new KindInputError(`${path}.documents`, 'The payment pays no invoice.', 'Add at least one related invoice (its UUID and the amount paid).');
	}
	const documents = input.documents.map((doc, index) => computePaidDocument(doc, monedaP, `${path}.documents[${index}]`));
	let tipoCambio = dec(input.tipoCambioP);
	if (!tipoCambio) {
		if (monedaP !== 'MXN') {
			throw new KindInputError(`${path}.tipoCambioP`, `The payment is in ${monedaP}, so its exchange rate (tipoCambioP) is needed.`, `Give tipoCambioP: MXN per 1 ${monedaP}, e.g. 17.25.`);
		}
		tipoCambio = ONE;
	}
	const monto =
		dec(input.monto) ??
		minimumMonto(
			documents.map((doc) => ({ impPagado: dec(doc.impPagado) as Decimal, equivalencia: dec(doc.equivalenciaDR) as Decimal })),
			decimals,
		);
	// Members in the order of the XML schema: NumOperacion comes before the related documents.
	const pago: Pago = { fechaPago: input.fechaPago, formaDePagoP: input.formaDePagoP, monedaP, tipoCambioP: num(tipoCambio), monto: num(monto) } as Pago;
	if (text(input.numOperacion)) pago.numOperacion = input.numOperacion;
	pago.doctoRelacionado = documents;
	const impuestosP = groupPaymentTaxes(documents.map(documentAmounts), decimals);
	if (impuestosP) pago.impuestosP = impuestosP;
	return pago;
}

/** The whole Pagos 2.0 complement: payments, then totales from them. */
export function buildPaymentComplement(payments: ReadonlyArray<PaymentInput>): PaymentComplement {
	if (payments.length === 0) throw new KindInputError('payments', 'There is no payment.', 'Add the payment received.');
	const pago = payments.map((payment, index) => computePago(payment, `payments[${index}]`));
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

// ---------------------------------------------------------------------------------------------
// Completion of a type P voucher given as JSON (Compute Totals)
// ---------------------------------------------------------------------------------------------

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
			if (!isRecord(line) || !text(line.impuestoDR) || !text(line.tipoFactorDR)) return undefined;
			rates.push({ impuesto: line.impuestoDR as string, tipoFactor: line.tipoFactorDR as string, tasaOCuota: line.tasaOCuotaDR as number | undefined, withheld, base: line.baseDR as number | undefined });
		}
	}
	return rates;
}

function completeDocument(doc: JsonRecord, monedaP: string | undefined): JsonRecord {
	const out: JsonRecord = { ...doc };
	const monedaDR = text(doc.monedaDR);
	if ((out.equivalenciaDR === undefined || out.equivalenciaDR === null) && monedaDR !== undefined && monedaDR === monedaP) out.equivalenciaDR = 1;
	const decimals = decimalsOf(monedaDR);
	const impSaldoAnt = typeof doc.impSaldoAnt === 'number' ? dec(doc.impSaldoAnt) : undefined;
	const impPagado = typeof doc.impPagado === 'number' ? dec(doc.impPagado) : undefined;
	if (impSaldoAnt && impPagado) out.impSaldoInsoluto = num(roundDecimal(subtractDecimal(impSaldoAnt, impPagado), decimals));

	const impuestos = isRecord(doc.impuestosDR) ? doc.impuestosDR : undefined;
	const rates = impuestos ? taxRatesOf(impuestos) : [];
	if (text(doc.objetoImpDR) === undefined) out.objetoImpDR = rates && rates.length > 0 ? '02' : '01';
	if (!impuestos || !rates || rates.length === 0 || !impPagado) return out;
	try {
		// Bases given on every line are kept (several bases in one invoice); otherwise one base is derived.
		const keepBases = rates.every((rate) => typeof rate.base === 'number');
		const computed = keepBases ? recomputeImportes(rates, decimals) : documentTaxes(impPagado, rates.map((rate) => ({ ...rate, base: undefined })), decimals);
		if (computed) out.impuestosDR = computed;
	} catch {
		// Rates that cannot be computed stay as given; validation names them.
	}
	return out;
}

function recomputeImportes(rates: ReadonlyArray<TaxRate>, decimals: number): ImpuestosDR {
	return impuestosDROf(
		rates.map((tax) => {
			const base = dec(tax.base) as Decimal;
			const rate = rateOf(tax);
			const importe = rate && tax.tipoFactor === 'Tasa' ? roundDecimal(multiplyDecimal(base, rate), decimals) : undefined;
			return { tax, base, rate, importe };
		}),
	);
}

function completePago(pago: JsonRecord): JsonRecord {
	const out: JsonRecord = { ...pago };
	const monedaP = text(pago.monedaP);
	if ((out.tipoCambioP === undefined || out.tipoCambioP === null) && monedaP === 'MXN') out.tipoCambioP = 1;
	if (!Array.isArray(pago.doctoRelacionado)) return out;
	const documents = pago.doctoRelacionado.map((doc) => (isRecord(doc) ? completeDocument(doc, monedaP) : doc));
	out.doctoRelacionado = documents;
	const amounts = documents.map((doc) => readDocumentTaxAmounts(doc, monedaP));
	if (amounts.some((entry) => entry === undefined) || !monedaP) return out;
	const decimals = decimalsOf(monedaP);
	const impuestosP = groupPaymentTaxes(amounts as DocumentTaxAmounts[], decimals);
	if (impuestosP) out.impuestosP = impuestosP;
	else delete out.impuestosP;
	if (out.monto === undefined || out.monto === null) {
		const paid = documents.map((doc, index) => ({ impPagado: isRecord(doc) && typeof doc.impPagado === 'number' ? dec(doc.impPagado) : undefined, equivalencia: (amounts[index] as DocumentTaxAmounts).equivalencia }));
		if (paid.every((doc) => doc.impPagado)) out.monto = num(minimumMonto(paid as Array<{ impPagado: Decimal; equivalencia: Decimal }>, decimals));
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
	if (out.exportacion === undefined || out.exportacion === null || out.exportacion === '') out.exportacion = '01';
	if (!Array.isArray(out.conceptos) || out.conceptos.length === 0) out.conceptos = [{ ...PAYMENT_CONCEPT }];
	if (isRecord(out.receptor) && (out.receptor.usoCFDI === undefined || out.receptor.usoCFDI === null || out.receptor.usoCFDI === '')) {
		out.receptor = { ...out.receptor, usoCFDI: PAYMENT_USO_CFDI };
	}
	const complement = complementOf(out, 'payments');
	if (!isRecord(complement) || !Array.isArray(complement.pago)) return out as Voucher;
	const pago = complement.pago.map((item) => (isRecord(item) ? completePago(item) : item));
	const completed: JsonRecord = { version: complement.version ?? VERSIONS.payments, ...complement, pago };
	const amounts = pago.map(readPagoAmounts);
	if (amounts.every((entry) => entry !== undefined)) {
		completed.totales = paymentTotals(amounts as PagoAmounts[]);
		// totales comes before pago in the complement, as in the XML.
		const { pago: pagos, ...head } = completed;
		return withComplement(out, 'payments', { ...head, pago: pagos }) as Voucher;
	}
	return withComplement(out, 'payments', completed) as Voucher;
}

// ---------------------------------------------------------------------------------------------
// Paths, for messages that point into the complement
// ---------------------------------------------------------------------------------------------

export function pagoPath(index: number): string {
	return itemPath(PATHS.payments, 'pago', index);
}

export function documentPath(pagoIndex: number, docIndex: number): string {
	return itemPath(pagoPath(pagoIndex), 'doctoRelacionado', docIndex);
}

export function totalesPath(): string {
	return memberPath(PATHS.payments, 'totales');
}

// ---------------------------------------------------------------------------------------------
// From a paid invoice's XML
// ---------------------------------------------------------------------------------------------

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
export function paidDocumentFromCfdi(cfdi: StampedCfdi, payment: PaymentOfInvoice, path = 'documents[0]'): PaidDocumentInput {
	if (!cfdi.uuid) throw new KindInputError(path, 'The related XML has no TimbreFiscalDigital UUID: it is not a stamped CFDI.', 'Check the UUID of the related invoice.');
	if (cfdi.metodoPago === 'PUE') {
		throw new KindInputError(
			path,
			`Invoice ${cfdi.uuid} has metodoPago "PUE": it was paid in full when issued and takes no payment receipt.`,
			'Relate only invoices issued with metodoPago "PPD".',
		);
	}
	const numParcialidad = payment.numParcialidad === undefined || payment.numParcialidad === '' ? 1 : Number(payment.numParcialidad);
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
	if (payment.equivalenciaDR !== undefined && payment.equivalenciaDR !== '') doc.equivalenciaDR = payment.equivalenciaDR;
	return doc;
}
