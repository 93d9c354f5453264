/** What a voucher operation gives the stamping handler, and one item's job once planned (types only). */
import { type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import type { BusinessKey, DuplicateCheckMode, FiscalFacts, SaleFacts } from '../cfdi';
import type { SaleLedger } from './saleLedger';
import type { RunSession } from '../api/client';
import type { VoucherRecord } from '../api/voucherRecords';
import { BuiltVoucher, type PreparedVoucher } from '../voucherInput';

export type StampingMode = 'direct' | 'twoPhase';

/** Where an item's voucher goes: a new voucher, or the pending voucher with this id. */
export type VoucherTarget = { kind: 'create' } | { kind: 'update'; id: number };

/**
 * What a voucher operation gives the stamping handler; everything else (options, local checks,
 * the no-double-stamp protocol, retries, output, scheduling) is the handler's.
 */
export interface VoucherOperation {
	/**
	 * Builds one item's voucher from the node's parameters (fields, JSON, an order, a payment...).
	 * Local work only: throw a NodeOperationError naming the field and the fix, nothing is sent.
	 * A BuiltVoucher adds members to the output item, or skips the item (no body: nothing is sent).
	 */
	buildVoucher(ctx: IExecuteFunctions, itemIndex: number): IDataObject | BuiltVoucher;
	/** Where the item's voucher goes (read the id here, e.g. with readVoucherId). */
	target(ctx: IExecuteFunctions, itemIndex: number): VoucherTarget;
	/**
	 * The input items each voucher gathers, when a voucher is not one item (a global invoice, or its
	 * parts): buildVoucher is then called once per voucher with its position here, and reads the
	 * items itself; each output pairs with its voucher's items. Local work only, read once per run.
	 */
	itemsPerVoucher?(ctx: IExecuteFunctions): number[][];
	/**
	 * A step before the item's voucher is sent (after the duplicate check found it not stamped):
	 * may send other requests (a global invoice replaced), throw to stop the item, or answer members
	 * for the item's output. `generalPublic`: the general-public vouchers the Duplicate Check's list
	 * read met (undefined when the item had no check), which the step may update as it changes them.
	 */
	beforeSend?(
		ctx: IExecuteFunctions,
		job: StampJob,
		session: RunSession,
		generalPublic: VoucherRecord[] | undefined,
	): Promise<IDataObject | undefined>;
	/**
	 * Whether the item's sale may already be documented to the general public (an order's invoice to
	 * its buyer): a general-public voucher under its key is then not another recipient's voucher of
	 * the sale but a global invoice holding it, which beforeSend handles (Sale in a Global Invoice).
	 */
	mayBeInGlobalInvoice?(ctx: IExecuteFunctions, itemIndex: number): boolean;
	/**
	 * A step after the item's voucher was stamped, or found stamped by the duplicate check (a re-run
	 * of a run stopped after the stamp): may send other requests (a replaced global invoice cancelled
	 * last) and answer members for the item's output. It does not throw: the voucher is stamped, so
	 * what is left for the shop goes into the output (needsAttention).
	 */
	afterStamped?(
		ctx: IExecuteFunctions,
		job: StampJob,
		session: RunSession,
		generalPublic: VoucherRecord[] | undefined,
	): Promise<IDataObject | undefined>;
	/** The XML text of the invoices the item relates, already downloaded (by upper-case UUID): not read again. */
	relatedXml?(itemIndex: number): Map<string, string>;
	/** The run's ledger when the operation read it before planning (a global sale's credits). */
	ledger?: SaleLedger;
}

/** One item, ready to send: everything below is decided before any request. */
export interface StampJob {
	itemIndex: number;
	target: VoucherTarget;
	/** Stamp now (emitir=true), or only save as pending. */
	stamp: boolean;
	mode: StampingMode;
	voucher: PreparedVoucher;
	/** Members the body builder adds to the output item. */
	output: IDataObject;
	/** The sale's key and facts, and what to do when it is already stamped (absent: no check for this item). */
	duplicate?: CheckedKey & {
		mode: Exclude<DuplicateCheckMode, 'off'>;
		/** A self-invoice request: the voucher found must be this recipient's. */
		recipientRfc?: string;
	};
}

/** One item's key with what the identity rule compares. */
export interface CheckedKey {
	key: BusinessKey;
	sale: SaleFacts;
	/** The voucher is sent with its own date (Use Voucher Date): the window reaches 72 hours further back. */
	dated?: boolean;
	/** The voucher's own date when it is sent with it: a listed voucher of that date is its re-run. */
	ownDate?: string;
	/**
	 * The voucher's fiscal fields, for a key without a Duplicate Check Key (content or own folio):
	 * a twin found that differs in one is named on the item (contentTwin.ts).
	 */
	fiscal?: FiscalFacts;
}
