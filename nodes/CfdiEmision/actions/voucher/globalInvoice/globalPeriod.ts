/**
 * The period a global invoice covers (InformacionGlobal: Periodicidad, Meses, Año) as a span of
 * months, the rules that keep it a period that exists, and its deadline (below):
 *
 * - The SAT's "Guía de llenado del CFDI global" (versión 4.0): Meses is the month of the sales
 *   (01-12), or for Periodicidad 05 the two-month period (13 = January-February ... 18 =
 *   November-December); Año is the year of the sales, the year of issue or the one before.
 * - A global invoice gathers sales already made (RMF rule 2.7.1.21: it is stamped within 24 hours
 *   after the period closes), so a period that has not started yet cannot be declared.
 * - Year 0 in the node means "the year of the period": the latest one that has started. In January,
 *   "last month" (December) is December of the previous year. A month that has not started this year
 *   and did not just end (December asked for in November) is refused rather than taken as last
 *   year's: that is almost always a slip, and the Year field says it when it is not.
 *
 * Daily, weekly and fortnightly invoices carry only their month in InformacionGlobal, so two global
 * invoices overlap when their month spans share a month of the same year.
 */
import { mexicoCityDateOf, monthEndMs, type YearMonth } from '../../../cfdi/mexicoTime';
import { KindInputError } from '../../../cfdi/kinds/taxRates';

const MONTH_NAMES = [
	'January',
	'February',
	'March',
	'April',
	'May',
	'June',
	'July',
	'August',
	'September',
	'October',
	'November',
	'December',
];

/** A resolved period: InformacionGlobal's members and the months it spans. */
export interface GlobalPeriod {
	periodicidad: string;
	/** Two digits, 01-18. */
	meses: string;
	anio: number;
	/** First and last month covered (1-12), of `anio`. */
	firstMonth: number;
	lastMonth: number;
}

/** The first and last month of a Meses code: 01-12 one month, 13-18 two (13 = January-February). */
export function monthsOfMeses(meses: string | number): { first: number; last: number } | undefined {
	const code = Number(String(meses).trim());
	if (!Number.isInteger(code) || code < 1 || code > 18) return undefined;
	if (code <= 12) return { first: code, last: code };
	const first = (code - 12) * 2 - 1;
	return { first, last: first + 1 };
}

function twoDigits(value: string | number): string {
	const text = String(value).trim();
	return /^\d$/.test(text) ? `0${text}` : text;
}

/** "December 2025", "November-December 2025". */
export function describePeriod(
	period: Pick<GlobalPeriod, 'firstMonth' | 'lastMonth' | 'anio'>,
): string {
	const months =
		period.firstMonth === period.lastMonth
			? MONTH_NAMES[period.firstMonth - 1]
			: `${MONTH_NAMES[period.firstMonth - 1]}-${MONTH_NAMES[period.lastMonth - 1]}`;
	return `${months} ${period.anio}`;
}

const monthIndex = (year: number, month: number) => year * 12 + (month - 1);

/** The field names the errors use: the editor's labels. */
export const PERIOD_FIELDS = { month: 'Month', year: 'Year' } as const;

/**
 * The period a global invoice declares, from the editor's Periodicity, Month and Year (0: the year
 * of the period), checked to have started by `today` (Mexico City's month). Errors name the field
 * (`globalMonth` or `globalYear`) and the fix.
 */
