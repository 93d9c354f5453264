/** What the bench asks of one worker run and what the run answers (bench.ts and benchWorker.ts). */
import { invoiceVoucher } from '../../test/support/vouchers';

export interface WorkerArgs {
	mode:
		| 'engine-stamp'
		| 'engine-floor'
		| 'plain-stamp'
		| 'plain-stamp-no-keepalive'
		| 'engine-pdf'
		| 'engine-idle'
		| 'engine-series'
		| 'engine-duplicate'
		| 'engine-twins'
		| 'engine-global'
		| 'engine-ledger';
	n: number;
	concurrency: number;
	/** The series the vouchers spread over, round robin (the sandbox account must have them). */
	series: string[];
	/** engine-series, engine-stamp: the stamping mode (engine-stamp: direct unless given). */
	stampingMode?: 'direct' | 'twoPhase';
	/** engine-series: n8n's Continue On Fail (without it, every item is checked before any is sent). */
	continueOnFail?: boolean;
	/** engine-duplicate, engine-stamp: the Duplicate Check setting (its default unless given), and engine-duplicate's prefix of each voucher's Duplicate Check Key. */
	duplicateCheck?: 'returnExisting' | 'off';
	keyPrefix?: string;
	/** engine-global: the month of 2024 the sales belong to (each size its own, so none is declared already). */
	month?: string;
	/** engine-ledger: the global invoice credited, and its tickets credited (one credit note each). */
	globalUuid?: string;
	tickets?: string[];
	authUrl: string;
	baseUrl: string;
}

export interface RunResult {
	items: number;
	ms: number;
	maxRssKb: number;
	binaryBytes: number;
	/** Heap in use after a forced GC at the end (what the run keeps alive: mostly the items). */
	heapAfterGcKb: number;
	/** CPU time this process spent in the measured part (user + system), independent of machine load. */
	cpuMs: number;
	/** engine-twins: per trial of two simultaneous executions, how it ended. */
	twins?: { oneInvoice: number; twinReported: number; twoSilent: number };
	/** engine-global: the highest heap in use seen while the run went (sampled every 10 ms). */
	peakHeapKb?: number;
	/** engine-global: the global invoices stamped and the sales they declare. */
	parts?: number;
	/** UUIDs stamped by a plain run (used to prepare the PDF run). */
	uuids?: string[];
}

// Each run's vouchers are other sales than any earlier run's: a folio of their own (the Duplicate
// Check, on by default, would rightly answer a voucher of identical content with the first one).
export const RUN_TAG = `${process.pid.toString(36)}${Date.now().toString(36)}`;
export const vouchers = (n: number, series: string[]) =>
	Array.from({ length: n }, (_, i) => ({
		voucher: invoiceVoucher({
			serie: series[i % series.length],
			folio: `${RUN_TAG}-${i}`,
			descripcionFacturador: `bench ${i}`,
		}),
	}));
