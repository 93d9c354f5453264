/**
 * Two global invoices of one period stamped by concurrent runs (issue 33 item 3): which to cancel
 * so that every ticket stays declared exactly once. The usual twin advice (keep the older, cancel
 * the newer) is wrong here when the runs gathered different tickets: with T1-T3 and T1-T4,
 * cancelling the T1-T4 one leaves T4 undeclared. Pure: ./globalTwinsReport.ts reads the tickets
 * from the invoices' XML.
 *
 * The rule: a global invoice whose tickets another one still kept declares in full is cancelled
 * (motive 02: issued with errors, its sales stay declared by the other). What remains declares
 * tickets no other does; the oldest is kept and each other one is replaced with motive 04 by a
 * global invoice of only the tickets no kept invoice declares (its `declareAgain`), or simply
 * cancelled when the kept ones already declare all of them.
 */

/** A stamped global invoice of the period, with the tickets its XML declares. */
export interface GlobalTwin {
	uuid: string;
	tickets: string[];
}

export interface GlobalTwinAdvice {
	keep: string[];
	cancel: Array<{ uuid: string; motive: '02' | '04'; declareAgain?: string[] }>;
}

const holdsAll = (outer: Set<string>, inner: Set<string>) =>
	[...inner].every((ticket) => outer.has(ticket));

/** The advice for twins given oldest first (see the module's rule). */
export function globalTwinAdvice(twins: GlobalTwin[]): GlobalTwinAdvice {
	const live = twins.map((twin) => ({ uuid: twin.uuid, tickets: new Set(twin.tickets) }));
	const cancel: GlobalTwinAdvice['cancel'] = [];
	// Cancel, newest first, every invoice another live one holds in full (of equal ones, the newer).
	for (let index = live.length - 1; index >= 0; index--) {
		const twin = live[index];
		const holder = live.find((other) => other !== twin && holdsAll(other.tickets, twin.tickets));
		if (!holder) continue;
		cancel.push({ uuid: twin.uuid, motive: '02' });
		live.splice(index, 1);
	}
	const [kept, ...others] = live;
	const declared = new Set(kept ? kept.tickets : []);
	const keep = kept ? [kept.uuid] : [];
	for (const other of others) {
		const undeclared = [...other.tickets].filter((ticket) => !declared.has(ticket));
		for (const ticket of undeclared) declared.add(ticket);
		cancel.push(
			undeclared.length
				? { uuid: other.uuid, motive: '04', declareAgain: undeclared }
				: { uuid: other.uuid, motive: '02' },
		);
	}
	return { keep, cancel };
}

/** Tickets in a few words: the first ten and how many more. */
export function ticketList(tickets: string[]): string {
	const shown = tickets.slice(0, 10).join(', ');
	return tickets.length > 10 ? `${shown} and ${tickets.length - 10} more` : shown;
}

/** The message of the advice, for the item whose invoice is `own`. */
export function globalTwinMessage(
	key: { value: string },
	own: string,
	twins: GlobalTwin[],
	advice: GlobalTwinAdvice,
): string {
	const described = twins
		.map(
			(twin) => `UUID ${twin.uuid} (${twin.tickets.length} tickets: ${ticketList(twin.tickets)})`,
		)
		.join(' and ');
	const steps = advice.cancel.map((entry) =>
		entry.motive === '04'
			? `replace UUID ${entry.uuid} with motive 04: stamp a global invoice of the same period with only the tickets no kept invoice declares (${ticketList(entry.declareAgain ?? [])}) and relating nothing (a valid voucher relating UUID ${entry.uuid} would make it not cancellable), then cancel UUID ${entry.uuid} with motive 04 (cancelling it alone would leave those tickets undeclared)`
			: `cancel UUID ${entry.uuid} with motive 02 (issued with errors, without relation): every ticket it declares stays declared by ${advice.keep.join(', ')}`,
	);
	const role = advice.keep.includes(own) ? 'to keep' : 'to cancel or replace';
	return `Two global invoices of one period (${key.value}) were stamped by executions at the same moment: ${described}. This one, UUID ${own}, is ${role}. So that every ticket is declared exactly once: keep UUID ${advice.keep.join(', ')}; ${steps.join('; ')}.`;
}
