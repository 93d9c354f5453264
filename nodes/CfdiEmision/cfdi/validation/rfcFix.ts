import { RFC_PATTERN, rfcDateProblem } from '../rfc';

/** Advice for a value that is not an RFC: the cleaned-up RFC when that is all it takes. */
export function rfcFix(value: string): string {
	const cleaned = value.replace(/[\s-]/g, '').toUpperCase();
	const dateProblem = RFC_PATTERN.test(cleaned) ? rfcDateProblem(cleaned) : undefined;
	if (dateProblem)
		return `Check the RFC on the taxpayer's tax status certificate (constancia de situación fiscal): ${dateProblem}.`;
	if (cleaned !== value && RFC_PATTERN.test(cleaned))
		return `Write it in upper case without spaces or dashes: "${cleaned}".`;
	if (cleaned.length !== 12 && cleaned.length !== 13) {
		return `An RFC has 12 characters (legal entity) or 13 (individual); this one has ${cleaned.length}.`;
	}
	return 'Check the RFC: 3 letters (legal entity) or 4 (individual), a YYMMDD date and a 3-character suffix, e.g. "EKU9003173C9".';
}
