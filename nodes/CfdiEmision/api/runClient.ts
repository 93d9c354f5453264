/**
 * The service's client bound to one run: n8n's context and the run's session joined once, so that
 * the stamping protocol holds this object (as what it asks of the service, stamping/runVoucherList.ts),
 * not n8n's context. The voucher writes (create, change or stamp a pending voucher: spec 4.1-4.2)
 * exist only here, so no code saves or stamps a voucher outside a stamping run's client; each sends
 * its one request and parses its own answer, and what the answer means (stamped, refused, busy
 * series) is the protocol's to judge. The reads and the cancel are the api/ functions of the same
 * name. Each method says the request it sends (method and path, paths in api/paths.ts), so an
 * operation that names the calls it makes is traced here. The errors it words name the node.
 */
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { operationFailed, toNodeError, type FailureContext } from '../transport/errors';
import { parseJsonObject } from '../transport/responses';
import { callService, type RunSession } from '../transport/transport';
import { voucherPath, VOUCHERS_PATH } from './paths';
import { findVoucherByUuid, findVoucherOnList, readWholeWindow } from './voucherList';
import type { VoucherListKey, VoucherListWindow, WholeWindow } from './voucherList';
import type { VoucherRecord } from './voucherRecords';
import { downloadVoucherXml, type VoucherXml, type XmlPurpose } from './voucherXml';
import { cancelVoucher, readVoucher, type CancellationBody } from './vouchers';

/** A voucher as the service takes it: the body, and the query members sent beside `emitir`. */
export interface VoucherWrite {
	body: IDataObject;
	qs: IDataObject;
}

/** An answer to a save or stamp: the operation result (spec 2.6), parsed strictly. */
function operationResult(body: unknown): IDataObject {
	return parseJsonObject(body, 'the voucher request');
}

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

	/**
	 * POST .../comprobantes: creates the voucher, stamped when `stamp` (emitir=true), else saved as
	 * pending. A redirect is never its answer (callService reports it as unclear).
	 */
	async createVoucher(voucher: VoucherWrite, stamp: boolean): Promise<IDataObject> {
		return await this.writeVoucher('POST', VOUCHERS_PATH, voucher, stamp);
	}

	/** PUT .../comprobantes/{id} with emitir=false: changes a pending voucher, stamps nothing. */
	async updatePendingVoucher(id: number, voucher: VoucherWrite): Promise<IDataObject> {
		return await this.writeVoucher('PUT', voucherPath(id), voucher, false);
	}

	/**
	 * PUT .../comprobantes/{id} with emitir=true: stamps the pending voucher `id` with this body (its
	 * id in the body too). A PUT on an id cannot create a second voucher, so it may go again.
	 */
	async stampPendingVoucher(id: number, voucher: VoucherWrite): Promise<IDataObject> {
		return await this.writeVoucher('PUT', voucherPath(id), voucher, true, {
			...voucher.body,
			id,
		});
	}

	/** One write of a voucher: its query with `emitir`, its body, and the operation result it answers. */
	private async writeVoucher(
		method: 'POST' | 'PUT',
		url: string,
		voucher: VoucherWrite,
		emitir: boolean,
		body: IDataObject = voucher.body,
	): Promise<IDataObject> {
		const response = await callService(this.ctx, this.session, {
			method,
			url,
			qs: { ...voucher.qs, emitir },
			json: body,
			savesVoucher: true,
		});
		return operationResult(response.body);
	}

	/** GET .../comprobantes/{id}: one voucher as the service stores it (api/vouchers.ts). */
	async readVoucher(id: number | string, what?: string): Promise<IDataObject> {
		return await readVoucher(this.ctx, this.session, id, what);
	}

	/** DELETE .../comprobantes/{uuid} with the motive: cancels a stamped voucher (api/vouchers.ts). */
	async cancelVoucher(uuid: string, cancellation: CancellationBody): Promise<IDataObject> {
		return await cancelVoucher(this.ctx, this.session, uuid, cancellation);
	}

	/** GET .../comprobantes, page by page: every voucher of a date window (api/voucherList.ts). */
	async readWholeWindow(window: VoucherListWindow): Promise<WholeWindow> {
		return await readWholeWindow(this.ctx, this.session, window);
	}

	/** GET .../comprobantes, page by page to the voucher of a window a key names (api/voucherList.ts). */
	async findVoucherOnList(
		key: VoucherListKey,
		window: VoucherListWindow,
	): Promise<VoucherRecord | undefined> {
		return await findVoucherOnList(this.ctx, this.session, key, window);
	}

	/** GET .../comprobantes narrowed to one UUID: its status on the list (api/voucherList.ts). */
	async findVoucherByUuid(uuid: string): Promise<VoucherRecord | undefined> {
		return await findVoucherByUuid(this.ctx, this.session, uuid);
	}

	/** GET .../descargacomprobantes/{uuid}: a stamped voucher's XML, that UUID's (api/voucherXml.ts). */
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
