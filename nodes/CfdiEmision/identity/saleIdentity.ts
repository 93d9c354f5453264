/**
 * A sale's identity on the service's list (issue 27): which listed vouchers are this sale's, and
 * when the list cannot tell. Pure: no n8n types, no requests (stamping/duplicateCheck.ts reads the
 * list and calls `judgeListed`).
 *
 * The rule. A listed voucher is this sale's only when
 * - its series and folio are the key's (trimmed, without regard to case), and
 * - its recipient RFC is the sale's; and, where the sale's total is known, its total is the sale's.
 * Under the key with another recipient: a folio collision (two sales numbered alike, e.g. two shops of
 * one issuer), never an answer. Same recipient, other total: the sale changed after its invoice,
 * reported with both totals. A listed voucher that lacks what the rule reads (series, folio, recipient
 * RFC, a state) and could be this sale's makes the check undecidable: the caller stamps nothing.
 *
 * A voucher without a key (Fields, JSON or Line Items without folio) is identified by its content
 * (`contentKey`, in ./contentKey.ts).
 */
import { currencyDecimals } from '../cfdi/catalogs/moneda';
import { compareDecimal, decimalToString, parseDecimal } from '../cfdi/decimal';
import { GENERIC_FOREIGN_RFC, GENERIC_NATIONAL_RFC } from '../cfdi/rfc';
import type { BusinessKey } from '../cfdi/voucherSource';
import { fieldText, fieldCode } from '../cfdi/fieldText';

// The content key and the sale's window (their own module; importable from here as before).
export * from './contentKey';

/** A voucher as the list shows it, with what the identity rule reads. */
export interface ListedSale {
	uuid: string;
	voucherId: number | null;
	date: string | null;
	/** The state read from its code (subestatusId) by the list reader; 'unknown' without one. */
	status: string;
	/** The service's own words for the state (subestatus / estatus), read when the code says nothing. */
	statusDescription?: string | null;
	series: string | null;
	folio: string | null;
	recipientRfc?: string | null;
	recipientName?: string | null;
	total?: number | string | null;
	currency?: string | null;
	/** Members the list left out of this entry; a member given as null means the voucher has none. */
	omits?: readonly string[];
}

/** What the sale itself says: who it is to and how much, as the voucher to send carries them. */
export interface SaleFacts {
	recipientRfc?: string;
	/** Decimal text, e.g. "1160.00"; absent when the voucher carries no total yet. */
	total?: string;
	currency?: string;
}

export type ListedState = 'stamped' | 'pendingAcceptance' | 'cancelled' | 'pending' | 'unknown';

const plain = (value: unknown): string =>
	fieldCode(value)
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '');

/**
 * A listed voucher's state: its code when the list gives a known one, else its words ("Cancelado",
 * "Vigente", "En proceso de cancelación", "Pendiente"). 'unknown' when neither says.
 */
export function stateOf(listed: ListedSale): ListedState {
	if (
		listed.status === 'stamped' ||
		listed.status === 'cancelled' ||
		listed.status === 'pendingAcceptance' ||
		listed.status === 'pending'
	)
		return listed.status;
	const words = plain(listed.statusDescription);
	if (!words) return 'unknown';
	if (/EN PROCESO|SOLICITUD|ESPERA|PENDIENTE DE ACEPTACION|AWAITING|REQUESTED/.test(words))
		return 'pendingAcceptance';
	if (/CANCELAD|CANCELLED|CANCELED/.test(words)) return 'cancelled';
	if (/VIGENTE|TIMBRAD|STAMPED|ACTIVO|VALID/.test(words)) return 'stamped';
	if (/PENDIENTE|BORRADOR|PENDING|DRAFT/.test(words)) return 'pending';
	return 'unknown';
}

type Match = 'yes' | 'no' | 'unknown';

function seriesMatch(listed: ListedSale, key: BusinessKey): Match {
	if (!fieldText(listed.series)) {
		if (!fieldText(key.serie)) return 'yes';
		return listed.omits?.includes('series') ? 'unknown' : 'no';
	}
	return fieldCode(listed.series) === fieldCode(key.serie) ? 'yes' : 'no';
}

/** A folio as the rule compares it: trimmed, whatever its case ('' for none). */
export const folioCode = (value: unknown): string => fieldCode(value);

// A folio the list left out could be this sale's; one the list gives as empty is not (a keyed sale
// always carries its folio).
function folioMatch(listed: ListedSale, key: BusinessKey): Match {
	if (!fieldText(listed.folio)) return listed.omits?.includes('folio') ? 'unknown' : 'no';
	return folioCode(listed.folio) === folioCode(key.folio) ? 'yes' : 'no';
}

/**
 * Whether a listed voucher may carry the key (its series and folio are the key's, or the list left
 * out what would tell): judgeListed weighs these and reads past every other.
 */
