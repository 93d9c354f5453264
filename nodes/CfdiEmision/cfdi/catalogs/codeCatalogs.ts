import { CLAVE_PROD_SERV_TEXT } from './generated/claveProdServText';
import { CLAVE_UNIDAD_TEXT } from './generated/claveUnidadText';
import { CLAVE_UNIDAD } from './claveUnidad';
import { SEARCH_SYNONYMS } from './searchWords';

/** One code of a large SAT catalog: the code and its official (Spanish) name. */
export interface CodeEntry {
	code: string;
	name: string;
	/** An English name where the package has one (common unit codes). */
	english?: string;
}

/**
 * What a search reads of the filter typed: a person looks a code up with a few words, and the
 * longest official name is under 300 characters. A longer filter (pasted text, an expression gone
 * wrong) is cut here, so the editor's list answers at once instead of holding n8n's main process
 * for seconds (52,513 product codes × every word of a 20,000-character filter).
 */
export const SEARCH_MAX_CHARACTERS = 200;
export const SEARCH_MAX_WORDS = 8;

/** The words a search looks for: folded, the filter cut to SEARCH_MAX_CHARACTERS and SEARCH_MAX_WORDS. */
export function searchWords(query: string): string[] {
	const cut = String(query ?? '').slice(0, SEARCH_MAX_CHARACTERS);
	return [...new Set(foldText(cut).split(/\s+/).filter(Boolean))].slice(0, SEARCH_MAX_WORDS);
}

/**
 * A large SAT catalog embedded as "code<TAB>name" lines (scripts/satCatalogs.ts), parsed on first
 * use; a line may add "<TAB>similar words", the SAT's "palabras similares", searched but not shown.
 */
export class CodeCatalog {
	private entries?: CodeEntry[];
	private byCode?: Map<string, CodeEntry>;
	/** Per entry, folded: "code name english", then a tab and the similar words. */
	private haystacks?: string[];

	constructor(
		/** The SAT's name of the catalog, e.g. c_ClaveProdServ. */
		readonly satName: string,
		private readonly text: string,
		private readonly english: Record<string, string> = {},
	) {}

	private load(): CodeEntry[] {
		if (!this.entries) {
			const haystacks: string[] = [];
			this.entries = this.text.split('\n').map((line) => {
				const [code, name, similar = ''] = line.split('\t');
				const english = this.english[code];
				haystacks.push(foldText(`${code} ${name} ${english ?? ''}\t${similar}`));
				return english ? { code, name, english } : { code, name };
			});
			this.byCode = new Map(this.entries.map((entry) => [entry.code, entry]));
			this.haystacks = haystacks;
		}
		return this.entries;
	}

	get size(): number {
		return this.load().length;
	}

	/** The entry with exactly this code (codes are case-sensitive, as in the SAT catalogs). */
	find(code: unknown): CodeEntry | undefined {
		if (typeof code !== 'string') return undefined;
		this.load();
		return this.byCode!.get(code);
	}

	/**
	 * The entries matching a search typed by a person: every word must appear, in any order, in the
	 * code, the name (either language) or the SAT's similar words, ignoring case and accents
	 * ("facturacion" finds "facturación"). A word also matches without its plural ending
	 * ("oficinas" finds "oficina") and through the everyday words of searchWords.ts ("renta" finds
	 * "arrendamiento"). Ranked: the exact code, codes starting with what was typed, names starting
	 * with the first word, then by how many words the name itself holds, words as typed before
	 * their synonyms; each group in code order.
	 */
	search(query: string): CodeEntry[] {
		const entries = this.load();
		const words = searchWords(query);
		if (!words.length) return entries;
		const whole = words.join(' ');
		const forms = words.map(wordForms);
		const haystacks = this.haystacks!;
		// Narrow down word by word (any form anywhere), then rank the few entries left.
		let candidates: number[] = [];
		for (let index = 0; index < haystacks.length; index++) candidates.push(index);
		for (const { all } of forms) {
			candidates = candidates.filter((index) => {
				const haystack = haystacks[index];
				for (const form of all) if (haystack.includes(form)) return true;
				return false;
			});
		}
		// One number per entry sorts it: rank, words missing from the name, synonyms used, code order.
		const keys = new Float64Array(candidates.length);
		const size = haystacks.length;
		candidates.forEach((index, at) => {
			const haystack = haystacks[index];
			const nameEnd = haystack.indexOf('\t');
			let inName = 0;
			let synonyms = 0;
			for (const { typed, alike } of forms) {
				if (foundBefore(haystack, typed, nameEnd)) inName++;
				else if (foundBefore(haystack, alike, nameEnd)) {
					inName++;
					synonyms++;
				} else if (!foundBefore(haystack, typed, haystack.length)) synonyms++;
			}
			const code = entries[index].code.toLowerCase();
			const rank =
				code === whole
					? 0
					: code.startsWith(whole)
						? 1
						: inName === words.length && !synonyms && haystack.startsWith(`${code} ${words[0]}`)
							? 2
							: 3;
			keys[at] =
				((rank * 64 + Math.min(63, words.length - inName)) * 64 + Math.min(63, synonyms)) * size +
				index;
		});
		keys.sort();
		return Array.from(keys, (key) => entries[key % size]);
	}
}

/** Whether one of the forms occurs in the text before position `end`. */
function foundBefore(text: string, forms: string[], end: number): boolean {
	for (const form of forms) {
		const at = text.indexOf(form);
		if (at >= 0 && at < end) return true;
	}
	return false;
}

/** A typed word as it may appear: as typed or without its plural ending, and its synonyms. */
function wordForms(word: string): { typed: string[]; alike: string[]; all: string[] } {
	const typed = [word];
	if (word.length > 4 && /[^aeiou]es$/.test(word)) typed.push(word.slice(0, -2));
	else if (word.length > 3 && word.endsWith('s')) typed.push(word.slice(0, -1));
	const alike = typed.flatMap((form) =>
		Object.prototype.hasOwnProperty.call(SEARCH_SYNONYMS, form) ? SEARCH_SYNONYMS[form] : [],
	);
	return { typed, alike, all: [...typed, ...alike] };
}

/** Lower case without accents, so a search need not type them. */
export function foldText(text: string): string {
	return text
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase();
}

/** c_ClaveProdServ, the whole SAT catalog of product and service codes (names in Spanish only). */
export const CLAVE_PROD_SERV_CATALOG = new CodeCatalog('c_ClaveProdServ', CLAVE_PROD_SERV_TEXT);

/** c_ClaveUnidad, the whole SAT catalog of unit codes; the common ones also carry an English name. */
export const CLAVE_UNIDAD_CATALOG = new CodeCatalog(
	'c_ClaveUnidad',
	CLAVE_UNIDAD_TEXT,
	Object.fromEntries(CLAVE_UNIDAD.map((entry) => [entry.code, entry.description])),
);
