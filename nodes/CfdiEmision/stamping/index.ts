/**
 * The no-double-stamp protocol: save pending, stamp, read back, re-stamp, the retry policy, the
 * series scheduling and the result mapping, behind one per-item handler (`runStamping`). How a
 * voucher is made from the input lives in `../voucherInput`; voucher operations import from both.
 */
export { runStamping } from './handler';
export { planStampJob, type VoucherOperation } from './plan';
export type { StampJob, StampingMode, VoucherTarget } from './stampJob';
export {
	CREATE_OPERATIONS,
	STAMPING_OPERATIONS,
	readOutputFormat,
	readStampingSettings,
	type StampingSettings,
} from './runSettings';
export { duplicateCheckModeOf } from './duplicateCheck';
export type { OutputFormat } from './answer';
