/**
 * The global invoice's deadline: stamped within 24 hours after the period it covers closes (RMF
 * rule 2.7.1.21; the SAT's global CFDI guide: a monthly global for November before 1 December
 * ends). InformacionGlobal names the month (01-12) or the two months (13-18); a daily, weekly or
 * fortnightly period ends by the end of its month at the latest, so only that bound is known there.
 */
import { mexicoCityDateOf, monthEndMs } from '../../../cfdi/mexicoTime';

const DAY_MS = 86_400_000;

/** The end of the months InformacionGlobal names, as an instant (epoch ms), or undefined when unreadable. */
export function globalPeriodEnd(info: {
	periodicidad: string;
	meses: string | number;
	anio: string | number;
}): number | undefined {
	const meses = Number(info.meses);
	const anio = Number(info.anio);
	if (!Number.isInteger(meses) || !Number.isInteger(anio)) return undefined;
	// 13 = January-February ... 18 = November-December: the period ends with the second month.
	const lastMonth = meses >= 13 && meses <= 18 ? (meses - 12) * 2 : meses;
	if (lastMonth < 1 || lastMonth > 12) return undefined;
	return monthEndMs(anio, lastMonth);
}

/**
 * A sentence warning that the global invoice is stamped more than 24 hours after its period
 * closed, or undefined when it is in time (or the period cannot be read).
 */
export function lateGlobalInvoiceWarning(
	info: { periodicidad: string; meses: string | number; anio: string | number },
	stampedAt: number,
): string | undefined {
	const end = globalPeriodEnd(info);
	if (end === undefined || stampedAt <= end + DAY_MS) return undefined;
	const hours = Math.floor((stampedAt - end) / 3_600_000);
	const closed = mexicoCityDateOf(end);
	const bound = ['01', '02', '03'].includes(String(info.periodicidad))
		? ' (a daily, weekly or fortnightly period closes at the end of its month at the latest)'
		: '';
	return `This global invoice is stamped ${hours} hours after its period closed (${closed} 00:00 Mexico City time)${bound}: the SAT asks for it within 24 hours after the period closes (RMF rule 2.7.1.21). Stamp the period's global invoice on time, e.g. with a Schedule Trigger right after the period closes.`;
}