export function resolveGlobalPeriod(
	input: { periodicidad: string; meses: string | number; anio: number | string },
	today: YearMonth,
): GlobalPeriod {
	const meses = twoDigits(input.meses);
	const span = monthsOfMeses(meses);
	if (!span)
		throw new KindInputError(
			'globalMonth',
			`${PERIOD_FIELDS.month} ${JSON.stringify(input.meses)} is not a month (01-12) or a two-month period (13-18).`,
			'Choose the month of the sales.',
		);
	const periodicidad = twoDigits(input.periodicidad);
	const givenYear = Number(String(input.anio ?? '').trim() || 0);
	if (!Number.isInteger(givenYear) || givenYear < 0)
		throw new KindInputError(
			'globalYear',
			`${PERIOD_FIELDS.year} ${JSON.stringify(input.anio)} is not a year.`,
			`Give the four-digit year of the sales (e.g. ${today.year}), or 0 for the year of the period.`,
		);
	const now = monthIndex(today.year, today.month);
	const named = (anio: number) => describePeriod({ ...spanOf(span), anio });
	let anio = givenYear;
	if (anio === 0) {
		anio = today.year;
		if (monthIndex(anio, span.first) > now) {
			// Not started this year: last year's only when it has just ended (January's "last month").
			const lastYear = today.year - 1;
			if (now - monthIndex(lastYear, span.last) !== 1)
				throw new KindInputError(
					'globalMonth',
					`${PERIOD_FIELDS.month} ${meses} with ${PERIOD_FIELDS.year} 0: ${named(today.year)} has not started (it is ${describePeriod({ firstMonth: today.month, lastMonth: today.month, anio: today.year })} in Mexico City), and ${named(lastYear)} ended long ago.`,
					`Choose the month of the sales, which must have started; for last year's ${named(lastYear).replace(/ \d+$/, '')} give ${PERIOD_FIELDS.year} ${lastYear}.`,
				);
			anio = lastYear;
		}
	} else if (anio > today.year) {
		throw new KindInputError(
			'globalYear',
			`${PERIOD_FIELDS.year} ${anio} has not started (it is ${today.year} in Mexico City): a global invoice declares sales already made.`,
			`Give the year of the sales (${today.year} or ${today.year - 1}), or 0 for the year of the period.`,
		);
	} else if (monthIndex(anio, span.first) > now) {
		throw new KindInputError(
			'globalMonth',
			`${PERIOD_FIELDS.month} ${meses}: ${named(anio)} has not started (it is ${describePeriod({ firstMonth: today.month, lastMonth: today.month, anio: today.year })} in Mexico City); a global invoice declares sales already made.`,
			'Choose the month of the sales, or wait until the period has started.',
		);
	}
	return { periodicidad, meses, anio, firstMonth: span.first, lastMonth: span.last };
}

function spanOf(span: { first: number; last: number }) {
	return { firstMonth: span.first, lastMonth: span.last };
}

/** The period of a stamped global invoice as its XML gives it, or undefined when unreadable. */
export function periodOfInformacionGlobal(info: {
	periodicidad?: string;
	meses?: string;
	anio?: string | number;
}): GlobalPeriod | undefined {
	const span = info.meses === undefined ? undefined : monthsOfMeses(info.meses);
	const anio = Number(info.anio);
	if (!span || !Number.isInteger(anio) || anio <= 0) return undefined;
	return {
		periodicidad: twoDigits(info.periodicidad ?? ''),
		meses: twoDigits(info.meses as string),
		anio,
		firstMonth: span.first,
		lastMonth: span.last,
	};
}

/** Whether two periods share a month (daily to fortnightly invoices are known by their month only). */
export function periodsOverlap(a: GlobalPeriod, b: GlobalPeriod): boolean {
	const startA = monthIndex(a.anio, a.firstMonth);
	const endA = monthIndex(a.anio, a.lastMonth);
	const startB = monthIndex(b.anio, b.firstMonth);
	const endB = monthIndex(b.anio, b.lastMonth);
	return startA <= endB && startB <= endA;
}

// The global invoice's deadline: stamped within 24 hours after the period it covers closes (RMF
// rule 2.7.1.21; the SAT's global CFDI guide: a monthly global for November before 1 December
// ends). InformacionGlobal names the month (01-12) or the two months (13-18); a daily, weekly or
// fortnightly period ends by the end of its month at the latest, so only that bound is known there.

const DAY_MS = 86_400_000;

/** The end of the months InformacionGlobal names, as an instant (epoch ms), or undefined when unreadable. */
export function globalPeriodEnd(info: {
	periodicidad: string;
	meses: string | number;
	anio: string | number;
}): number | undefined {
	const meses = Number(info.meses);
	const anio = Number(info.anio);
	if (!Number.isInteger(meses) || !Number.isInteger(anio)) return undefined;
	// 13 = January-February ... 18 = November-December: the period ends with the second month.
	const lastMonth = meses >= 13 && meses <= 18 ? (meses - 12) * 2 : meses;
	if (lastMonth < 1 || lastMonth > 12) return undefined;
	return monthEndMs(anio, lastMonth);
}

/**
 * A sentence warning that the global invoice is stamped more than 24 hours after its period
 * closed, or undefined when it is in time (or the period cannot be read).
 */
export function lateGlobalInvoiceWarning(
	info: { periodicidad: string; meses: string | number; anio: string | number },
	stampedAt: number,
): string | undefined {
	const end = globalPeriodEnd(info);
	if (end === undefined || stampedAt <= end + DAY_MS) return undefined;
	const hours = Math.floor((stampedAt - end) / 3_600_000);
	const closed = mexicoCityDateOf(end);
	const bound = ['01', '02', '03'].includes(String(info.periodicidad))
		? ' (a daily, weekly or fortnightly period closes at the end of its month at the latest)'
		: '';
	return `This global invoice is stamped ${hours} hours after its period closed (${closed} 00:00 Mexico City time)${bound}: the SAT asks for it within 24 hours after the period closes (RMF rule 2.7.1.21). Stamp the period's global invoice on time, e.g. with a Schedule Trigger right after the period closes.`;
}
