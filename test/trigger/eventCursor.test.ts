import { advanceCursor, latestEvent, pollWindow } from '../../nodes/CfdiEmisionTrigger/eventCursor';
import type { VoucherRecord } from '../../nodes/CfdiEmision/shared/voucherRecords';
import { statusFromSubEstatus } from '../../nodes/CfdiEmision/shared/voucherRecords';

const NOW = Date.UTC(2024, 4, 10, 16) / 1000; // 2024-05-10T10:00:00 Mexico City
const HOUR = 3600;

function record(uuid: string, subEstatusId: number, date = '2024-05-10T09:00:00', extra: Partial<VoucherRecord> = {}): VoucherRecord {
	return { uuid, voucherId: 1, date, status: statusFromSubEstatus(subEstatusId), subEstatusId, statusDescription: null, series: 'A', folio: null, recipientRfc: 'XAXX010101000', recipientName: null, subtotal: 1, total: 1, currency: 'MXN', ...extra };
}

describe('trigger cursor', () => {
	it('reads from the look-back before the last poll, or before now on activation', () => {
		expect(pollWindow(undefined, NOW, 72 * HOUR)).toEqual({ from: NOW - 72 * HOUR, to: NOW + 600 });
		const state = { version: 1 as const, event: 'voucherStamped' as const, polledUntil: NOW - 5 * HOUR, vouchers: {} };
		expect(pollWindow(state, NOW, 72 * HOUR)).toEqual({ from: NOW - 77 * HOUR, to: NOW + 600 });
	});

	it('voucher stamped: baseline reports nothing, new UUIDs once, drafts never, old entries are dropped', () => {
		const base = advanceCursor('voucherStamped', undefined, [record('A', 2), record('D', 0)], NOW, 72 * HOUR);
		expect(base.changes).toEqual([]);
		expect(Object.keys(base.state.vouchers)).toEqual(['A']);

		const later = NOW + HOUR;
		const next = advanceCursor('voucherStamped', base.state, [record('B', 2, '2024-05-10T10:30:00'), record('C', 3, '2024-05-10T10:20:00'), record('A', 3), record('OLD', 2, '2024-05-01T00:00:00')], later, 72 * HOUR);
		// OLD lies before the look-back: it is reported (it was not seen) but not kept.
		expect(next.changes.map((c) => c.uuid)).toEqual(['OLD', 'C', 'B']);
		expect(Object.keys(next.state.vouchers).sort()).toEqual(['A', 'B', 'C']);
		expect(next.state.polledUntil).toBe(later);
		expect(advanceCursor('voucherStamped', next.state, [record('B', 2), record('C', 3)], later + 60, 72 * HOUR).changes).toEqual([]);
	});

	it('cancellation: reports transitions with the previous status and keeps only non-stamped vouchers', () => {
		const base = advanceCursor('cancellationStatusChanged', undefined, [record('W', 4), record('S', 2), record('X', 3)], NOW, 30 * 86_400);
		expect(base.changes).toEqual([]);
		expect(Object.keys(base.state.vouchers).sort()).toEqual(['W', 'X']);
		const next = advanceCursor('cancellationStatusChanged', base.state, [record('W', 2), record('S', 4), record('X', 3), record('N', 3)], NOW + 60, 30 * 86_400);
		expect(next.changes.map((c) => [c.uuid, c.previousStatus, c.status])).toEqual([
			['W', 'pendingAcceptance', 'rejected'],
			['S', 'stamped', 'pendingAcceptance'],
			['N', 'stamped', 'cancelled'],
		]);
		expect(Object.keys(next.state.vouchers).sort()).toEqual(['N', 'S', 'X']);
	});

	it('Fetch Test Event picks the newest fitting voucher, after filters', () => {
		const records = [record('A', 2, '2024-05-10T09:00:00', { series: 'B' }), record('B', 3, '2024-05-10T08:00:00'), record('C', 2, '2024-05-10T07:00:00')];
		const filters = { series: [], recipientRfc: '', statuses: ['cancelled' as const] };
		expect(latestEvent('voucherStamped', records, filters).map((e) => e.uuid)).toEqual(['A']);
		expect(latestEvent('voucherStamped', records, { ...filters, series: ['A'] }).map((e) => e.uuid)).toEqual(['B']);
		expect(latestEvent('cancellationStatusChanged', records, filters).map((e) => [e.uuid, e.previousStatus])).toEqual([['B', 'stamped']]);
		expect(latestEvent('cancellationStatusChanged', records, { ...filters, statuses: ['rejected'] })).toEqual([]);
	});
});
