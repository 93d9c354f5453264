import {
	advanceCursor,
	latestEvent,
	MAX_REMEMBERED,
	pollWindow,
	readCursor,
	type CursorState,
} from '../../../nodes/CfdiEmisionTrigger/eventCursor';
import type { VoucherRecord } from '../../../nodes/CfdiEmision/api/voucherRecords';
import { statusFromSubEstatus } from '../../../nodes/CfdiEmision/api/voucherRecords';

const NOW = Date.UTC(2024, 4, 10, 16) / 1000; // 2024-05-10T10:00:00 Mexico City
const HOUR = 3600;
const MARGIN = 14 * HOUR; // every read of the list reaches this further both ways (issue 39)
const DAY_S = 86_400;

function record(
	uuid: string,
	subEstatusId: number,
	date = '2024-05-10T09:00:00',
	extra: Partial<VoucherRecord> = {},
): VoucherRecord {
	return {
		uuid,
		voucherId: 1,
		date,
		status: statusFromSubEstatus(subEstatusId),
		subEstatusId,
		statusDescription: null,
		series: 'A',
		folio: null,
		recipientRfc: 'XAXX010101000',
		recipientName: null,
		subtotal: 1,
		total: 1,
		currency: 'MXN',
		...extra,
	};
}

describe('trigger cursor', () => {
	it('reads from the look-back before the last poll, or before now on activation', () => {
		expect(pollWindow(undefined, NOW, 72 * HOUR)).toEqual({
			from: NOW - 72 * HOUR - MARGIN,
			to: NOW + 600 + MARGIN,
		});
		const state: CursorState = {
			version: 2,
			event: 'voucherStamped',
			activatedAt: NOW - 9 * HOUR,
			polledUntil: NOW - 5 * HOUR,
			coveredFrom: NOW - 77 * HOUR,
			vouchers: {},
		};
		expect(pollWindow(state, NOW, 72 * HOUR)).toEqual({
			from: NOW - 77 * HOUR - MARGIN,
			to: NOW + 600 + MARGIN,
		});
	});

	it('voucher stamped: baseline reports nothing, new UUIDs once, drafts never, old entries are dropped', () => {
		const base = advanceCursor(
			'voucherStamped',
			undefined,
			[record('A', 2), record('D', 0)],
			NOW,
			72 * HOUR,
		);
		expect(base.changes).toEqual([]);
		expect(Object.keys(base.state.vouchers)).toEqual(['A']);

		const later = NOW + HOUR;
		const next = advanceCursor(
			'voucherStamped',
			base.state,
			[
				record('B', 2, '2024-05-10T10:30:00'),
				record('C', 3, '2024-05-10T10:20:00'),
				record('A', 3),
				record('OLD', 2, '2024-05-01T00:00:00'),
			],
			later,
			72 * HOUR,
		);
		// OLD lies before what the cursor covers (the look-back of the activation): never reported, not kept.
		expect(next.changes.map((c) => c.uuid)).toEqual(['C', 'B']);
		expect(Object.keys(next.state.vouchers).sort()).toEqual(['A', 'B', 'C']);
		expect(next.state.polledUntil).toBe(later);
		expect(
			advanceCursor(
				'voucherStamped',
				next.state,
				[record('B', 2), record('C', 3)],
				later + 60,
				72 * HOUR,
			).changes,
		).toEqual([]);
	});

	it('cancellation: reports transitions with the previous status and keeps only non-stamped vouchers', () => {
		const base = advanceCursor(
			'cancellationStatusChanged',
			undefined,
			[record('W', 4), record('S', 2), record('X', 3)],
			NOW,
			30 * 86_400,
		);
		expect(base.changes).toEqual([]);
		expect(Object.keys(base.state.vouchers).sort()).toEqual(['W', 'X']);
		const next = advanceCursor(
			'cancellationStatusChanged',
			base.state,
			[record('W', 2), record('S', 4), record('X', 3), record('N', 3)],
			NOW + 60,
			30 * 86_400,
		);
		expect(next.changes.map((c) => [c.uuid, c.previousStatus, c.status])).toEqual([
			['W', 'pendingAcceptance', 'rejected'],
			['S', 'stamped', 'pendingAcceptance'],
			['N', 'stamped', 'cancelled'],
		]);
		expect(Object.keys(next.state.vouchers).sort()).toEqual(['N', 'S', 'X']);
	});

	it('Fetch Test Event picks the newest fitting voucher, after filters', () => {
		const records = [
			record('A', 2, '2024-05-10T09:00:00', { series: 'B' }),
			record('B', 3, '2024-05-10T08:00:00'),
			record('C', 2, '2024-05-10T07:00:00'),
		];
		const filters = { series: [], recipientRfc: '', statuses: ['cancelled' as const] };
		expect(latestEvent('voucherStamped', records, filters).map((e) => e.uuid)).toEqual(['A']);
		expect(
			latestEvent('voucherStamped', records, { ...filters, series: ['A'] }).map((e) => e.uuid),
		).toEqual(['B']);
		expect(
			latestEvent('cancellationStatusChanged', records, filters).map((e) => [
				e.uuid,
				e.previousStatus,
			]),
		).toEqual([['B', 'stamped']]);
		expect(
			latestEvent('cancellationStatusChanged', records, { ...filters, statuses: ['rejected'] }),
		).toEqual([]);
	});

	describe('each event once for the life of the workflow, whatever the windows become', () => {
		const DAY = 86_400;
		/** A Mexico City wall-clock date `hours` before NOW. */
		const hoursAgo = (hours: number) =>
			new Date((NOW - hours * HOUR - 6 * HOUR) * 1000).toISOString().slice(0, 19);

		it('lowering then raising the window never reports a voucher again', () => {
			const base = advanceCursor('voucherStamped', undefined, [], NOW - 2 * HOUR, 72 * HOUR);
			const late = record('LATE', 2, hoursAgo(20));
			const reported = advanceCursor('voucherStamped', base.state, [late], NOW - HOUR, 72 * HOUR);
			expect(reported.changes.map((c) => c.uuid)).toEqual(['LATE']);
			// Window lowered to 1 hour: LATE (20 hours old) is forgotten, as is all before window and margin.
			const lowered = advanceCursor('voucherStamped', reported.state, [], NOW - HOUR / 2, HOUR);
			expect(lowered.state.vouchers).toEqual({});
			expect(lowered.state.coveredFrom).toBe(NOW - HOUR / 2 - HOUR - MARGIN);
			// Raised again: LATE is read again but lies before what the cursor covers: learned, not reported.
			const raised = advanceCursor('voucherStamped', lowered.state, [late], NOW, 72 * HOUR);
			expect(raised.changes).toEqual([]);
			expect(raised.state.vouchers).toHaveProperty('LATE');
			expect(
				advanceCursor('voucherStamped', raised.state, [late], NOW + 60, 72 * HOUR).changes,
			).toEqual([]);
		});

		it('raising the window does not back-fill vouchers that existed before activation; new back-dated ones are still reported', () => {
			const base = advanceCursor(
				'voucherStamped',
				undefined,
				[record('RECENT', 2, hoursAgo(0.5))],
				NOW - HOUR,
				HOUR,
			);
			expect(base.state).toMatchObject({
				activatedAt: NOW - HOUR,
				coveredFrom: NOW - 2 * HOUR - MARGIN,
			});
			const raised = advanceCursor(
				'voucherStamped',
				base.state,
				[record('RECENT', 2, hoursAgo(0.5)), record('BEFORE', 2, hoursAgo(30))],
				NOW,
				72 * HOUR,
			);
			expect(raised.changes).toEqual([]);
			// From now on the 72 hours are covered: a voucher stamped later and dated 30 hours back is new.
			const next = advanceCursor(
				'voucherStamped',
				raised.state,
				[record('BEFORE', 2, hoursAgo(30)), record('BACKDATED', 2, hoursAgo(31))],
				NOW + 60,
				72 * HOUR,
			);
			expect(next.changes.map((c) => c.uuid)).toEqual(['BACKDATED']);
			expect(next.state.activatedAt).toBe(NOW - HOUR);
		});

		it('raising Watch Window does not report an old cancellation as new; a later change of that voucher is reported', () => {
			const base = advanceCursor('cancellationStatusChanged', undefined, [], NOW - HOUR, DAY);
			const old = record('OLD', 3, hoursAgo(50));
			const raised = advanceCursor(
				'cancellationStatusChanged',
				base.state,
				[old, record('W', 4, hoursAgo(40))],
				NOW,
				3 * DAY,
			);
			expect(raised.changes).toEqual([]);
			expect(Object.keys(raised.state.vouchers).sort()).toEqual(['OLD', 'W']);
			const accepted = advanceCursor(
				'cancellationStatusChanged',
				raised.state,
				[old, record('W', 3, hoursAgo(40))],
				NOW + 60,
				3 * DAY,
			);
			expect(accepted.changes.map((c) => [c.uuid, c.previousStatus, c.status])).toEqual([
				['W', 'pendingAcceptance', 'cancelled'],
			]);
		});

		it('remembers at most MAX_REMEMBERED vouchers: the oldest are forgotten and never reported again', () => {
			const base = advanceCursor('voucherStamped', undefined, [], NOW - HOUR, 72 * HOUR);
			const many = Array.from({ length: MAX_REMEMBERED + 5 }, (_, i) =>
				record(`V${i}`, 2, hoursAgo(60 - i * (50 / MAX_REMEMBERED))),
			);
			const full = advanceCursor('voucherStamped', base.state, many, NOW, 72 * HOUR);
			expect(full.changes).toHaveLength(MAX_REMEMBERED + 5);
			expect(Object.keys(full.state.vouchers)).toHaveLength(MAX_REMEMBERED);
			expect(full.state.vouchers).not.toHaveProperty('V0');
			expect(
				advanceCursor('voucherStamped', full.state, many, NOW + 60, 72 * HOUR).changes,
			).toEqual([]);
		}, 120_000);
	});

	describe('reading the stored cursor', () => {
		const valid: CursorState = {
			version: 2,
			event: 'voucherStamped',
			activatedAt: NOW - DAY_S,
			polledUntil: NOW - 60,
			coveredFrom: NOW - 60 - 72 * HOUR,
			vouchers: { A: [2, NOW - HOUR] },
		};

		it('nothing stored, or a cursor of the other event: start from now', () => {
			expect(readCursor({}, 'voucherStamped', NOW, 72 * HOUR)).toEqual({ kind: 'fresh' });
			expect(
				readCursor(
					{ ...valid, event: 'cancellationStatusChanged' },
					'voucherStamped',
					NOW,
					72 * HOUR,
				),
			).toEqual({ kind: 'fresh' });
			expect(readCursor(valid, 'voucherStamped', NOW, 72 * HOUR)).toEqual({
				kind: 'ok',
				state: valid,
			});
		});

		it('a version 1 cursor (before coveredFrom) is carried over', () => {
			const v1 = {
				version: 1,
				event: 'voucherStamped',
				polledUntil: NOW - 60,
				vouchers: { A: [2, NOW - HOUR] },
			};
			expect(readCursor(v1, 'voucherStamped', NOW, 72 * HOUR)).toEqual({
				kind: 'ok',
				state: {
					version: 2,
					event: 'voucherStamped',
					activatedAt: NOW - 60,
					polledUntil: NOW - 60,
					coveredFrom: NOW - 60 - 72 * HOUR,
					vouchers: { A: [2, NOW - HOUR] },
				},
			});
		});

		it('garbled entries: rebuilt from the readable ones and the last poll, counting what was lost', () => {
			const reading = readCursor(
				{ ...valid, vouchers: { A: [2, NOW - HOUR], B: 'x', C: [2] } },
				'voucherStamped',
				NOW,
				72 * HOUR,
			);
			expect(reading).toEqual({
				kind: 'corrupt',
				problem: 'unreadable voucher entries',
				lost: 2,
				state: { ...valid, vouchers: { A: [2, NOW - HOUR] } },
			});
		});

		it('no time of the last poll: the newest remembered date stands in for it; nothing readable: start again', () => {
			const noTime = readCursor(
				{ version: 2, event: 'voucherStamped', vouchers: { A: [2, NOW - HOUR] } },
				'voucherStamped',
				NOW,
				72 * HOUR,
			);
			expect(noTime).toMatchObject({
				kind: 'corrupt',
				lost: 0,
				state: {
					polledUntil: NOW - HOUR,
					coveredFrom: NOW - HOUR - 72 * HOUR,
					vouchers: { A: [2, NOW - HOUR] },
				},
			});
			expect(readCursor('garbage', 'voucherStamped', NOW, 72 * HOUR)).toMatchObject({
				kind: 'corrupt',
				state: undefined,
			});
			for (const value of [null, 42, '', [1, 2]])
				expect(readCursor(value, 'voucherStamped', NOW, 72 * HOUR)).toMatchObject({
					kind: 'corrupt',
					problem: 'it is not an object',
					state: undefined,
				});
			expect(readCursor(undefined, 'voucherStamped', NOW, 72 * HOUR)).toEqual({ kind: 'fresh' });
			expect(readCursor({ version: 7 }, 'voucherStamped', NOW, 72 * HOUR)).toMatchObject({
				kind: 'corrupt',
				problem: expect.stringContaining('unknown version 7'),
				state: undefined,
			});
		});

		it('a rebuilt cursor loses no event: what was stamped meanwhile is reported, what it still remembers is not', () => {
			const reading = readCursor(
				{ ...valid, vouchers: { A: [2, NOW - HOUR], B: null } },
				'voucherStamped',
				NOW,
				72 * HOUR,
			);
			const state = reading.kind === 'corrupt' ? reading.state : undefined;
			const next = advanceCursor(
				'voucherStamped',
				state,
				[record('A', 2), record('NEW', 2)],
				NOW,
				72 * HOUR,
			);
			expect(next.changes.map((c) => c.uuid)).toEqual(['NEW']);
		});
	});
});

