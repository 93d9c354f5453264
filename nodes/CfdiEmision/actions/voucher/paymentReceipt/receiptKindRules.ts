/**
 * What the payment receipt hands the shared totals and checks (KindRules), which import no kind:
 * a type P voucher's complement completed after Compute Totals, and the Pagos 2.0 checks.
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
