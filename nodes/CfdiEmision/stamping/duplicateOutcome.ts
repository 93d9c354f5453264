/** The item's result when the Duplicate Check finds its sale: the voucher found, or why the item stops. */
import type { IDataObject } from 'n8n-workflow';

import { CONTENT_FOLIO_PREFIX } from '../identity/contentKey';
import { fiscalChangedMessage } from '../identity/contentTwin';
import {
	collisionMessage,
	describeListed,
	describeSale,
	totalChangedMessage,
	type Verdict,
} from '../identity/saleIdentity';
import type { BusinessKey } from '../cfdi/voucherSource';
import { operationFailed } from '../api/sessionAndFailure';
import type { NodeRef } from '../api/runClient';
import type { ItemOutcome } from '../execution/runItems';
import type { StampJob } from './stampJob';
import { meanwhileOf, withoutNullOrEmpty, type OutputFormat } from './stampAnswer';
import { needsAttention } from '../execution/needsAttention';
import type { CheckedItem, SaleStampedMeanwhile } from './duplicateCheck';

/** The RFC of the voucher found when it is not the one asked for (a self-invoice request). */
export function anotherRecipient(wanted: string | undefined, found: unknown): string | undefined {
	if (!wanted || found === undefined || found === null || String(found).trim() === '')
		return undefined;
	return String(found).trim().toUpperCase() === wanted.trim().toUpperCase()
		? undefined
		: String(found);
}

/** A self-invoice request: another recipient's invoice of this sale is never handed to this buyer. */
export function invoicedToAnotherRfc(
	job: StampJob,
	rfc: string,
	voucher: IDataObject,
): ItemOutcome {
	const name = job.output.order as IDataObject | undefined;
	const label = name?.name ? `Order ${String(name.name)}` : 'This sale';
	const message = `${label} is already invoiced to another RFC; it cannot be invoiced to ${rfc}. Nothing was sent. The shop can cancel that invoice (motive 02) before invoicing it again.`;
	return {
		items: [
			{
				json: {
					...job.output,
					status: 'skipped',
					skipped: { reason: 'invoicedToAnotherRfc', message },
					// Only the shop can cancel the other RFC's invoice: routable like the other shop outcomes.
					...needsAttention(
						'invoicedToAnotherRfc',
						`${message} The invoice found: ${describeFound(voucher)}.`,
					),
					duplicateCheck: { key: job.duplicate?.key.value ?? null, found: voucher },
				},
			},
		],
		doneNote: `found invoiced to another RFC (${describeFound(voucher)}), nothing sent`,
	};
}

/** The found voucher as the item's result: what identifies it and how it was found. */
export function existingOutput(
	job: StampJob,
	status: 'alreadyStamped' | 'alreadyPending',
	voucher: IDataObject,
	format: OutputFormat,
): IDataObject {
	const key = job.duplicate?.key;
	if (format === 'simplified') {
		// The key names of the simplified output (stamping/stampAnswer.ts) and of Get Status.
		const series = voucher.series ?? voucher.serie ?? key?.serie ?? null;
		const folio = voucher.folio ?? key?.folio ?? null;
		const name = series && folio ? `${String(series)}-${String(folio)}` : 'This sale';
		return {
			...withoutNullOrEmpty({
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

export const describeFound = (voucher: IDataObject) =>
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
export function alsoStamped(found: Extract<Verdict, { kind: 'stamped' }>): IDataObject {
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
	node: NodeRef,
	job: StampJob,
	found: CheckedItem,
	format: OutputFormat,
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
		throw operationFailed(node, job.itemIndex, message, fix, {
			status: 'folioCollision',
			...needsAttention('folioCollision', `${message} ${fix}`),
			duplicateCheck: {
				key: key.value,
				sale: sale as IDataObject,
				listed: found.vouchers as unknown as IDataObject[],
			},
		});
	}
	if (found.kind === 'undecidable') {
		throw operationFailed(
			node,
			job.itemIndex,
			`The Duplicate Check could not decide whether this sale (${key.value}, ${where}, ${describeSale(sale) || 'no recipient or total'}) is already stamped: ${found.reason}`,
			`Nothing was sent. Look the sale up (${where}, ${describeSale(sale)}) with Voucher > Get Many or in the provider's portal. If it has no voucher, run the item again (a list that moved while it was read settles by itself), or set Duplicate Check to Off for this item to stamp without the look-up.`,
			{
				status: 'duplicateCheckUndecided',
				...needsAttention(
					'duplicateCheckUndecided',
					`The Duplicate Check could not decide whether sale ${key.value} (${where}) is already stamped: ${found.reason}. Look it up with Voucher > Get Many; if it has no voucher, run the request again.`,
				),
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
	const totalChanged =
		found.kind === 'stamped' && found.totalChanged
			? totalChangedMessage(key, found.voucher, found.totalChanged)
			: undefined;
	// A twin found without a key that carries other fiscal data: named, as a changed total is.
	const fiscalChanged =
		found.kind === 'stamped' && found.fiscalChanged?.length
			? fiscalChangedMessage(key, found.voucher.uuid, found.fiscalChanged)
			: undefined;
	const changed = [totalChanged, fiscalChanged].filter(Boolean).join(' ') || undefined;
	if (anotherRecipient(duplicate.recipientRfc, voucher.recipientRfc))
		return invoicedToAnotherRfc(job, duplicate.recipientRfc!, voucher);
	if (duplicate.mode === 'fail') {
		throw operationFailed(
			node,
			job.itemIndex,
			`This sale (${key.value}, from ${key.from}) is ${status === 'alreadyStamped' ? 'already stamped' : 'already saved as pending'}: ${where}, ${describeFound(voucher)}${changed ? `. ${changed}` : ''}`,
			'Nothing was sent. Duplicate Check is set to Fail; set it to Return Existing to get the existing voucher as the result instead, or cancel that voucher first if a new one is really wanted.',
			{ status, duplicateCheck: { key: key.value, found: voucher } },
		);
	}
	const json = existingOutput(job, status, voucher, format);
	const check = json.duplicateCheck as IDataObject;
	if (found.kind === 'stamped') Object.assign(check, alsoStamped(found));
	if (found.kind === 'stamped' && found.totalChanged) {
		check.totalChanged = { ...found.totalChanged, message: totalChanged };
		json.message = changed;
	}
	if (found.kind === 'stamped' && found.fiscalChanged?.length) {
		check.fiscalChanged = {
			fields: found.fiscalChanged as unknown as IDataObject[],
			message: fiscalChanged,
		};
		json.message = changed;
	}
	if (found.fiscalUnread) check.fiscalUnread = found.fiscalUnread;
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
	const json = {
		...existingOutput(job, 'alreadyStamped', meanwhile.voucher, format),
		...meanwhileOf({ meanwhile: true }),
	};
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
