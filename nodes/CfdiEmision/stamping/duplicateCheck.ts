import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	checkWindow,
	DAY_SECONDS,
	existingUnderKey,
	twinsOf,
	type BusinessKey,
	type DuplicateCheckMode,
	type ExistingVoucher,
	type ListedVoucher,
} from '../cfdi';
import { operationFailed } from '../transport/errors';
import type { ItemOutcome } from '../execution/runItems';
import type { RunSession } from '../transport/transport';
import { findOnVoucherList, type VoucherListKey } from '../api/voucherList';
import type { VoucherRecord } from '../api/voucherRecords';
import type { StampJob } from './handler';
import { SaleStampedMeanwhile } from './saleStampedMeanwhile';
import { readOutputFormat, type OutputFormat } from './answer';

/** How far back the list is read for a key without a sale date. */
export const DEFAULT_LOOK_BACK_DAYS = 30;

/** The Duplicate Check setting for each version: new nodes check, version 1 nodes keep their calls. */
export function duplicateCheckModeOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
): DuplicateCheckMode {
	const fallback: DuplicateCheckMode = ctx.getNode().typeVersion >= 1.1 ? 'returnExisting' : 'off';
	const mode = ctx.getNodeParameter('duplicateCheck', itemIndex, fallback) as DuplicateCheckMode;
	return mode === 'fail' || mode === 'off' || mode === 'returnExisting' ? mode : fallback;
}

/** What the check found for one item before its first request. */
export type CheckedItem = ExistingVoucher | { kind: 'stampedThisRun'; voucher: IDataObject };

const toListKey = (key: BusinessKey): VoucherListKey => ({
	series: key.serie ?? '',
	folio: key.folio ?? '',
});

/** Unix seconds now. */
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The duplicate check of one run. Before the first request of any item it reads the service's list
 * ONCE for the keys of every item of the run (one pass of paging over one date window, whatever the
 * series), so an item whose sale is already stamped is answered from it. Items of the run that share
 * a key are answered from this run's own stamps. After the run, one more pass looks for twins that
 * another execution stamped at the same moment.
 */
export class DuplicateCheck {
	private listed?: Promise<Map<string, VoucherRecord[]>>;

	private readonly stampedThisRun = new Map<string, IDataObject>();

	private readonly startedAt = nowSeconds();

	constructor(
		private readonly ctx: IExecuteFunctions,
		/** Every item's key (plans every item that is not planned yet; local work only). */
		private readonly allKeys: () => BusinessKey[],
		private readonly lookBackDays = DEFAULT_LOOK_BACK_DAYS,
	) {}

	private static id(key: BusinessKey): string {
		return `${(key.serie ?? '').toUpperCase()}\u0000${key.folio ?? ''}`;
	}

	/** The vouchers listed under each key of the run, read once. */
	private async listedByKey(session: RunSession): Promise<Map<string, VoucherRecord[]>> {
		this.listed ??= (async () => {
			const keys = [
				...new Map(this.allKeys().map((key) => [DuplicateCheck.id(key), key])).values(),
			];
			const window = checkWindow(
				keys.map((key) => key.since),
				nowSeconds(),
				this.lookBackDays,
			);
			const found = await this.find(session, keys, window);
			return new Map(keys.map((key, index) => [DuplicateCheck.id(key), found[index]]));
		})();
		return await this.listed;
	}

	private async find(
		session: RunSession,
		keys: BusinessKey[],
		window: { from: number; to: number },
	): Promise<VoucherRecord[][]> {
		// All matches, not the first: a cancelled voucher under a key must not hide a stamped one.
		return await findOnVoucherList(this.ctx, session, keys.map(toListKey), window, {
			firstMatchOnly: false,
		});
	}