describe('trigger cursor on Mexico City time (the service lists dates on its wall clock)', () => {
	// Daylight saving time ended on 2022-10-30 at 02:00 CDT (07:00 UTC); the oracle is the UTC
	// instant of each wall-clock date under the offset of its day (UTC-5 before, UTC-6 after).
	const AT = Date.parse('2022-10-30T12:00:00Z') / 1000;
	const state = (coveredFrom: number): CursorState => ({
		version: 2,
		event: 'voucherStamped',
		activatedAt: AT - DAY_S,
		polledUntil: AT - HOUR,
		coveredFrom,
		vouchers: {},
	});

	it('a voucher dated 00:30 on the day daylight time ended is 05:30 UTC: before a cursor covering from 05:45 UTC, learned silently', () => {
		const coveredFrom = Date.parse('2022-10-30T05:45:00Z') / 1000;
		const { changes, state: next } = advanceCursor(
			'voucherStamped',
			state(coveredFrom),
			[record('EARLY', 2, '2022-10-30T00:30:00'), record('LATE', 2, '2022-10-30T02:30:00')],
			AT,
			3 * DAY_S,
		);
		expect(changes.map((change) => change.uuid)).toEqual(['LATE']);
		expect(next.vouchers).toEqual({
			EARLY: [2, Date.parse('2022-10-30T05:30:00Z') / 1000],
			LATE: [2, Date.parse('2022-10-30T08:30:00Z') / 1000],
		});
	});

	it('a summer 2022 voucher is remembered at its UTC-5 instant, a 2026 one at UTC-6', () => {
		const now = Date.parse('2026-07-01T18:00:00Z') / 1000;
		const { state: next } = advanceCursor(
			'voucherStamped',
			undefined,
			[record('OLD', 2, '2022-07-01T12:00:00'), record('NEW', 2, '2026-07-01T11:00:00')],
			now,
			5 * 365 * DAY_S,
		);
		expect(next.vouchers.OLD).toEqual([2, Date.parse('2022-07-01T17:00:00Z') / 1000]);
		expect(next.vouchers.NEW).toEqual([2, Date.parse('2026-07-01T17:00:00Z') / 1000]);
	});
});
