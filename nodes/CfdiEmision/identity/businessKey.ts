/**
 * The duplicate check's pure rules: the business key of each kind of voucher (which series and
 * folio find it on the service's list), how the listed vouchers are read against a key (the one
 * already stamped is judged by saleIdentity.ts; here: twins stamped at the same moment) and the date
 * window of a global invoice's look-up. No n8n types, no requests: the stamping handler does the list
 * calls (stamping/duplicateCheck.ts).
 *
 * Why series + folio: the service's list (service-facts.md) shows, per voucher, its UUID, id, date,
 * state, series, folio, recipient and totals, and nothing else the voucher carries. The folio is the
 * one member a workflow controls that the list echoes, so a key is found through it.
 */
import { DAY_SECONDS, unixSeconds } from '../cfdi/mexicoTime';
import type { BusinessKey } from '../cfdi/voucherSource';
import { byAge, fingerprint, KEEP_SALES_APART, stateOf, type SaleFacts } from './saleIdentity';
import { fieldText } from '../cfdi/fieldText';

/** Anexo 20: Folio is 1 to 40 characters. */
export const FOLIO_MAX_LENGTH = 40;

export type DuplicateCheckMode = 'returnExisting' | 'fail' | 'off';

/** The SAT cancellation motive for a voucher stamped twice: 02, issued with errors, without relation. */
export const TWIN_CANCELLATION_MOTIVE = '02';

/** A key that cannot be used as given: the field, what is wrong and the fix. */
export class BusinessKeyError extends Error {
	constructor(
		readonly field: string,
		message: string,
		readonly fix: string,
	) {
		super(message);
	}
}

/** A voucher as the service's list shows it (the members the check reads). */
export interface ListedVoucher {
	uuid: string;
	voucherId: number | null;
	/** CFDI Fecha as listed. */
	date: string | null;
	status: string;
	series: string | null;
	folio: string | null;
	recipientRfc?: string | null;
	total?: number | null;
	/** The service's words for the state, read when its code says nothing. */
	statusDescription?: string | null;
}

/** The key of a voucher whose series and folio identify it, or undefined without a folio. */
export function keyOfFolio(
	body: { serie?: unknown; folio?: unknown },
	value: string,
	from: string,
): BusinessKey | undefined {
	const folio = fieldText(body.folio);
	if (!folio) return undefined;
	return { value, from, serie: fieldText(body.serie), folio };
}

function usableAsFolio(value: string): boolean {
	return value.length > 0 && value.length <= FOLIO_MAX_LENGTH && !value.includes('|');
}

/**
 * The key the user typed (Duplicate Check Key). It is written as the voucher's folio when the voucher
 * has none, so that the list shows it; a voucher with its own folio must carry the same one.
 */
export function userKey(
	given: string,
	body: { serie?: unknown; folio?: unknown },
): { key: BusinessKey; folio?: string } {
	const value = given.trim();
	if (!usableAsFolio(value)) {
		throw new BusinessKeyError(
			'duplicateCheckKey',
			`Duplicate Check Key ${JSON.stringify(value.slice(0, 60))} is not usable: it becomes the voucher's folio, which is 1 to ${FOLIO_MAX_LENGTH} characters without "|".`,
			'Map a shorter identifier of the sale (an order number, a refund id), or leave the field empty for the default key.',
		);
	}
	const folio = fieldText(body.folio);
	if (folio && folio !== value) {
		throw new BusinessKeyError(
			'duplicateCheckKey',
			`Duplicate Check Key "${value}" differs from the voucher's folio "${folio}". The check finds vouchers on the service's list by series and folio, so the key is the folio.`,
			'Leave the folio out (the key is written as the folio), map the same value to both, or leave Duplicate Check Key empty to use the folio as the key.',
		);
	}
	return {
		key: { value, from: 'Duplicate Check Key', serie: fieldText(body.serie), folio: value },
		...(folio ? {} : { folio: value }),
	};
}

/** One invoice paid by a payment receipt: its UUID and which installment. */
export interface PaidInstallment {
	uuid: string;
	installment: number;
}

/**
 * A payment receipt's key: the invoices it pays with their installment numbers (an installment of
 * an invoice is receipted once). Its folio, when the receipt has none: the first 8 digits of the
 * invoice UUID and the installment ("5FB2822E-P1"), or a hash of the key for several invoices.
 */
