/**
 * The limits the SAT's XML schemas put on every attribute (cfdv40.xsd, Pagos20.xsd, tdCFDI.xsd):
 * lengths, patterns, ranges and decimals, read from the schemas themselves (xsdFacets.ts is
 * generated from them by scripts/generateXsdFacets.ts). A value the schema refuses makes the
 * service reject the voucher after the request, so it is refused here first, naming the member,
 * the limit and the fix.
 *
 * This check runs last: a value another check already reported (with a more specific message,
 * such as an RFC or a postal code) is not reported again. Catalog codes are checked against the
 * catalogs elsewhere; the fixed versions by checkFormats and the payment complement's checks.
 */
import {
	compareDecimal,
	decimalToString,
	normalizeDecimal,
	parseDecimal,
	type Decimal,
} from '../decimal';
import { rfcDateProblem } from '../rfc';
import { messageValue } from './describe';
import { type UnknownRecord, type ValidationContext } from './context';
import { isRecord } from '../voucherShape';
import { isRealDateTime } from './formats';
import type { XsdAttribute, XsdElement } from './xsdFacetTypes';
import { XSD_ELEMENTS } from './xsdFacets';

/** What each pattern of the schemas asks for, in words ("Use ..."). Keyed by the schema's text. */
export const PATTERN_DESCRIPTIONS: Readonly<Record<string, string>> = {
	'(20[1-9][0-9])-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T(([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9])':
		'a date-time from the years 2010 to 2099 in the form YYYY-MM-DDThh:mm:ss, without a time zone',
	'([a-f0-9A-F]{8}-[a-f0-9A-F]{4}-[a-f0-9A-F]{4}-[a-f0-9A-F]{4}-[a-f0-9A-F]{12})|([0-9]{3}-[0-9]{2}-[0-9]{9})':
		'the UUID (folio fiscal) of the paid voucher, 8-4-4-4-12 hexadecimal digits with dashes',
	'XEXX010101000|[A-Z&Ñ]{3}[0-9]{2}(0[1-9]|1[012])(0[1-9]|[12][0-9]|3[01])[A-Z0-9]{2}[0-9A]':
		'the 12-character RFC of the bank (a legal entity), or "XEXX010101000" for a foreign bank',
	'[0-9]{1,18}(.[0-9]{1,2})?': 'a non-negative amount of at most 18 integer digits and 2 decimals',
	'[0-9]{1,18}(.[0-9]{1,6})?': 'a non-negative amount of at most 18 integer digits and 6 decimals',
	'[0-9]{10}': 'exactly 10 digits',
	'[0-9]{20}': 'exactly 20 digits',
	'[0-9]{2}  [0-9]{2}  [0-9]{4}  [0-9]{7}':
		'the customs document number as 2, 2, 4 and 7 digits separated by two spaces, e.g. "21  47  3807  8003832"',
	'[0-9]{5}': 'a 5-digit postal code',
	'[0-9a-zA-Z]{1,150}': 'letters and digits only, without spaces or dashes',
	'[0-9a-zA-Z]{5}': 'the 5 letters or digits of the confirmation code the PAC gave you',
	'[1-9][0-9]{0,2}': 'a whole number from 1 to 999',
	'[A-Z&Ñ]{3,4}[0-9]{2}(0[1-9]|1[012])(0[1-9]|[12][0-9]|3[01])[A-Z0-9]{2}[0-9A]':
		'an RFC: 3 letters (legal entity) or 4 (individual), a YYMMDD date and 3 letters or digits, in upper case',
	'[A-Z&Ñ]{3}[0-9]{2}(0[1-9]|1[012])(0[1-9]|[12][0-9]|3[01])[A-Z0-9]{2}[0-9A]':
		'the 12-character RFC of the bank (a legal entity)',
	'[A-Z0-9_]{10,50}':
		'the account, CLABE or card number: 10 to 50 digits, upper-case letters or underscores, without spaces or dashes',
	'[a-f0-9A-F]{8}-[a-f0-9A-F]{4}-[a-f0-9A-F]{4}-[a-f0-9A-F]{4}-[a-f0-9A-F]{12}':
		'a UUID (folio fiscal): 8-4-4-4-12 hexadecimal digits with dashes',
};

/** `[^|]{1,N}`: any text without a vertical bar, which separates the fields of the original chain. */
const NO_PIPE = /^\[\^\|\]\{\d+,\d+\}$/;

