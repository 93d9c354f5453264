/**
 * The no-double-stamp protocol: save pending, stamp, read back, re-stamp, the retry policy, the
 * series scheduling and the result mapping, behind one per-item handler (`runStamping`). How a
 * voucher is made from the input lives in `../voucherInput`; voucher operations import from both.
 */
export {
	runStamping,
	planStampJob,
	type StampJob,
	type StampingMode,
	type VoucherOperation,
	type VoucherTarget,
} from './handler';
export {
	CREATE_OPERATIONS,
	STAMPING_OPERATIONS,
	readStampingSettings,
	stampFields,
	stampingOptionsField,
	type StampingSettings,
} from './options';
export { duplicateCheckModeOf } from './duplicateCheck';
export { outputField, readOutputFormat, type OutputFormat } from './answer';
