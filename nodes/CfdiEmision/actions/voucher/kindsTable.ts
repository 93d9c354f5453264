/**
 * The kinds table: what the voucher kinds in their own folders hand the kernels, which import no
 * kind. Every voucher operation passes it down (runStamping's VoucherOperation, the input
 * building, Validate), so Compute Totals and the local checks treat each kind as before. A new kind
 * with rules of its own adds its face's rules here.
 */
import type { KindRules } from '../../cfdi/kindRules';
import { PAYMENT_RECEIPT_RULES } from './paymentReceipt';

const KINDS: ReadonlyArray<KindRules> = [PAYMENT_RECEIPT_RULES];

export const VOUCHER_KINDS: KindRules = {
	complete: (voucher) => KINDS.reduce((completed, kind) => kind.complete(completed), voucher),
	checks: KINDS.flatMap((kind) => kind.checks),
};
