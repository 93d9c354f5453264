/**
 * The line items of the Fields input mode, where each line gives its tax treatment as plain choices
 * (IVA 16 %, IEPS at a rate, ISR withheld at 10 %...), turned into CFDI concepts whose tax lines
 * carry only rates: every amount is left to computeTotals, the one tax calculator. A tax-included
 * price goes through the pricing path of sale lines (orders/pricing.ts), which splits it so the
 * voucher adds up to what was charged.
 */
import { borderRegionOf } from './catalogs/borderRegion';
import { currencyDecimals } from './catalogs/moneda';
import { computeTotals } from './computeTotals';
import {
	addDecimal,
	compareDecimal,
	decimalOf,
	decimalToNumber,
	DECIMAL_ZERO,
	isNegative,
	isZero,
	parseDecimal,
	subtractDecimal,
	type Decimal,
} from './decimal';
import { conceptTaxesFor, type TaxRate } from './kinds/taxRates';
import { priceVoucher, type LineTax, type SaleLine, type VoucherHeader } from '../orders/pricing';
import type { Concepto, Voucher } from './types';

/** One line as the form gives it (values may be numbers or text, as expressions produce). */
export interface FormLineInput {
	claveProdServ?: unknown;
	cantidad?: unknown;
	claveUnidad?: unknown;
	descripcion?: unknown;
	valorUnitario?: unknown;
	descuento?: unknown;
	objetoImp?: unknown;
	/** IVA transferred: a rate ('0.16', '0.08', '0'), 'exempt', or 'none'. */
	iva?: unknown;
	/** IEPS transferred: 'none', 'tasa' (a rate) or 'cuota' (an amount per unit), with iepsRate. */
	ieps?: unknown;
	iepsRate?: unknown;
	/** ISR withheld: a rate such as '0.10', or '' / 'none'. */
	isrRetencion?: unknown;
	/** IVA withheld: a rate such as '0.106667', or '' / 'none'. */
	ivaRetencion?: unknown;
	/** Whether valorUnitario (and descuento) include the IVA. */
	priceIncludesTax?: unknown;
}

/** A form line that cannot become a concept; `path` names the field, e.g. `Line Items > Line Item 2 > IEPS`. */
export class FormLineError extends Error {
	constructor(
		readonly path: string,
		message: string,
		readonly fix: string,
	) {
		super(message);
		this.name = 'FormLineError';
	}
}

/** The field labels of the form, for messages that name what the user sees. */
export const FORM_LINE_LABELS = {
	iva: 'IVA',
	ieps: 'IEPS',
	iepsRate: 'IEPS Rate or Quota',
	isrRetencion: 'ISR Withheld',
	ivaRetencion: 'IVA Withheld',
	descuento: 'Discount',
	valorUnitario: 'Unit Price',
	cantidad: 'Quantity',
	priceIncludesTax: 'Price Includes Tax',
} as const;

export function formLinePath(index: number, field: keyof typeof FORM_LINE_LABELS): string {
	return `Line Items > Line Item ${index + 1} > ${FORM_LINE_LABELS[field]}`;
}

function text(value: unknown): string {
	return value === undefined || value === null ? '' : String(value).trim();
}

function absent(value: unknown): boolean {
	const raw = text(value).toLowerCase();
	return raw === '' || raw === 'none';
}

/** A rate of 0 or more and at most `max`, or the error naming the field. */
function rate(
	value: unknown,
	index: number,
	field: keyof typeof FORM_LINE_LABELS,
	max: Decimal,
	fix: string,
): Decimal {
	const parsed = parseDecimal(value);
	if (!parsed || isNegative(parsed) || compareDecimal(parsed, max) > 0) {
		throw new FormLineError(
			formLinePath(index, field),
			`${formLinePath(index, field)} ${JSON.stringify(value)} is not a rate between 0 and ${decimalToNumber(max)}.`,
			fix,
		);
	}
	return parsed;
}

const IVA_MAX = parseDecimal('0.16') as Decimal;
const IVA_BORDER = parseDecimal('0.08') as Decimal;
const ISR_MAX = parseDecimal('0.35') as Decimal;

