/** Shop orders and sale lines → CFDI vouchers, by settings. Pure: no n8n imports. */
export { OrderInputError } from './orderInputError';
export { checkIssuerSettings } from './header';
export {
	lineItemsToVoucher,
	parseTaxRate,
	type LineItemInput,
	type LineItemsSettings,
} from './lineItems';
export { orderToVoucher } from './orderToVoucher';
export { decidingGateway, paymentFormTable, paymentTerms, type PaymentTerms } from './paymentForm';
export {
	priceVoucher,
	type LineTax,
	type PricingResult,
	type SaleLine,
	type VoucherHeader,
} from '../cfdi/pricing';
export {
	findRecipient,
	generalPublicReceptor,
	GENERAL_PUBLIC_RECEPTOR_NAME,
} from './orderRecipient';
export {
	DEFAULT_INVOICE_UUID_ATTRIBUTE,
	type InvoiceLinkSettings,
	type ReceiptSettings,
} from './invoiceLink';
export type { RefundSettings } from './refundedLines';
export {
	finishConversion,
	type ConversionResult,
	type KnownDifference,
	type SkipReason,
} from './result';
export * from './settings';
export {
	orderDate,
	orderEmail,
	selfInvoiceRefusal,
	type SelfInvoiceReason,
	type SelfInvoiceRefusal,
	type SelfInvoiceSettings,
} from './selfInvoice';