	/** What the list (or this run) holds for an item's key, before its first request. */
	async before(session: RunSession, key: BusinessKey): Promise<CheckedItem> {
		const inRun = this.stampedThisRun.get(DuplicateCheck.id(key));
		if (inRun) return { kind: 'stampedThisRun', voucher: inRun };
		const listed = (await this.listedByKey(session)).get(DuplicateCheck.id(key)) ?? [];
		return existingUnderKey(key, listed as ListedVoucher[]);
	}

	/**
	 * Looks again for one key (a series-busy answer says another stamp runs on its series, maybe this
	 * very sale from another execution): throws SaleStampedMeanwhile when it is stamped now.
	 */
	async recheck(session: RunSession, key: BusinessKey, pendingId?: number): Promise<void> {
		const window = checkWindow([key.since], nowSeconds(), this.lookBackDays);
		const [listed] = await this.find(session, [key], window);
		const found = existingUnderKey(key, listed as ListedVoucher[]);
		if (found.kind === 'stamped')
			throw new SaleStampedMeanwhile(found.voucher as unknown as IDataObject, pendingId);
	}

	/** An item of this run stamped its key: later items of the run with the same key return it. */
	stamped(key: BusinessKey, output: IDataObject): void {
		this.stampedThisRun.set(DuplicateCheck.id(key), output);
	}

	/**
	 * After the run: one pass over the list for every key this run stamped; a key with another
	 * stamped voucher besides ours is a twin, reported on the item's output (never silently).
	 */
	async afterRun(
		session: RunSession,
		stamped: Array<{ key: BusinessKey; uuid: string; output: IDataObject }>,
	): Promise<void> {
		if (!stamped.length) return;
		const keys = stamped.map((entry) => entry.key);
		const wide = checkWindow(
			keys.map((key) => key.since),
			nowSeconds(),
			this.lookBackDays,
		);
		// A twin was stamped while this run ran: its date is at most 72 hours before the run started.
		const window = { from: Math.max(wide.from, this.startedAt - 3 * DAY_SECONDS), to: wide.to };
		let found: VoucherRecord[][];
		try {
			found = await this.find(session, keys, window);
		} catch (error) {
			// The vouchers are stamped: failing the node now would hide them. Say the look-up failed.
			const note = `The look-up for a twin stamped by another execution at the same moment failed (${(error as Error).message}); check the list for this voucher's series and folio.`;
			for (const entry of stamped)
				entry.output.duplicate = { key: entry.key.value, unchecked: note };
			return;
		}
		stamped.forEach((entry, index) => {
			const twins = twinsOf(entry.key, entry.uuid, found[index] as ListedVoucher[]);
			if (!twins) return;
			if (twins.thisOneIsTwin) entry.output.status = 'stampedTwin';
			entry.output.duplicate = {
				key: entry.key.value,
				keep: twins.keep,
				cancel: twins.cancel,
				message: twins.message,
			} as unknown as IDataObject;
		});
	}
}

/** The found voucher as the item's result: what identifies it and how it was found. */
function existingOutput(
	job: StampJob,
	status: 'alreadyStamped' | 'alreadyPending',
	voucher: IDataObject,
	format: OutputFormat,
): IDataObject {
	const key = job.duplicate?.key;
	if (format === 'simplified') {
		// The key names of the simplified output (stamping/answer.ts) and of Get Status.
		const series = voucher.series ?? voucher.serie ?? key?.serie ?? null;
		const folio = voucher.folio ?? key?.folio ?? null;
		const name = series && folio ? `${String(series)}-${String(folio)}` : 'This sale';
		return {
			status,
			uuid: voucher.uuid ?? null,
			voucherId: voucher.voucherId ?? voucher.idComprobante ?? null,
			series,
			folio,
			recipientRfc: voucher.recipientRfc ?? null,
			recipientName: voucher.recipientName ?? null,
			total: voucher.total ?? null,
			currency: voucher.currency ?? null,
			...(voucher.date ? { date: voucher.date } : {}),
			message: `${name} is ${status === 'alreadyStamped' ? 'already stamped' : 'already saved as pending'} (${describeFound(voucher)}): nothing was sent.`,
			duplicateCheck: { key: key?.value ?? null, keyFrom: key?.from ?? null, found: voucher },
			...job.output,
		};
	}
	return {
		status,
		uuid: voucher.uuid ?? null,
		idComprobante: voucher.voucherId ?? voucher.idComprobante ?? null,
		serie: voucher.series ?? voucher.serie ?? key?.serie ?? null,
		folio: voucher.folio ?? key?.folio ?? null,
		...(voucher.date ? { fecha: voucher.date } : {}),
		duplicateCheck: { key: key?.value ?? null, keyFrom: key?.from ?? null, found: voucher },
		...job.output,
	};
}

