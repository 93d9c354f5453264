/**
 * The line items of the Fields input mode, where each line gives its tax treatment as plain choices
 * (IVA 16 %, IEPS at a rate, ISR withheld at 10 %...), turned into CFDI concepts whose tax lines
 * carry only rates: every amount is left to computeTotals, the one tax calculator. A tax-included
 * price goes through the pricing path of sale lines (pricing.ts), which splits it so the
 * voucher adds up to what was charged.
 */
import { currencyDecimals } from './catalogs/moneda';
import { computeTotals } from './computeTotals';
import {
	addDecimal,
	compareDecimal,
	decimalToNumber,
	DECIMAL_ZERO,
	isNegative,
	isZero,
	parseDecimal,
	subtractDecimal,
	type Decimal,
} from './decimal';
import { conceptTaxesFor } from './kinds/taxRates';
import { priceVoucher, type SaleLine, type VoucherHeader } from './pricing';
import type { Concepto, Voucher } from './types';
import {
	FormLineError,
	formLinePath,
	type FormLineInput,
	type FormLineOptions,
} from './formLineInput';
import { checkLineBorderRate, ivaOf, ratesOf } from './formLineTaxes';
import { fieldText } from './fieldText';

export {
	FORM_LINE_LABELS,
	FormLineError,
	formLinePath,
	type FormLineInput,
	type FormLineOptions,
} from './formLineInput';

function flag(value: unknown): boolean {
	return value === true || ['true', 'yes', '1'].includes(fieldText(value).toLowerCase());
}

/** The concept without its taxes, amounts as given (computeTotals fills importe). */
function bareConcept(line: FormLineInput): Concepto {
	const descuento = parseDecimal(line.descuento);
	const concepto: Concepto = {
		claveProdServ: fieldText(line.claveProdServ),
		cantidad: fieldText(line.cantidad),
		claveUnidad: fieldText(line.claveUnidad),
		descripcion: fieldText(line.descripcion),
		valorUnitario: line.valorUnitario as number,
		objetoImp: fieldText(line.objetoImp) || '02',
	};
	if (descuento && !isZero(descuento)) concepto.descuento = decimalToNumber(descuento);
	return concepto;
}

/**
 * IVA on a line that also carries IEPS is charged on the amount plus the IEPS (Ley del IVA, art. 18:
 * the value includes the other taxes), so its base is given; computeTotals keeps it (keepTaxBases).
 */
function ivaBaseOverIeps(concepto: Concepto, decimals: number): void {
	const traslados = concepto.impuestos?.traslados ?? [];
	const iva = traslados.find((tax) => tax.impuesto === '002' && tax.tipoFactor === 'Tasa');
	const ieps = traslados.find((tax) => tax.impuesto === '003');
	if (!iva || !ieps) return;
	const probe = {
		conceptos: [{ ...concepto, impuestos: { traslados: [ieps] } }],
	} as unknown as Voucher;
	const [computed] = computeTotals(probe, { decimals }).computed.conceptos;
	const [iepsAmounts] = computed.traslados;
	if (!iepsAmounts || iepsAmounts.importe === undefined) return;
	const importe = parseDecimal(computed.importe) ?? DECIMAL_ZERO;
	const base = addDecimal(
		subtractDecimal(importe, parseDecimal(concepto.descuento) ?? DECIMAL_ZERO),
		parseDecimal(iepsAmounts.importe) as Decimal,
	);
	iva.base = decimalToNumber(base);
}

/**
 * Turns the form's lines into concepts with their tax lines (rates only). A tax-included price is
 * split into a net unit price by the sale-lines pricing path; `notes` says when a line carries a cent
 * more or less than charged so the per-line rounding adds up. Lines whose Tax Object is not 02 carry
 * no taxes (the tax fields show only for 02).
 */