const TEXT_BASES = new Set(['string', 'base64Binary']);
const NUMBER_BASES = new Set(['decimal', 'integer', 'short']);
const DATE_BASES = new Set(['dateTime', 'date']);

/** The schema file an element comes from, for messages. */
function schemaFile(element: XsdElement): string {
	return element.xsd.startsWith('pago20:') ? 'Pagos20.xsd' : 'cfdv40.xsd';
}

function where(element: XsdElement, attribute: XsdAttribute): string {
	const name = element.xsd.replace(/^\w+:/, '').split('/').pop();
	return `${schemaFile(element)}, ${name}@${attribute.name}`;
}

/** Every record the element may be, with its path: arrays entered item by item. */
function locate(
	root: UnknownRecord,
	segments: ReadonlyArray<string>,
): Array<[UnknownRecord, string]> {
	let found: Array<[UnknownRecord, string]> = [[root, '']];
	for (const segment of segments) {
		const repeated = segment.endsWith('[]');
		const name = repeated ? segment.slice(0, -2) : segment;
		const next: Array<[UnknownRecord, string]> = [];
		for (const [record, path] of found) {
			const value = record[name];
			const at = path ? `${path}.${name}` : name;
			if (repeated && Array.isArray(value)) {
				value.forEach((item, index) => {
					if (isRecord(item)) next.push([item, `${at}[${index}]`]);
				});
			} else if (isRecord(value)) {
				next.push([value, at]);
			}
		}
		found = next;
	}
	return found;
}

function applyWhiteSpace(text: string, whiteSpace: string | undefined): string {
	if (whiteSpace === 'collapse') return text.replace(/[\t\n\r ]+/g, ' ').trim();
	if (whiteSpace === 'replace') return text.replace(/[\t\n\r]/g, ' ');
	return text;
}

/** The value as the schema sees it (its lexical form), or undefined when its type is another check's business. */
function lexicalOf(
	value: unknown,
	attribute: XsdAttribute,
): { text: string; number?: Decimal } | undefined {
	if (NUMBER_BASES.has(attribute.base)) {
		if (typeof value !== 'number' && typeof value !== 'string') return undefined;
		const number = parseDecimal(value);
		if (!number) return undefined;
		const text =
			typeof value === 'number'
				? decimalToString(number)
				: applyWhiteSpace(value, attribute.whiteSpace);
		return { text, number };
	}
	if (TEXT_BASES.has(attribute.base) || DATE_BASES.has(attribute.base)) {
		if (typeof value === 'string') return { text: applyWhiteSpace(value, attribute.whiteSpace) };
		// A number where text is expected is written as its digits by the service (e.g. folio 123).
		if (typeof value === 'number' && Number.isFinite(value) && TEXT_BASES.has(attribute.base))
			return { text: String(value) };
	}
	return undefined;
}

const patternCache = new Map<string, RegExp>();

/** An XML Schema pattern as an anchored JavaScript expression (the schemas use no XSD-only syntax). */
function patternOf(source: string): RegExp {
	let pattern = patternCache.get(source);
	if (!pattern) {
		pattern = new RegExp(`^(?:${source})$`, 'u');
		patternCache.set(source, pattern);
	}
	return pattern;
}

// Without a surrogate half every UTF-16 unit is one character: no array of them needed.
const SURROGATE = /[\uD800-\uDFFF]/;

function characters(text: string): number {
	return SURROGATE.test(text) ? [...text].length : text.length;
}

const boundCache = new Map<string, Decimal>();

/** A schema bound (minInclusive, maxInclusive) as a decimal, parsed once per bound text. */
export function boundOf(source: string): Decimal {
	let bound = boundCache.get(source);
	if (!bound) {
		bound = parseDecimal(source) as Decimal;
		boundCache.set(source, bound);
	}
	return bound;
}

