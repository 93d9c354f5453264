/**
 * The recipient as the SAT records it. CFDI 4.0 stamps only a recipient whose legal name, fiscal
 * postal code and regime are the ones on the Constancia de Situación Fiscal, the most frequent
 * refusal. Two halves: what a client may put right before sending (normalizeRecipient: the name
 * without its company type, single spaces, upper case; the RFC and codes trimmed), and the
 * service's refusal of the recipient read as the field to correct (recipientProblems).
 */
import { isRecord } from './voucherShape';
import { GENERIC_FOREIGN_RFC, GENERIC_NATIONAL_RFC } from './rfc';

/** One change made to the recipient, for the output ("what was changed"). */
export interface RecipientChange {
	/** Path in the voucher, e.g. "receptor.nombre". */
	field: string;
	from: unknown;
	to: string;
	why: string;
}

const GENERAL_PUBLIC_NAME = 'PUBLICO EN GENERAL';

/**
 * Company types (régimen de capital) as written at the end of a legal name, in their letters; each
 * letter may carry a period and spaces ("S.A. de C.V.", "SA DE CV", "S. A."). The SAT's register
 * (and so the Constancia) has the name without them since CFDI 4.0.
 */
const COMPANY_TYPES = [
	'SAPIB',
	'SAPI',
	'SAB',
	'SAS',
	'SA',
	'S DE RL MI',
	'S DE RL',
	'SC DE RL',
	'SC DE CV',
	'SCL',
	'SCP',
	'SC',
	'AC',
	'S EN C POR A',
	'S EN C',
	'S EN NC',
	'SPR DE RL',
	'SPR DE RI',
	'SPR',
	'IAP',
	'ABP',
];
const WORDS = new Set(['DE', 'EN', 'POR', 'MI']);

/** "S DE RL" → S\.?\s*DE\s*R\.?\s*L\.? (letters with optional periods, words as they are). */
function typePattern(type: string): string {
	return type
		.split(' ')
		.map((part) =>
			WORDS.has(part)
				? part
				: part
						.split('')
						.map((letter) => `${letter}\\.?`)
						.join('\\s*'),
		)
		.join('\\s*');
}

const COMPANY_TYPE_AT_END = new RegExp(
	`(?:^|[\\s,]+)(?:${COMPANY_TYPES.map(typePattern).join('|')})(?:\\s*DE\\s*C\\.?\\s*V\\.?)?\\s*\\.?$`,
);

/** The name's company type at its end, as written, or undefined. Expects upper case. */
export function companyTypeOf(name: string): string | undefined {
	const match = COMPANY_TYPE_AT_END.exec(name);
	if (!match || match.index === 0) return undefined;
	return match[0].replace(/^[\s,]+/, '');
}

const stripAccents = (text: string): string =>
	text
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.normalize('NFC');

function asText(value: unknown): string | undefined {
	if (typeof value === 'string') return value;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return undefined;
}

/** The legal name to send, and why it differs from the given one (empty when it does not). */
export function normalizedName(name: string, rfc: string): { name: string; why: string[] } {
	const why: string[] = [];
	let result = name.replace(/\s+/g, ' ').trim();
	if (result !== name) why.push('spacing collapsed');
	if (rfc === GENERIC_FOREIGN_RFC) return { name: result, why };
	if (rfc === GENERIC_NATIONAL_RFC) {
		const plain = stripAccents(result).toUpperCase().replace(/\.+$/, '').trim();
		if (plain === GENERAL_PUBLIC_NAME && result !== GENERAL_PUBLIC_NAME) {
			why.push(`the general public is written exactly "${GENERAL_PUBLIC_NAME}"`);
			result = GENERAL_PUBLIC_NAME;
		}
		return { name: result, why };
	}
	const upper = result.toUpperCase();
	if (upper !== result) why.push('upper case, as the SAT registers it');
	result = upper;
	// Only a legal entity (12-character RFC) has a company type; a person's name is left whole.
	if (rfc.length === 12) {
		const type = companyTypeOf(result);
		if (type) {
			const rest = result
				.slice(0, result.length - type.length)
				.replace(/[\s,]+$/, '')
				.trim();
			if (rest) {
				why.push(`company type "${type}" left out: the Constancia de Situación Fiscal omits it`);
				result = rest;
			}
		}
	}
	return { name: result, why };
}

/**
 * The voucher with its recipient as the SAT records it, and each change made. Only what the SAT's
 * rules allow is changed: the RFC trimmed and in upper case, the legal name (single spaces, upper
 * case, the company type left out for a legal entity; the general public's exact name), a postal
 * code given as a number or without its leading zero, and the regime and use codes trimmed.
 * A voucher without a recipient object is returned as it came.
 */
