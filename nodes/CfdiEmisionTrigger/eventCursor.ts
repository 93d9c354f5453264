/**
 * What the trigger remembers between polls (kept in the node's static data, so it survives
 * restarts) and how a new read of the voucher list becomes events. Pure: the node fetches.
 *
 * The list is searched by voucher date, not by stamping or cancellation time, so each poll reads
 * a window that reaches back before the previous poll and compares against what it has seen.
 *
 * Each event is reported once for the life of the workflow, whatever the windows become: the cursor
 * knows the state of every voucher dated from `coveredFrom` on (remembered, or for Cancellation
 * Status Changed plainly stamped). A voucher dated before that is outside what the trigger watched
 * (before activation, or forgotten when a window was lowered): it is learned silently, never
 * reported, so raising a window neither reports a voucher again nor back-fills the time before
 * activation. What is remembered is bounded by the window and by MAX_REMEMBERED.
 */
import {
	isRecord,
	LISTED_DATE_MARGIN_SECONDS,
	listedDateWindow,
	matchesVoucherFilter,
	statusFromSubEstatus,
	unixSeconds,
	type VoucherFilter,
	type VoucherRecord,
	type VoucherStatus,
} from '../CfdiEmision/trigger';

export type TriggerEvent = 'voucherStamped' | 'cancellationStatusChanged';

