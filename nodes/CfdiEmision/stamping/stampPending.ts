import type { IDataObject, NodeApiError } from 'n8n-workflow';

import { ServiceCallError, timedOut } from '../api/sessionAndFailure';
import type { StampingService } from './stampingService';
import { unixSeconds } from '../cfdi/mexicoTime';
import { alreadyStampedSaying, rejectionError } from './stampAnswer';
import { freshVoucher } from './runVoucherList';
import { SaleStampedMeanwhile } from './duplicateCheck';
import {
	pause,
	requestVoucher,
	type DoneAnswer,
	type RejectedAnswer,
	type SendVoucherContext,
} from './sendVoucher';

/** PUT attempts on one id after unclear failures; a PUT on the same id cannot create a voucher. */
const MAX_STAMP_ATTEMPTS = 3;
const READ_BACK_ATTEMPTS = 3;
/** The list is searched this far either side of the voucher's date (its date is the stamp's, or the one sent). */
const LIST_MARGIN_SECONDS = 2 * 86_400;

/** A failure while gathering facts: a service failure, or any other error. */
type Failure = ServiceCallError | Error;

/**
 * What the service's facts say about a voucher after an unclear stamp:
 * - stamped: with its UUID, from the read-back's state members or the list;
 * - pending: the read-back's state members say not stamped;
 * - notListed: the read-back has no state members (the spec does not show GET's body) and the list
 *   does not show the voucher: most likely not stamped, so the PUT may go again (a PUT on this id
 *   cannot create a voucher, and a stamped one answers "already stamped");
 * - unknown: neither the read-back nor the list could be read.
 */
type Facts =
	| { state: 'stamped'; uuid: string }
	| { state: 'pending' }
	| { state: 'notListed' }
	| { state: 'unknown'; failure: Failure };

type ReadBack = { uuid: string; stamped: boolean } | { stateless: true } | { failed: Failure };

/** The voucher read back by id (readVoucher): trusted only for the state members it actually has. */
async function readBack(
	id: number,
	body: IDataObject,
	context: SendVoucherContext,
): Promise<ReadBack> {
	let last: Failure = new Error('not read');
	for (let attempt = 0; attempt < READ_BACK_ATTEMPTS; attempt++) {
		if (attempt > 0) await pause(context.settings, attempt - 1);
		try {
			const voucher = await context.client.readVoucher(id);
			// Only an answer that names this voucher is evidence of its state (issue 27 item 4).
			if (!namesThisVoucher(voucher, id, body)) return { stateless: true };
			const uuid = typeof voucher.uuid === 'string' ? voucher.uuid : '';
			const subEstatus = voucher.subEstatusId ?? voucher.subestatusId;
			const hasState =
				uuid !== '' || (subEstatus !== undefined && subEstatus !== null && subEstatus !== '');
			if (!hasState) return { stateless: true };
			return { uuid, stamped: uuid !== '' || Number(subEstatus) === 2 };
		} catch (error) {
			last = error as Error;
		}
	}
	return { failed: last };
}

const same = (a: unknown, b: unknown) =>
	String(a ?? '')
		.trim()
		.toUpperCase() ===
	String(b ?? '')
		.trim()
		.toUpperCase();

/**
 * Whether a read-back or a listed voucher names this voucher: its id when it gives one (else its
 * series and folio, both given), and no series or folio other than the ones sent.
 */
export function namesThisVoucher(found: IDataObject, id: number, body: IDataObject): boolean {
	const foundId = found.idComprobante ?? found.IdComprobante ?? found.voucherId ?? found.id;
	const hasId = foundId !== undefined && foundId !== null && foundId !== '';
	if (hasId && Number(foundId) !== id) return false;
	const series = found.serie ?? found.series;
	const folio = found.folio;
	for (const [listed, sent] of [
		[series, body.serie],
		[folio, body.folio],
	]) {
		if (listed !== undefined && listed !== null && listed !== '' && !same(listed, sent))
			return false;
	}
	if (hasId) return true;
	return !!String(body.folio ?? '').trim() && same(folio, body.folio) && same(series, body.serie);
}

/** The date window to search the list in: around now, and around the date sent when the voucher carries one. */
function listWindow(body: IDataObject): { from: number; to: number } {
	const now = Math.floor(Date.now() / 1000);
	const sent = body.fecha === undefined ? null : unixSeconds(body.fecha);
	return {
		from: Math.min(now, sent ?? now) - LIST_MARGIN_SECONDS,
		to: Math.max(now, sent ?? now) + LIST_MARGIN_SECONDS,
	};
}

/** The voucher's UUID from the list (by its id), undefined when the list does not show it. */
async function uuidOnList(
	id: number,
	body: IDataObject,
	context: SendVoucherContext,
): Promise<string | undefined> {
	const record = await freshVoucher(context.client, { voucherId: id }, listWindow(body));
	// The list entry names this voucher: its id, and the series and folio sent (when it shows them).
	if (!record || !namesThisVoucher(record, id, body)) return undefined;
	return record.uuid || undefined;
}

