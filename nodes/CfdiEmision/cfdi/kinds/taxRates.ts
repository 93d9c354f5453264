import {
	addDecimal,
	decimalToNumber,
	parseDecimal,
	subtractDecimal,
	type Decimal,
} from '../decimal';
import type { ConceptoImpuestos, ConceptoTax } from '../types';

/**
 * One tax of an invoice as the kinds need it: the rate, and, when known (read from the invoice's
 * XML), the invoice's base and amount for that rate. IVA 16 % is
 * `{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16 }`; exempt IVA is
 * `{ impuesto: '002', tipoFactor: 'Exento' }`; ISR withheld at 10 % is
 * `{ impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: 0.1, withheld: true }`.
 */
export interface TaxRate {
	impuesto: string;
	tipoFactor: string;
	tasaOCuota?: number | string;
	/** true for a withholding (retención). */
	withheld?: boolean;
	/** The invoice's base for this tax, when known. */
	base?: number | string;
	/** The invoice's amount for this tax, when known (used for Cuota taxes). */
	importe?: number | string;
}

/** A problem in the input of a builder, with the input member it concerns and what to do. */
export class KindInputError extends Error {
	constructor(
		readonly field: string,
		message: string,
		readonly fix: string,
		/** The value refused, as given, when it is one the user typed or mapped. */
		readonly value?: unknown,
	) {
		super(message);
		this.name = 'KindInputError';
	}
}

/** The rate of a Tasa or Cuota line; undefined for Exento or a missing rate. */
export function rateOf(tax: TaxRate): Decimal | undefined {
	return tax.tipoFactor === 'Exento' ? undefined : parseDecimal(tax.tasaOCuota);
}

/** Transferred lines first, then withholdings, as CFDI concept taxes list them. */
export function conceptTaxesFor(rates: ReadonlyArray<TaxRate>): ConceptoImpuestos {
	const line = (tax: TaxRate): ConceptoTax => {
		const out: ConceptoTax = { impuesto: tax.impuesto, tipoFactor: tax.tipoFactor };
		const rate = rateOf(tax);
		if (rate) out.tasaOCuota = decimalToNumber(rate);
		return out;
	};
	const traslados = rates.filter((tax) => !tax.withheld).map(line);
	const retenciones = rates.filter((tax) => tax.withheld).map(line);
	const out: ConceptoImpuestos = {};
	if (traslados.length > 0) out.traslados = traslados;
	if (retenciones.length > 0) out.retenciones = retenciones;
	return out;
}

/** 1 + transferred rates − withheld rates (Tasa only): what one base becomes once taxed. */
export function grossFactor(rates: ReadonlyArray<TaxRate>): Decimal {
	let factor = parseDecimal(1) as Decimal;
	for (const tax of rates) {
		const rate = rateOf(tax);
		if (tax.tipoFactor !== 'Tasa' || !rate) continue;
		factor = tax.withheld ? subtractDecimal(factor, rate) : addDecimal(factor, rate);
	}
	return factor;
}
