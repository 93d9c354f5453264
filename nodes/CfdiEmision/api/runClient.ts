/**
 * The service's client bound to one run: n8n's context and the run's session joined once, so that
 * the stamping protocol holds this object (as what it asks of the service, stamping/service.ts),
 * not n8n's context. Each call is the api/ function of the same name; the errors it words name the
 * node (the only part of n8n they need).
 */
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { operationFailed, toNodeError, type FailureContext } from '../transport/errors';
import type { RunSession } from '../transport/transport';
import { findVoucherByUuid, findVoucherOnList, readWholeWindow } from './voucherList';
import type { VoucherListKey, VoucherListWindow, WholeWindow } from './voucherList';
import type { VoucherRecord } from './voucherRecords';
import { downloadVoucherXml, type VoucherXml, type XmlPurpose } from './voucherXml';
import {
	cancelVoucher,
	createVoucher,
	readVoucher,
	stampPendingVoucher,
	updatePendingVoucher,
	type CancellationBody,
	type VoucherWrite,
} from './vouchers';

/** The node a run's errors name: all that error wording needs of n8n's context. */
export interface NodeRef {
	getNode(): INode;
}

export class RunClient {
	/** The node, for errors worded outside this client (a rule's refusal). */
	readonly node: NodeRef;

	constructor(
		private readonly ctx: IExecuteFunctions,
		readonly session: RunSession,
	) {
		this.node = { getNode: () => ctx.getNode() };
	}

	async createVoucher(voucher: VoucherWrite, stamp: boolean): Promise<IDataObject> {
		return await createVoucher(this.ctx, this.session, voucher, stamp);
	}

	async updatePendingVoucher(id: number, voucher: VoucherWrite): Promise<IDataObject> {
		return await updatePendingVoucher(this.ctx, this.session, id, voucher);
	}

	async stampPendingVoucher(id: number, voucher: VoucherWrite): Promise<IDataObject> {
		return await stampPendingVoucher(this.ctx, this.session, id, voucher);
	}

	async readVoucher(id: number | string, what?: string): Promise<IDataObject> {
		return await readVoucher(this.ctx, this.session, id, what);
	}

	async cancelVoucher(uuid: string, cancellation: CancellationBody): Promise<IDataObject> {
		return await cancelVoucher(this.ctx, this.session, uuid, cancellation);
	}

	async readWholeWindow(window: VoucherListWindow): Promise<WholeWindow> {
		return await readWholeWindow(this.ctx, this.session, window);
	}

	async findVoucherOnList(
		key: VoucherListKey,
		window: VoucherListWindow,
	): Promise<VoucherRecord | undefined> {
		return await findVoucherOnList(this.ctx, this.session, key, window);
	}

	async findVoucherByUuid(uuid: string): Promise<VoucherRecord | undefined> {
		return await findVoucherByUuid(this.ctx, this.session, uuid);
	}

	async downloadVoucherXml(
		uuid: string,
		itemIndex: number,
		purpose?: Partial<XmlPurpose>,
	): Promise<VoucherXml> {
		return await downloadVoucherXml(this.ctx, this.session, uuid, itemIndex, purpose);
	}

	/** A failed call as the error the user sees (transport/errors.ts). */
	nodeError(error: unknown, itemIndex: number, context: FailureContext) {
		return toNodeError(this.node, error, itemIndex, context);
	}

	/** An answer that arrived but says the operation failed. */
	operationFailed(itemIndex: number, message: string, fix: string, outcome?: IDataObject) {
		return operationFailed(this.node, itemIndex, message, fix, outcome);
	}
}
