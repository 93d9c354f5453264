/**
 * What the voucher kinds in their own folders (actions/voucher/<kind>/) give the input building:
 * their rules for Compute Totals and the checks (KindRules), and a shop order's payment or refund
 * as their voucher. The operations hand it down (actions/voucher/kindsTable.ts), so voucherInput/
 * imports no kind.
 */
import type { KindRules } from '../cfdi/kindRules';
import type { ReceiptSettings } from '../orders/invoiceLink';
import type { RefundSettings } from '../orders/refundedLines';
import type { ConversionResult } from '../orders/result';

export interface InputKinds extends KindRules {
	/** Order mode, Payment Receipt: the order's payment as its receipt (paymentReceipt/receiptFromOrder.ts). */
	receiptFromOrder(order: unknown, settings: ReceiptSettings): ConversionResult;
	/** Order mode, Credit Note: the order's refund as its credit note (creditNote/creditNoteFromRefund.ts). */
	creditNoteFromRefund(order: unknown, settings: RefundSettings): ConversionResult;
}