/** The line's transferred IVA: a rate, exempt, or none. */
function ivaOf(line: FormLineInput, index: number): LineTax {
	const raw = text(line.iva).toLowerCase();
	if (raw === 'exempt' || raw === 'exento') return { kind: 'exempt' };
	if (raw === 'none') return { kind: 'notSubject' };
	// An absent value is the form's default.
	if (raw === '') return { kind: 'rate', rate: IVA_MAX };
	return {
		kind: 'rate',
		rate: rate(
			raw,
			index,
			'iva',
			IVA_MAX,
			'Choose 16 %, 8 % (border region), 0 %, Exempt or None.',
		),
	};
}

/** The tax rates of a line, transferred first; none unless the line is subject to tax (objetoImp 02). */
function ratesOf(line: FormLineInput, index: number, iva: LineTax): TaxRate[] {
	const rates: TaxRate[] = [];
	if (iva.kind === 'rate')
		rates.push({ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: decimalToNumber(iva.rate) });
	if (iva.kind === 'exempt') rates.push({ impuesto: '002', tipoFactor: 'Exento' });
	const ieps = text(line.ieps).toLowerCase();
	if (ieps === 'tasa' || ieps === 'cuota') {
		const value = parseDecimal(line.iepsRate);
		if (!value || isNegative(value) || isZero(value)) {
			throw new FormLineError(
				formLinePath(index, 'iepsRate'),
				`${formLinePath(index, 'iepsRate')} ${JSON.stringify(line.iepsRate ?? '')} is not a ${ieps === 'tasa' ? 'rate' : 'quota'} above 0.`,
				ieps === 'tasa'
					? 'Give the IEPS rate as a fraction, such as 0.08 for 8 % or 0.265 for 26.5 %.'
					: 'Give the IEPS amount per unit, such as 0.5981.',
			);
		}
		if (ieps === 'tasa' && compareDecimal(value, decimalOf(3)) > 0) {
			throw new FormLineError(
				formLinePath(index, 'iepsRate'),
				`${formLinePath(index, 'iepsRate')} ${JSON.stringify(line.iepsRate)} is not an IEPS rate.`,
				'Give the rate as a fraction (0.08 for 8 %), not as a percentage.',
			);
		}
		rates.push({
			impuesto: '003',
			tipoFactor: ieps === 'tasa' ? 'Tasa' : 'Cuota',
			tasaOCuota: decimalToNumber(value),
		});
	} else if (!absent(ieps)) {
		throw new FormLineError(
			formLinePath(index, 'ieps'),
			`${formLinePath(index, 'ieps')} ${JSON.stringify(line.ieps)} is not an IEPS choice.`,
			'Choose None, Rate or Quota per Unit.',
		);
	}
	if (!absent(line.isrRetencion)) {
		const value = rate(
			line.isrRetencion,
			index,
			'isrRetencion',
			ISR_MAX,
			'Choose 10 % or 1.25 % (RESICO), or give a rate such as 0.10.',
		);
		if (!isZero(value))
			rates.push({
				impuesto: '001',
				tipoFactor: 'Tasa',
				tasaOCuota: decimalToNumber(value),
				withheld: true,
			});
	}
	if (!absent(line.ivaRetencion)) {
		const value = rate(
			line.ivaRetencion,
			index,
			'ivaRetencion',
			IVA_MAX,
			'Choose two thirds of the IVA (10.6667 %), 4 % (freight), 6 % or 16 %, or give a rate such as 0.106667.',
		);
		if (!isZero(value)) checkIvaWithheld(value, iva, index);
		if (!isZero(value))
			rates.push({
				impuesto: '002',
				tipoFactor: 'Tasa',
				tasaOCuota: decimalToNumber(value),
				withheld: true,
			});
	}
	return rates;
}

const percent = (value: Decimal) => `${+(decimalToNumber(value) * 100).toFixed(4)} %`;

