import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	CONTENT_FOLIO_PREFIX,
	collisionMessage,
	describeListed,
	describeSale,
	judgeListed,
	saleWindow,
	toGeneralPublic,
	totalChangedMessage,
	twinsOf,
	type BusinessKey,
	type DuplicateCheckMode,
	type ListedSale,
	type ListedVoucher,
	type SaleFacts,
	type Verdict,
} from '../cfdi';
import { operationFailed } from '../transport/errors';
import type { ItemOutcome } from '../execution/runItems';
import type { RunSession } from '../transport/transport';
import { readWholeWindow, type WholeWindow } from '../api/voucherList';
import type { VoucherRecord } from '../api/voucherRecords';
import type { StampJob } from './handler';
import { SaleStampedMeanwhile } from './saleStampedMeanwhile';
import { readOutputFormat, withoutEmpty, type OutputFormat } from './answer';

/** How far back the list is read for a key without a sale date. */
export const DEFAULT_LOOK_BACK_DAYS = 30;

/** The Duplicate Check setting: on (Return Existing) unless the node says otherwise, in every version. */
export function duplicateCheckModeOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
): DuplicateCheckMode {
	const fallback: DuplicateCheckMode = 'returnExisting';
	const mode = ctx.getNodeParameter('duplicateCheck', itemIndex, fallback) as DuplicateCheckMode;
	return mode === 'fail' || mode === 'off' || mode === 'returnExisting' ? mode : fallback;
}

/** What the check found for one item before its first request. */
export type CheckedItem = Verdict & { thisRun?: boolean };

/** The sale's own facts (recipient, total, currency) as the voucher to send carries them. */
export function saleFactsOf(body: IDataObject): SaleFacts {
	const receptor = (body.receptor ?? {}) as IDataObject;
	const total = body.total;
	return {
		...(receptor.rfc ? { recipientRfc: String(receptor.rfc).trim().toUpperCase() } : {}),
		...(total !== undefined && total !== null && total !== '' ? { total: String(total) } : {}),
		...(body.moneda ? { currency: String(body.moneda) } : {}),
	};
}

/** One item's key with what the identity rule compares. */
export interface CheckedKey {
	key: BusinessKey;
	sale: SaleFacts;
	/** The voucher is sent with its own date (Use Voucher Date): the window reaches 72 hours further back. */
	dated?: boolean;
}

/** Unix seconds now. */
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The duplicate check of one run. Before the first request of any item it reads the service's list
 * ONCE for every item of the run: the whole window where a voucher of the run's sales can be
 * (saleWindow), to the count the list announces, so an item whose sale is already stamped is answered
 * from it. Items of the run that share a key are judged against this run's own stamps by the same
 * rule (judgeListed). After the run, one more read looks for twins that another execution stamped at
 * the same moment.
 */
export class DuplicateCheck {
	private listed?: Promise<WholeWindow>;

	private readonly stampedThisRun: ListedSale[] = [];

	private readonly outputsThisRun = new Map<string, IDataObject>();

	private readonly startedAt = nowSeconds();

	/** Pages of the list this run read (the benchmark reads it). */
	pages = 0;

	/**
	 * The vouchers to the general public (global invoices) in the run's one read, for Sale in a
	 * Global Invoice: no read of its own. A global invoice holding a sale is stamped after the sale,
	 * and the window reaches back before every sale's date (saleWindow), so it is in this read.
	 */
	readonly generalPublic: VoucherRecord[] = [];

	constructor(
		private readonly ctx: IExecuteFunctions,
		/** Every item's key (plans every item that is not planned yet; local work only). */
		private readonly allKeys: () => CheckedKey[],
		private readonly lookBackDays = DEFAULT_LOOK_BACK_DAYS,
	) {}

	private async read(
		session: RunSession,
		window: { from: number; to: number },
	): Promise<WholeWindow> {
		const whole = await readWholeWindow(this.ctx, session, window);
		this.pages += whole.pages;
		return whole;
	}

