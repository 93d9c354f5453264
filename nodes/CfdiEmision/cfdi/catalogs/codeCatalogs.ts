import { CLAVE_PROD_SERV_TEXT } from './generated/claveProdServ';
import { CLAVE_UNIDAD_TEXT } from './generated/claveUnidad';
import { CLAVE_UNIDAD } from './claveUnidad';

/** One code of a large SAT catalog: the code and its official (Spanish) name. */
export interface CodeEntry {
	code: string;
	name: string;
	/** An English name where the package has one (common unit codes). */
	english?: string;
}

/** A large SAT catalog embedded as "code<TAB>name" lines (scripts/satCatalogs.ts), parsed on first use. */
export class CodeCatalog {
	private entries?: CodeEntry[];
	private byCode?: Map<string, CodeEntry>;
	private haystacks?: string[];

	constructor(
		/** The SAT's name of the catalog, e.g. c_ClaveProdServ. */
		readonly satName: string,
		private readonly text: string,
		private readonly english: Record<string, string> = {},
	) {}

	private load(): CodeEntry[] {
		if (!this.entries) {
			this.entries = this.text.split('\n').map((line) => {
				const tab = line.indexOf('\t');
				const code = line.slice(0, tab);
				const english = this.english[code];
				return english
					? { code, name: line.slice(tab + 1), english }
					: { code, name: line.slice(tab + 1) };
			});
			this.byCode = new Map(this.entries.map((entry) => [entry.code, entry]));
			this.haystacks = this.entries.map((entry) =>
				foldText(`${entry.code} ${entry.name} ${entry.english ?? ''}`),
			);
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
	 * The entries matching a search typed by a person: every word must appear in the code or the
	 * name (either language), ignoring case and accents ("facturacion" finds "facturación"). Exact
	 * and leading code matches come first, then names that start with the first word, then the rest,
	 * each group in code order.
	 */
	search(query: string): CodeEntry[] {
		const entries = this.load();
		const words = foldText(query).split(/\s+/).filter(Boolean);
		if (!words.length) return entries;
		const whole = words.join(' ');
		const ranked: Array<[rank: number, index: number]> = [];
		this.haystacks!.forEach((haystack, index) => {
			if (!words.every((word) => haystack.includes(word))) return;
			const code = entries[index].code.toLowerCase();
			const rank =
				code === whole
					? 0
					: code.startsWith(whole)
						? 1
						: haystack.startsWith(`${code} ${words[0]}`)
							? 2
							: 3;
			ranked.push([rank, index]);
		});
		ranked.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
		return ranked.map(([, index]) => entries[index]);
	}
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