export function paymentReceiptKey(
	paid: PaidInstallment[],
	body: { serie?: unknown; folio?: unknown },
): { key: BusinessKey; folio?: string } | undefined {
	const entries = paid
		.filter((entry) => entry.uuid)
		.map((entry) => ({
			uuid: entry.uuid.trim().toUpperCase(),
			installment: entry.installment || 1,
		}));
	if (!entries.length) return undefined;
	const value = `payment:${entries.map((entry) => `${entry.uuid}#${entry.installment}`).join(',')}`;
	const from = 'the paid invoices and installments';
	const given = fieldText(body.folio);
	if (given) return { key: { value, from, serie: fieldText(body.serie), folio: given } };
	const folio =
		entries.length === 1
			? `${entries[0].uuid.slice(0, 8)}-P${entries[0].installment}`
			: `P-${fingerprint(value)}`;
	return { key: { value, from, serie: fieldText(body.serie), folio }, folio };
}

/** The period of a global invoice (InformacionGlobal). */
export interface GlobalInformation {
	periodicidad: string;
	meses: string;
	anio: number | string;
}

/**
 * A global invoice's key: its period, which one global invoice covers when monthly (04) or bimonthly
 * (05). Daily, weekly and fortnightly invoices share their month in InformacionGlobal, so their key
 * adds the tickets they gather; so does a part of a period split into several invoices, or a second
 * invoice of a period whose folio is taken. Folio when none: "G202611-04" for a month, with a hash
 * of the tickets otherwise, and the part's number before it ("G202611-04-P2-1a2b3c4d").
 */
export function globalInvoiceKey(
	period: GlobalInformation,
	tickets: string[],
	body: { serie?: unknown; folio?: unknown },
	options: {
		/** A global invoice of other sales already holds the period's folio: this one adds its tickets. */
		periodFolioTaken?: boolean;
		/** The period's sales are split into several invoices: this one's number (1-based). */
		part?: number;
	} = {},
): { key: BusinessKey; folio?: string } {
	const base = `global:${fieldText(period.anio)}-${fieldText(period.meses)}/${fieldText(period.periodicidad)}`;
	const byPeriod =
		(period.periodicidad === '04' || period.periodicidad === '05') &&
		!options.periodFolioTaken &&
		options.part === undefined;
	const value = byPeriod ? base : `${base}:${fingerprint([...tickets].sort().join('\u0000'))}`;
	const from = byPeriod
		? 'the period of the global invoice'
		: options.part === undefined
			? 'the period and tickets of the global invoice'
			: 'the period and tickets of this part of the global invoice';
	const given = fieldText(body.folio);
	if (given) return { key: { value, from, serie: fieldText(body.serie), folio: given } };
	const part = options.part === undefined ? '' : `-P${options.part}`;
	const folio = `G${fieldText(period.anio)}${fieldText(period.meses)}-${fieldText(period.periodicidad)}${byPeriod ? '' : `${part}-${value.slice(-8)}`}`;
	return { key: { value, from, serie: fieldText(body.serie), folio }, folio };
}

const same = (a: unknown, b: unknown) => fieldText(a).toUpperCase() === fieldText(b).toUpperCase();

/** Whether a listed voucher carries the key's series and folio. */
export function listedUnderKey(listed: ListedVoucher, key: BusinessKey): boolean {
	return same(listed.series, key.serie) && same(listed.folio, key.folio);
}

const keyId = (series: unknown, folio: unknown) =>
	JSON.stringify([fieldText(series).toUpperCase(), fieldText(folio).toUpperCase()]);

/**
 * The listed vouchers under each key (listedUnderKey's comparison), in list order: after a run, one
 * pass over the list for all its keys instead of one per key.
 */
export function indexByKey(listed: ListedVoucher[]): (key: BusinessKey) => ListedVoucher[] {
	const groups = new Map<string, ListedVoucher[]>();
	for (const voucher of listed) {
		const id = keyId(voucher.series, voucher.folio);
		const group = groups.get(id);
		if (group) group.push(voucher);
		else groups.set(id, [voucher]);
	}
	return (key) => groups.get(keyId(key.serie, key.folio)) ?? [];
}

/** Cancelled vouchers do not count: a key may be stamped again after its voucher was cancelled. */
function counts(listed: ListedVoucher): boolean {
	return stateOf(listed) !== 'cancelled';
}

export interface TwinReport {
	/** The voucher to keep: the oldest stamped under the key. */
	keep: string;
	/**
	 * The vouchers to cancel, with the SAT motive; `declareAgain`: the tickets a global invoice
	 * cancelled with motive 04 declares that no kept one does (its replacement's).
	 */
	cancel: Array<{ uuid: string; motive: string; declareAgain?: string[] }>;
	/** Whether the voucher this item stamped is one to cancel. */
	thisOneIsTwin: boolean;
	/** Each twin's recipient, when they are not all to one recipient. */
	recipients?: Array<{ uuid: string; recipientRfc: string }>;
	message: string;
}

