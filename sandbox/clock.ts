/**
 * Date formats the service uses. Its own Intl-based clock, not the node's cfdi/mexicoTime.ts (luxon): a
 * stand-in that shared the node's clock would agree with the node's mistakes about Mexico City's time.
 */

const MEXICO_CITY = new Intl.DateTimeFormat('en-CA', {
	timeZone: 'America/Mexico_City',
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
	hour: '2-digit',
	minute: '2-digit',
	second: '2-digit',
	hourCycle: 'h23',
});

/** CFDI date-time (YYYY-MM-DDThh:mm:ss, no zone) in Mexico City time, as the SAT expects. */
export function mexicoCityDateTime(epochMs: number): string {
	const parts: Record<string, string> = {};
	for (const part of MEXICO_CITY.formatToParts(new Date(epochMs))) parts[part.type] = part.value;
	return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** UTC ISO 8601 without milliseconds, the form Azure SAS st/se values take. */
export function isoSeconds(epochMs: number): string {
	return new Date(Math.floor(epochMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** MM/dd/yyyy HH:mm:ss UTC, the form ASP.NET JwtBearer puts in "The token expired at" messages. */
export function aspNetDate(epochMs: number): string {
	const d = new Date(epochMs);
	const p = (n: number): string => String(n).padStart(2, '0');
	return `${p(d.getUTCMonth() + 1)}/${p(d.getUTCDate())}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

const CFDI_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

/** Epoch ms of a Mexico City wall-clock date-time (the inverse of mexicoCityDateTime); NaN when malformed. */
export function mexicoCityEpoch(local: string): number {
	const match = CFDI_DATE_TIME.exec(local);
	if (!match) return NaN;
	const [, y, mo, d, h, mi, s] = match.map(Number);
	const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
	// Two passes settle the offset even on the day the zone's offset changed (before 2023).
	let guess = asUtc;
	for (let pass = 0; pass < 2; pass++)
		guess = asUtc - (Date.parse(`${mexicoCityDateTime(guess)}Z`) - guess);
	return guess;
}

const WEEKDAY = new Intl.DateTimeFormat('en-US', {
	timeZone: 'America/Mexico_City',
	weekday: 'short',
});

/** Monday to Friday in Mexico City (public holidays are not modelled). */
export function isBusinessDay(epochMs: number): boolean {
	const day = WEEKDAY.format(new Date(epochMs));
	return day !== 'Sat' && day !== 'Sun';
}
