import type { IDataObject } from 'n8n-workflow';

/**
 * Thrown by the duplicate check while a stamp waits for its busy series: the sale was stamped
 * meanwhile by another execution, so this item stops and returns that voucher. `pendingId` is the
 * pending voucher this item had saved (two-phase), left unstamped.
 */
export class SaleStampedMeanwhile extends Error {
	constructor(
		readonly voucher: IDataObject,
		readonly pendingId?: number,
	) {
		super(`the sale was stamped meanwhile as UUID ${String(voucher.uuid)}`);
	}
}
