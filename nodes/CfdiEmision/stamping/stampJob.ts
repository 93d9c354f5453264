/**
 * The job one item becomes before any request (StampJob): what the protocol's steps share, the
 * Duplicate Check's key of the item included. Types only, importing none of those steps.
 */
import type { IDataObject } from 'n8n-workflow';

import type { DuplicateCheckMode } from '../identity/businessKey';
import type { FiscalFacts } from '../identity/contentTwin';
import type { SaleFacts } from '../identity/saleIdentity';
import type { BusinessKey } from '../cfdi/voucherSource';
import type { PreparedVoucher } from '../voucherInput/prepareVoucher';

export type StampingMode = 'direct' | 'twoPhase';

/**
 * Where an item's voucher goes: a new voucher, or the pending voucher with this id (`seenPending`:
 * one this execution found pending itself, by the Duplicate Check or a remembered draft).
 */
export type VoucherTarget =
	{ kind: 'create' } | { kind: 'update'; id: number; seenPending?: boolean };

/** One item, ready to send: everything below is decided before any request. */
export interface StampJob {
	itemIndex: number;
	target: VoucherTarget;
	/** Stamp now (emitir=true), or only save as pending. */
	stamp: boolean;
	mode: StampingMode;
	voucher: PreparedVoucher;
	/** Its series, the lane it stamps in: one stamp per series at a time (the service's FAC119). */
	series: string;
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
