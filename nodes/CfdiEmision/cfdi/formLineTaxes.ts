/**
 * The tax treatment of a form line as CFDI tax rates: the IVA charged (a rate, exempt or none), IEPS,
 * ISR and IVA withheld, each rate checked and refused naming its field; IVA withheld is part of the IVA
 * charged, and IVA 8 % is for a place of issue in the border region.
 */
import { borderRegionOf } from './catalogs/borderRegion';
import {
	compareDecimal,
	decimalOf,
	decimalToNumber,
	isNegative,
	isZero,
	parseDecimal,
	type Decimal,
} from './decimal';
import { type TaxRate } from './kinds/taxRates';
import { type LineTax } from './pricing';
import {
	absent,
	FORM_LINE_LABELS,
	FormLineError,
	formLinePath,
	type FormLineInput,
	type FormLineOptions,
} from './formLineInput';
import { fieldText } from './fieldText';

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
export function ivaOf(line: FormLineInput, index: number): LineTax {
	const raw = fieldText(line.iva).toLowerCase();
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
export function ratesOf(line: FormLineInput, index: number, iva: LineTax): TaxRate[] {
	const rates: TaxRate[] = [];
	if (iva.kind === 'rate')
		rates.push({ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: decimalToNumber(iva.rate) });
	if (iva.kind === 'exempt') rates.push({ impuesto: '002', tipoFactor: 'Exento' });
	const ieps = fieldText(line.ieps).toLowerCase();
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

/**
 * IVA 8 % is the border-region stimulus: the place of issue must be in the region
 * (catalogs/borderRegion.ts). Refused otherwise, naming the line, the postal code and the setting.
 */
export function checkLineBorderRate(iva: LineTax, index: number, options: FormLineOptions): void {
	if (iva.kind !== 'rate' || compareDecimal(iva.rate, IVA_BORDER) !== 0) return;
	if (options.allowBorderRateAnywhere) return;
	const place = fieldText(options.lugarExpedicion);
	// A missing or malformed place of issue is refused by its own check, which names it.
	if (!/^\d{5}$/.test(place) || borderRegionOf(place)) return;
	const path = formLinePath(index, 'iva');
	throw new FormLineError(
		path,
		`${path} is 8 %, but the Place of Issue (lugarExpedicion) ${place} is not in the northern or southern border region: IVA 8 % is the border-region stimulus, charged only on sales made there.`,
		`Charge 16 % on this line, or give the postal code of the branch in the border region as Place of Issue. If your branch qualifies for the stimulus under another postal code, turn on "Allow IVA 8 % Outside the Border Region" in the options.`,
	);
}
