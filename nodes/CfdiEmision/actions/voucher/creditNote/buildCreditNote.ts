/**
 * Credit notes (CFDI type E): they relate the invoices they correct (TipoRelacion 01 credit note,
 * 03 return of goods, 07 advance applied), are paid at once (metodoPago PUE) and carry concepts
 * and taxes as an invoice does, the taxes being those of the related invoice.
 */
import { CREDIT_NOTE_RELATIONS } from '../../../cfdi/catalogs/tipoRelacion';
import { computeTotals } from '../../../cfdi/computeTotals';
import {
	compareDecimal,
	decimalAsGiven,
	decimalToString,
	sumDecimals,
	type Decimal,
	parseDecimal,
	decimalToNumber,
} from '../../../cfdi/decimal';
import type { Concepto, Receptor, Voucher } from '../../../cfdi/types';
import { withRelatedGroups } from '../../../cfdi/voucherShape';
import type { SourceMoney } from '../../../cfdi/voucherSource';
import { baseForGross } from '../../../cfdi/kinds/taxIncluded';
import { KindInputError, rateOf, type TaxRate } from '../../../cfdi/kinds/taxRates';
import { amountDecimals } from '../../../cfdi/catalogs/moneda';
import {
	voucherHead,
	withConceptTaxes,
	type VoucherHeadInput,
} from '../../../cfdi/kinds/voucherParts';
import { noStampMessage, taxRatesOfCfdi, type StampedCfdi } from '../../../stampedXml/stampedCfdi';

/** Default concept of a single-amount credit note, per relation type (SAT filling guide of egresos). */
const SINGLE_AMOUNT_DESCRIPTION: Record<string, string> = {
	'01': 'Descuento o bonificacion',
	'03': 'Devolucion de mercancias',
	'07': 'Aplicacion de anticipo',
};

/** An invoice the credit note corrects. */
export interface CreditedInvoice {
	uuid: string;
	/** The invoice's total; with `saldo`, the most the note may credit. */
	total?: number | string;
	/** What is still owed on the invoice, when it is less than its total. */
	saldo?: number | string;
	moneda?: string;
	/** The invoice's taxes; a single-amount note applies them. */
	taxes?: TaxRate[];
	/**
	 * The invoice's own concepts (from its XML): a single amount that is the invoice's whole total
	 * and that no one base reaches (the SAT rounds each concept's tax) credits them line by line.
	 */
	lines?: CreditNoteLine[];
}

export interface CreditNoteLine {
	claveProdServ: string;
	noIdentificacion?: string;
	cantidad: number | string;
	claveUnidad: string;
	unidad?: string;
	descripcion: string;
	valorUnitario: number | string;
	descuento?: number | string;
	/** The line's taxes; the related invoice's when absent. */
	taxes?: TaxRate[];
}

export interface CreditNoteInput extends VoucherHeadInput {
	/** The related invoice's recipient; usoCFDI defaults to G02 (returns, discounts or rebates). */
	receptor: Omit<Receptor, 'usoCFDI'> & { usoCFDI?: string };
	/** How the refund is given: 01 cash, 03 transfer, 04 card, 15 debt forgiveness for an unpaid invoice, ... */
	formaPago: string;
	/** The related invoice's currency when absent, else MXN. */
	moneda?: string;
	tipoCambio?: number | string;
	/** 01 credit note, 03 return of goods, 07 advance applied. */
	tipoRelacion: string;
	invoices: CreditedInvoice[];
	/** The credited items; or a single `amount`. */
	lines?: CreditNoteLine[];
	amount?: number | string;
	/** true (default): `amount` is what the customer gets back, taxes included. */
	amountIncludesTax?: boolean;
	/** For a single amount: concept description, product and unit keys (default 84111506 / ACT). */
	descripcion?: string;
	claveProdServ?: string;
	claveUnidad?: string;
}

function sameRates(a: ReadonlyArray<TaxRate>, b: ReadonlyArray<TaxRate>): boolean {
	const key = (rates: ReadonlyArray<TaxRate>): string =>
		rates
			.map(
				(tax) =>
					`${tax.withheld ? 'R' : 'T'}|${tax.impuesto}|${tax.tipoFactor}|${rateOf(tax) ? decimalToString(rateOf(tax) as Decimal, 6) : ''}`,
			)
			.sort()
			.join(';');
	return key(a) === key(b);
}