export interface CursorState {
	version: 2;
	event: TriggerEvent;
	/** Unix seconds of the first poll after activation (or of the rebuild of an unreadable cursor). */
	activatedAt: number;
	/** Unix seconds at which the last successful poll read the list. */
	polledUntil: number;
	/** Voucher date (Unix seconds) from which the cursor knows every voucher; older ones are never reported. */
	coveredFrom: number;
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

/** Reach a little past "now" in case the service's clock runs ahead of this one. */
const CLOCK_SKEW_SECONDS = 600;
/**
 * At most this many vouchers are remembered (about 40 bytes each in the workflow's static data).
 * Beyond it the oldest are forgotten and `coveredFrom` moves up past them.
 */
export const MAX_REMEMBERED = 20_000;
const STAMPED = 2;
const CANCELLED = 3;
const WAITING = 4;

/** What the static data held, read for this event. */
export type CursorReading =
	/** Nothing yet (first activation), or a cursor of the other event (the event was switched): start from now. */
	| { kind: 'fresh' }
	| { kind: 'ok'; state: CursorState }
	/**
	 * Unreadable. `state` is what could be rebuilt from its readable parts (undefined when not even the
	 * time of the last poll could be read); `lost` counts remembered vouchers that could not be read
	 * (-1: the whole list was unreadable).
	 */
	| { kind: 'corrupt'; problem: string; state: CursorState | undefined; lost: number };

const isTime = (value: unknown): value is number =>
	typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isEntry = (value: unknown): value is [number, number] =>
	Array.isArray(value) && value.length === 2 && Number.isInteger(value[0]) && isTime(value[1]);
const isEvent = (value: unknown): value is TriggerEvent =>
	value === 'voucherStamped' || value === 'cancellationStatusChanged';
export { isRecord };

/** Reads the node's static data for `event` (a cursor of version 1, before coveredFrom existed, is carried over). */
export function readCursor(
	value: unknown,
	event: TriggerEvent,
	now: number,
	lookBackSeconds: number,
): CursorReading {
	if (value === undefined) return { kind: 'fresh' };
	if (!isRecord(value)) return corrupt('it is not an object', {}, event, now, lookBackSeconds);
	const data = value;
	if (Object.keys(data).length === 0) return { kind: 'fresh' };
	const problems: string[] = [];
	if (data.version !== 1 && data.version !== 2)
		problems.push(`unknown version ${JSON.stringify(data.version)}`);
	if (!isEvent(data.event)) problems.push('no event');
	if (!isTime(data.polledUntil)) problems.push('no time of the last poll');
	if (data.version === 2 && (!isTime(data.coveredFrom) || !isTime(data.activatedAt)))
		problems.push('no covered range');
	const vouchers = data.vouchers;
	if (!vouchers || typeof vouchers !== 'object' || Array.isArray(vouchers))
		problems.push('no voucher list');
	else if (!Object.values(vouchers).every(isEntry)) problems.push('unreadable voucher entries');
	if (problems.length) return corrupt(problems.join(', '), data, event, now, lookBackSeconds);
	if (data.event !== event) return { kind: 'fresh' };
	const polledUntil = data.polledUntil as number;
	if (data.version === 1) {
		return {
			kind: 'ok',
			state: {
				version: 2,
				event,
				activatedAt: polledUntil,
				polledUntil,
				coveredFrom: polledUntil - lookBackSeconds,
				vouchers: { ...(vouchers as CursorState['vouchers']) },
			},
		};
	}
	return {
		kind: 'ok',
		state: {
			...(data as unknown as CursorState),
			vouchers: { ...(vouchers as CursorState['vouchers']) },
		},
	};
}

/**
 * Rebuilds what can be read: the readable voucher entries and the time of the last poll (or, failing
 * that, the newest remembered voucher date). From there the next read reports what it does not
 * know, so nothing stamped or cancelled meanwhile is lost; a voucher whose entry was lost may be
 * reported a second time. With no time at all, it starts again from now.
 */
function corrupt(
	problem: string,
	data: Record<string, unknown>,
	event: TriggerEvent,
	now: number,
	lookBackSeconds: number,
): CursorReading {
	const raw =
		data &&
		typeof data === 'object' &&
		data.vouchers &&
		typeof data.vouchers === 'object' &&
		!Array.isArray(data.vouchers)
			? (data.vouchers as Record<string, unknown>)
			: {};
	const vouchers: CursorState['vouchers'] = {};
	let lost = 0;
	for (const [uuid, entry] of Object.entries(raw)) {
		if (isEntry(entry)) vouchers[uuid] = [entry[0], entry[1]];
		else lost += 1;
	}
	// A voucher list that is not an object at all: none of its entries can be counted.
	if (data && typeof data === 'object' && data.vouchers !== undefined && raw !== data.vouchers)
		lost = -1;
	const sameEvent = !isEvent(data?.event) || data.event === event;
	const newest = Object.values(vouchers).reduce((max, [, date]) => Math.max(max, date), -1);
	const polledUntil = isTime(data?.polledUntil)
		? Math.min(data.polledUntil, now)
		: newest >= 0
			? Math.min(newest, now)
			: undefined;
	if (!sameEvent || polledUntil === undefined)
		return { kind: 'corrupt', problem, state: undefined, lost };
	const coveredFrom = isTime(data.coveredFrom) ? data.coveredFrom : polledUntil - lookBackSeconds;
	const activatedAt = isTime(data.activatedAt) ? data.activatedAt : polledUntil;
	return {
		kind: 'corrupt',
		problem,
		state: { version: 2, event, activatedAt, polledUntil, coveredFrom, vouchers },
		lost,
	};
}

/**
 * The list range a poll reads: from the look-back before the last poll (or now, on activation) to
 * now, and the zone margin further both ways (the zone of the list's dates is not known).
 */
export function pollWindow(
	state: CursorState | undefined,
	now: number,
	lookBackSeconds: number,
): { from: number; to: number } {
	const anchor = state ? Math.min(state.polledUntil, now) : now;
	return listedDateWindow({
		from: Math.max(0, anchor - lookBackSeconds),
		to: now + CLOCK_SKEW_SECONDS,
	});
}

function dateSeconds(record: VoucherRecord, fallback: number): number {
	// The service writes voucher dates on Mexico City's clock, unixSeconds' default.
	return (record.date ? unixSeconds(record.date) : null) ?? fallback;
}

function remembered(event: TriggerEvent, subEstatusId: number | null): boolean {
	if (subEstatusId !== STAMPED && subEstatusId !== CANCELLED && subEstatusId !== WAITING)
		return false;
	return event === 'voucherStamped' || subEstatusId !== STAMPED;
}

/**
 * Folds a read of the list into the state. On activation (no state) everything read becomes the
 * baseline and nothing is reported: the trigger starts from now. A voucher dated before the state's
 * `coveredFrom` is learned without being reported. Entries older than the window are then dropped
 * (and `coveredFrom` moves up to the window's start), so the state stays as small as the window.
 */
export function advanceCursor(
	event: TriggerEvent,
	state: CursorState | undefined,
	records: VoucherRecord[],
	now: number,
	lookBackSeconds: number,
): { state: CursorState; changes: TriggerItem[] } {
	const vouchers: Record<string, [number, number]> = { ...(state?.vouchers ?? {}) };
	const changes: Array<{ item: TriggerItem; date: number }> = [];
	for (const record of records) {
		const current = record.subEstatusId;
		if (current !== STAMPED && current !== CANCELLED && current !== WAITING) continue;
		const known = vouchers[record.uuid];
		const date = dateSeconds(record, now);
		if (state && date >= state.coveredFrom) {
			if (event === 'voucherStamped' && !known) changes.push({ item: { ...record, event }, date });
			if (event === 'cancellationStatusChanged') {
				const previous = known?.[0] ?? STAMPED;
				if (previous !== current) {
					const status = previous === WAITING && current === STAMPED ? 'rejected' : record.status;
					changes.push({
						item: {
							...record,
							event,
							status: status as VoucherStatus,
							previousStatus: statusFromSubEstatus(previous),
						},
						date,
					});
				}
			}
		}
		if (remembered(event, current)) vouchers[record.uuid] = [current, date];
		else delete vouchers[record.uuid];
	}
	// Everything dated from the read's start on (the window less the zone margin) is now known;
	// older entries are forgotten.
	let coveredFrom = now - lookBackSeconds - LISTED_DATE_MARGIN_SECONDS;
	for (const [uuid, [, date]] of Object.entries(vouchers))
		if (date < coveredFrom) delete vouchers[uuid];
	const entries = Object.entries(vouchers);
	if (entries.length > MAX_REMEMBERED) {
		entries.sort((a, b) => b[1][1] - a[1][1]);
		const cut = entries[MAX_REMEMBERED - 1][1][1];
		for (const [uuid, [, date]] of entries) if (date < cut) delete vouchers[uuid];
		coveredFrom = Math.max(coveredFrom, cut);
	}
	changes.sort((a, b) => a.date - b.date || (a.item.voucherId ?? 0) - (b.item.voucherId ?? 0));
	const activatedAt = state?.activatedAt ?? now;
	return {
		state: { version: 2, event, activatedAt, polledUntil: now, coveredFrom, vouchers },
		changes: changes.map(({ item }) => item),
	};
}

/** Fetch Test Event: the newest voucher that would fit the event, reported as that event. */
export function latestEvent(
	event: TriggerEvent,
	records: VoucherRecord[],
	filters: EventFilters,
): TriggerItem[] {
	const candidates = records
		.filter((record) =>
			event === 'voucherStamped'
				? remembered(event, record.subEstatusId)
				: record.subEstatusId === CANCELLED || record.subEstatusId === WAITING,
		)
		.map((record): TriggerItem =>
			event === 'voucherStamped'
				? { ...record, event }
				: { ...record, event, previousStatus: 'stamped' },
		)
		.filter((item) => matchesFilters(item, event, filters))
		.sort(
			(a, b) => dateSeconds(b, 0) - dateSeconds(a, 0) || (b.voucherId ?? 0) - (a.voucherId ?? 0),
		);
	return candidates.slice(0, 1);
}

export function matchesFilters(
	item: TriggerItem,
	event: TriggerEvent,
	filters: EventFilters,
): boolean {
	if (!matchesVoucherFilter(item, filters)) return false;
	if (
		event === 'cancellationStatusChanged' &&
		!(filters.statuses as string[]).includes(item.status)
	)
		return false;
	return true;
}
