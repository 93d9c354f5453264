/**
 * The no-double-stamp protocol: save pending, stamp, read back, re-stamp, the retry policy and
 * the result mapping, behind one per-item handler (`runStamping`). Voucher operations import
 * from here only.
 */
export { runStamping, planStampJob, type StampJob, type StampingMode, type VoucherOperation, type VoucherTarget } from './handler';
export { CREATE_OPERATIONS, STAMPING_OPERATIONS, readStampingSettings, stampFields, stampingOptionsField, type StampingSettings } from './options';
export { invalidVoucherError, prepareVoucher, type PreparedVoucher, type ValidationMode } from './prepareVoucher';
export { BuiltVoucher } from './builtVoucher';
export { applyBodyOptions, issuerFromFields, normalizeVoucher, recipientFromFields, voucherFromInput } from './voucherBody';
export { orderInputFields } from './orderInputFields';
export { conversionFailed, readOrderSettings, voucherFromOrder } from './orderInput';
export { voucherField, voucherInputFields, type SharedVoucherField } from './voucherInputFields';
export { relatedParties, relatedPartyFields } from './relatedParties';