/**
 * The taxes a single amount carries: those of the related invoices, when they agree and share one
 * base. `invoices` is not empty (buildCreditNote refused that first).
 */
function invoiceRates(invoices: ReadonlyArray<CreditedInvoice>): TaxRate[] {
	const [first, ...others] = invoices;
	const rates = first.taxes ?? [];
	if (others.some((invoice) => !sameRates(invoice.taxes ?? [], rates))) {
		throw new KindInputError(
			'invoices',
			'The related invoices carry different taxes, so one amount cannot take the taxes of all of them.',
			'Give the credit note as lines with their taxes, or issue one credit note per invoice.',
		);
	}
	const bases = rates
		.filter((tax) => !tax.withheld && parseDecimal(tax.base))
		.map((tax) => parseDecimal(tax.base) as Decimal);
	if (bases.some((base) => compareDecimal(base, bases[0]) !== 0)) {
		throw new KindInputError(
			'amount',
			'The related invoice has taxes on different bases (several rates or exempt items), so one amount cannot be split among them.',
			'Give the credit note as lines, one per rate, with their taxes.',
		);
	}
	return rates.map(({ impuesto, tipoFactor, tasaOCuota, withheld }) => ({
		impuesto,
		tipoFactor,
		tasaOCuota,
		withheld,
	}));
}

function concept(line: CreditNoteLine, rates: ReadonlyArray<TaxRate>): Concepto {
	const out: Concepto = {
		claveProdServ: line.claveProdServ,
		cantidad: String(line.cantidad),
		claveUnidad: line.claveUnidad,
		descripcion: line.descripcion,
		valorUnitario: Number(line.valorUnitario),
	};
	if (line.noIdentificacion) out.noIdentificacion = line.noIdentificacion;
	if (line.unidad) out.unidad = line.unidad;
	if (line.descuento !== undefined && line.descuento !== '') out.descuento = Number(line.descuento);
	const taxed = withConceptTaxes(out, rates);
	// A line's own tax Importe (an invoice's line, or base × rate rounded the other way by the pricing)
	// is kept where it lies within the SAT's limits (computeTotals keepTaxImportes).
	const given = rates.filter((tax) => !tax.withheld).map((tax) => parseDecimal(tax.importe));
	taxed.impuestos?.traslados?.forEach((tax, index) => {
		const importe = given[index];
		if (importe && tax.tipoFactor === 'Tasa') tax.importe = decimalToNumber(importe);
	});
	return taxed;
}

/**
 * The most the note may credit: Σ of each invoice's balance (saldo), or its total. Refused before
 * anything is built when it cannot be known: an invoice without total or balance, invoices in
 * other currencies than the note, a balance above the invoice's total.
 */
function creditLimit(invoices: ReadonlyArray<CreditedInvoice>, moneda: string): Decimal {
	const limits: Decimal[] = [];
	invoices.forEach((invoice, index) => {
		const path = `invoices[${index}]`;
		if (invoice.moneda && invoice.moneda !== moneda) {
			throw new KindInputError(
				`${path}.moneda`,
				`Invoice ${invoice.uuid} is in ${invoice.moneda} and the credit note in ${moneda}: one note credits invoices of one currency.`,
				`Issue one credit note per currency, each in its invoices' currency.`,
			);
		}
		const total = parseDecimal(invoice.total);
		const saldo = parseDecimal(invoice.saldo);
		if (total && saldo && compareDecimal(saldo, total) > 0) {
			throw new KindInputError(
				`${path}.saldo`,
				`The balance ${decimalToString(saldo)} of invoice ${invoice.uuid} is more than its total ${decimalToString(total)}.`,
				'Give what is still owed on the invoice: its total less what was paid or credited before.',
			);
		}
		const limit = saldo ?? total;
		if (!limit) {
			throw new KindInputError(
				`${path}.total`,
				`The total of invoice ${invoice.uuid} is not known, so the credit note cannot be checked against what the invoice still owes.`,
				"Give the invoice's total (or its balance), or read the invoice from its XML.",
			);
		}
		limits.push(limit);
	});
	return sumDecimals(limits);
}