export function conceptsFromFormLines(
	lines: ReadonlyArray<FormLineInput>,
	moneda: unknown,
	options: FormLineOptions = {},
): { conceptos: Concepto[]; notes: string[] } {
	const decimals = currencyDecimals(typeof moneda === 'string' ? moneda : undefined) ?? 2;
	const conceptos = lines.map((line) => bareConcept(line));
	const included: Array<{ index: number; sale: SaleLine }> = [];
	lines.forEach((line, index) => {
		const concepto = conceptos[index];
		if (concepto.objetoImp !== '02') return;
		const iva = ivaOf(line, index);
		checkLineBorderRate(iva, index, options);
		const rates = ratesOf(line, index, iva);
		if (rates.length > 0) concepto.impuestos = conceptTaxesFor(rates);
		if (!flag(line.priceIncludesTax)) {
			ivaBaseOverIeps(concepto, decimals);
			return;
		}
		if (rates.some((tax) => tax.impuesto === '003')) {
			throw new FormLineError(
				formLinePath(index, 'priceIncludesTax'),
				`${formLinePath(index, 'priceIncludesTax')} is on for a line with IEPS; a price that includes both IEPS and IVA cannot be split unambiguously.`,
				'Turn "Price Includes Tax" off and give the unit price without taxes.',
			);
		}
		const quantity = parseDecimal(line.cantidad);
		const unitPrice = parseDecimal(line.valorUnitario);
		const discount = parseDecimal(line.descuento) ?? DECIMAL_ZERO;
		// Invalid quantities and prices are left to the CFDI checks, which name them.
		if (
			!quantity ||
			!unitPrice ||
			isZero(unitPrice) ||
			isZero(quantity) ||
			isNegative(quantity) ||
			isNegative(unitPrice) ||
			isNegative(discount)
		)
			return;
		included.push({
			index,
			sale: {
				path: `Line Item ${index + 1}`,
				descripcion: concepto.descripcion,
				claveProdServ: concepto.claveProdServ,
				claveUnidad: concepto.claveUnidad,
				quantity,
				unitPrice,
				discount,
				taxIncluded: true,
				tax: iva,
			},
		});
	});
	const notes: string[] = [];
	if (included.length > 0) {
		const priced = priceVoucher(
			{ moneda } as VoucherHeader,
			included.map((entry) => entry.sale),
		);
		notes.push(...priced.notes);
		included.forEach((entry, position) => {
			const net = priced.voucher.conceptos[position];
			const concepto = conceptos[entry.index];
			concepto.valorUnitario = net.valorUnitario;
			if (net.descuento === undefined) delete concepto.descuento;
			else concepto.descuento = net.descuento;
			// A fully discounted line has no base to tax (CFDI40174): pricing leaves its taxes out.
			if (!net.impuestos) {
				delete concepto.impuestos;
				concepto.objetoImp = net.objetoImp;
			}
		});
	}
	return {
		conceptos,
		notes: notes.map((note) => note.replace(/^Line Item (\d+)/, 'Line Items > Line Item $1')),
	};
}

/** A Subtotal or Total the user typed, to be checked against the computed one. */
export interface TypedTotal {
	member: 'subTotal' | 'total';
	/** Where the user typed it, e.g. `Subtotal` or `Additional Fields (JSON) > total`. */
	label: string;
	value: unknown;
}

/**
 * Fills every amount of a form voucher with computeTotals (bases given on the lines are kept: IVA
 * over IEPS), and checks each typed Subtotal or Total against the computed one. A typed 0 or an
 * empty value means "compute it".
 */
export function computeFormVoucher(voucher: Voucher, typed: ReadonlyArray<TypedTotal>): Voucher {
	const { voucher: computed, computed: totals } = computeTotals(voucher, { keepTaxBases: true });
	for (const entry of typed) {
		const value = parseDecimal(entry.value);
		if (fieldText(entry.value) === '' || (value && isZero(value))) continue;
		if (!value)
			throw new FormLineError(
				entry.label,
				`${entry.label} ${JSON.stringify(entry.value)} is not an amount.`,
				`Leave it at 0 to use the amount computed from the line items (${totals[entry.member]}).`,
				{ member: entry.member, value: entry.value },
			);
		const expected = parseDecimal(totals[entry.member]) as Decimal;
		if (compareDecimal(value, expected) !== 0) {
			const what =
				entry.member === 'subTotal'
					? 'the sum of the line amounts (quantity × unit price)'
					: 'the subtotal minus discounts plus transferred taxes minus withheld taxes, from the line items';
			throw new FormLineError(
				entry.label,
				`${entry.label} is ${decimalToNumber(value)} but ${what} is ${totals[entry.member]}.`,
				`Correct the line items or the amount typed, or set ${entry.label} to 0 to use the computed amount.`,
				{ member: entry.member, code: 'TOTALS_DIFFER', value: entry.value },
			);
		}
	}
	return computed;
}
