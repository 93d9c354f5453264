/**
 * What the kinds table (actions/voucher/kindsTable.ts) hands the stamping protocol, which imports no
 * kind: the kinds' rules for Compute Totals and the local checks, and how a kind weighs the twins the
 * Duplicate Check finds after the run under a key of its own (a global invoice's: by the tickets
 * each twin declares, actions/voucher/globalInvoice/globalTwinsReport.ts).
 */
import type { KindRules } from '../cfdi/kindRules';
import type { BusinessKey } from '../cfdi/voucherSource';
import type { TwinReport } from '../identity/businessKey';
import type { StampingService } from './stampingService';

/**
 * The twin report of a key, weighed by the kind that makes such keys; undefined for a key that is
 * not the kind's (the report stands as found). `read`: what was read of each UUID over the run's
 * items (a twin's tickets), so each is read once.
 */
export type WeighTwins = (
	client: StampingService,
	key: BusinessKey,
	own: string,
	report: TwinReport,
	read: Map<string, Promise<string[]>>,
) => Promise<TwinReport> | undefined;

export interface StampingKinds extends KindRules {
	weighTwins?: WeighTwins;
}
