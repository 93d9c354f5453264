/**
 * One related document of a payment (DoctoRelacionado, Pagos 2.0): the balance left and the
 * invoice's taxes in proportion to the amount paid, rounding at every step as the SAT's filling
 * guide for the payment complement requires.
 */
import {
	compareDecimal,
	decimalOf,
	decimalToString,
	divideDecimal,
	isZero,
	multiplyDecimal,
	roundDecimal,
	subtractDecimal,
	type Decimal,
	parseDecimal,
	decimalToNumber,
} from '../../../cfdi/decimal';
import type {
	DoctoRelacionado,
	ImpuestosDR,
	RetencionDR,
	TrasladoDR,
} from '../../../cfdi/voucherShape';
import { grossFactor, KindInputError, rateOf, type TaxRate } from '../../../cfdi/kinds/taxRates';
import { amountDecimals } from '../../../cfdi/catalogs/moneda';
import { givenText } from '../../../cfdi/fieldText';

const ONE = decimalOf(1);

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

/**
 * The DR taxes in proportion to the amount paid. `path` names the input for errors.
 * Exempt lines carry only the base; Tasa lines importe = round(base × rate).
 */
export function documentTaxes(
	impPagado: Decimal,
	taxes: ReadonlyArray<TaxRate>,
	decimals: number,
	invoiceTotal?: Decimal,
	path = 'taxes',
): ImpuestosDR | undefined {
	if (taxes.length === 0) return undefined;
	const proportional =
		invoiceTotal !== undefined &&
		!isZero(invoiceTotal) &&
		taxes.every((tax) => parseDecimal(tax.base) !== undefined);
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
		if (factor.units <= BigInt(0))
			throw new KindInputError(
				path,
				'The withheld rates are not smaller than 1 + the transferred rates.',
				'Check the tax rates.',
			);
		singleBase = divideDecimal(impPagado, factor, decimals);
	}
	const proportion = (amount: Decimal): Decimal =>
		divideDecimal(multiplyDecimal(amount, impPagado), invoiceTotal as Decimal, decimals);

	return impuestosDROf(
		taxes.map((tax, index) => {
			const base = proportional
				? proportion(parseDecimal(tax.base) as Decimal)
				: (singleBase as Decimal);
			const rate = rateOf(tax);
			if (tax.tipoFactor !== 'Exento' && !rate) {
				throw new KindInputError(
					`${path}[${index}].tasaOCuota`,
					`Tax ${index + 1} (${tax.impuesto} ${tax.tipoFactor}) has no rate.`,
					'Give tasaOCuota, e.g. 0.16.',
				);
			}
			let importe: Decimal | undefined;
			if (tax.tipoFactor === 'Tasa' && rate)
				importe = roundDecimal(multiplyDecimal(base, rate), decimals);
			if (tax.tipoFactor === 'Cuota' && rate) {
				const given = parseDecimal(tax.importe);
				importe = given ? proportion(given) : roundDecimal(multiplyDecimal(base, rate), decimals);
			}
			return { tax, base, rate, importe };
		}),
	);
}

/** ImpuestosDR from computed lines: withholdings first, as the schema lists them; exempt lines carry only the base. */

export function impuestosDROf(
	lines: ReadonlyArray<{ tax: TaxRate; base: Decimal; rate?: Decimal; importe?: Decimal }>,
): ImpuestosDR {
	const trasladosDR: TrasladoDR[] = [];
	const retencionesDR: RetencionDR[] = [];
	for (const { tax, base, rate, importe } of lines) {
		if (tax.withheld) {
			retencionesDR.push({
				baseDR: decimalToNumber(base),
				impuestoDR: tax.impuesto,
				tipoFactorDR: tax.tipoFactor,
				tasaOCuotaDR: decimalToNumber(rate ?? decimalOf(0)),
				importeDR: decimalToNumber(importe ?? decimalOf(0)),
			});
			continue;
		}
		const line: TrasladoDR = {
			baseDR: decimalToNumber(base),
			impuestoDR: tax.impuesto,
			tipoFactorDR: tax.tipoFactor,
		};
		if (rate) line.tasaOCuotaDR = decimalToNumber(rate);
		if (importe) line.importeDR = decimalToNumber(importe);
		trasladosDR.push(line);
	}
	const out: ImpuestosDR = {};
	if (retencionesDR.length > 0) out.retencionesDR = retencionesDR;
	if (trasladosDR.length > 0) out.trasladosDR = trasladosDR;
	return out;
}

function required(value: unknown, path: string, what: string): Decimal {
	const parsed = parseDecimal(value);
	if (!parsed)
		throw new KindInputError(
			path,
			`${path} ${JSON.stringify(value)} is not a number.`,
			`Give ${what} as a decimal number.`,
		);
	return parsed;
}

/** A DoctoRelacionado with its saldo insoluto and taxes computed. */
export function computePaidDocument(
	input: PaidDocumentInput,
	monedaP: string,
	path = 'documents[0]',
): DoctoRelacionado {
	const monedaDR = givenText(input.monedaDR) ?? monedaP;
	const decimals = amountDecimals(monedaDR);
	const impSaldoAnt = required(
		input.impSaldoAnt,
		`${path}.impSaldoAnt`,
		'the balance before this payment',
	);
	const impPagado = required(input.impPagado, `${path}.impPagado`, 'the amount paid');
	if (compareDecimal(impPagado, impSaldoAnt) > 0) {
		throw new KindInputError(
			`${path}.impPagado`,
			`The amount paid (${decimalToString(impPagado)}) is more than the balance before this payment (${decimalToString(impSaldoAnt)}) of ${input.idDocumento}.`,
			'Apply to this invoice at most its balance; put the rest on another invoice.',
		);
	}
	const invoiceTotal = parseDecimal(input.invoiceTotal);
	if (invoiceTotal && compareDecimal(impSaldoAnt, invoiceTotal) > 0) {
		throw new KindInputError(
			`${path}.impSaldoAnt`,
			`The balance before this payment (${decimalToString(impSaldoAnt)}) is more than the invoice's total (${decimalToString(invoiceTotal)}) of ${input.idDocumento}.`,
			'Give the invoice total for installment 1, else what the previous payment receipt left.',
		);
	}
	let equivalencia = parseDecimal(input.equivalenciaDR);
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
	const objetoImpDR = givenText(input.objetoImpDR) ?? (taxes.length > 0 ? '02' : '01');
	const numParcialidad =
		input.numParcialidad === undefined || input.numParcialidad === ''
			? 1
			: Number(input.numParcialidad);

	const doc = { idDocumento: input.idDocumento } as DoctoRelacionado;
	if (givenText(input.serie)) doc.serie = input.serie;
	if (givenText(input.folio)) doc.folio = input.folio;
	Object.assign(doc, {
		monedaDR,
		equivalenciaDR: decimalToNumber(equivalencia),
		numParcialidad,
		impSaldoAnt: decimalToNumber(impSaldoAnt),
		impPagado: decimalToNumber(impPagado),
		impSaldoInsoluto: decimalToNumber(
			roundDecimal(subtractDecimal(impSaldoAnt, impPagado), decimals),
		),
		objetoImpDR,
	});
	if (objetoImpDR === '02') {
		const impuestosDR = documentTaxes(impPagado, taxes, decimals, invoiceTotal, `${path}.taxes`);
		if (impuestosDR) doc.impuestosDR = impuestosDR;
	}
	return doc;
}
