import { join } from 'node:path';

/** The node's calendar seam (cfdi/mexicoTime.ts) in the copy the engine runs: dist/, as n8n loads it. */
interface NodeCalendar {
	setCalendarClock(clock?: () => number): void;
}

const distCalendar = () =>
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	require(
		join(__dirname, '..', '..', 'dist', 'nodes', 'CfdiEmision', 'cfdi', 'mexicoTime'),
	) as NodeCalendar;

/**
 * A running clock for the date tests: `set(instant)` moves the node's calendar and the sandbox's
 * clock (give it `now` as the sandbox's option) to that instant, from where both run on; each test
 * starts on the real time again. The expected month and year are then written in the test, not
 * taken from the node's clock.
 */
export function useCalendar() {
	let offsetMs = 0;
	const now = () => Date.now() + offsetMs;
	afterEach(() => {
		offsetMs = 0;
		distCalendar().setCalendarClock();
	});
	return {
		now,
		set(instant: string): void {
			offsetMs = Date.parse(instant) - Date.now();
			distCalendar().setCalendarClock(now);
		},
	};
}
