/**
 * Two global invoices of one period from concurrent runs (actions/voucher/globalInvoice/globalTwins.ts, issue 33 item
 * 3): the advice keeps every ticket declared exactly once.
 */
import {
	globalTwinAdvice,
	globalTwinMessage,
	ticketList,
	type GlobalTwin,
} from '../../../../../../nodes/CfdiEmision/actions/voucher/globalInvoice/globalTwins';

const twin = (uuid: string, ...tickets: string[]): GlobalTwin => ({ uuid, tickets });

/** Every ticket of the twins is declared exactly once by what is kept and what replaces. */
function declaredOnce(twins: GlobalTwin[], advice: ReturnType<typeof globalTwinAdvice>) {
	const counts = new Map<string, number>();
	const add = (tickets: string[]) =>
		tickets.forEach((ticket) => counts.set(ticket, (counts.get(ticket) ?? 0) + 1));
	for (const uuid of advice.keep) add(twins.find((one) => one.uuid === uuid)!.tickets);
	for (const entry of advice.cancel) add(entry.declareAgain ?? []);
	const all = new Set(twins.flatMap((one) => one.tickets));
	return [...all].every((ticket) => counts.get(ticket) === 1);
}

describe('globalTwinAdvice', () => {
	test('T1-T3 and T1-T4: cancel the T1-T3 one (motive 02), whichever is older', () => {
		const small = twin('A', 'T1', 'T2', 'T3');
		const large = twin('B', 'T1', 'T2', 'T3', 'T4');
		for (const twins of [
			[small, large],
			[large, small],
		]) {
			const advice = globalTwinAdvice(twins);
			expect(advice).toEqual({ keep: ['B'], cancel: [{ uuid: 'A', motive: '02' }] });
			expect(declaredOnce(twins, advice)).toBe(true);
		}
	});

	test('the same tickets: keep the older, cancel the newer (motive 02)', () => {
		expect(globalTwinAdvice([twin('A', 'T1', 'T2'), twin('B', 'T2', 'T1')])).toEqual({
			keep: ['A'],
			cancel: [{ uuid: 'B', motive: '02' }],
		});
	});

	test('neither holds the other: keep the older, replace the newer with motive 04 declaring only its tickets the kept one lacks', () => {
		const twins = [twin('A', 'T1', 'T2', 'T3'), twin('B', 'T2', 'T3', 'T4')];
		const advice = globalTwinAdvice(twins);
		expect(advice).toEqual({
			keep: ['A'],
			cancel: [{ uuid: 'B', motive: '04', declareAgain: ['T4'] }],
		});
		expect(declaredOnce(twins, advice)).toBe(true);
	});

	test('three twins: what the kept and the replacements already declare is not declared again', () => {
		const twins = [twin('A', 'T1', 'T2'), twin('B', 'T2', 'T3'), twin('C', 'T1', 'T3')];
		const advice = globalTwinAdvice(twins);
		expect(advice).toEqual({
			keep: ['A'],
			cancel: [
				{ uuid: 'B', motive: '04', declareAgain: ['T3'] },
				{ uuid: 'C', motive: '02' },
			],
		});
		expect(declaredOnce(twins, advice)).toBe(true);
	});
});

describe('globalTwinMessage', () => {
	test('names the tickets, which to keep and each step; a replacement says why cancelling alone is wrong', () => {
		const twins = [twin('A', 'T1', 'T2', 'T3'), twin('B', 'T2', 'T3', 'T4')];
		const message = globalTwinMessage(
			{ value: 'global:2026-10/04' },
			'B',
			twins,
			globalTwinAdvice(twins),
		);
		expect(message).toContain('UUID A (3 tickets: T1, T2, T3) and UUID B (3 tickets: T2, T3, T4)');
		expect(message).toContain('This one, UUID B, is to cancel or replace');
		expect(message).toContain('every ticket is declared exactly once: keep UUID A');
		expect(message).toContain(
			'with only the tickets no kept invoice declares (T4) and relating nothing (a valid voucher relating UUID B would make it not cancellable), then cancel UUID B with motive 04',
		);
		expect(message).toContain('would leave those tickets undeclared');
		const subset = [twin('A', 'T1'), twin('B', 'T1', 'T2')];
		expect(globalTwinMessage({ value: 'k' }, 'B', subset, globalTwinAdvice(subset))).toContain(
			'This one, UUID B, is to keep. So that every ticket is declared exactly once: keep UUID B; cancel UUID A with motive 02',
		);
	});

	test('a long list of tickets is cut after ten', () => {
		const tickets = Array.from({ length: 12 }, (_, index) => `T${index + 1}`);
		expect(ticketList(tickets)).toBe('T1, T2, T3, T4, T5, T6, T7, T8, T9, T10 and 2 more');
	});
});