function checkAttribute(
	ctx: ValidationContext,
	element: XsdElement,
	attribute: XsdAttribute,
	record: UnknownRecord,
	parent: string,
): void {
	const value = record[attribute.json];
	if (
		value === undefined ||
		value === null ||
		attribute.catalog !== undefined ||
		attribute.fixed !== undefined
	)
		return;
	const path = parent ? `${parent}.${attribute.json}` : attribute.json;
	if (!ctx.isClean(path)) return;
	const lexical = lexicalOf(value, attribute);
	if (!lexical) return;
	const { text, number } = lexical;
	// The schema's name is only spelled out for a finding (most values pass).
	const refuse = (code: string, problem: string, fix: string) =>
		ctx.error(
			code,
			path,
			`${path} ${messageValue(value)} ${problem} the SAT's schema (${where(element, attribute)}).`,
			fix,
			value,
		);

	// A pattern that says more than its lengths (an RFC, an account) is reported first, in words;
	// for free text ([^|]{1,N}) the length is what the user must change, so lengths come first.
	const pattern = attribute.pattern;
	const freeText = pattern !== undefined && NO_PIPE.test(pattern);
	if (pattern !== undefined && !freeText && !patternOf(pattern).test(text)) {
		const wanted = PATTERN_DESCRIPTIONS[pattern] ?? `a value matching the pattern ${pattern}`;
		return refuse('XSD_PATTERN', 'does not have the form required by', `Use ${wanted}.`);
	}
	const length = characters(text);
	if (attribute.length !== undefined && length !== attribute.length) {
		return refuse(
			'XSD_LENGTH',
			`has ${length} characters; it must have exactly ${attribute.length} in`,
			`Use exactly ${attribute.length} characters.`,
		);
	}
	if (attribute.maxLength !== undefined && length > attribute.maxLength) {
		return refuse(
			'XSD_MAX_LENGTH',
			`has ${length} characters; at most ${attribute.maxLength} are allowed by`,
			`Shorten ${attribute.json} to ${attribute.maxLength} characters or fewer.`,
		);
	}
	if (attribute.minLength !== undefined && length < attribute.minLength) {
		const leaveOut = attribute.required ? '' : `, or leave ${attribute.json} out`;
		return refuse(
			'XSD_MIN_LENGTH',
			`has ${length} characters; at least ${attribute.minLength} are required by`,
			`Use at least ${attribute.minLength} characters${leaveOut}.`,
		);
	}
	if (freeText && !patternOf(pattern).test(text)) {
		return refuse(
			'XSD_PATTERN',
			'contains "|", which is not allowed by',
			'Remove the "|" character: the SAT uses it to separate the fields of the original chain (cadena original). Use "/" or "-" instead.',
		);
	}
	if (DATE_BASES.has(attribute.base) && attribute.base === 'dateTime' && !isRealDateTime(text)) {
		return refuse(
			'XSD_DATE',
			'is not a real date and time, as required by',
			'Use a day that exists in the calendar, e.g. "2024-02-29T12:00:00" (not February 30 or June 31).',
		);
	}
	if (number) {
		if (
			attribute.minInclusive !== undefined &&
			compareDecimal(number, boundOf(attribute.minInclusive)) < 0
		) {
			return refuse(
				'XSD_RANGE',
				`is below ${attribute.minInclusive}, the minimum of`,
				`Use ${attribute.minInclusive} or more.`,
			);
		}
		if (
			attribute.maxInclusive !== undefined &&
			compareDecimal(number, boundOf(attribute.maxInclusive)) > 0
		) {
			return refuse(
				'XSD_RANGE',
				`is above ${attribute.maxInclusive}, the maximum of`,
				`Use ${attribute.maxInclusive} or less.`,
			);
		}
		const decimals = normalizeDecimal(number).scale;
		if (attribute.fractionDigits !== undefined && decimals > attribute.fractionDigits) {
			return refuse(
				'XSD_DECIMALS',
				`has ${decimals} decimals; at most ${attribute.fractionDigits} are allowed by`,
				`Round ${attribute.json} to ${attribute.fractionDigits} decimals.`,
			);
		}
		if (attribute.base !== 'decimal' && decimals > 0) {
			return refuse(
				'XSD_INTEGER',
				'is not a whole number, as required by',
				`Use a whole number for ${attribute.json}.`,
			);
		}
	}
	// The schema's RFC pattern lets impossible dates through (e.g. 30 February); the SAT issues none.
	const rfcDate = attribute.name.startsWith('Rfc') ? rfcDateProblem(text) : undefined;
	if (rfcDate)
		refuse(
			'RFC_DATE',
			`is not a valid RFC: ${rfcDate}; checked beside`,
			"Check the RFC on the taxpayer's tax status certificate (constancia de situación fiscal).",
		);
}

/** Every attribute of every element the voucher carries, against its schema facets. */
export function checkSchemaFacets(ctx: ValidationContext): void {
	for (const element of XSD_ELEMENTS) {
		for (const [record, path] of locate(ctx.view.root, element.json)) {
			for (const attribute of element.attributes)
				checkAttribute(ctx, element, attribute, record, path);
		}
	}
}