/**
 * Settles an unclear stamp by the facts the service gives: the read-back's state members when it
 * has them, otherwise the list (GET's body is not shown by the spec, so a body without state says
 * nothing). `stampedSaid`: the service has just said the voucher is already stamped, so only its
 * UUID is sought, and a missing listing is looked for again before giving up.
 */
async function gatherFacts(
	id: number,
	body: IDataObject,
	context: SendVoucherContext,
	stampedSaid = false,
): Promise<Facts> {
	const read = await readBack(id, body, context);
	if ('uuid' in read && read.uuid) return { state: 'stamped', uuid: read.uuid };
	if ('uuid' in read && !read.stamped && !stampedSaid) return { state: 'pending' };
	const listAttempts = stampedSaid || ('uuid' in read && read.stamped) ? READ_BACK_ATTEMPTS : 1;
	let listFailure: Failure | undefined;
	for (let attempt = 0; attempt < listAttempts; attempt++) {
		if (attempt > 0) await pause(context.settings, attempt - 1);
		try {
			const uuid = await uuidOnList(id, body, context);
			if (uuid) return { state: 'stamped', uuid };
			listFailure = undefined;
		} catch (error) {
			listFailure = error as Error;
		}
	}
	if ('stateless' in read && !listFailure) return { state: 'notListed' };
	return {
		state: 'unknown',
		failure:
			'failed' in read ? read.failed : (listFailure ?? new Error('the list does not show it')),
	};
}

/** `before`: stamped before this execution's first request reached it (by another one), not by this one. */
function recoveredAnswer(
	id: number,
	uuid: string,
	descripcion: string | null = null,
	before?: { meanwhile: boolean },
): DoneAnswer {
	return {
		kind: 'done',
		status: before ? 'alreadyStamped' : 'stamped',
		...(before?.meanwhile ? { meanwhile: true } : {}),
		result: {
			esValido: true,
			idComprobante: id,
			errores: null,
			uuid,
			subEstatusId: 2,
			descripcion,
		},
	};
}

/** How a user finds the voucher: its id, and its series and folio when it has them. */
function lookUpBy(id: number, body: IDataObject): string {
	const seriesFolio = [
		body.serie ? `series ${String(body.serie)}` : '',
		body.folio ? `folio ${String(body.folio)}` : '',
	]
		.filter(Boolean)
		.join(', ');
	return `idComprobante ${id}${seriesFolio ? `, ${seriesFolio}` : ''}`;
}

/** Nothing settled it: the voucher exists and may be stamped. Never advise Create again. */
function mayBeStampedNote(id: number, body: IDataObject): string {
	return `Voucher ${id} exists and may be stamped: look it up (${lookUpBy(id, body)}) with Voucher > Get Many or Voucher > Get (id ${id}), or in the provider's portal, before doing anything else. Do not run Create again for this item, it could stamp a second invoice; Update on id ${id} is safe, it cannot create a second voucher and answers with the UUID if the voucher is stamped.`;
}

/**
 * The voucher is known to be pending: refused before any unclear attempt, or read back pending
 * after the last one. A timed-out attempt may still land at the service later, so say so.
 */
function pendingNote(
	id: number,
	how: 'refused' | 'readBack' | 'notListed',
	lastTimedOut: boolean,
): string {
	const known =
		how === 'refused'
			? `Voucher ${id} stays saved as pending, not stamped: the refused request changed nothing.`
			: how === 'readBack'
				? `Voucher ${id} is saved as pending and was still not stamped when read back after the last attempt.`
				: `Voucher ${id} was not stamped as far as the service shows: the voucher list did not show it after the last attempt.`;
	const late = lastTimedOut
		? ` An attempt timed out, so a stamp still running at the service could finish later: check voucher ${id} with Voucher > Get before stamping it.`
		: '';
	return `${known} A pending voucher has no fiscal effect. Stamp it later with Voucher > Update on id ${id} (Stamp on), which cannot create a second voucher; do not run Create again for this item, it would create another voucher.${late}`;
}

/** A failure's reason as a clause: "the service answered HTTP 503", "No answer from the service (timed out)". */
function reasonOf(failure: Failure): string {
	const text =
		failure instanceof ServiceCallError && failure.kind === 'http'
			? `the service answered HTTP ${failure.details.status}`
			: failure.message;
	return text.replace(/\.$/, '');
}

/** Adds what only the stamping loop knows (the pending id) to an error the request already worded. */
function withNote(
	client: StampingService,
	error: unknown,
	itemIndex: number,
	action: string,
	note: string,
	id: number,
): NodeApiError {
	const nodeError = client.nodeError(error, itemIndex, { action });
	nodeError.description = [nodeError.description, note].filter(Boolean).join(' ');
	nodeError.context.outcome = {
		...(nodeError.context.outcome as IDataObject | undefined),
		idComprobante: id,
		status: 'pending',
	};
	return nodeError;
}

/**
 * The service says the voucher is already stamped (an Update on a stamped id, or a PUT sent again
 * after an unclear one took effect). The UUID comes from the refusal when it carries one, else from
 * the read-back or the list; whatever body this request sent (a stamped voucher cannot change).
 * Said to this execution's first PUT, someone else stamped it: `alreadyStamped` (issue 39 item 4),
 * and `meanwhile` when this execution had seen it pending. After an unclear PUT of ours it may be
 * ours: `stamped`. Without a UUID it fails as stamped, saying where to look.
 */
