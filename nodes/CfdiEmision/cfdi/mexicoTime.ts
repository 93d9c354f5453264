/**
 * Mexico City's clock: the one the CFDI's dates, the service's voucher dates and a global
 * invoice's months follow. Every date of a sale is read or written here, through luxon (n8n's own
 * date library: n8n gives it to community packages, as it gives n8n-workflow; `$now` is a luxon
 * DateTime) with the zone rules of Node's ICU: UTC-6 all year since 30 October 2022, daylight
 * saving time (UTC-5, April to October) before. Pure: no n8n import.
 */
import { DateTime } from 'luxon';

export const MEXICO_CITY = 'America/Mexico_City';

/** One day, in seconds. */
export const DAY_SECONDS = 86_400;

/** What "now" is for the node's calendar (this month, today, a global invoice's sealing instant). */
let calendarClock: () => number = () => Date.now();

/** The instant the node's calendar reads (epoch ms): the real time, unless a test set another. */
export function calendarNow(): number {
	return calendarClock();
}

/**
 * Engine tests only: run the node's calendar on another clock (a December, whenever the suite
 * runs); no argument restores the real time. A seam, not a setting: nothing in the node calls it.
 */
export function setCalendarClock(clock?: () => number): void {
	calendarClock = clock ?? (() => Date.now());
}

/** A year and month (1-12), as a day in Mexico City falls. */
export interface YearMonth {
	year: number;
	month: number;
}

const CFDI_FORMAT = "yyyy-MM-dd'T'HH:mm:ss";
const DATE_FORMAT = 'yyyy-MM-dd';

/** A luxon DateTime from any copy of luxon (n8n's `$now`), or another object that gives its instant. */
function hasMillis(value: unknown): value is { toMillis: () => number } {
	return (
		!!value &&
		typeof value === 'object' &&
		typeof (value as { toMillis?: unknown }).toMillis === 'function'
	);
}

/** The instant a Date, a DateTime or a zoned ISO text stands for; a zone-less text is read in `zone`. */
function readInstant(value: unknown, zone: string): DateTime | null {
	if (value instanceof Date) return DateTime.fromJSDate(value);
	if (hasMillis(value)) return DateTime.fromMillis(value.toMillis());
	if (typeof value !== 'string') return null;
	const text = value.trim();
	// ISO 8601 with a space for the T (as lists and spreadsheets write it), else RFC 2822 / HTTP.
	for (const read of [
		() => DateTime.fromISO(text.replace(/^(\d{4}-\d{2}-\d{2}) (\d)/, '$1T$2'), { zone }),
		() => DateTime.fromRFC2822(text, { zone }),
		() => DateTime.fromHTTP(text, { zone }),
	]) {
		const parsed = read();
		if (parsed.isValid) return parsed;
	}
	return null;
}

const secondsOf = (instant: DateTime | null): number | null =>
	instant?.isValid ? Math.floor(instant.toMillis() / 1000) : null;

/** The texts unixSeconds read, by zone and text; emptied when it holds this many. */
const READ_TEXTS_HELD = 10_000;
const readTexts = new Map<string, number | null>();

/**
 * Unix seconds of a date the user typed or mapped, or the service listed: an ISO text with a zone,
 * a zone-less date or date-time read in `zone` (Mexico City unless said: the service's clock), a
 * Date, or a luxon DateTime. Null when it cannot be read.
 */
export function unixSeconds(value: unknown, zone: string = MEXICO_CITY): number | null {
	if (typeof value !== 'string' || value.length > 64) return secondsOf(readInstant(value, zone));
	// A zoned read costs tens of microseconds and a run reads the same texts again and again (a
	// key's start, the listed dates): each text once (issue 40 item 5). The answer is the text's alone.
	const memo = `${zone} ${value}`;
	const known = readTexts.get(memo);
	if (known !== undefined) return known;
	if (readTexts.size >= READ_TEXTS_HELD) readTexts.clear();
	const seconds = secondsOf(readInstant(value, zone));
	readTexts.set(memo, seconds);
	return seconds;
}

/** Epoch ms of a Mexico City wall-clock date-time (the CFDI's fecha), NaN when unreadable. */
export function mexicoCityEpochMs(local: string): number {
	const seconds = unixSeconds(local, MEXICO_CITY);
	return seconds === null ? Number.NaN : seconds * 1000;
}

/**
 * A date or date-time as the CFDI writes it (YYYY-MM-DDThh:mm:ss, Mexico City's wall clock), by
 * mexicoCityMoment's rule: an instant is converted, a zone-less text kept; a date alone is taken at
 * `dateOnlyAt`. Text that is not a date comes back as given, for the validation to name.
 */