/** The money a credit note stands for: the single tax-included amount it refunds; none for lines or an amount before taxes. */
export function creditNoteMoney(
	input: CreditNoteInput,
	moneda = input.moneda ?? input.invoices[0]?.moneda ?? 'MXN',
): SourceMoney | undefined {
	const hasLines = Array.isArray(input.lines) && input.lines.length > 0;
	const amount = parseDecimal(input.amount);
	if (hasLines || !amount || amount.units <= BigInt(0) || input.amountIncludesTax === false)
		return undefined;
	return {
		amount: decimalAsGiven(amount, amountDecimals(moneda)),
		currency: moneda,
		from: 'the amount to credit',
		field: 'amount',
		fix: 'the amount',
	};
}

/** A complete type E voucher with its relation, concepts, taxes and totals. */
export function buildCreditNote(input: CreditNoteInput): Voucher {
	if (!(CREDIT_NOTE_RELATIONS as readonly string[]).includes(input.tipoRelacion)) {
		throw new KindInputError(
			'tipoRelacion',
			`Relation type ${JSON.stringify(input.tipoRelacion)} is not one a credit note uses.`,
			'Use "01" (credit note), "03" (return of goods) or "07" (advance applied).',
		);
	}
	if (
		!Array.isArray(input.invoices) ||
		input.invoices.length === 0 ||
		input.invoices.some((invoice) => !invoice.uuid || !invoice.uuid.trim())
	) {
		throw new KindInputError(
			'invoices',
			'A credit note must relate the invoice it corrects.',
			'Give the UUID of each related invoice.',
		);
	}
	const moneda = input.moneda ?? input.invoices[0].moneda ?? 'MXN';
	const decimals = amountDecimals(moneda);
	const limit = creditLimit(input.invoices, moneda);

	let conceptos: Concepto[];
	const hasLines = Array.isArray(input.lines) && input.lines.length > 0;
	const given = parseDecimal(input.amount);
	const amount = given && given.units > BigInt(0) ? given : undefined;
	if (hasLines) {
		conceptos = (input.lines as CreditNoteLine[]).map((line) =>
			concept(line, line.taxes ?? invoiceRatesOrEmpty(input.invoices)),
		);
	} else if (amount) {
		const rates = invoiceRates(input.invoices);
		// Taxes included: the base whose base + taxes is the amount, per the SAT's rounding (or the nearest below).
		const valorUnitario =
			input.amountIncludesTax === false ? amount : baseForGross(amount, rates, decimals).base;
		const descripcion = input.descripcion ?? SINGLE_AMOUNT_DESCRIPTION[input.tipoRelacion];
		conceptos = [
			concept(
				{
					claveProdServ: input.claveProdServ ?? '84111506',
					cantidad: '1',
					claveUnidad: input.claveUnidad ?? 'ACT',
					descripcion,
					valorUnitario: decimalToNumber(valorUnitario),
				},
				rates,
			),
		];
	} else {
		throw new KindInputError(
			'lines',
			'The credit note has neither lines nor an amount.',
			'Give the credited lines, or the amount to credit.',
		);
	}

	const voucher = voucherHead(input, {
		tipoDeComprobante: 'E',
		moneda,
		formaPago: input.formaPago,
		metodoPago: 'PUE',
		tipoCambio: input.tipoCambio,
	});
	voucher.receptor = { ...input.receptor, usoCFDI: input.receptor.usoCFDI || 'G02' };
	voucher.conceptos = conceptos;
	const related = withRelatedGroups(voucher, [
		{
			tipoRelacion: input.tipoRelacion,
			cfdiRelacionado: input.invoices.map((invoice) => ({ uuid: invoice.uuid.trim() })),
		},
	]);
	let computed = computeTotals(related as Voucher, { keepTaxImportes: true }).voucher;
	if (!hasLines && amount && input.amountIncludesTax !== false) {
		const whole = wholeInvoiceCredit(input, related as Voucher, amount, limit);
		if (whole) computed = whole;
	}

	const total = parseDecimal(computed.total);
	if (total && compareDecimal(total, limit) > 0) {
		const what = input.invoices.some((invoice) => parseDecimal(invoice.saldo))
			? 'the balance still owed on the related invoice'
			: "the related invoice's total";
		const most = `${decimalToString(limit, decimals)} ${moneda}`;
		const beforeTaxes = !hasLines && amount && input.amountIncludesTax === false;
		throw new KindInputError(
			hasLines ? 'lines' : 'amount',
			beforeTaxes
				? `The credit note total ${decimalToString(total, decimals)} ${moneda} is more than ${what} (${most}): the amount ${decimalToString(amount, decimals)} is before taxes, and the invoice's taxes are added on top.`
				: `The credit note total ${decimalToString(total, decimals)} ${moneda} is more than ${what} (${most}).`,
			beforeTaxes
				? `To credit the invoice in full, give ${most} with Amount Includes Taxes on; or an amount before taxes of at most ${decimalToString(baseForGross(limit, invoiceRates(input.invoices), decimals).base, decimals)} ${moneda}.`
				: `Credit at most ${most}.`,
		);
	}
	return computed;
}

