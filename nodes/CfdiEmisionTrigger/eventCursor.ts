/**
 * What the trigger remembers between polls (kept in the node's static data, so it survives
 * restarts) and how a new read of the voucher list becomes events. Pure: the node fetches.
 *
 * The list is searched by voucher date, not by stamping or cancellation time, so each poll reads
 * a window that reaches back before the previous poll and compares against what it has seen.
 */
import { matchesVoucherFilter, type VoucherFilter } from '../CfdiEmision/shared/voucherFilters';
import { statusFromSubEstatus, toUnixSeconds, type VoucherRecord, type VoucherStatus } from '../CfdiEmision/shared/voucherRecords';

export type TriggerEvent = 'voucherStamped' | 'cancellationStatusChanged';

export interface CursorState {
	version: 1;
	event: TriggerEvent;
	/** Unix seconds at which the last successful poll read the list. */
	polledUntil: number;
	/**
	 * UUID → [subEstatusId, voucher date in Unix seconds]. Voucher Stamped: every voucher seen.
	 * Cancellation Status Changed: only vouchers not plainly stamped (3 cancelled, 4 waiting).
	 */
	vouchers: Record<string, [number, number]>;
}

export interface EventFilters extends VoucherFilter {
	/** Cancellation Status Changed only: the new statuses to report. */
	statuses: Array<'cancelled' | 'pendingAcceptance' | 'rejected'>;
}

export interface TriggerItem extends VoucherRecord {
	event: TriggerEvent;
	previousStatus?: VoucherStatus;
}

/** The service writes voucher dates in Mexico City time. */
const SERVICE_TIME_ZONE = 'America/Mexico_City';
/** Reach a little past "now" in case the service's clock runs ahead of this one. */
const CLOCK_SKEW_SECONDS = 600;
const STAMPED = 2;
const CANCELLED = 3;
const WAITING = 4;

export function isCursorFor(value: unknown, event: TriggerEvent): value is CursorState {
	const state = value as Partial<CursorState> | undefined;
	return !!state && state.version === 1 && state.event === event && typeof state.polledUntil === 'number' && !!state.vouchers && typeof state.vouchers === 'object';
}

/** The list range a poll reads: from the look-back before the last poll (or now, on activation) to now. */
export function pollWindow(state: CursorState | undefined, now: number, lookBackSeconds: number): { from: number; to: number } {
	const anchor = state ? Math.min(state.polledUntil, now) : now;
	return { from: Math.max(0, anchor - lookBackSeconds), to: now + CLOCK_SKEW_SECONDS };
}

function dateSeconds(record: VoucherRecord, fallback: number): number {
	return (record.date ? toUnixSeconds(record.date, SERVICE_TIME_ZONE) : null) ?? fallback;
}

function remembered(event: TriggerEvent, subEstatusId: number | null): boolean {
	if (subEstatusId !== STAMPED && subEstatusId !== CANCELLED && subEstatusId !== WAITING) return false;
	return event === 'voucherStamped' || subEstatusId !== STAMPED;
}

/**
 * Folds a read of the list into the state. On activation (no state) everything read becomes the
 * baseline and nothing is reported: the trigger starts from now. Entries older than the next
 * window are dropped, so the state stays as small as the window.
 */
export function advanceCursor(
	event: TriggerEvent,
	state: CursorState | undefined,
	records: VoucherRecord[],
	now: number,
	lookBackSeconds: number,
): { state: CursorState; changes: TriggerItem[] } {
	const vouchers: Record<string, [number, number]> = { ...(state?.vouchers ?? {}) };
	const changes: TriggerItem[] = [];
	for (const record of records) {
		const current = record.subEstatusId;
		if (current !== STAMPED && current !== CANCELLED && current !== WAITING) continue;
		const known = vouchers[record.uuid];
		if (state) {
			if (event === 'voucherStamped' && !known) changes.push({ ...record, event });
			if (event === 'cancellationStatusChanged') {
				const previous = known?.[0] ?? STAMPED;
				if (previous !== current) {
					const status = previous === WAITING && current === STAMPED ? 'rejected' : record.status;
					changes.push({ ...record, event, status: status as VoucherStatus, previousStatus: statusFromSubEstatus(previous) });
				}
			}
		}
		if (remembered(event, current)) vouchers[record.uuid] = [current, dateSeconds(record, now)];
		else delete vouchers[record.uuid];
	}
	const horizon = now - lookBackSeconds;
	for (const [uuid, [, date]] of Object.entries(vouchers)) if (date < horizon) delete vouchers[uuid];
	changes.sort((a, b) => dateSeconds(a, now) - dateSeconds(b, now) || (a.voucherId ?? 0) - (b.voucherId ?? 0));
	return { state: { version: 1, event, polledUntil: now, vouchers }, changes };
}

/** Fetch Test Event: the newest voucher that would fit the event, reported as that event. */
export function latestEvent(event: TriggerEvent, records: VoucherRecord[], filters: EventFilters): TriggerItem[] {
	const candidates = records
		.filter((record) => (event === 'voucherStamped' ? remembered(event, record.subEstatusId) : record.subEstatusId === CANCELLED || record.subEstatusId === WAITING))
		.map((record): TriggerItem => (event === 'voucherStamped' ? { ...record, event } : { ...record, event, previousStatus: 'stamped' }))
		.filter((item) => matchesFilters(item, event, filters))
		.sort((a, b) => dateSeconds(b, 0) - dateSeconds(a, 0) || (b.voucherId ?? 0) - (a.voucherId ?? 0));
	return candidates.slice(0, 1);
}

export function matchesFilters(item: TriggerItem, event: TriggerEvent, filters: EventFilters): boolean {
	if (!matchesVoucherFilter(item, filters)) return false;
	if (event === 'cancellationStatusChanged' && !(filters.statuses as string[]).includes(item.status)) return false;
	return true;
}