	private windowOf(keys: CheckedKey[]): { from: number; to: number } {
		return saleWindow(
			keys.map((entry) => entry.key),
			nowSeconds(),
			this.lookBackDays,
			keys.some((entry) => entry.dated),
		);
	}

	/** The run's window of the list, read once. */
	private async listedOnce(session: RunSession): Promise<WholeWindow> {
		this.listed ??= this.read(session, this.windowOf(this.allKeys())).then((whole) => {
			this.generalPublic.push(
				...whole.records.filter((record) => toGeneralPublic(record.recipientRfc)),
			);
			return whole;
		});
		return await this.listed;
	}

	private judge(entry: CheckedKey, whole: WholeWindow): CheckedItem {
		const verdict = judgeListed(entry.key, entry.sale, [
			...(whole.records as unknown as ListedSale[]),
			...this.stampedThisRun,
		]);
		if (verdict.kind === 'stamped' && this.outputsThisRun.has(verdict.voucher.uuid))
			return { ...verdict, thisRun: true };
		if (verdict.kind === 'none' && !whole.complete)
			return {
				kind: 'undecidable',
				reason: whole.why ?? 'the list could not be read to its end',
				vouchers: [],
			};
		return verdict;
	}

	/** What the list (and this run) holds for an item's sale, before its first request. */
	async before(session: RunSession, entry: CheckedKey): Promise<CheckedItem> {
		return this.judge(entry, await this.listedOnce(session));
	}

	/**
	 * Looks again for one key (a series-busy answer says another stamp runs on its series, maybe this
	 * very sale from another execution): throws SaleStampedMeanwhile when it is stamped now.
	 */
	async recheck(session: RunSession, entry: CheckedKey, pendingId?: number): Promise<void> {
		const whole = await this.read(session, this.windowOf([entry]));
		const found = judgeListed(entry.key, entry.sale, whole.records as unknown as ListedSale[]);
		if (found.kind === 'stamped' && !found.totalChanged)
			throw new SaleStampedMeanwhile(found.voucher as unknown as IDataObject, pendingId);
	}

	/** An item of this run stamped its key: later items of the run are judged against it too. */
	stamped(entry: CheckedKey, output: IDataObject): void {
		const uuid = String(output.uuid ?? '').toUpperCase();
		this.outputsThisRun.set(uuid, output);
		this.stampedThisRun.push({
			uuid,
			voucherId: Number(output.idComprobante ?? output.voucherId) || null,
			date: new Date().toISOString(),
			status: 'stamped',
			series: entry.key.serie ?? '',
			folio: entry.key.folio ?? '',
			recipientRfc: entry.sale.recipientRfc ?? null,
			total: entry.sale.total ?? null,
			currency: entry.sale.currency ?? null,
		});
	}

	/**
	 * After the run: one read of the list for every key this run stamped; a key with another stamped
	 * voucher of the same sale besides ours is a twin, reported on the item's output (never silently).
	 */
	async afterRun(
		session: RunSession,
		stamped: Array<CheckedKey & { uuid: string; output: IDataObject }>,
	): Promise<void> {
		if (!stamped.length) return;
		const wide = this.windowOf(stamped);
		// A twin was stamped while this run ran: dated from the run's start (72 hours earlier when dated).
		const earliest =
			this.startedAt - (stamped.some((entry) => entry.dated) ? 72 * 3_600 : 0) - 30 * 60;
		const window = { from: Math.max(wide.from, earliest), to: wide.to };
		let found: WholeWindow;
		try {
			found = await this.read(session, window);
		} catch (error) {
			// The vouchers are stamped: failing the node now would hide them. Say the look-up failed.
			const note = `The look-up for a twin stamped by another execution at the same moment failed (${(error as Error).message}); check the list for this voucher's series and folio.`;
			for (const entry of stamped)
				entry.output.duplicate = { key: entry.key.value, unchecked: note };
			return;
		}
		for (const entry of stamped) {
			const twins = twinsOf(
				entry.key,
				entry.uuid,
				found.records as unknown as ListedVoucher[],
				entry.sale,
			);
			if (!twins) {
				if (!found.complete)
					entry.output.duplicate = {
						key: entry.key.value,
						unchecked: `The look-up for a twin stamped by another execution at the same moment could not read the whole list (${found.why ?? 'incomplete'}); check the list for this voucher's series and folio.`,
					};
				continue;
			}
			if (twins.thisOneIsTwin) entry.output.status = 'stampedTwin';
			entry.output.duplicate = {
				key: entry.key.value,
				keep: twins.keep,
				cancel: twins.cancel,
				message: twins.message,
			} as unknown as IDataObject;
		}
	}
}