export function mayCarryKey(listed: ListedSale, key: BusinessKey): boolean {
	return seriesMatch(listed, key) !== 'no' && folioMatch(listed, key) !== 'no';
}

function recipientMatch(listed: ListedSale, sale: SaleFacts): Match {
	if (!fieldText(listed.recipientRfc) || !fieldText(sale.recipientRfc)) return 'unknown';
	return fieldCode(listed.recipientRfc) === fieldCode(sale.recipientRfc) ? 'yes' : 'no';
}

/** The sale's currency decimals (2 when it names none the catalog knows). */
function saleDecimals(sale: SaleFacts, listed: ListedSale): number {
	return currencyDecimals(fieldText(sale.currency) || fieldText(listed.currency)) ?? 2;
}

/** A listed amount as the sale's decimal text, or undefined when it is not an amount. */
export function moneyText(value: unknown, decimals = 2): string | undefined {
	const parsed = parseDecimal(value);
	return parsed ? decimalToString(parsed, decimals) : undefined;
}

function totalMatch(listed: ListedSale, sale: SaleFacts): Match {
	const decimals = saleDecimals(sale, listed);
	const mine = moneyText(sale.total, decimals);
	const theirs = moneyText(listed.total, decimals);
	if (mine === undefined || theirs === undefined) return 'unknown';
	const a = parseDecimal(mine);
	const b = parseDecimal(theirs);
	return a && b && compareDecimal(a, b) === 0 ? 'yes' : 'no';
}

/** Oldest first: the voucher a later twin duplicates. */
export function byAge(a: ListedSale, b: ListedSale): number {
	const dateA = fieldText(a.date);
	const dateB = fieldText(b.date);
	if (dateA !== dateB) return dateA < dateB ? -1 : 1;
	return (a.voucherId ?? 0) - (b.voucherId ?? 0);
}

export type Verdict =
	/** Nothing on the list is this sale's, nor could be: stamp. */
	| { kind: 'none' }
	/**
	 * This sale's stamped voucher (the oldest), and every other stamped voucher of it (`others`, a
	 * twin to cancel). `totalChanged`: the voucher's total is not the sale's any more.
	 */
	| {
			kind: 'stamped';
			voucher: ListedSale;
			others: ListedSale[];
			totalChanged?: { invoiced: string; now: string };
	  }
	/** This sale's pending voucher (saved, not stamped): finish it instead of creating another. */
	| { kind: 'pending'; voucher: ListedSale }
	/** The key's series and folio document another recipient's sale: never this sale's answer. */
	| { kind: 'collision'; vouchers: ListedSale[] }
	/** A listed voucher could be this sale's but the list lacks what tells (why, and which). */
	| { kind: 'undecidable'; reason: string; vouchers: ListedSale[] };

/** Why a listed voucher that might be this sale's cannot be judged, or undefined when it can. */
function missingFact(
	series: Match,
	folio: Match,
	recipient: Match,
	state: ListedState,
): string | undefined {
	const missing = [
		series === 'unknown' ? 'series' : '',
		folio === 'unknown' ? 'folio' : '',
		recipient === 'unknown' ? 'recipient RFC' : '',
		state === 'unknown' ? 'state' : '',
	].filter(Boolean);
	return missing.length ? missing.join(', ') : undefined;
}

/**
 * What the list holds for a sale (see the module's rule). `listed`: every voucher the list showed
 * in the window (those of other keys are read past, those that lack facts are weighed).
 */
export function judgeListed(key: BusinessKey, sale: SaleFacts, listed: ListedSale[]): Verdict {
	const mine: ListedSale[] = [];
	const changed: ListedSale[] = [];
	const pending: ListedSale[] = [];
	const collisions: ListedSale[] = [];
	const unclear: Array<{ voucher: ListedSale; missing: string }> = [];
	// Only vouchers that may carry the key are sorted (filter keeps their order, sort is stable).
	const candidates = listed.filter((voucher) => mayCarryKey(voucher, key));
	for (const voucher of candidates.sort(byAge)) {
		const series = seriesMatch(voucher, key);
		const folio = folioMatch(voucher, key);
		const state = stateOf(voucher);
		if (state === 'cancelled') continue;
		const recipient = recipientMatch(voucher, sale);
		const total = totalMatch(voucher, sale);
		const missing = missingFact(series, folio, recipient, state);
		if (missing) {
			// Another recipient, or the same with another total, is not this sale whatever else is missing.
			if (recipient === 'no' || (total === 'no' && (series !== 'yes' || folio !== 'yes'))) continue;
			unclear.push({ voucher, missing });
			continue;
		}
		if (recipient === 'no') {
			if (state !== 'pending') collisions.push(voucher);
			continue;
		}
		if (state === 'pending') {
			if (total !== 'no' && (voucher.voucherId ?? 0) > 0) pending.push(voucher);
			continue;
		}
		if (!voucher.uuid) {
			unclear.push({ voucher, missing: 'UUID' });
			continue;
		}
		(total === 'no' ? changed : mine).push(voucher);
	}
	if (mine.length) {
		return { kind: 'stamped', voucher: mine[0], others: [...mine.slice(1), ...changed] };
	}
	if (changed.length) {
		const decimals = saleDecimals(sale, changed[0]);
		return {
			kind: 'stamped',
			voucher: changed[0],
			others: changed.slice(1),
			totalChanged: {
				invoiced: moneyText(changed[0].total, decimals) ?? fieldText(changed[0].total),
				now: moneyText(sale.total, decimals) ?? fieldText(sale.total),
			},
		};
	}
	if (unclear.length) {
		const [first] = unclear;
		return {
			kind: 'undecidable',
			reason: `the list shows ${unclear.length === 1 ? 'a voucher' : `${unclear.length} vouchers`} that could be this sale's without its ${first.missing} (${describeListed(first.voucher)})`,
			vouchers: unclear.map((entry) => entry.voucher),
		};
	}
	if (pending.length) return { kind: 'pending', voucher: pending[0] };
	if (collisions.length) return { kind: 'collision', vouchers: collisions };
	return { kind: 'none' };
}

