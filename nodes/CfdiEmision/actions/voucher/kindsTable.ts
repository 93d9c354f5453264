/**
 * The kinds table: what the voucher kinds in their own folders hand the kernels, which import no
 * kind. Every voucher operation passes it down (runStamping's VoucherOperation, the input
 * building, Validate), so Compute Totals, the local checks, the Order input mode and the Duplicate
 * Check's twins treat each kind as before. A new kind with rules or an order conversion of its own
 * adds its face's here. Each kind's rules file lists every rule it meets in order:
 * paymentReceipt/receiptKindRules.ts, globalInvoice/globalInvoiceRules.ts.
 */
import type { KindRules } from '../../cfdi/kindRules';
import type { StampingKinds } from '../../stamping/stampingKinds';
import type { InputKinds } from '../../voucherInput/inputKinds';
import { GLOBAL_INVOICE_RULES, weighGlobalTwins } from './globalInvoice';
import { PAYMENT_RECEIPT_RULES, receiptFromOrder } from './paymentReceipt';
import { creditNoteFromRefund } from './creditNote';

const KINDS: ReadonlyArray<KindRules> = [PAYMENT_RECEIPT_RULES, GLOBAL_INVOICE_RULES];

export const VOUCHER_KINDS: InputKinds & StampingKinds = {
	complete: (voucher) => KINDS.reduce((completed, kind) => kind.complete(completed), voucher),
	checks: KINDS.flatMap((kind) => kind.checks),
	checksAfterRelated: KINDS.flatMap((kind) => kind.checksAfterRelated ?? []),
	// Only the global invoice weighs its twins (by the tickets each declares).
	weighTwins: weighGlobalTwins,
	receiptFromOrder,
	creditNoteFromRefund,
};