/** The RFC of the voucher found when it is not the one asked for (a self-invoice request). */
function anotherRecipient(wanted: string | undefined, found: unknown): string | undefined {
	if (!wanted || found === undefined || found === null || String(found).trim() === '')
		return undefined;
	return String(found).trim().toUpperCase() === wanted.trim().toUpperCase()
		? undefined
		: String(found);
}

/** A self-invoice request: another recipient's invoice of this sale is never handed to this buyer. */
function invoicedToAnotherRfc(job: StampJob, rfc: string, voucher: IDataObject): ItemOutcome {
	const name = job.output.order as IDataObject | undefined;
	const label = name?.name ? `Order ${String(name.name)}` : 'This sale';
	return {
		items: [
			{
				json: {
					...job.output,
					status: 'skipped',
					skipped: {
						reason: 'invoicedToAnotherRfc',
						message: `${label} is already invoiced to another RFC; it cannot be invoiced to ${rfc}. Nothing was sent. The shop can cancel that invoice (motive 02) before invoicing it again.`,
					},
					duplicateCheck: { key: job.duplicate?.key.value ?? null, found: voucher },
				},
			},
		],
		doneNote: `found invoiced to another RFC (${describeFound(voucher)}), nothing sent`,
	};
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
			...withoutEmpty({
				status,
				uuid: voucher.uuid,
				voucherId: voucher.voucherId ?? voucher.idComprobante,
				series,
				folio,
				recipientRfc: voucher.recipientRfc,
				recipientName: voucher.recipientName,
				total: voucher.total,
				currency: voucher.currency,
				date: voucher.date,
			}),
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
	describeListed({
		uuid: String(voucher.uuid ?? ''),
		voucherId: Number(voucher.voucherId ?? voucher.idComprobante) || null,
		date: (voucher.date as string | undefined) ?? null,
		status: String(voucher.status ?? ''),
		series: null,
		folio: null,
		recipientRfc: (voucher.recipientRfc as string | undefined) ?? null,
		total: (voucher.total as number | undefined) ?? null,
	});

/** The note of a voucher found by its content: how to stamp a deliberate second one. */
export function contentNote(key: BusinessKey): string | undefined {
	if (!key.value.startsWith('content:')) return undefined;
	return `No Duplicate Check Key was given, so the sale is identified by the voucher's content (recipient, lines and total; folio ${key.folio}, which starts with "${CONTENT_FOLIO_PREFIX}"): the same content was stamped within the window. To stamp a deliberate second voucher with the same content, map a Duplicate Check Key that tells the sales apart (e.g. an order or ticket number), give the voucher its own folio, or set Duplicate Check to Off.`;
}

/** What the item's output says about twins: every stamped voucher of the sale, which to keep. */
function alsoStamped(found: Extract<Verdict, { kind: 'stamped' }>): IDataObject {
	if (!found.others.length) return {};
	const others = found.others.map((voucher) => voucher.uuid);
	return {
		alsoStamped: found.others as unknown as IDataObject[],
		twinNote: `This sale has ${others.length + 1} stamped vouchers: ${found.voucher.uuid} (the oldest, given here) and ${others.join(', ')}. Keep ${found.voucher.uuid} and cancel ${others.join(', ')} with motive 02 (issued with errors, without relation), unless they document other sales.`,
	};
}

/**
 * The item's result when the check answers it without sending anything: the sale is stamped
 * already (Return Existing gives that voucher, Fail refuses the item), or its pending voucher exists
 * and the item only saves pending. A folio collision or a list that cannot decide fails the item in
 * every mode. Undefined: the item goes on (nothing found, or a pending voucher to finish with Update).
 */
export function checkedOutcome(
	ctx: IExecuteFunctions,
	job: StampJob,
	found: CheckedItem,
): ItemOutcome | undefined {
	const duplicate = job.duplicate;
	if (!duplicate || found.kind === 'none') return undefined;
	const { key, sale } = duplicate;
	const where = `series ${key.serie || '(none)'} folio ${key.folio ?? ''}`;
	if (found.kind === 'collision' && duplicate.recipientRfc)
		return invoicedToAnotherRfc(job, duplicate.recipientRfc, {
			...(found.vouchers[0] as unknown as IDataObject),
		});
	if (found.kind === 'collision') {
		const { message, fix } = collisionMessage(key, sale, found.vouchers);
		throw operationFailed(ctx, job.itemIndex, message, fix, {
			status: 'folioCollision',
			duplicateCheck: {
				key: key.value,
				sale: sale as IDataObject,
				listed: found.vouchers as unknown as IDataObject[],
			},
		});
	}
	if (found.kind === 'undecidable') {
		throw operationFailed(
			ctx,
			job.itemIndex,
			`The Duplicate Check could not decide whether this sale (${key.value}, ${where}, ${describeSale(sale) || 'no recipient or total'}) is already stamped: ${found.reason}`,
			`Nothing was sent. Look the sale up (${where}, ${describeSale(sale)}) with Voucher > Get Many or in the provider's portal. If it has no voucher, run the item again (a list that moved while it was read settles by itself), or set Duplicate Check to Off for this item to stamp without the look-up.`,
			{
				status: 'duplicateCheckUndecided',
				duplicateCheck: {
					key: key.value,
					reason: found.reason,
					listed: found.vouchers as unknown as IDataObject[],
				},
			},
		);
	}
	if (found.kind === 'pending' && job.stamp) return undefined;
	const voucher: IDataObject = {
		...(found.voucher as unknown as IDataObject),
		...(found.thisRun ? { note: 'stamped by an earlier item of this run' } : {}),
	};
	const status = found.kind === 'pending' ? 'alreadyPending' : 'alreadyStamped';
	const changed =
		found.kind === 'stamped' && found.totalChanged
			? totalChangedMessage(key, found.voucher, found.totalChanged)
			: undefined;
	if (anotherRecipient(duplicate.recipientRfc, voucher.recipientRfc))
		return invoicedToAnotherRfc(job, duplicate.recipientRfc!, voucher);
	if (duplicate.mode === 'fail') {
		throw operationFailed(
			ctx,
			job.itemIndex,
			`This sale (${key.value}, from ${key.from}) is ${status === 'alreadyStamped' ? 'already stamped' : 'already saved as pending'}: ${where}, ${describeFound(voucher)}${changed ? `. ${changed}` : ''}`,
			'Nothing was sent. Duplicate Check is set to Fail; set it to Return Existing to get the existing voucher as the result instead, or cancel that voucher first if a new one is really wanted.',
			{ status, duplicateCheck: { key: key.value, found: voucher } },
		);
	}
	const json = existingOutput(job, status, voucher, readOutputFormat(ctx));
	const check = json.duplicateCheck as IDataObject;
	if (found.kind === 'stamped') Object.assign(check, alsoStamped(found));
	if (found.kind === 'stamped' && found.totalChanged) {
		check.totalChanged = { ...found.totalChanged, message: changed };
		json.message = changed;
	}
	const note = contentNote(key);
	if (note) check.note = note;
	const doneNote = `${status === 'alreadyStamped' ? 'found already stamped' : 'found already pending'} (${describeFound(voucher)}), nothing sent`;
	return { items: [{ json }], doneNote };
}

/** The item's output when no check could be made (no key, and content cannot identify the sale). */
export function uncheckedNote(reason: string): IDataObject {
	return { checked: false, reason };
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
