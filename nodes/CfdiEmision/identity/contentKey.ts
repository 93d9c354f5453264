/**
 * A sale's key from the voucher's content, for a voucher without a key of its own (Fields, JSON or
 * Line Items without folio): a fingerprint of its recipient, lines and total, written as its folio
 * ("C-" and the fingerprint) so that the list shows it, looked for over a window (a day by default);
 * the window a keyed sale is looked for in, and a key typed by the user read as text. Pure.
 */
import { decimalToString, parseDecimal } from '../cfdi/decimal';
import { LISTED_DATE_MARGIN_SECONDS, sameDateInSomeZone, unixSeconds } from '../cfdi/mexicoTime';
import type { BusinessKey } from '../cfdi/voucherSource';
import { fieldText, fieldCode } from '../cfdi/fieldText';

/** FNV-1a, 32 bits, as 8 hex digits. */
export function fingerprint(value: string): string {
	let hash = 0x811c9dc5;
	for (const char of value) {
		hash ^= char.codePointAt(0) as number;
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	return hash.toString(16).toUpperCase().padStart(8, '0');
}

/** The prefix of a folio the node writes from a voucher's content. */
export const CONTENT_FOLIO_PREFIX = 'C-';

/** One hour and the default content window, in seconds. */
export const HOUR_SECONDS = 3_600;
export const DEFAULT_CONTENT_WINDOW_HOURS = 24;

type Body = Record<string, unknown>;

const record = (value: unknown): Body =>
	value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {};

/** A member's value as stable text: numbers as decimals without trailing zeros, text trimmed. */
function canonical(value: unknown): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value))) {
		const parsed = parseDecimal(value);
		if (parsed)
			return decimalToString(parsed)
				.replace(/(\.\d*?)0+$/, '$1')
				.replace(/\.$/, '');
	}
	if (typeof value === 'object') return JSON.stringify(value);
	return fieldText(value);
}

/**
 * A voucher's content as one text: type, currency, series, recipient, each line (product code,
 * identification, description, quantity, unit, unit value, discount, taxes), the total and the
 * vouchers it relates. Dates,
 * payment data and anything the service adds do not take part: the same sale built again is the
 * same content. The lines are taken in sorted order: a shop or a form that re-delivers the sale
 * with its lines in another order is the same sale (issue 33 item 3), and a voucher of one line
 * keeps the text, hence the folio, it had before the lines were sorted.
 */
export function contentOf(body: Body): string {
	return contentText(body, true);
}

/**
 * The content as it was read before its lines were sorted (issue 33): the folio a voucher of
 * several lines was written with then. A re-run within the window of a voucher stamped before
 * the change must still find it, so the check looks for this folio too (`formerContentFolio`).
 */
export function contentOfInGivenOrder(body: Body): string {
	return contentText(body, false);
}

function contentText(body: Body, sortLines: boolean): string {
	const receptor = record(body.receptor);
	const lines = (Array.isArray(body.conceptos) ? body.conceptos : []).map((line) => {
		const concepto = record(line);
		return [
			concepto.claveProdServ,
			concepto.noIdentificacion,
			concepto.descripcion,
			concepto.cantidad,
			concepto.claveUnidad,
			concepto.valorUnitario,
			concepto.importe,
			concepto.descuento,
			concepto.objetoImp,
			concepto.impuestos,
		]
			.map(canonical)
			.join('\u001f');
	});
	if (sortLines) lines.sort();
	// The vouchers it relates (a replacement's 04, a credit note's 01): a replacement with the same
	// lines as the voucher it replaces is another document, not a re-run of it.
	const relations = (Array.isArray(body.cfdiRelacionados) ? body.cfdiRelacionados : [])
		.map((group) => {
			const entry = record(group);
			const related = Array.isArray(entry.cfdiRelacionado) ? entry.cfdiRelacionado : [];
			const uuids = related.map((item) => fieldCode(record(item).uuid)).sort();
			return `${fieldText(entry.tipoRelacion)}:${uuids.join(',')}`;
		})
		.sort();
	return [
		canonical(body.tipoDeComprobante),
		fieldCode(body.moneda),
		fieldCode(body.serie),
		fieldCode(receptor.rfc),
		...lines,
		canonical(body.total),
		...(relations.length ? [`rel\u001f${relations.join(';')}`] : []),
	].join('\u001e');
}

/**
 * The key of a voucher without one: its content, for `windowHours` before `nowSeconds`. Its folio,
 * written on the voucher so that the list shows it: "C-" and the content's fingerprint.
 */
export function contentKey(
	body: Body,
	nowSeconds: number,
	windowHours = DEFAULT_CONTENT_WINDOW_HOURS,
): { key: BusinessKey; folio: string } {
	const hash = fingerprint(contentOf(body));
	const folio = `${CONTENT_FOLIO_PREFIX}${hash}`;
	const former = `${CONTENT_FOLIO_PREFIX}${fingerprint(contentOfInGivenOrder(body))}`;
	const since = new Date((nowSeconds - Math.max(0, windowHours) * HOUR_SECONDS) * 1000);
	return {
		key: {
			value: `content:${hash}`,
			from: `the voucher's content (recipient, lines and total; no Duplicate Check Key), within ${windowHours} hours`,
			serie: fieldText(body.serie),
			folio,
			since: since.toISOString(),
			exactSince: true,
			...(former !== folio ? { formerFolio: former } : {}),
		},
		folio,
	};
}