/**
 * A single tax-included amount that is the whole of one invoice's total (nothing paid or credited
 * on it: no balance below its total), when no one base reaches it because the SAT rounds each
 * concept's tax: the invoice's own concepts, which add up to its total, credited line by line. The
 * relation and head are the note's. Undefined when the single concept reaches the amount, when the
 * invoice's concepts are not known, or when they do not give the amount either.
 */
function wholeInvoiceCredit(
	input: CreditNoteInput,
	single: Voucher,
	amount: Decimal,
	limit: Decimal,
): Voucher | undefined {
	const reached = parseDecimal(computeTotals(single, { keepTaxImportes: true }).voucher.total);
	if (reached && compareDecimal(reached, amount) === 0) return undefined;
	if (input.invoices.length !== 1 || compareDecimal(amount, limit) !== 0) return undefined;
	const [invoice] = input.invoices;
	const total = parseDecimal(invoice.total);
	if (!invoice.lines?.length || !total || compareDecimal(total, amount) !== 0) return undefined;
	const byLines = computeTotals(
		{
			...single,
			conceptos: invoice.lines.map((line) => concept(line, line.taxes ?? [])),
		},
		{ keepTaxImportes: true },
	).voucher;
	const credited = parseDecimal(byLines.total);
	return credited && compareDecimal(credited, amount) === 0 ? byLines : undefined;
}

/** The first invoice's rates, without its bases and amounts: the taxes of lines that give none. */
function invoiceRatesOrEmpty(invoices: ReadonlyArray<CreditedInvoice>): TaxRate[] {
	const rates = invoices[0].taxes ?? [];
	return rates.map(({ impuesto, tipoFactor, tasaOCuota, withheld }) => ({
		impuesto,
		tipoFactor,
		tasaOCuota,
		withheld,
	}));
}

/** A related invoice from its stamped XML: UUID, total, currency and taxes. */
export function creditedInvoiceFromCfdi(
	cfdi: StampedCfdi,
	saldo?: number | string,
): CreditedInvoice {
	if (!cfdi.uuid)
		throw new KindInputError(
			'invoices',
			noStampMessage(cfdi, 'The related XML'),
			'Check the UUID of the related invoice.',
		);
	if (cfdi.tipoDeComprobante && cfdi.tipoDeComprobante !== 'I') {
		throw new KindInputError(
			'invoices',
			`Voucher ${cfdi.uuid} is of type ${cfdi.tipoDeComprobante}, not an income invoice (I): a credit note corrects an invoice.`,
			'Relate the income invoice the credit note corrects (a credit note or a payment receipt is not credited).',
		);
	}
	const invoice: CreditedInvoice = {
		uuid: cfdi.uuid,
		total: cfdi.total,
		moneda: cfdi.moneda,
		taxes: taxRatesOfCfdi(cfdi),
	};
	if (cfdi.conceptos?.length)
		invoice.lines = cfdi.conceptos.map((concepto) => {
			const line: CreditNoteLine = {
				claveProdServ: concepto.claveProdServ,
				cantidad: concepto.cantidad,
				claveUnidad: concepto.claveUnidad,
				descripcion: concepto.descripcion,
				valorUnitario: concepto.valorUnitario,
				taxes: concepto.taxes,
			};
			if (concepto.noIdentificacion) line.noIdentificacion = concepto.noIdentificacion;
			if (concepto.unidad) line.unidad = concepto.unidad;
			if (concepto.descuento !== undefined) line.descuento = concepto.descuento;
			return line;
		});
	if (saldo !== undefined && saldo !== '') invoice.saldo = saldo;
	return invoice;
}
