/**
 * Recent dates the tests give the node, in Mexico City (UTC-6 all year since October 2022). Plain
 * arithmetic here, not the node's cfdi/mexicoTime.ts: a test that used the node's clock would agree
 * with its mistakes.
 */
const MEXICO_CITY_OFFSET_MS = 6 * 3_600_000;

/** The first of this month (`monthsAgo` 0) or of an earlier one in Mexico City, at noon, as a UTC date. */
function monthStart(monthsAgo: number, day = 1): Date {
	const now = new Date(Date.now() - MEXICO_CITY_OFFSET_MS);
	return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, day, 12));
}

/** This month (`monthsAgo` 0) or an earlier one in Mexico City, as Create Global Invoice takes a period. */
export function monthlyPeriod(monthsAgo: number): { globalMonth: string; globalYear: number } {
	const start = monthStart(monthsAgo);
	return {
		globalMonth: String(start.getUTCMonth() + 1).padStart(2, '0'),
		globalYear: start.getUTCFullYear(),
	};
}

/** Day `day` of last month in Mexico City, at noon, as Shopify writes it. */
export function lastMonthDay(day: number): string {
	return `${monthStart(1, day).toISOString().slice(0, 19)}-06:00`;
}
