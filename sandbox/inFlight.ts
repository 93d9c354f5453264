/**
 * Requests being worked on per route (routed, not yet answered) and the most at once since the
 * start or clearLog: a test reads a run's concurrency as counted here, not sampled on a timer.
 */
export class InFlight {
	private readonly current = new Map<string, number>();
	private readonly peaks = new Map<string, number>();

	start(route: string): void {
		const count = (this.current.get(route) ?? 0) + 1;
		this.current.set(route, count);
		if (count > (this.peaks.get(route) ?? 0)) this.peaks.set(route, count);
	}

	end(route: string): void {
		this.current.set(route, Math.max(0, (this.current.get(route) ?? 0) - 1));
	}

	peak(route: string): number {
		return this.peaks.get(route) ?? 0;
	}

	/** Forgets the peaks; requests still in flight count as the new ones. */
	resetPeaks(): void {
		this.peaks.clear();
		for (const [route, count] of this.current) if (count > 0) this.peaks.set(route, count);
	}
}
