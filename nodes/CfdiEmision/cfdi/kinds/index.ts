export { KindInputError, type TaxRate } from './taxRates';
export {
	buildGlobalInvoice,
	GENERAL_PUBLIC_RECIPIENT,
	globalInvoiceMoney,
	declaringLines,
	isGlobalInvoice,
	isSaleLine,
	SALE_CONCEPT,
	type GlobalInvoiceInput,
	type SaleInput,
} from './globalInvoice';
export {
	relatedGroups,
	withFiscalLegends,
	withRelatedVouchers,
	type LegendInput,
	type RelationInput,
} from './relations';
export {
	noStampMessage,
	readStampedCfdi,
	taxRatesOfCfdi,
	type StampedCfdi,
	type StampedTax,
} from './stampedCfdi';
export {
	conceptsOfTicket,
	readSaleDocument,
	relatesTo,
	saleNumber,
	ticketAmount,
	ticketsOf,
	type SaleConcept,
	type SaleDocument,
} from './saleDocument';
export {
	globalTwinAdvice,
	globalTwinMessage,
	type GlobalTwin,
	type GlobalTwinAdvice,
} from './globalTwins';
