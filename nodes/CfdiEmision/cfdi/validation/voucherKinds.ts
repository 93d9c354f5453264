/**
 * Checks of the voucher kinds beyond the plain invoice, each by the members that make the kind:
 * credit notes and related vouchers, global invoices, fiscal legends, Carta Porte 3.1 and
 * Comercio Exterior 2.0. A kind in its own folder (the payment receipt) hands its checks down
 * instead (KindRules, run just before these by validateVoucher).
 */
import type { ValidationContext } from './context';
import { checkCartaPorte } from './cartaPorte';
import { checkComercioExterior } from './comercioExterior';
import { checkFiscalLegends } from './fiscalLegends';
import { checkGlobalInvoice } from './globalInvoiceRules';
import { checkRelatedVouchers } from './relatedVouchers';

export function checkVoucherKinds(ctx: ValidationContext): void {
	checkRelatedVouchers(ctx);
	checkGlobalInvoice(ctx);
	checkFiscalLegends(ctx);
	checkCartaPorte(ctx);
	checkComercioExterior(ctx);
}