const describeFound = (voucher: IDataObject) =>
	[
		voucher.uuid ? `UUID ${String(voucher.uuid)}` : '',
		voucher.voucherId ? `id ${String(voucher.voucherId)}` : '',
		voucher.date ? `dated ${String(voucher.date)}` : '',
	]
		.filter(Boolean)
		.join(', ');

/**
 * The item's result when the check answers it without sending anything: the sale is stamped
 * already (Return Existing gives that voucher, Fail refuses the item), or its pending voucher exists
 * and the item only saves pending. Undefined: the item goes on (nothing found, or a pending voucher
 * to finish with Update).
 */
export function checkedOutcome(
	ctx: IExecuteFunctions,
	job: StampJob,
	found: CheckedItem,
): ItemOutcome | undefined {
	const duplicate = job.duplicate;
	if (!duplicate || found.kind === 'none') return undefined;
	if (found.kind === 'pending' && job.stamp) return undefined;
	// An output of this run: the raw output names the id idComprobante, the simplified one voucherId.
	const voucher: IDataObject =
		found.kind === 'stampedThisRun'
			? {
					uuid: found.voucher.uuid,
					voucherId: found.voucher.idComprobante ?? found.voucher.voucherId,
					note: 'stamped by an earlier item of this run',
				}
			: (found.voucher as unknown as IDataObject);
	const status = found.kind === 'pending' ? 'alreadyPending' : 'alreadyStamped';
	const where = `series ${duplicate.key.serie || '(none)'} folio ${duplicate.key.folio ?? ''}`;
	if (duplicate.mode === 'fail') {
		throw operationFailed(
			ctx,
			job.itemIndex,
			`This sale (${duplicate.key.value}, from ${duplicate.key.from}) is ${status === 'alreadyStamped' ? 'already stamped' : 'already saved as pending'}: ${where}, ${describeFound(voucher)}`,
			'Nothing was sent. Duplicate Check is set to Fail; set it to Return Existing to get the existing voucher as the result instead, or cancel that voucher first if a new one is really wanted.',
			{ status, duplicateCheck: { key: duplicate.key.value, found: voucher } },
		);
	}
	const doneNote = `${status === 'alreadyStamped' ? 'found already stamped' : 'found already pending'} (${describeFound(voucher)}), nothing sent`;
	return {
		items: [{ json: existingOutput(job, status, voucher, readOutputFormat(ctx)) }],
		doneNote,
	};
}

/** The item's result when its sale was stamped by another execution while it waited for its series. */
export function stampedMeanwhileOutcome(
	job: StampJob,
	meanwhile: SaleStampedMeanwhile,
	format: OutputFormat,
): ItemOutcome {
	const json = existingOutput(job, 'alreadyStamped', meanwhile.voucher, format);
	json.duplicateCheck = {
		...(json.duplicateCheck as IDataObject),
		meanwhile: true,
		...(meanwhile.pendingId
			? {
					leftPending: meanwhile.pendingId,
					note: `Another execution stamped this sale while this item waited for its series. The pending voucher ${meanwhile.pendingId} this item had saved was not stamped; a pending voucher has no fiscal effect.`,
				}
			: {}),
	};
	return {
		items: [{ json }],
		doneNote: `found stamped meanwhile by another execution (UUID ${String(meanwhile.voucher.uuid)}), nothing stamped`,
	};
}