/**
 * IVA withheld is a part of the IVA charged on the line (Ley del IVA, art. 1-A; Anexo 20: the
 * retención is computed on the line's base): none when the line charges no IVA (exempt, 0 % or not
 * subject), and at most the rate charged. Both apply to the same base, so comparing rates compares
 * the amounts.
 */
function checkIvaWithheld(withheld: Decimal, iva: LineTax, index: number): void {
	const path = formLinePath(index, 'ivaRetencion');
	const charged =
		iva.kind === 'exempt'
			? 'is exempt from IVA'
			: iva.kind === 'notSubject'
				? 'charges no IVA (IVA is None)'
				: isZero(iva.rate)
					? 'charges IVA at 0 %'
					: undefined;
	if (charged)
		throw new FormLineError(
			path,
			`${path} is ${percent(withheld)}, but the line ${charged}: IVA can only be withheld from IVA charged.`,
			`Set ${FORM_LINE_LABELS.ivaRetencion} to None on this line, or charge IVA on it (${formLinePath(index, 'iva')}).`,
		);
	if (iva.kind === 'rate' && compareDecimal(withheld, iva.rate) > 0)
		throw new FormLineError(
			path,
			`${path} is ${percent(withheld)}, more than the IVA charged on the line (${percent(iva.rate)}): the withholding is a part of the IVA charged.`,
			`Withhold at most ${percent(iva.rate)} (the usual withholding for services is two thirds of the IVA charged), or correct ${formLinePath(index, 'iva')}.`,
		);
}

/** How the form's lines are checked against the voucher they belong to. */
export interface FormLineOptions {
	/** The voucher's place of issue (LugarExpedicion), for IVA 8 %. */
	lugarExpedicion?: unknown;
	/**
	 * Allow IVA 8 % whatever the place of issue: for an issuer whose branch in the border region is
	 * registered for the stimulus while the voucher carries another place of issue.
	 */
	allowBorderRateAnywhere?: boolean;
}

/**
 * IVA 8 % is the border-region stimulus: the place of issue must be in the region
 * (catalogs/borderRegion.ts). Refused otherwise, naming the line, the postal code and the setting.
 */
function checkBorderRate(iva: LineTax, index: number, options: FormLineOptions): void {
	if (iva.kind !== 'rate' || compareDecimal(iva.rate, IVA_BORDER) !== 0) return;
	if (options.allowBorderRateAnywhere) return;
	const place = text(options.lugarExpedicion);
	// A missing or malformed place of issue is refused by its own check, which names it.
	if (!/^\d{5}$/.test(place) || borderRegionOf(place)) return;
	const path = formLinePath(index, 'iva');
	throw new FormLineError(
		path,
		`${path} is 8 %, but the Place of Issue (lugarExpedicion) ${place} is not in the northern or southern border region: IVA 8 % is the border-region stimulus, charged only on sales made there.`,
		`Charge 16 % on this line, or give the postal code of the branch in the border region as Place of Issue. If your branch qualifies for the stimulus under another postal code, turn on "Allow IVA 8 % Outside the Border Region" in the options.`,
	);
}

function flag(value: unknown): boolean {
	return value === true || ['true', 'yes', '1'].includes(text(value).toLowerCase());
}

/** The concept without its taxes, amounts as given (computeTotals fills importe). */
function bareConcept(line: FormLineInput): Concepto {
	const descuento = parseDecimal(line.descuento);
	const concepto: Concepto = {
		claveProdServ: text(line.claveProdServ),
		cantidad: text(line.cantidad),
		claveUnidad: text(line.claveUnidad),
		descripcion: text(line.descripcion),
		valorUnitario: line.valorUnitario as number,
		objetoImp: text(line.objetoImp) || '02',
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
		checkBorderRate(iva, index, options);
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
		if (text(entry.value) === '' || (value && isZero(value))) continue;
		if (!value)
			throw new FormLineError(
				entry.label,
				`${entry.label} ${JSON.stringify(entry.value)} is not an amount.`,
				`Leave it at 0 to use the amount computed from the line items (${totals[entry.member]}).`,
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
			);
		}
	}
	return computed;
}
