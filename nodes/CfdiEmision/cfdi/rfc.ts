/**
 * RFC (Mexican taxpayer id) shape: 3 letters (legal entity) or 4 (individual), a yymmdd date and a
 * 3-character suffix. The check digit is not verified because some SAT-issued RFCs fail it.
 */
export const RFC_PATTERN = /^[A-ZÑ&]{3,4}[0-9]{2}(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])[A-Z0-9]{2}[0-9A]$/;

/** Generic RFC for sales to the general public (público en general). */
export const GENERIC_NATIONAL_RFC = 'XAXX010101000';

/** Generic RFC for foreign recipients without a Mexican RFC. */
export const GENERIC_FOREIGN_RFC = 'XEXX010101000';

export type RfcKind = 'moral' | 'fisica' | 'generic-national' | 'generic-foreign' | 'invalid';

/** 12 characters = legal entity (moral), 13 = individual (fisica); generic RFCs are told apart. */
export function classifyRfc(rfc: unknown): RfcKind {
	if (typeof rfc !== 'string') return 'invalid';
	if (rfc === GENERIC_NATIONAL_RFC) return 'generic-national';
	if (rfc === GENERIC_FOREIGN_RFC) return 'generic-foreign';
	if (!RFC_PATTERN.test(rfc)) return 'invalid';
	return rfc.length === 12 ? 'moral' : 'fisica';
}
