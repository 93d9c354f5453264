/**
 * What a voucher kind that lives in its own folder (actions/voucher/<kind>/) adds to the shared
 * totals and checks. The operations hand it down (actions/voucher/kindsTable.ts), so no kernel imports
 * a kind: computeTotals and validateVoucher know only the members every voucher has.
 */
import type { Voucher } from './types';
import type { ValidationContext } from './validation/context';

export interface KindRules {
	/**
	 * Fills what a kind's own members leave to compute, after computeTotals (Compute Totals): a
	 * payment receipt's complement. A voucher of no such kind is returned as given.
	 */
	complete(voucher: Voucher): Voucher;
	/**
	 * The kinds' own checks, each deciding from the voucher's members whether it applies; they run
	 * after the shared checks, before the shared kind checks (validateVoucher.ts), which skip what
	 * they reported.
	 */
	checks: ReadonlyArray<(ctx: ValidationContext) => void>;
	/**
	 * Checks run after the related vouchers' and before the fiscal legends, Carta Porte and Comercio
	 * Exterior: the global invoice's, where its rules ran when the kernel dispatched them, so a user
	 * reads the findings in the same order.
	 */
	checksAfterRelated?: ReadonlyArray<(ctx: ValidationContext) => void>;
}
