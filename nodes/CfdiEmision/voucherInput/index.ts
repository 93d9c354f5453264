/**
 * How a voucher is made from the node's input: the input modes (Fields, JSON, Order, Line Items)
 * and their body builders (the fields are in ../actions/voucher/fields), the parties of a voucher that relates invoices,
 * and the local preparation (options, Compute Totals, CFDI checks) before the stamping protocol
 * (`../stamping`) takes the body. Nothing here sends a request.
 */
export { BuiltVoucher } from './builtVoucher';
export type { InputKinds } from './inputKinds';
export {
	invalidVoucherError,
	orderInput,
	prepareVoucher,
	reconciledVoucher,
	whenTotalsDiffer,
	withReconciliation,
	type PreparedVoucher,
	type ValidationMode,
} from './prepareVoucher';
export {
	applyBodyOptions,
	formComputesTotals,
	formInput,
	issuerFromFields,
	normalizeVoucher,
	recipientFromFields,
	voucherFromInput,
} from './voucherBody';
export { conversionFailed, readOrderSettings, voucherFromOrder } from './orderInput';
export { skippedItemOutput } from '../execution/skippedUpstream';
export {
	localProblemsRefusal,
	localRefusal,
	serviceRefusal,
	totalsProblem,
	TOTALS_DIFFER,
	valueAt,
	withValues,
	type DataProblem,
	type DataRefusal,
} from './dataRefusal';
export { relatedParties } from './relatedParties';
export { readIssuerDefaults, withIssuerDefaults, type IssuerDefaults } from './issuerDefaults';
export { inFormFinding } from './formLabels';