async function settleAlreadyStamped(
	id: number,
	body: IDataObject,
	context: SendVoucherContext,
	answer: RejectedAnswer,
	saying: string,
	firstRequest: boolean,
): Promise<DoneAnswer> {
	const before = firstRequest ? { meanwhile: context.seenPending === true } : undefined;
	const carried = typeof answer.result.uuid === 'string' ? answer.result.uuid : '';
	if (carried) return recoveredAnswer(id, carried, saying, before);
	const facts = await gatherFacts(id, body, context, true);
	if (facts.state === 'stamped') return recoveredAnswer(id, facts.uuid, saying, before);
	throw context.client.operationFailed(
		context.itemIndex,
		`Voucher ${id} is already stamped (the service says: ${saying}), but its UUID could not be read`,
		`${facts.state === 'unknown' ? `Looking it up failed (${reasonOf(facts.failure)}). ` : 'The voucher list did not show it yet. '}Look it up (${lookUpBy(id, body)}) with Voucher > Get Many or in the provider's portal. Do not run Create again for this item: that would stamp a second invoice.`,
		{ idComprobante: id, status: 'stamped' },
	);
}

/**
 * Stamps a pending voucher by id (PUT ...?emitir=true) so that it is never stamped twice: after an
 * unclear failure it waits and settles what happened from the service's facts (gatherFacts), and
 * sends the PUT on the same id again only if the voucher is not stamped. An "already stamped"
 * answer is settled the same way, into the stamped result with its UUID. Every failure names the
 * id and says what is known about it.
 */
export async function stampPending(
	id: number,
	body: IDataObject,
	qs: IDataObject,
	context: SendVoucherContext,
): Promise<DoneAnswer> {
	const { client } = context;
	const stampIt = async () => await client.stampPendingVoucher(id, { body, qs });
	const action = `stamp voucher ${id}`;
	const pendingContext: SendVoucherContext = { ...context, pendingId: id };
	let lastFailure: ServiceCallError | undefined;
	let anyTimedOut = false;
	let lastKnown: 'pending' | 'notListed' = 'pending';
	for (let attempt = 1; attempt <= MAX_STAMP_ATTEMPTS; attempt++) {
		let outcome: Awaited<ReturnType<typeof requestVoucher>> | undefined;
		let thrown: unknown;
		try {
			outcome = await requestVoucher(stampIt, pendingContext);
		} catch (error) {
			thrown = error;
		}
		// The duplicate check found the sale stamped by another execution: nothing to settle here.
		if (thrown instanceof SaleStampedMeanwhile) throw thrown;
		if (outcome?.kind === 'done') return outcome.answer;
		if (outcome?.kind === 'rejected') {
			const saying = alreadyStampedSaying(outcome.answer);
			if (saying)
				return await settleAlreadyStamped(id, body, context, outcome.answer, saying, !lastFailure);
		}
		// Before any unclear attempt a definite failure is just that; after one, look first.
		if (thrown && !lastFailure)
			throw withNote(
				client,
				thrown,
				context.itemIndex,
				action,
				pendingNote(id, 'refused', false),
				id,
			);
		if (outcome?.kind === 'rejected' && !lastFailure)
			throw rejectionError(client.node, context.itemIndex, outcome.answer, id);
		if (outcome?.kind === 'unclear') {
			lastFailure = outcome.failure;
			anyTimedOut ||= timedOut(lastFailure);
		}

		// Give a slow stamp time to finish before judging the voucher's state.
		await pause(context.settings, attempt - 1);
		const facts = await gatherFacts(id, body, context);
		if (facts.state === 'unknown') {
			throw client.nodeError(lastFailure ?? facts.failure, context.itemIndex, {
				action,
				ifMaybeDone: `Reading voucher ${id} back failed too (${reasonOf(facts.failure)}). ${mayBeStampedNote(id, body)}`,
				outcome: { idComprobante: id },
			});
		}
		if (facts.state === 'stamped') return recoveredAnswer(id, facts.uuid);
		lastKnown = facts.state === 'pending' ? 'pending' : 'notListed';
		if (outcome?.kind === 'rejected')
			throw rejectionError(client.node, context.itemIndex, outcome.answer, id);
		if (thrown)
			throw withNote(
				client,
				thrown,
				context.itemIndex,
				action,
				pendingNote(id, lastKnown === 'pending' ? 'readBack' : 'notListed', anyTimedOut),
				id,
			);
	}
	throw context.client.operationFailed(
		context.itemIndex,
		`Could not stamp voucher ${id}: ${MAX_STAMP_ATTEMPTS} attempts failed (last: ${reasonOf(lastFailure ?? new Error('no usable answer'))}); ${lastKnown === 'pending' ? 'it is still pending' : 'the service does not show it stamped'}`,
		pendingNote(id, lastKnown === 'pending' ? 'readBack' : 'notListed', anyTimedOut),
		{ idComprobante: id, status: 'pending' },
	);
}
