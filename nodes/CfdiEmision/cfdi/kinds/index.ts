export { KindInputError, type TaxRate } from './taxRates';
export {
	buildPaymentComplement,
	buildPaymentReceipt,
	completePaymentReceipt,
	computePaidDocument,
	computePago,
	documentTaxes,
	groupPaymentTaxes,
	paidDocumentFromCfdi,
	paymentTotals,
	PAYMENT_CONCEPT,
	type PaidDocumentInput,
	type PaymentInput,
	type PaymentOfInvoice,
	type PaymentReceiptInput,
} from './paymentReceipt';
export { buildCreditNote, creditedInvoiceFromCfdi, CREDIT_NOTE_RELATIONS, type CreditedInvoice, type CreditNoteInput, type CreditNoteLine } from './creditNote';
export { buildGlobalInvoice, GENERAL_PUBLIC_RECIPIENT, SALE_CONCEPT, type GlobalInvoiceInput, type SaleInput } from './globalInvoice';
export { relatedGroups, relatedUuids, withFiscalLegends, withRelatedVouchers, type LegendInput, type RelationInput } from './relations';
export { readStampedCfdi, taxRatesOfCfdi, type StampedCfdi, type StampedTax } from './stampedCfdi';
