/**
 * Mexico City's clock (cfdi/mexicoTime.ts). Oracles: Node's ICU zone data read through
 * Intl.DateTimeFormat (not luxon), and the dates of the SAT's and the law's rules: Mexico City kept
 * daylight saving time (UTC-5 from the first Sunday of April to the last Sunday of October) until
 * it ended on 30 October 2022 at 02:00, and has been UTC-6 all year since.
 */
import { DateTime } from 'luxon';

import {
	addDays,
	cfdiDateTime,
	daysBetween,
	lastDayOfMonth,
	mexicoCityDate,
	mexicoCityDateOf,
	mexicoCityEpochMs,
	mexicoCityMoment,
	mexicoCityMonth,
	mexicoCityMonthOf,
	monthEndMs,
	monthStartIso,
	unixSeconds,
	listedDateWindow,
	sameDateInSomeZone,
} from '../../../../nodes/CfdiEmision/cfdi/mexicoTime';

const ICU = new Intl.DateTimeFormat('en-CA', {
	timeZone: 'America/Mexico_City',
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
	hour: '2-digit',
	minute: '2-digit',
	second: '2-digit',
	hourCycle: 'h23',
});

/** The oracle: Mexico City's wall clock at an instant, YYYY-MM-DDThh:mm:ss. */
function wallClock(epochMs: number): string {
	const parts: Record<string, string> = {};
	for (const part of ICU.formatToParts(new Date(epochMs))) parts[part.type] = part.value;
	return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

const utc = (iso: string) => Date.parse(`${iso}Z`);

/** A small deterministic generator (mulberry32), so a failure names a reproducible instant. */
function random(seed: number): () => number {
	return () => {
		seed = (seed + 0x6d2b79f5) | 0;
		let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
	};
}

describe('unixSeconds: the instant a typed, mapped or listed date stands for', () => {
	it('reads zone-less dates in the given zone (Mexico City by default), zoned ones as written', () => {
		expect(unixSeconds('2024-05-01T10:00:00', 'America/Mexico_City')).toBe(
			utc('2024-05-01T16:00:00') / 1000,
		);
		expect(unixSeconds('2022-07-01T10:00:00', 'America/Mexico_City')).toBe(
			utc('2022-07-01T15:00:00') / 1000,
		);
		expect(unixSeconds('2024-05-01', 'America/Mexico_City')).toBe(
			utc('2024-05-01T06:00:00') / 1000,
		);
		expect(unixSeconds('2024-05-01T10:00:00Z', 'America/Mexico_City')).toBe(
			utc('2024-05-01T10:00:00') / 1000,
		);
		expect(unixSeconds('2024-05-01T10:00:00.000-06:00', 'UTC')).toBe(
			utc('2024-05-01T16:00:00') / 1000,
		);
		expect(unixSeconds('2024-05-01 10:00:00')).toBe(utc('2024-05-01T16:00:00') / 1000);
		expect(unixSeconds(new Date(Date.UTC(2024, 0, 1)), 'UTC')).toBe(Date.UTC(2024, 0, 1) / 1000);
		expect(unixSeconds({ toMillis: () => 1_700_000_000_500 }, 'UTC')).toBe(1_700_000_000);
		expect(unixSeconds(DateTime.fromISO('2026-11-30T23:30:00', { zone: 'America/New_York' }))).toBe(
			utc('2026-12-01T04:30:00') / 1000,
		);
		expect(unixSeconds('yesterday', 'UTC')).toBeNull();
		expect(unixSeconds(42, 'UTC')).toBeNull();
	});

	it('around the end of daylight saving time (2022-10-30 02:00 CDT became 01:00 CST)', () => {
		// The day before: UTC-5; the day after: UTC-6; the first midnight of November 2022: UTC-6.
		expect(unixSeconds('2022-10-29T12:00:00')).toBe(utc('2022-10-29T17:00:00') / 1000);
		expect(unixSeconds('2022-10-30T00:30:00')).toBe(utc('2022-10-30T05:30:00') / 1000);
		expect(unixSeconds('2022-10-30T02:30:00')).toBe(utc('2022-10-30T08:30:00') / 1000);
		expect(unixSeconds('2022-10-31T12:00:00')).toBe(utc('2022-10-31T18:00:00') / 1000);
		expect(unixSeconds('2022-11-01')).toBe(utc('2022-11-01T06:00:00') / 1000);
		// 2023 kept UTC-6 through April-October: no daylight time returned.
		expect(unixSeconds('2023-07-01T12:00:00')).toBe(utc('2023-07-01T18:00:00') / 1000);
	});

	it('is the inverse of the wall clock for 5,000 random instants, 2015-2030 (ICU the oracle)', () => {
		const next = random(33);
		const from = utc('2015-01-01T00:00:00');
		const to = utc('2031-01-01T00:00:00');
		for (let run = 0; run < 5_000; run++) {
			const at = Math.floor((from + next() * (to - from)) / 1000) * 1000;
			const local = wallClock(at);
			expect(cfdiDateTime(new Date(at))).toBe(local);
			// The hour repeated when daylight time ended has two instants; both read back to it.
			expect(wallClock(mexicoCityEpochMs(local))).toBe(local);
			expect(mexicoCityDateOf(at)).toBe(local.slice(0, 10));
			expect(mexicoCityMonth(at)).toEqual({
				year: Number(local.slice(0, 4)),
				month: Number(local.slice(5, 7)),
			});
		}
	});
});

describe('cfdiDateTime: a date or date-time as the CFDI writes it, on Mexico City wall clock', () => {
	it('a date alone is taken at noon; a zone-less date-time keeps its time, seconds added when missing', () => {
		expect(cfdiDateTime('2026-11-27')).toBe('2026-11-27T12:00:00');
		expect(cfdiDateTime('2026-11-27 09:30')).toBe('2026-11-27T09:30:00');
		expect(cfdiDateTime('2026-11-27T09:30:15-06:00')).toBe('2026-11-27T09:30:15');
		expect(cfdiDateTime(' yesterday ')).toBe('yesterday');
	});

	it('an instant is dated in Mexico City, not in UTC nor the workflow zone: a payment at 23:30 on the last day of November stays in November', () => {
		// The same payment, 2026-11-30 23:30 in Mexico City, as a Date, a UTC text, n8n's $now in
		// New York (the workflow's default zone), and as Shopify writes it for a shop in Tijuana.
		expect(cfdiDateTime(new Date('2026-12-01T05:30:00Z'))).toBe('2026-11-30T23:30:00');
		expect(cfdiDateTime('2026-12-01T05:30:00Z')).toBe('2026-11-30T23:30:00');
		expect(cfdiDateTime('2026-12-01T05:30:00.000+00:00')).toBe('2026-11-30T23:30:00');
		expect(
			cfdiDateTime(DateTime.fromISO('2026-12-01T00:30:00', { zone: 'America/New_York' })),
		).toBe('2026-11-30T23:30:00');
		expect(cfdiDateTime('2026-11-30T21:30:00-08:00')).toBe('2026-11-30T23:30:00');
		// Before October 2022 the offset of the day applies: 1 July 2022 was UTC-5.
		expect(cfdiDateTime('2022-07-01T04:30:00Z')).toBe('2022-06-30T23:30:00');
	});
});

describe('months and days in Mexico City', () => {
	it('a month starts at midnight with the offset of its first day', () => {
		expect(monthStartIso(2022, 5)).toBe('2022-05-01T00:00:00-05:00');
		expect(monthStartIso(2022, 11)).toBe('2022-11-01T00:00:00-06:00');
		expect(monthStartIso(2026, 12)).toBe('2026-12-01T00:00:00-06:00');
		expect(unixSeconds(monthStartIso(2022, 5))).toBe(utc('2022-05-01T05:00:00') / 1000);
	});

	it("a month ends at the next month's midnight; December's is New Year's", () => {
		expect(monthEndMs(2026, 12)).toBe(utc('2027-01-01T06:00:00'));
		expect(monthEndMs(2022, 4)).toBe(utc('2022-05-01T05:00:00'));
		expect(monthEndMs(2022, 10)).toBe(utc('2022-11-01T06:00:00'));
		for (let month = 1; month <= 12; month++)
			for (const year of [2016, 2022, 2026]) {
				const end = monthEndMs(year, month);
				expect(wallClock(end)).toBe(
					month === 12
						? `${year + 1}-01-01T00:00:00`
						: `${year}-${String(month + 1).padStart(2, '0')}-01T00:00:00`,
				);
			}
	});

	it("today in Mexico City, and the days after it, whatever this process's zone", () => {
		const lateNovember = utc('2026-12-01T05:30:00'); // 23:30 on 30 November in Mexico City
		expect(mexicoCityDate(0, lateNovember)).toBe('2026-11-30');
		expect(mexicoCityDate(30, lateNovember)).toBe('2026-12-30');
		expect(mexicoCityDate(32, lateNovember)).toBe('2027-01-01');
		expect(mexicoCityMonth(lateNovember)).toEqual({ year: 2026, month: 11 });
		expect(mexicoCityMonth(utc('2027-01-01T05:59:59'))).toEqual({ year: 2026, month: 12 });
		expect(mexicoCityMonth(utc('2027-01-01T06:00:00'))).toEqual({ year: 2027, month: 1 });
		expect(mexicoCityDate()).toBe(wallClock(Date.now()).slice(0, 10));
	});

	it('calendar arithmetic on YYYY-MM-DD dates', () => {
		expect(daysBetween('2026-11-20', '2026-12-20')).toBe(30);
		expect(daysBetween('2022-10-29', '2022-10-31')).toBe(2);
		expect(daysBetween('2026-12-20', '2026-11-20')).toBe(-30);
		expect(addDays('2026-12-20', 15)).toBe('2027-01-04');
		expect(lastDayOfMonth('2028-02-10')).toBe('2028-02-29');
		expect(lastDayOfMonth('2026-12-31')).toBe('2026-12-31');
	});
});

describe("mexicoCityMoment: a sale's moment is an instant, placed on Mexico City's calendar", () => {
	/** The oracle's day and time at an instant, as the moment gives them. */
	const expected = (epochMs: number) => {
		const [date, time] = wallClock(epochMs).split('T');
		return { date, time };
	};

	it('an instant at the edge of a month, however it is written, falls in the month Mexico City was in', () => {
		// 31 October 2026 23:30 in Mexico City (UTC-6): 1 November 05:30 UTC.
		const at = utc('2026-11-01T05:30:00');
		for (const written of [
			'2026-11-01T05:30:00Z',
			'2026-11-01T05:30:00.000Z',
			'2026-11-01T05:30:00+00:00',
			'2026-11-01T06:30:00+01:00',
			'2026-11-01T19:30:00+14:00',
			'2026-10-31T21:30:00-08:00',
			'2026-11-01 05:30:00 +0000',
			'Sun, 01 Nov 2026 05:30:00 +0000',
			'Sun, 01 Nov 2026 05:30:00 GMT',
			new Date(at),
			DateTime.fromMillis(at, { zone: 'Pacific/Kiritimati' }),
			DateTime.fromMillis(at, { zone: 'America/Los_Angeles' }),
		]) {
			expect([String(written), mexicoCityMoment(written)]).toEqual([
				String(written),
				{ date: '2026-10-31', time: '23:30:00' },
			]);
			expect(mexicoCityMonthOf(written)).toEqual({ year: 2026, month: 10 });
		}
		expect(mexicoCityMoment('2026-11-01T05:30:00Z')).toEqual(expected(at));
		// And a minute after midnight there, November.
		expect(mexicoCityMonthOf('2026-11-01T06:01:00Z')).toEqual({ year: 2026, month: 11 });
		expect(mexicoCityMonthOf('Sun, 01 Nov 2026 06:01:00 +0000')).toEqual({ year: 2026, month: 11 });
	});

	it('in daylight saving time (before 30 October 2022) the offset of that day applies: UTC-5', () => {
		// 31 July 2022 23:30 in Mexico City was 1 August 04:30 UTC; under UTC-6 it would read 22:30.
		expect(mexicoCityMoment('2022-08-01T04:30:00Z')).toEqual({
			date: '2022-07-31',
			time: '23:30:00',
		});
		expect(mexicoCityMoment('Mon, 01 Aug 2022 04:30:00 +0000')).toEqual({
			date: '2022-07-31',
			time: '23:30:00',
		});
		expect(mexicoCityMoment(new Date(utc('2022-08-01T04:30:00')))).toEqual({
			date: '2022-07-31',
			time: '23:30:00',
		});
		// 05:30 UTC on 1 August 2022 was already August there.
		expect(mexicoCityMonthOf('2022-08-01T05:30:00Z')).toEqual({ year: 2022, month: 8 });
		// The night daylight time ended: 30 September 2022 23:30 was 04:30 UTC on 1 October.
		expect(mexicoCityMonthOf('2022-10-01T04:30:00Z')).toEqual({ year: 2022, month: 9 });
		// After it ended, UTC-6: 31 October 2022 23:30 was 05:30 UTC on 1 November.
		expect(mexicoCityMonthOf('2022-11-01T05:30:00Z')).toEqual({ year: 2022, month: 10 });
	});

	it("a zone-less text is the shop's wall clock, kept as written", () => {
		expect(mexicoCityMoment('2026-11-01T05:30:00')).toEqual({
			date: '2026-11-01',
			time: '05:30:00',
		});
		expect(mexicoCityMoment('2026-11-01 05:30')).toEqual({ date: '2026-11-01', time: '05:30:00' });
		expect(mexicoCityMoment('2026-11-01T05:30:00.250')).toEqual({
			date: '2026-11-01',
			time: '05:30:00',
		});
		expect(mexicoCityMoment(' 2026-11-01 ')).toEqual({ date: '2026-11-01' });
	});

	it('epoch seconds or milliseconds only where a field says it takes them', () => {
		const seconds = utc('2026-11-01T05:30:00') / 1000;
		expect(mexicoCityMoment(seconds)).toBeNull();
		expect(mexicoCityMoment(seconds, { epoch: 'seconds' })).toEqual({
			date: '2026-10-31',
			time: '23:30:00',
		});
		expect(mexicoCityMoment(String(seconds * 1000), { epoch: 'milliseconds' })).toEqual({
			date: '2026-10-31',
			time: '23:30:00',
		});
	});

	it('what is not a real date or date-time is no moment', () => {
		for (const value of [
			'yesterday',
			'on 2026-11-25T10:00:00',
			'2026-02-30',
			'2026-11-01T25:00:00',
			'2026-11-01T24:00:00',
			'2026-11-01T05:30:00 Mexico',
			new Date(Number.NaN),
			'',
			null,
			undefined,
			{},
		])
			expect([value, mexicoCityMoment(value)]).toEqual([value, null]);
	});

	it('5,000 random instants 2015-2030, written in UTC, in another offset and in RFC 2822, agree with the oracle', () => {
		const next = random(39);
		const from = utc('2015-01-01T00:00:00');
		const to = utc('2031-01-01T00:00:00');
		for (let run = 0; run < 5_000; run++) {
			const at = Math.floor((from + next() * (to - from)) / 1000) * 1000;
			const want = expected(at);
			const iso = new Date(at).toISOString();
			expect(mexicoCityMoment(iso)).toEqual(want);
			expect(mexicoCityMoment(new Date(at).toUTCString())).toEqual(want);
			expect(mexicoCityMoment(DateTime.fromMillis(at).setZone('UTC+5:45').toISO())).toEqual(want);
			expect(cfdiDateTime(iso)).toBe(`${want.date}T${want.time}`);
		}
	});
});

describe("an instant's wall clock is luxon's, read faster (issue 40 item 5)", () => {
	/** What the node wrote before: luxon's zone change and format of the instant. */
	const luxonWallClock = (epochMs: number) => {
		const [date, time] = DateTime.fromMillis(epochMs, { zone: 'America/Mexico_City' })
			.toFormat("yyyy-MM-dd'T'HH:mm:ss")
			.split('T');
		return { date, time };
	};

	it('5,000 random instants to the millisecond, 1890-2100 (local mean time, daylight saving time, UTC-6), agree with luxon', () => {
		const next = random(40);
		const from = utc('1890-01-01T00:00:00');
		const to = utc('2100-01-01T00:00:00');
		for (let run = 0; run < 5_000; run++) {
			const at = Math.floor(from + next() * (to - from));
			expect([at, mexicoCityMoment(new Date(at))]).toEqual([at, luxonWallClock(at)]);
		}
	});

	it('around midnight, the changes of offset, the first and last four-digit years, and a fraction of a millisecond', () => {
		const instants = [
			-1,
			0,
			utc('2022-10-30T06:59:59.999'),
			utc('2022-10-30T07:00:00'),
			utc('2021-04-04T07:59:59.999'),
			utc('2021-04-04T08:00:00'),
			utc('2026-11-30T05:59:59.999'),
			utc('2026-11-30T06:00:00'),
		];
		for (const year of [999, 1000, 1001, 9998, 9999])
			for (const day of [-1, 0, 1]) instants.push(Date.UTC(year, 0, 1) + day * 86_400_000);
		for (const at of instants)
			expect([at, mexicoCityMoment(new Date(at))]).toEqual([at, luxonWallClock(at)]);
		// Epoch text may carry decimals: they are luxon's to round, as before.
		const fraction = '1700000000999.75';
		expect(mexicoCityMoment(fraction, { epoch: 'milliseconds' })).toEqual(
			luxonWallClock(Number(fraction)),
		);
	});
});

describe('cfdiDateTime reads an instant by the same rule', () => {
	it('RFC 2822 and a spaced offset are instants too', () => {
		expect(cfdiDateTime('Sun, 01 Nov 2026 05:30:00 +0000')).toBe('2026-10-31T23:30:00');
		expect(cfdiDateTime('2026-11-01 05:30:00 +0000')).toBe('2026-10-31T23:30:00');
		expect(cfdiDateTime('Mon, 01 Aug 2022 04:30:00 GMT')).toBe('2022-07-31T23:30:00');
	});
});

describe("the voucher list's dates, whose zone is not known (issue 39)", () => {
	test('listedDateWindow reaches 14 hours further each way, never before 1970', () => {
		expect(listedDateWindow({ from: 1_795_000_000, to: 1_795_086_400 })).toEqual({
			from: 1_795_000_000 - 50_400,
			to: 1_795_086_400 + 50_400,
		});
		expect(listedDateWindow({ from: 3_600, to: 7_200 })).toEqual({ from: 0, to: 57_600 });
	});

	test('sameDateInSomeZone: whole quarter hours apart within 14 hours', () => {
		const own = '2026-11-25T09:15:00';
		expect(sameDateInSomeZone(own, own)).toBe(true);
		expect(sameDateInSomeZone('2026-11-25T15:15:00', own)).toBe(true);
		expect(sameDateInSomeZone('2026-11-25 14:45:00', own)).toBe(true);
		expect(sameDateInSomeZone('2026-11-24T19:15:00', own)).toBe(true);
		expect(sameDateInSomeZone('2026-11-24T19:00:00', own)).toBe(false);
		expect(sameDateInSomeZone('2026-11-25T15:15:01', own)).toBe(false);
		expect(sameDateInSomeZone('not a date', own)).toBe(false);
	});
});