export function cfdiDateTime(value: unknown, dateOnlyAt = '12:00:00'): string {
	const moment = mexicoCityMoment(value);
	if (moment) return `${moment.date}T${moment.time ?? dateOnlyAt}`;
	return value instanceof Date || hasMillis(value) ? String(value) : String(value ?? '').trim();
}

/** A moment on Mexico City's calendar: its wall-clock day, and its time when it was given one. */
export interface MexicoCityMoment {
	/** YYYY-MM-DD */
	date: string;
	/** hh:mm:ss; absent for a date alone. */
	time?: string;
}

/** Zone-less ISO text: the shop's wall clock as written (a space may stand for the T). */
const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?)?$/;
/** ISO text with `Z` or an offset (`-06:00`, `-0600`, `-06`), a space allowed before the offset. */
const ZONED_ISO =
	/^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s?(Z|[+-]\d{2}(?::?\d{2})?)$/i;

/**
 * The instant (epoch ms) a timestamp stands for, NaN when it is one that is not a real instant, or
 * null when it is zone-less text or no timestamp at all.
 */
function instantOf(value: unknown, epoch?: 'seconds' | 'milliseconds'): number | null {
	// A Date needs no luxon object: its instant is its time value (NaN when invalid).
	if (value instanceof Date) return value.getTime();
	if (hasMillis(value)) return DateTime.fromMillis(value.toMillis()).toMillis();
	const text =
		typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (epoch && /^\d+(\.\d+)?$/.test(text))
		return DateTime.fromMillis(Number(text) * (epoch === 'seconds' ? 1000 : 1)).toMillis();
	if (typeof value !== 'string') return null;
	const zoned = ZONED_ISO.exec(text);
	if (zoned)
		return DateTime.fromISO(`${zoned[1]}T${zoned[2]}${zoned[3]}`, { setZone: true }).toMillis();
	// RFC 2822 ("Sun, 01 Nov 2026 05:30:00 +0000") and HTTP dates always carry their zone.
	for (const read of [DateTime.fromRFC2822, DateTime.fromHTTP]) {
		const parsed = read(text);
		if (parsed.isValid) return parsed.toMillis();
	}
	return null;
}

/**
 * Mexico City's wall clock at an instant, by the same ICU zone rules luxon reads. Every stamp of a
 * run asks it (the Duplicate Check's listing of its own stamp), and a luxon zone change and format
 * cost about a millisecond each where this costs microseconds (issue 40 item 5).
 */
const MEXICO_CITY_CLOCK = new Intl.DateTimeFormat('en-US', {
	timeZone: MEXICO_CITY,
	hourCycle: 'h23',
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
	hour: '2-digit',
	minute: '2-digit',
	second: '2-digit',
});

/** Years 1001 to 9998: four digits on any zone's calendar, where the fast read writes what luxon writes. */
const FOUR_DIGIT_YEARS = { from: -30_578_688_000_000, to: 253_339_228_800_000 };

/** The last second wallClockAt read, and its moment (pure: the moment is the second's alone). */
let lastRead: { second: number; moment: MexicoCityMoment } | undefined;

function wallClockAt(epochMs: number): MexicoCityMoment {
	// A fraction of a millisecond (epoch text with decimals) is luxon's to round, as before.
	const fast =
		Number.isInteger(epochMs) && epochMs >= FOUR_DIGIT_YEARS.from && epochMs < FOUR_DIGIT_YEARS.to;
	if (!fast) {
		const [date, time] = DateTime.fromMillis(epochMs, { zone: MEXICO_CITY })
			.toFormat(CFDI_FORMAT)
			.split('T');
		return { date, time };
	}
	// The stamps of a run fall mostly within the same second: the last second read is kept.
	const second = Math.floor(epochMs / 1000);
	if (lastRead?.second === second) return { ...lastRead.moment };
	const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
	for (const { type, value } of MEXICO_CITY_CLOCK.formatToParts(epochMs)) part[type] = value;
	const moment = {
		date: `${part.year}-${part.month}-${part.day}`,
		time: `${part.hour}:${part.minute}:${part.second}`,
	};
	lastRead = { second, moment };
	return { ...moment };
}

/**
 * The one rule for a sale's moment (an order's created_at, a payment's processed_at, a date a user
 * types or maps): a timestamp that is an instant (ISO 8601 with `Z` or an offset, RFC 2822, a Date,
 * a luxon DateTime such as `$now`, epoch seconds or milliseconds where `epoch` says a field takes
 * them) is placed on Mexico City's calendar; a zone-less text is the shop's wall clock and is kept.
 * Null when the value is not a real date or date-time. The process's own zone plays no part.
 */
