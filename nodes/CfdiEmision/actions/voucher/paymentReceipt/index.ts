/**
 * The payment receipt (CFDI type P, Pagos 2.0): what the rest of the node uses of it. Pure: the
 * operation (createPaymentReceipt.operation.ts) is imported by the router itself, as every operation is.
 */
export {
	buildPaymentComplement,
	buildPaymentReceipt,
	computePago,
	PAYMENT_CONCEPT,
	type PaymentInput,
	type PaymentReceiptInput,
} from './buildReceipt';
export { computePaidDocument, documentTaxes, type PaidDocumentInput } from './paidDocument';
export { paidDocumentFromCfdi, type PaymentOfInvoice } from './paidDocumentFromXml';
export { groupPaymentTaxes } from './receiptTaxes';
export { paymentTotals } from './receiptTotals';
export { completePaymentReceipt } from './completeReceipt';
export { checkPaymentComplement } from './receiptRules';
export { checkPaymentVoucher } from './receiptVoucherRules';
export { PAYMENT_RECEIPT_RULES } from './receiptKindRules';
export { receiptFromOrder } from './receiptFromOrder';
