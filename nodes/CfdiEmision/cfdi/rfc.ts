import { fieldText } from './fieldText';

/**
 * RFC (Mexican taxpayer id) shape: 3 letters (legal entity) or 4 (individual), a yymmdd date and a
 * 3-character suffix. The check digit is not verified because some SAT-issued RFCs fail it.
 */
export const RFC_PATTERN =
	/^[A-ZÑ&]{3,4}[0-9]{2}(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])[A-Z0-9]{2}[0-9A]$/;

/** Generic RFC for sales to the general public (público en general). */
export const GENERIC_NATIONAL_RFC = 'XAXX010101000';

/** Generic RFC for foreign recipients without a Mexican RFC. */
export const GENERIC_FOREIGN_RFC = 'XEXX010101000';

export type RfcKind = 'moral' | 'fisica' | 'generic-national' | 'generic-foreign' | 'invalid';

/** "February" for 2: English month names from the runtime's Intl (no table to keep). */
const monthName = (month: number): string =>
	new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(
		Date.UTC(2000, month - 1, 1),
	);

/**
 * The RFC's yymmdd (date of birth or of incorporation) when it is not a day of the calendar:
 * the pattern lets through 30 February, 31 June or 29 February of a year that is not a leap
 * year, which the SAT never issues. The two-digit year is read as 20yy, as @nodecfdi/rfc does:
 * both readings agree on every leap year except 00, where 2000 is a leap year and 1900 is not.
 * Returns undefined when the date is real or the text has no yymmdd where an RFC has it.
 */
export function rfcDateProblem(rfc: string): string | undefined {
	const match = /^[A-ZÑ&]{3,4}([0-9]{2})([0-9]{2})([0-9]{2})/.exec(rfc);
	if (!match) return undefined;
	const [year, month, day] = match.slice(1).map(Number);
	if (month < 1 || month > 12 || day < 1) return undefined;
	const fullYear = 2000 + year;
	const daysInMonth = new Date(Date.UTC(fullYear, month, 0)).getUTCDate();
	if (day <= daysInMonth) return undefined;
	const leap =
		month === 2 && day === 29 ? ` (19${match[1]} and 20${match[1]} are not leap years)` : '';
	return `its date ${match[1]}${match[2]}${match[3]} (yymmdd) is not a real day: ${monthName(month)} has ${daysInMonth} days${leap}`;
}

/** 12 characters = legal entity (moral), 13 = individual (fisica); generic RFCs are told apart. */
export function classifyRfc(rfc: unknown): RfcKind {
	if (typeof rfc !== 'string') return 'invalid';
	if (rfc === GENERIC_NATIONAL_RFC) return 'generic-national';
	if (rfc === GENERIC_FOREIGN_RFC) return 'generic-foreign';
	if (!RFC_PATTERN.test(rfc) || rfcDateProblem(rfc) !== undefined) return 'invalid';
	return rfc.length === 12 ? 'moral' : 'fisica';
}

/** Whether a listed voucher is to the general public (a global invoice is): its RFC the generic one. */
export const toGeneralPublic = (rfc: unknown): boolean =>
	fieldText(rfc).toUpperCase() === GENERIC_NATIONAL_RFC;