/** A listed voucher in a few words: UUID, id, series-folio, recipient, total, date. */
export function describeListed(voucher: ListedSale): string {
	return [
		voucher.uuid ? `UUID ${voucher.uuid}` : '',
		voucher.voucherId ? `id ${voucher.voucherId}` : '',
		fieldText(voucher.series) || fieldText(voucher.folio)
			? `series ${fieldText(voucher.series) || '(none)'} folio ${fieldText(voucher.folio) || '(none)'}`
			: '',
		fieldText(voucher.recipientRfc) ? `recipient ${fieldText(voucher.recipientRfc)}` : '',
		fieldText(voucher.total) ? `total ${moneyOf(voucher.total, voucher.currency)}` : '',
		voucher.date ? `dated ${voucher.date}` : '',
	]
		.filter(Boolean)
		.join(', ');
}

/** An amount with its currency's decimals (as given when it is not an amount). */
function moneyOf(value: unknown, currency: unknown): string {
	return moneyText(value, currencyDecimals(fieldText(currency)) ?? 2) ?? fieldText(value);
}

/** The sale in a few words: recipient and total. */
export function describeSale(sale: SaleFacts): string {
	return [
		sale.recipientRfc ? `recipient ${fieldCode(sale.recipientRfc)}` : '',
		sale.total !== undefined ? `total ${moneyOf(sale.total, sale.currency)}` : '',
	]
		.filter(Boolean)
		.join(', ');
}

/** How shops or channels of one issuer keep their sales apart: the fix of a folio collision. */
export const KEEP_SALES_APART =
	'Give each shop or channel its own series (e.g. series A for one shop and B for the other), use a number that is unique across them (Order mode: Folio = Order ID), or prefix the Duplicate Check Key per shop (e.g. SHOP1-{{ $json.orderNumber }}).';

/** The message and fix of a folio collision: both sales named, and how to keep them apart. */
export function collisionMessage(
	key: BusinessKey,
	sale: SaleFacts,
	vouchers: ListedSale[],
): { message: string; fix: string } {
	const where = `series ${fieldText(key.serie) || '(none)'} folio ${fieldText(key.folio)}`;
	return {
		message: `Folio collision: ${where} already documents another sale (${vouchers.map(describeListed).join('; ')}); this sale (${key.value}, from ${key.from}) is for ${describeSale(sale) || 'another recipient'}`,
		fix: `Nothing was sent. The listed voucher is another recipient's, so it is not this sale's invoice. ${KEEP_SALES_APART} If the listed voucher was issued to the wrong recipient, cancel it first (motive 01 or 02) and run again.`,
	};
}

/** The note of a sale whose stamped voucher carries another total than the sale now has. */
export function totalChangedMessage(
	key: BusinessKey,
	voucher: ListedSale,
	change: { invoiced: string; now: string },
): string {
	return `The sale changed after its invoice: ${key.value} is invoiced by UUID ${voucher.uuid} for ${change.invoiced}, but the sale now totals ${change.now}. Nothing was sent. If the sale grew, issue an additional invoice for the difference (its own key); if it shrank, issue a credit note against UUID ${voucher.uuid}; if the invoice is wrong, cancel it (motive 01 with a substitute) and run again.`;
}

/** Whether an RFC is the SAT's generic one (sales to the general public, or abroad). */
export function isGenericRfc(rfc: unknown): boolean {
	const value = fieldCode(rfc);
	return value === GENERIC_NATIONAL_RFC || value === GENERIC_FOREIGN_RFC;
}
