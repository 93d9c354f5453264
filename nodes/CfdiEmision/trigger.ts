/** The one module the trigger (../CfdiEmisionTrigger) imports from the action node: the list, its filters and errors. */
export { APP_DESCRIPTION } from './actions/common.fields';
export {
	matchesVoucherFilter,
	readVoucherFilter,
	voucherFilterFields,
	type VoucherFilter,
} from './api/voucherFilters';
export { listVouchers } from './api/voucherList';
export { statusFromSubEstatus, type VoucherRecord, type VoucherStatus } from './api/voucherRecords';
export { LISTED_DATE_MARGIN_SECONDS, listedDateWindow, unixSeconds } from './cfdi/mexicoTime';
export { isRecord } from './cfdi/voucherShape';
export { DEFAULT_TIMEOUT_MS } from './execution/requestSettings';
export { CREDENTIAL_TYPE, RunSession, toNodeError } from './api/sessionAndFailure';