/**
 * After stamping: the key's stamped vouchers other than cancelled ones. More than one means another
 * execution stamped the same sale at the same moment; the oldest is kept, the others are to cancel.
 * Whatever their recipients (issue 33 item 3): two executions of one sale with different RFCs (a
 * self-invoice page submitted twice, an order whose RFC was corrected between deliveries) are two
 * invoices for one sale, reported with both RFCs; before stamping the same case is a folio
 * collision and is refused, so a voucher of another recipient under the key stamped during this
 * run is one of these, or two sales numbered alike stamped at the same moment, which the message
 * also names.
 */
export function twinsOf(
	key: BusinessKey,
	uuid: string,
	listed: ListedVoucher[],
	sale: SaleFacts = {},
): TwinReport | undefined {
	const stamped = listed
		.filter(
			(voucher) =>
				listedUnderKey(voucher, key) &&
				counts(voucher) &&
				stateOf(voucher) !== 'pending' &&
				voucher.uuid,
		)
		.sort(byAge);
	const uuids = [...new Set(stamped.map((voucher) => voucher.uuid.toUpperCase()))];
	const own = uuid.toUpperCase();
	if (!uuids.includes(own)) uuids.push(own);
	if (uuids.length < 2) return undefined;
	const [keep, ...cancel] = uuids;
	const where = `series ${key.serie || '(none)'} folio ${key.folio ?? ''}`;
	const thisOneIsTwin = own !== keep;
	const rfcOf = new Map<string, string>();
	for (const voucher of stamped)
		if (fieldText(voucher.recipientRfc))
			rfcOf.set(voucher.uuid.toUpperCase(), fieldText(voucher.recipientRfc).toUpperCase());
	if (!rfcOf.has(own) && fieldText(sale.recipientRfc))
		rfcOf.set(own, fieldText(sale.recipientRfc).toUpperCase());
	const motive = TWIN_CANCELLATION_MOTIVE;
	const report = {
		keep,
		cancel: cancel.map((twin) => ({ uuid: twin, motive })),
		thisOneIsTwin,
	};
	if (new Set(uuids.map((one) => rfcOf.get(one) ?? '')).size > 1) {
		const recipients = uuids.map((one) => ({ uuid: one, recipientRfc: rfcOf.get(one) ?? '' }));
		const named = recipients
			.map((entry) => `UUID ${entry.uuid} to ${entry.recipientRfc || 'an unknown RFC'}`)
			.join(', ');
		return {
			...report,
			recipients,
			message: `One sale (${key.value}, ${where}) was stamped by two executions at the same moment to different recipients: ${named}. This voucher is UUID ${own}${thisOneIsTwin ? ', the newer' : ', the older'}. One sale takes one invoice: keep the one whose RFC is the buyer's and cancel the other with motive ${motive} (issued with errors, without relation); unless told otherwise, keep ${keep} (the older) and cancel ${cancel.join(', ')}. If they are two different sales numbered alike, keep both and keep their sales apart from now on: ${KEEP_SALES_APART}`,
		};
	}
	const message = thisOneIsTwin
		? `Another execution stamped the same sale (${key.value}, ${where}) at the same moment as UUID ${keep}; this voucher, UUID ${own}, is its twin. Cancel ${cancel.join(', ')} with motive ${motive} (issued with errors, without relation) and keep ${keep}.`
		: `Another execution stamped the same sale (${key.value}, ${where}) at the same moment: ${cancel.join(', ')}. Keep this voucher, UUID ${own}, and cancel ${cancel.join(', ')} with motive ${motive} (issued with errors, without relation).`;
	return { ...report, message };
}

/**
 * The date window the check reads, in Unix seconds: from the earliest sale date among the keys less
 * three days (a voucher may carry a date up to 72 hours before it is stamped), or `lookBackDays` when a
 * key has no date, to one day ahead.
 */
export function checkWindow(
	sinceDates: Array<string | undefined>,
	nowSeconds: number,
	lookBackDays: number,
): { from: number; to: number } {
	let from = nowSeconds;
	for (const since of sinceDates) {
		const parsed = since ? unixSeconds(since) : null;
		const start =
			parsed !== null ? parsed - 3 * DAY_SECONDS : nowSeconds - lookBackDays * DAY_SECONDS;
		from = Math.min(from, start);
	}
	return { from: Math.max(0, from), to: nowSeconds + DAY_SECONDS };
}
