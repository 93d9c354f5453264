/**
 * What the stamping protocol asks of the service: runStamping hands its modules the run's client
 * (api/runClient.ts implements this), so the protocol's modules know no other part of api/ nor
 * n8n's context.
 */
import type { IDataObject, NodeApiError } from 'n8n-workflow';

import type { FailureContext } from '../api/sessionAndFailure';
import type { NodeRef, VoucherWrite } from '../api/runClient';
import type { VoucherListKey, VoucherListWindow, WholeWindow } from '../api/voucherList';
import type { VoucherRecord } from '../api/voucherRecords';
import type { VoucherXml, XmlPurpose } from '../api/voucherXml';
import type { CancellationBody } from '../api/vouchers';

export interface StampingService {
	/** The node, for errors worded outside the client (a rule's refusal). */
	readonly node: NodeRef;
	createVoucher(voucher: VoucherWrite, stamp: boolean): Promise<IDataObject>;
	updatePendingVoucher(id: number, voucher: VoucherWrite): Promise<IDataObject>;
	stampPendingVoucher(id: number, voucher: VoucherWrite): Promise<IDataObject>;
	readVoucher(id: number | string, what?: string): Promise<IDataObject>;
	cancelVoucher(uuid: string, cancellation: CancellationBody): Promise<IDataObject>;
	findVoucherByUuid(uuid: string): Promise<VoucherRecord | undefined>;
	readWholeWindow(window: VoucherListWindow): Promise<WholeWindow>;
	findVoucherOnList(
		key: VoucherListKey,
		window: VoucherListWindow,
	): Promise<VoucherRecord | undefined>;
	downloadVoucherXml(
		uuid: string,
		itemIndex: number,
		purpose?: Partial<XmlPurpose>,
	): Promise<VoucherXml>;
	/** A failed call as the error the user sees. */
	nodeError(error: unknown, itemIndex: number, context: FailureContext): NodeApiError;
	/** An answer that arrived but says the operation failed. */
	operationFailed(
		itemIndex: number,
		message: string,
		fix: string,
		outcome?: IDataObject,
	): NodeApiError;
}
