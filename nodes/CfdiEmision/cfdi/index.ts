export * from './catalogs';
export {
	computeTotals,
	type ComputeTotalsOptions,
	type ComputedConcepto,
	type ComputedTax,
	type ComputedTotals,
} from './computeTotals';
export {
	ceilTo,
	compareExact,
	decimalPlaces,
	multiplyExact,
	decimalToNumber,
	parseDecimal,
	roundHalfUp,
	subtractExact,
	sumExact,
	truncateTo,
	type Decimal,
} from './decimal';
export {
	classifyRfc,
	GENERIC_FOREIGN_RFC,
	GENERIC_NATIONAL_RFC,
	RFC_PATTERN,
	type RfcKind,
} from './rfc';
export type {
	Address,
	Concepto,
	ConceptoImpuestos,
	ConceptoTax,
	Emisor,
	Finding,
	Impuestos,
	Receptor,
	TipoFactor,
	ValidateOptions,
	ValidationResult,
	Voucher,
	VoucherRetencion,
	VoucherTraslado,
} from './types';
export { validateVoucher } from './validateVoucher';
export type { KindRules } from './kindRules';
export {
	reconcile,
	ReconciliationRefused,
	type Reconciliation,
	type WhenTotalsDiffer,
} from './reconcile';
export { formatFinding } from './validation/formatFinding';
export {
	checkCancellationRequest,
	FOLIO_FISCAL_PATTERN,
	isCancellationProblem,
	type CancellationProblem,
	type CancellationRequest,
} from './cancellation';
export * from './kinds';
export * as voucherShape from './voucherShape';
export type { BusinessKey, SourceMoney, VoucherSource } from './voucherSource';
export {
	checkWindow,
	DAY_SECONDS,
	globalInvoiceKey,
	keyOfFolio,
	indexByKey,
	listedUnderKey,
	paymentReceiptKey,
	twinsOf,
	userKey,
	BusinessKeyError,
	TWIN_CANCELLATION_MOTIVE,
	type DuplicateCheckMode,
	type ListedVoucher,
	type TwinReport,
} from './businessKey';
export {
	ageUnsure,
	collisionMessage,
	contentKey,
	CONTENT_FOLIO_PREFIX,
	DEFAULT_CONTENT_WINDOW_HOURS,
	describeListed,
	describeSale,
	folioCode,
	isGenericRfc,
	judgeListed,
	keyText,
	mayCarryKey,
	saleWindow,
	stateOf,
	totalChangedMessage,
	withinKeyWindow,
	type ListedSale,
	type ListedState,
	type SaleFacts,
	type Verdict,
} from './saleIdentity';
export {
	fiscalChangedMessage,
	fiscalChanges,
	fiscalFactsOf,
	type FiscalChange,
	type FiscalFacts,
} from './contentTwin';
export {
	seriesFolio,
	summarizeVoucher,
	type PaidInvoiceSummary,
	type VoucherSummary,
} from './voucherSummary';
export {
	normalizeRecipient,
	recipientOutcome,
	recipientProblems,
	RECIPIENT_FIXES,
	type RecipientChange,
	type RecipientField,
	type RecipientProblem,
} from './recipientData';
export {
	couldHoldSale,
	describePeriod,
	describeUnclear,
	globalFacts,
	linesInDoubt,
	nextGlobalSaleStep,
	readGlobalXml,
	replacementFolio,
	replacementOf,
	salesDeclared,
	toGeneralPublic,
	type ConceptLine,
	type GeneralPublicXml,
	type GlobalOnList,
	type GlobalSaleStep,
	type OwnSale,
} from './globalSale';