export function mexicoCityMoment(
	value: unknown,
	options: { epoch?: 'seconds' | 'milliseconds' } = {},
): MexicoCityMoment | null {
	const instant = instantOf(value, options.epoch);
	if (instant !== null) return Number.isFinite(instant) ? wallClockAt(instant) : null;
	const wall = typeof value === 'string' ? WALL_CLOCK.exec(value.trim()) : null;
	if (!wall) return null;
	// Checked as a calendar date-time in UTC (no gaps): a wall clock is kept as written.
	const time = wall[2] ? (wall[2].length === 5 ? `${wall[2]}:00` : wall[2]) : undefined;
	if (!DateTime.fromISO(`${wall[1]}T${time ?? '00:00:00'}`, { zone: 'UTC' }).isValid) return null;
	if (time && time.startsWith('24')) return null;
	return time ? { date: wall[1], time } : { date: wall[1] };
}

/** The year and month (1-12) of a sale's moment on Mexico City's calendar, by the rule above. */
export function mexicoCityMonthOf(value: unknown): YearMonth | null {
	const moment = mexicoCityMoment(value);
	return moment
		? { year: Number(moment.date.slice(0, 4)), month: Number(moment.date.slice(5, 7)) }
		: null;
}

/** The month in Mexico City at an instant (epoch ms; now when left out). */
export function mexicoCityMonth(atMs: number = calendarNow()): YearMonth {
	const local = DateTime.fromMillis(atMs, { zone: MEXICO_CITY });
	return { year: local.year, month: local.month };
}

/** The day in Mexico City (YYYY-MM-DD), `plusDays` after the one at an instant (epoch ms; now when left out). */
export function mexicoCityDate(plusDays = 0, atMs: number = calendarNow()): string {
	return DateTime.fromMillis(atMs, { zone: MEXICO_CITY })
		.plus({ days: plusDays })
		.toFormat(DATE_FORMAT);
}

/** Midnight in Mexico City at the start of a month, `plusMonths` after year/month, as an instant. */
function monthStart(year: number, month: number, plusMonths = 0): DateTime {
	return DateTime.fromObject({ year, month, day: 1 }, { zone: MEXICO_CITY }).plus({
		months: plusMonths,
	});
}

/** The first instant of a month in Mexico City, ISO 8601 with the offset of that day. */
export function monthStartIso(year: number, month: number): string {
	return monthStart(year, month).toISO({ suppressMilliseconds: true }) ?? '';
}

/** Epoch ms of the midnight that ends a month in Mexico City (December's is New Year's). */
export function monthEndMs(year: number, month: number): number {
	return monthStart(year, month, 1).toMillis();
}

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
	const start = DateTime.fromISO(from, { zone: 'UTC' });
	const end = DateTime.fromISO(to, { zone: 'UTC' });
	return Math.round(end.diff(start, 'days').days);
}

/** The calendar date `days` after a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
	return DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toFormat(DATE_FORMAT);
}

/** The last day of the date's month (YYYY-MM-DD). */
export function lastDayOfMonth(date: string): string {
	return DateTime.fromISO(date.slice(0, 10), { zone: 'UTC' }).endOf('month').toFormat(DATE_FORMAT);
}

/** The Mexico City wall-clock date (YYYY-MM-DD) of an instant in epoch ms. */
export function mexicoCityDateOf(epochMs: number): string {
	return DateTime.fromMillis(epochMs, { zone: MEXICO_CITY }).toFormat(DATE_FORMAT);
}

/**
 * How far a date on the service's voucher list may be off Mexico City's wall clock: the list is not
 * in the spec and its zone is not known (UTC, the server's, a clock hours off). A listed date is
 * Mexico City's give or take this, and every read of the list reaches this far further both ways.
 */
export const LISTED_DATE_MARGIN_SECONDS = 14 * 3_600;

/** A window of listed dates (Unix seconds) widened by that margin each way: what to ask the list for. */
export function listedDateWindow(window: { from: number; to: number }): {
	from: number;
	to: number;
} {
	return {
		from: Math.max(0, window.from - LISTED_DATE_MARGIN_SECONDS),
		to: window.to + LISTED_DATE_MARGIN_SECONDS,
	};
}

/**
 * Whether a listed date may be `own` (a zone-less CFDI date-time) written in another zone: whole
 * quarter hours apart, within the margin (zones differ by quarter hours).
 */
export function sameDateInSomeZone(listed: string, own: string): boolean {
	const a = unixSeconds(listed, 'UTC');
	const b = unixSeconds(own, 'UTC');
	if (a === null || b === null) return false;
	const apart = Math.abs(a - b);
	return apart <= LISTED_DATE_MARGIN_SECONDS && apart % 900 === 0;
}