export function normalizeRecipient<T>(voucher: T): { voucher: T; changes: RecipientChange[] } {
	if (!isRecord(voucher) || !isRecord(voucher.receptor)) return { voucher, changes: [] };
	const receptor: Record<string, unknown> = { ...voucher.receptor };
	const changes: RecipientChange[] = [];
	const set = (key: string, to: string, why: string) => {
		changes.push({ field: `receptor.${key}`, from: receptor[key], to, why });
		receptor[key] = to;
	};

	const rfcText = asText(receptor.rfc);
	const rfc = rfcText?.trim().toUpperCase() ?? '';
	if (rfcText !== undefined && rfc !== rfcText)
		set('rfc', rfc, 'RFC trimmed and in upper case, as the SAT writes it');

	const nombre = typeof receptor.nombre === 'string' ? receptor.nombre : undefined;
	if (nombre !== undefined) {
		const normalized = normalizedName(nombre, rfc);
		if (normalized.name !== nombre) set('nombre', normalized.name, normalized.why.join('; '));
	}

	const postal = asText(receptor.domicilioFiscalReceptor);
	if (postal !== undefined) {
		const trimmed = postal.trim();
		// A postal code kept as a number loses its leading zero (06600 → 6600); Mexico's have 5 digits.
		const fixed = /^\d{4}$/.test(trimmed) ? `0${trimmed}` : trimmed;
		if (fixed !== receptor.domicilioFiscalReceptor)
			set(
				'domicilioFiscalReceptor',
				fixed,
				fixed !== trimmed
					? 'postal code with its leading zero (5 digits)'
					: typeof receptor.domicilioFiscalReceptor === 'number'
						? 'postal code as text'
						: 'postal code trimmed',
			);
	}
	for (const key of ['regimenFiscalReceptor', 'usoCFDI']) {
		const code = asText(receptor[key]);
		if (code === undefined) continue;
		const fixed = code.trim().toUpperCase();
		if (fixed !== receptor[key]) set(key, fixed, 'code trimmed and in upper case');
	}
	if (!changes.length) return { voucher, changes };
	return { voucher: { ...voucher, receptor } as T, changes };
}

/** A refusal of the recipient's data, placed on the field a page would show it next to. */
export interface RecipientProblem {
	/** The recipient member: rfc, nombre, domicilioFiscalReceptor, regimenFiscalReceptor, usoCFDI. */
	field: RecipientField;
	/** Its path in the voucher, e.g. "receptor.nombre". */
	path: string;
	/** The code the service or the local check gave (CFDI40145 ...), '' when none. */
	satCode: string;
	/** The refusal as it came. */
	message: string;
	/** What to do, in a sentence a buyer can act on. */
	fix: string;
}

export type RecipientField =
	'rfc' | 'nombre' | 'domicilioFiscalReceptor' | 'regimenFiscalReceptor' | 'usoCFDI';

const CONSTANCIA = "the buyer's Constancia de Situación Fiscal";
export const RECIPIENT_FIXES: Record<RecipientField, string> = {
	rfc: `Check the RFC against ${CONSTANCIA}: the SAT has no registered taxpayer with this one.`,
	nombre: `Write the legal name exactly as on ${CONSTANCIA}: upper case, without the company type (such as "S.A. de C.V.").`,
	domicilioFiscalReceptor: `Use the postal code of the fiscal address on ${CONSTANCIA} (5 digits).`,
	regimenFiscalReceptor: `Use the tax regime registered on ${CONSTANCIA}; it must fit the RFC (a company or a person).`,
	usoCFDI:
		"Choose a CFDI use that the buyer's tax regime allows (S01, no tax effects, always fits).",
};

/**
 * The SAT's CFDI 4.0 validation matrix numbers the Receptor's rules in ranges: RFC 40143, name
 * 40144-40145, fiscal postal code 40147-40149, regime 40157-40159, use 40160-40161. A PAC may
 * word or number them differently, so the attribute named in the message decides when the code
 * does not.
 */
const CODE_FIELDS: Array<[number, number, RecipientField]> = [
	[40143, 40143, 'rfc'],
	[40144, 40145, 'nombre'],
	[40147, 40149, 'domicilioFiscalReceptor'],
	[40157, 40159, 'regimenFiscalReceptor'],
	[40160, 40161, 'usoCFDI'],
];
const TEXT_FIELDS: Array<[RegExp, RecipientField]> = [
	[/domicilio\s*fiscal\s*receptor/i, 'domicilioFiscalReceptor'],
	[/regimen\s*fiscal\s*r(eceptor)?\b/i, 'regimenFiscalReceptor'],
	[/uso\s*cfdi/i, 'usoCFDI'],
	[/nombre\s+del\s+receptor/i, 'nombre'],
	[/rfc\s+del\s+receptor/i, 'rfc'],
];

function fieldOfCode(code: string): RecipientField | undefined {
	const match = /^CFDI(\d{5})$/i.exec(code.trim());
	if (!match) return undefined;
	const number = Number(match[1]);
	return CODE_FIELDS.find(([from, to]) => number >= from && number <= to)?.[2];
}

/** Each refusal of the recipient's data among a service's errores, in the order they came. */
export function recipientProblems(
	errores: ReadonlyArray<{ codigo: string; mensaje: string }>,
): RecipientProblem[] {
	const problems: RecipientProblem[] = [];
	for (const { codigo, mensaje } of errores) {
		const plain = stripAccents(mensaje);
		const field = fieldOfCode(codigo) ?? TEXT_FIELDS.find(([pattern]) => pattern.test(plain))?.[1];
		if (!field) continue;
		problems.push({
			field,
			path: `receptor.${field}`,
			satCode: codigo,
			message: mensaje,
			fix: RECIPIENT_FIXES[field],
		});
	}
	return problems;
}

/**
 * The structured part of an error on the recipient's data, beside its message, so a page (a
 * self-invoice form) can show each refusal next to its field: `recipient` (the first, as
 * { field, path, satCode, message, fix }) and `recipientProblems` (every one); none without problems.
 */
export function recipientOutcome(problems: RecipientProblem[]): {
	recipient?: RecipientProblem;
	recipientProblems?: RecipientProblem[];
} {
	if (!problems.length) return {};
	return { recipient: problems[0], recipientProblems: problems };
}
