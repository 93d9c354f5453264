/**
 * Every rule a payment receipt meets, in the order Create Payment Receipt applies them:
 * 1. Its fields and the paid invoices' XML read into payments: receiptFromFields.ts (an XML that is
 *    no stamped invoice: paidDocumentFromXml.ts).
 * 2. The payments' amounts, each document's balance and taxes: buildReceipt.ts, with
 *    paidDocument.ts and paidBalances.ts.
 * 3. Before the voucher is sent, voucherInput/prepareVoucher.ts: Compute Totals (a type P given as
 *    JSON completed by completeReceipt.ts), cfdi/reconcile.ts, then cfdi/validateVoucher.ts (the
 *    shared checks in order), which runs the checks below: `checkPaymentVoucher`
 *    (receiptVoucherRules.ts, the fixed members), then `checkPaymentComplement` (receiptRules.ts,
 *    the complement; each paid document in paidDocumentRules.ts, its taxes in
 *    paidDocumentTaxRules.ts, the payment's taxes in receiptTaxRules.ts).
 * 4. The run's ledger (stamping/saleLedger.ts), by ledger/ledgerRules.ts: before the Duplicate
 *    Check, an installment another receipt pays for another amount (`installmentConflictRefusal`);
 *    after it, more than what the invoices still owe (`paymentRefusal`).
 *
 * Below, what it hands the shared totals and checks (KindRules), which import no kind: a type P
 * voucher's complement completed after Compute Totals, and the Pagos 2.0 checks.
 */
import type { KindRules } from '../../../cfdi/kindRules';
import { completePaymentReceipt } from './completeReceipt';
import { checkPaymentComplement } from './receiptRules';
import { checkPaymentVoucher } from './receiptVoucherRules';

export const PAYMENT_RECEIPT_RULES: KindRules = {
	complete: (voucher) =>
		voucher.tipoDeComprobante === 'P' ? completePaymentReceipt(voucher) : voucher,
	// The voucher's fixed members first: a complement on another type is refused before it is read.
	checks: [checkPaymentVoucher, checkPaymentComplement],
};