/** Margin either side of a sale's window for clocks that disagree (shop, n8n, service). */
export const CLOCK_MARGIN_SECONDS = 30 * 60;
/** The SAT accepts a voucher dated up to 72 hours before its stamp. */
export const BACKDATE_SECONDS = 72 * HOUR_SECONDS;

/**
 * The window of the list (voucher dates, Unix seconds) where a voucher of these sales can be. A
 * voucher of a sale is stamped after the sale and dated at its stamp by the service, so it is not
 * dated before the sale: the window starts at the earliest sale date (less a clock margin; less
 * 72 hours when vouchers are sent with their own date, which the SAT accepts that far back) and
 * ends now. A key without a date looks back `lookBackDays`.
 */
export function saleWindow(
	keys: Array<Pick<BusinessKey, 'since' | 'exactSince'>>,
	nowSeconds: number,
	lookBackDays: number,
	datedBySender = false,
): { from: number; to: number } {
	let from = nowSeconds;
	for (const key of keys) {
		const parsed = key.since ? unixSeconds(key.since) : null;
		const start =
			parsed !== null
				? parsed -
					(key.exactSince ? 0 : CLOCK_MARGIN_SECONDS) -
					(datedBySender ? BACKDATE_SECONDS : 0)
				: nowSeconds - lookBackDays * 24 * HOUR_SECONDS;
		from = Math.min(from, start);
	}
	return { from: Math.max(0, from), to: nowSeconds + CLOCK_MARGIN_SECONDS };
}

/**
 * A Duplicate Check Key as given: text or a number. Anything else (an object, a list, a boolean)
 * would be written as "[object Object]" and match every sale with such a key.
 */
export function keyText(value: unknown): { text: string } | { wrongType: string } {
	if (value === undefined || value === null) return { text: '' };
	if (typeof value === 'string') return { text: value.trim() };
	if (typeof value === 'number' && Number.isFinite(value)) return { text: String(value) };
	const type = Array.isArray(value)
		? 'a list'
		: typeof value === 'object'
			? 'an object'
			: typeof value === 'number'
				? `the number ${String(value)}`
				: `a ${typeof value}`;
	return { wrongType: type };
}

/** A CFDI date-time as comparable text ("2026-11-20T09:15:00"), whatever separator the list uses. */
const cfdiDateText = (value: unknown): string => fieldText(value).replace(' ', 'T').slice(0, 19);

/**
 * The listed vouchers a key may match. A key bound to a window (`exactSince`: a content key, or a
 * voucher's own folio without a Duplicate Check Key) identifies a sale only within its own window
 * (issue 33 item 3): the run reads the list once over the union of its items' windows (an order
 * key reaches 30 days back), and the Use Voucher Date allowance widens that read by 72 hours, but
 * neither may widen what this key matches, or a keyless sale is answered with an identical invoice
 * of days ago. One exception keeps a re-run safe under Use Voucher Date: a voucher dated with this
 * very voucher's own date (the same voucher sent again, its date given, not the stamp's; as listed,
 * maybe in another zone) is matched however old that date is. `secondsOf` reads a listed date (the
 * service's wall-clock time); a voucher whose date cannot be read is kept, so that the rule weighs it
 * rather than stamping twice. The list's zone is not known (issue 39): `stampedAt` gives a voucher's
 * stamp time where it was read (FechaTimbrado), which decides; without it, a listed date within the
 * zone margin of the window's start is kept.
 */
export function withinKeyWindow<T extends { date?: string | null }>(
	key: Pick<BusinessKey, 'since' | 'exactSince'>,
	listed: T[],
	secondsOf: (date: string) => number | null,
	ownDate?: string,
	stampedAt?: (voucher: T) => number | undefined,
): T[] {
	if (!key.exactSince || !key.since) return listed;
	const since = unixSeconds(key.since);
	if (since === null) return listed;
	const own = ownDate ? cfdiDateText(ownDate) : '';
	return listed.filter((voucher) => {
		if (!voucher.date) return true;
		if (own && (cfdiDateText(voucher.date) === own || sameDateInSomeZone(voucher.date, own)))
			return true;
		const stamp = stampedAt?.(voucher);
		if (stamp !== undefined) return stamp >= since;
		const seconds = secondsOf(voucher.date);
		return seconds === null || seconds >= since - LISTED_DATE_MARGIN_SECONDS;
	});
}

/**
 * The listed vouchers whose listed date alone cannot tell whether they fall in a window-bound key's
 * window, whatever the list's zone: within the zone margin either side of its start. Their stamp
 * time (FechaTimbrado) decides (withinKeyWindow's `stampedAt`).
 */
export function ageUnsure<T extends { date?: string | null }>(
	key: Pick<BusinessKey, 'since' | 'exactSince'>,
	listed: T[],
	secondsOf: (date: string) => number | null,
): T[] {
	const since = key.exactSince && key.since ? unixSeconds(key.since) : null;
	if (since === null) return [];
	return listed.filter((voucher) => {
		const seconds = voucher.date ? secondsOf(voucher.date) : null;
		return (
			seconds !== null &&
			seconds >= since - LISTED_DATE_MARGIN_SECONDS &&
			seconds < since + LISTED_DATE_MARGIN_SECONDS
		);
	});
}
