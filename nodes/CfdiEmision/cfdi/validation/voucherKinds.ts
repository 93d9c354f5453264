/**
 * Checks of the voucher kinds beyond the plain invoice, each by the members that make the kind:
 * payment vouchers (type P and the Pagos 2.0 complement), credit notes and related vouchers,
 * global invoices, fiscal legends, Carta Porte 3.1 and Comercio Exterior 2.0.
 */
import type { ValidationContext } from './context';
import { checkCartaPorte } from './cartaPorte';
import { checkComercioExterior } from './comercioExterior';
import { checkFiscalLegends } from './fiscalLegends';
import { checkGlobalInvoice } from './globalInvoice';
import { checkRelatedVouchers } from './relatedVouchers';
// The payment receipt's rules live in its kind's folder; this dispatch calls them for type P.
import { checkPaymentComplement, checkPaymentVoucher } from '../../actions/voucher/paymentReceipt';

export function checkVoucherKinds(ctx: ValidationContext): void {
	checkPaymentVoucher(ctx);
	checkPaymentComplement(ctx);
	checkRelatedVouchers(ctx);
	checkGlobalInvoice(ctx);
	checkFiscalLegends(ctx);
	checkCartaPorte(ctx);
	checkComercioExterior(ctx);
}
