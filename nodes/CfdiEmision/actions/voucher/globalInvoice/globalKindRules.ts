/**
 * What the global invoice hands the shared totals and checks (KindRules), which import no kind:
 * nothing to complete after Compute Totals, and the InformacionGlobal checks, run after the
 * related vouchers' as when the kernel dispatched them, so the findings keep their order.
 */
import type { KindRules } from '../../../cfdi/kindRules';
import { checkGlobalInvoice } from './globalInvoiceRules';

export const GLOBAL_INVOICE_RULES: KindRules = {
	// Its totals are the shared ones: one concept per sale, no complement.
	complete: (voucher) => voucher,
	checks: [],
	checksAfterRelated: [checkGlobalInvoice],
};
