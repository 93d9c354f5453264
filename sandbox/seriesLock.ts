/**
 * The series lock of the real service: stamping a voucher takes its series for the stamping time,
 * and a second stamp on the same series meanwhile is refused with FAC119 ("series busy"), nothing
 * stored. Different series do not contend. With a stamping time of 0 (the default) no stamp ever
 * finds its series busy.
 */
import { performance } from 'perf_hooks';

import type { VoucherBody } from './types';

export const SERIES_BUSY = {
	codigo: 'FAC119',
	mensaje: 'La serie se encuentra ocupada, intente más tarde.',
};

/** One stamp the lock let through, in the order they were granted. */
export interface GrantedStamp {
	emisorId: number;
	serie: string;
	body: VoucherBody;
}

export class SeriesLock {
	/** FAC119 answers given because a series was busy. */
	busyAnswers = 0;

	readonly granted: GrantedStamp[] = [];

	/** The most series that were being stamped at the same moment. */
	peakBusySeries = 0;

	// A monotonic clock: the hold is a real delay even when the sandbox runs on a fake `now`.
	private readonly busyUntil = new Map<string, number>();

	constructor(private readonly stampingTimeMs: () => number) {}

	/**
	 * Takes the voucher's series for one stamp. Returns how long the stamp takes (the answer waits
	 * that long), or null when the series is busy: answer FAC119 and store nothing.
	 */
	take(emisorId: number, body: VoucherBody): { holdMs: number } | null {
		const serie = typeof body.serie === 'string' ? body.serie : '';
		const key = `${emisorId}\u0000${serie}`;
		const now = performance.now();
		if ((this.busyUntil.get(key) ?? 0) > now) {
			this.busyAnswers += 1;
			return null;
		}
		const holdMs = this.stampingTimeMs();
		this.busyUntil.set(key, now + holdMs);
		const busyNow = [...this.busyUntil.values()].filter((until) => until > now).length;
		this.peakBusySeries = Math.max(this.peakBusySeries, busyNow);
		this.granted.push({ emisorId, serie, body });
		return { holdMs };
	}
}

/** The operation result of a stamp refused because its series is busy (nothing stored). */
export function seriesBusyResult(idComprobante: number): Record<string, unknown> {
	return {
		esValido: false,
		idComprobante,
		errores: [SERIES_BUSY],
		uuid: null,
		subEstatusId: 0,
		descripcion: null,
	};
}
