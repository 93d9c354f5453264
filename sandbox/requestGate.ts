/**
 * Explicit ordering for concurrency tests (no timing): `holdRequests(route, count)` keeps the next
 * `count` requests on a route waiting, before anything is done with them, until all have arrived
 * (or `release()` is called); then they go on in the order they came. A test so makes two
 * executions read the list before either stamps, however the machine schedules them.
 */
import type { HeldRequests, RouteName } from './types';

interface Gate {
	route: RouteName | 'unknown';
	left: number;
	waiting: Array<() => void>;
	opened: () => void;
	open: boolean;
}

export class RequestGates {
	private readonly gates: Gate[] = [];

	hold(route: RouteName, count: number): HeldRequests {
		if (!Number.isInteger(count) || count < 1)
			throw new Error('holdRequests: count must be a positive integer');
		let opened!: () => void;
		const arrived = new Promise<void>((resolve) => (opened = resolve));
		const gate: Gate = { route, left: count, waiting: [], opened, open: false };
		this.gates.push(gate);
		return { arrived, release: () => this.open(gate) };
	}

	/** Resolves when the request may go on: at once unless a gate on its route still holds requests. */
	async pass(route: RouteName | 'unknown'): Promise<void> {
		const gate = this.gates.find((one) => one.route === route && !one.open && one.left > 0);
		if (!gate) return;
		gate.left -= 1;
		const wait = new Promise<void>((resolve) => gate.waiting.push(resolve));
		if (gate.left === 0) this.open(gate);
		await wait;
	}

	clear(): void {
		for (const gate of [...this.gates]) this.open(gate);
	}

	private open(gate: Gate): void {
		if (gate.open) return;
		gate.open = true;
		this.gates.splice(this.gates.indexOf(gate), 1);
		for (const go of gate.waiting.splice(0)) go();
		gate.opened();
	}
}
