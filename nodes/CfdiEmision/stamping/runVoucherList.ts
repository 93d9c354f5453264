/**
 * The run's one read of the voucher list (issue 33 item 2), shared by the Duplicate Check and the sale's ledger: each announces the window
 * it needs, the first to ask reads the union of them once, and each gets only the vouchers of its
 * own window back (a sale is never judged on another reader's window); a window the read does not
 * reach back to is read again, widened.
 *
 * Outside api/, only this file reads the list for a stamping run (runVoucherList.structure.test.ts):
 * the reads that must be fresh, after the run's read was taken, are named here (freshWindow,
 * freshVoucher, freshByUuid), each saying why.
 */
import type { VoucherListKey, VoucherListWindow, WholeWindow } from '../api/voucherList';
import type { VoucherRecord } from '../api/voucherRecords';
import { LISTED_DATE_MARGIN_SECONDS, listedDateWindow, unixSeconds } from '../cfdi/mexicoTime';
import type { StampingService } from './stampingService';

// The run's one read of the list, and the reads that must be fresh.

/** Unix seconds of a date as the list gives it (the CFDI Fecha, read as Mexico City's wall clock). */
export const listedSeconds = (date: unknown): number | null => unixSeconds(date);

/**
 * Whether a listed voucher may be dated in the window: its zone is not known (issue 39), so within
 * the zone margin either way; each reader decides by identity, not by this date alone.
 */
export function datedWithin(record: VoucherRecord, window: VoucherListWindow): boolean {
	const seconds = listedSeconds(record.date);
	// Undated: the service's filter cannot be repeated here; kept, as the read returned it.
	return (
		seconds === null ||
		(seconds >= window.from - LISTED_DATE_MARGIN_SECONDS &&
			seconds <= window.to + LISTED_DATE_MARGIN_SECONDS)
	);
}

/** A window a reader will need, known once the run's items are planned (undefined: none). */
export type AnnouncedWindow = () => Promise<VoucherListWindow | undefined>;

export class RunVoucherList {
	private read?: { window: VoucherListWindow; whole: Promise<WholeWindow> };

	private readonly announced: AnnouncedWindow[] = [];

	/** A reader says which window it will need, so the first read spans it too. */
	announce(window: AnnouncedWindow): void {
		this.announced.push(window);
	}

	private start(client: StampingService, windows: Promise<VoucherListWindow[]>): void {
		const entry = { window: { from: 0, to: 0 } } as {
			window: VoucherListWindow;
			whole: Promise<WholeWindow>;
		};
		entry.whole = windows.then(async (all) => {
			entry.window = {
				from: Math.max(0, Math.min(...all.map((window) => window.from))),
				to: Math.max(...all.map((window) => window.to)),
			};
			return await client.readWholeWindow(listedDateWindow(entry.window));
		});
		this.read = entry;
	}

	/**
	 * The vouchers dated in `want`, from the run's one read. A failed read stays failed for the
	 * run (each item says so; none sends without its look-up).
	 */
	async within(client: StampingService, want: VoucherListWindow): Promise<WholeWindow> {
		if (!this.read) {
			// A reader's window it cannot tell now (its look-up failed) is its own affair at its turn.
			const others = Promise.all(
				this.announced.map(async (window) => await window().catch(() => undefined)),
			);
			this.start(
				client,
				others.then((windows) => [
					want,
					...windows.filter((window): window is VoucherListWindow => window !== undefined),
				]),
			);
		}
		let read = this.read as NonNullable<typeof this.read>;
		await read.whole;
		// Its end is "now" for every reader: only a window reaching further back needs a new read.
		if (want.from < read.window.from) {
			const wider = [want, read.window];
			this.start(client, Promise.resolve(wider));
			read = this.read as NonNullable<typeof this.read>;
		}
		const whole = await read.whole;
		return { ...whole, records: whole.records.filter((record) => datedWithin(record, want)) };
	}
}

/**
 * A read of its own, not the run's shared one: the Duplicate Check's recheck right before a stamp
 * (a concurrent run may have stamped the sale since the run's read) and its after-run twin look-up
 * (what other runs stamped while this one ran). Never cut: a stale answer could stamp a sale twice.
 */
export async function freshWindow(
	client: StampingService,
	window: VoucherListWindow,
): Promise<WholeWindow> {
	return await client.readWholeWindow(listedDateWindow(window));
}

/**
 * One voucher of this run by its id, after an unclear stamp: it did not exist when the run's read
 * was taken, so only a read after the stamp can show it.
 */
export async function freshVoucher(
	client: StampingService,
	key: VoucherListKey,
	window: VoucherListWindow,
): Promise<VoucherRecord | undefined> {
	return await client.findVoucherOnList(key, listedDateWindow(window));
}

/** A voucher's state after this run asked to cancel it: only a read after the request can show it. */
export async function freshByUuid(
	client: StampingService,
	uuid: string,
): Promise<VoucherRecord | undefined> {
	return await client.findVoucherByUuid(uuid);
}
