import {
	aspNetDate,
	mexicoCityDateTime,
	isBusinessDay,
	isoSeconds,
	mexicoCityEpoch,
} from '../../sandbox/clock';

// 2026-03-02T18:04:05.678Z is 12:04:05 in Mexico City (UTC-6, no daylight saving since 2022); a Monday.
const AT = Date.UTC(2026, 2, 2, 18, 4, 5, 678);

describe('the dates the sandbox writes', () => {
	it('a CFDI date-time is Mexico City wall-clock time without a zone, and reads back', () => {
		expect(mexicoCityDateTime(AT)).toBe('2026-03-02T12:04:05');
		expect(mexicoCityEpoch('2026-03-02T12:04:05')).toBe(Math.floor(AT / 1000) * 1000);
		expect(mexicoCityEpoch('2026-03-02 12:04')).toBeNaN();
	});

	it('SAS times are UTC seconds; the token expiry message uses the ASP.NET form', () => {
		expect(isoSeconds(AT)).toBe('2026-03-02T18:04:05Z');
		expect(aspNetDate(AT)).toBe('03/02/2026 18:04:05');
	});

	it('business days are Monday to Friday in Mexico City', () => {
		expect(isBusinessDay(AT)).toBe(true);
		// Saturday 00:30 UTC is still Friday evening in Mexico City
		expect(isBusinessDay(Date.UTC(2026, 2, 7, 0, 30))).toBe(true);
		expect(isBusinessDay(Date.UTC(2026, 2, 7, 18, 0))).toBe(false);
	});
});
