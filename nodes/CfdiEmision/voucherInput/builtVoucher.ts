import type { IDataObject } from 'n8n-workflow';

import type { VoucherSource } from '../cfdi/voucherSource';

/**
 * What a body builder made of an item, when it is more than a voucher body: members for the output
 * item (e.g. the order's totals), or no body at all when the item is skipped on purpose (nothing is
 * sent; `output` says why). `source` carries the money the voucher stands for and the sale's
 * business key (cfdi/voucherSource.ts), for the reconciliation rule and the duplicate check.
 */
export class BuiltVoucher {
	constructor(
		readonly body: IDataObject | undefined,
		readonly output: IDataObject,
		readonly source: VoucherSource = {},
	) {}
}
