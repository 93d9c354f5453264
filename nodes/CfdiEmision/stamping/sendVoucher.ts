/**
 * Sending a voucher: one create or update request through the run's client, retried only on
 * answers that prove nothing was stored (requestVoucher, sendVoucher); Direct stamping of a
 * sale the Duplicate Check identifies, whose unclear answer is settled on the voucher list
 * (createAndStamp); and the pending draft a refused Two-Phase stamp leaves, remembered by sale so
 * that the corrected send stamps it instead of creating a second voucher beside it (rememberedDraft).
 */ import type { IDataObject } from 'n8n-workflow';

import { backoff, ServiceCallError } from '../api/sessionAndFailure';
import type { StampingService } from './stampingService';
import { needsAttention } from '../execution/needsAttention';
import { readStampAnswer, rejectionError, SERIES_BUSY_CODE, type StampAnswer } from './stampAnswer';
import { SaleStampedMeanwhile } from './duplicateCheck';
import type { StampJob } from './stampJob';
import type { StampingSettings } from './runSettings';

export type DoneAnswer = Extract<StampAnswer, { kind: 'done' }>;
export type RejectedAnswer = Extract<StampAnswer, { kind: 'rejected' }>;

export interface SendVoucherContext {
	itemIndex: number;
	/** The run's client of the service: every request and the node its errors name. */
	client: StampingService;
	settings: StampingSettings;
	stampRequested: boolean;
	/** What to tell the user if the service may have acted although no success was seen. */
	ifMaybeDone: string;
	/** The pending voucher a PUT stamps: it exists whatever this request does. */
	pendingId?: number;
	/**
	 * This execution saw that voucher pending (its own save, the Duplicate Check, a remembered
	 * draft): found stamped at its first PUT, another execution stamped it meanwhile.
	 */
	seenPending?: boolean;
	/**
	 * Called after a series-busy answer, before the retry: another stamp runs on this series, maybe
	 * the same sale from another execution. The duplicate check looks again and may throw to stop.
	 */
	whileSeriesBusy?: (context: SendVoucherContext) => Promise<void>;
}

const BUSY_ADVICE =
	'The service refuses a stamp while another stamp on the same series is running, so this request changed nothing. Items of one series already go one at a time within a run: another run, workflow or program is stamping on this series. Run the item again later, or raise "Busy Series Retries" or "Retry Pause (Ms)".';

/** One save or stamp through the run's client (api/runClient.ts), answering the operation result it parsed. */
export type VoucherCall = () => Promise<IDataObject>;

// What the user is told when a save or stamp may have happened unseen.

/** The voucher in a few words, for a message about it. */
export function describeVoucher(body: IDataObject): string {
	const receptor = (body.receptor ?? {}) as IDataObject;
	return [
		body.serie ? `series ${String(body.serie)}` : '',
		body.folio ? `folio ${String(body.folio)}` : '',
		receptor.rfc ? `recipient ${String(receptor.rfc)}` : '',
		body.total !== undefined ? `total ${String(body.total)}` : '',
	]
		.filter(Boolean)
		.join(', ');
}

function maybeStampedHint(body: IDataObject): string {
	return `The service may have stored or stamped this voucher although no success answer arrived. Before running this item again, look for it in the provider's portal (${describeVoucher(body) || 'same recipient and total'}); running it again blindly could stamp it twice. The Two-Phase stamping mode resolves this case by itself.`;
}

export function maybeSavedHint(body: IDataObject): string {
	return `A pending (not stamped) voucher may have been saved (${describeVoucher(body)}); a pending voucher has no fiscal effect. Running the item again is safe, at worst it leaves an extra pending draft.`;
}

function maybeUpdatedHint(id: number): string {
	return `The service may have saved the changes to voucher ${id} although no success answer arrived. Check it with Voucher > Get (id ${id}).`;
}

/** What to tell the user when the service may have acted on the job although no success was seen. */
export function ifMaybeDone(job: StampJob): string {
	const { target, stamp } = job;
	const { body } = job.voucher;
	return target.kind === 'update'
		? maybeUpdatedHint(target.id)
		: stamp
			? maybeStampedHint(body)
			: maybeSavedHint(body);
}

/** How one create/update request ended, once retries of harmless answers are done. */
export type VoucherRequestOutcome =
	| { kind: 'done'; answer: DoneAnswer }
	| { kind: 'rejected'; answer: RejectedAnswer }
	/** No usable answer: the service may or may not have acted (timeout, reset, 5xx, garbled). */
	| { kind: 'unclear'; failure: ServiceCallError };

function actionOf(context: SendVoucherContext): string {
	return context.stampRequested ? 'stamp the voucher' : 'save the voucher';
}

/** The stamping protocol's pause before retry number `retry`, through the package's one back-off. */
export async function pause(settings: StampingSettings, retry: number): Promise<void> {
	await backoff(settings.retryDelayMs, retry);
}

/**
 * Sends a create or update request. Retries only answers that prove nothing was stored (series
 * busy FAC119, HTTP 429). Failures that prove nothing happened (sign-in, 4xx, unreachable) throw;
 * a timeout, a broken connection, a 5xx or an unreadable answer is returned as "unclear" and
 * never retried here: the service may have stored or stamped the voucher.
 */
export async function requestVoucher(
	call: VoucherCall,
	context: SendVoucherContext,
): Promise<VoucherRequestOutcome> {
	const { itemIndex, settings, client } = context;
	for (let attempt = 0; ; attempt++) {
		const canRetry = attempt < settings.busyRetries;
		let answer: StampAnswer;
		try {
			answer = readStampAnswer(await call(), context.stampRequested);
		} catch (error) {
			if (!(error instanceof ServiceCallError))
				throw client.nodeError(error, itemIndex, { action: actionOf(context) });
			if (canRetry && error.rateLimited) {
				await pause(settings, attempt);
				continue;
			}
			if (error.mayHaveTakenEffect || error.kind === 'malformed')
				return { kind: 'unclear', failure: error };
			throw client.nodeError(error, itemIndex, { action: actionOf(context) });
		}
		if (answer.kind === 'busy') {
			if (canRetry) {
				await pause(settings, attempt);
				await context.whileSeriesBusy?.(context);
				continue;
			}
			const left = context.pendingId
				? `voucher ${context.pendingId} stays pending`
				: 'nothing was stored';
			throw client.operationFailed(
				itemIndex,
				`Could not ${actionOf(context)}: the series is still busy (${SERIES_BUSY_CODE}) after ${attempt + 1} attempts; ${left}`,
				BUSY_ADVICE,
			);
		}
		return answer.kind === 'done' ? { kind: 'done', answer } : { kind: 'rejected', answer };
	}
}

/** One request, no recovery: an unclear outcome is an error that tells the user how to check. */
export async function sendVoucher(
	call: VoucherCall,
	context: SendVoucherContext,
): Promise<DoneAnswer> {
	const outcome = await requestVoucher(call, context);
	if (outcome.kind === 'done') return outcome.answer;
	if (outcome.kind === 'rejected')
		throw rejectionError(context.client.node, context.itemIndex, outcome.answer);
	throw context.client.nodeError(outcome.failure, context.itemIndex, {
		action: actionOf(context),
		ifMaybeDone: context.ifMaybeDone,
	});
}

/**
 * Direct stamping (one call, POST ?emitir=true) of a new voucher whose sale the Duplicate Check
 * identifies.
 *
 * Why a page where people correct and resend wants this mode: the spec's create-and-stamp stores
 * nothing when the service refuses the voucher (spec 4.1 and its transitions), while Two-Phase's
 * pending save stays behind as a draft when its stamp is refused, and neither the spec nor the
 * sandbox lists pending vouchers, so the corrected attempt cannot find that draft to finish it: it
 * creates another voucher beside it with the same series and folio. Without the pending id an
 * unclear answer (timeout, broken connection, 5xx, unreadable) cannot be settled by reading the
 * voucher back; with the sale's key it is settled by looking the key up on the voucher list, as
 * the Duplicate Check does, and the request is never sent again. When the list does not show it,
 * the item fails saying the voucher may be stamped (needsAttention stampUnclear), and the next
 * run's Duplicate Check returns it once it is listed. Two-Phase stays the default: it settles an
 * unclear stamp by the voucher's id within the run, which the list cannot always do.
 */
/** List look-ups after an unclear answer, each after a pause that gives a slow stamp time to land. */
const LOOK_UPS = 3;

/** Looks the sale up on the list: throws SaleStampedMeanwhile when it is stamped (DuplicateCheck.recheck). */
export type LookUpSale = () => Promise<void>;

function recovered(voucher: IDataObject): DoneAnswer {
	return {
		kind: 'done',
		status: 'stamped',
		result: {
			esValido: true,
			idComprobante: Number(voucher.voucherId ?? voucher.idComprobante) || null,
			errores: null,
			uuid: String(voucher.uuid),
			subEstatusId: 2,
			descripcion: null,
		},
	};
}

export async function createAndStamp(
	job: StampJob,
	context: SendVoucherContext,
	lookUp: LookUpSale,
	describe: string,
): Promise<DoneAnswer> {
	const { client } = context;
	const outcome = await requestVoucher(async () => await client.createVoucher(job.voucher, true), {
		...context,
		stampRequested: true,
	});
	if (outcome.kind === 'done') return outcome.answer;
	// Refused: the service stored nothing, so the corrected data simply creates the voucher.
	if (outcome.kind === 'rejected')
		throw rejectionError(client.node, context.itemIndex, outcome.answer);
	let lookUpFailure: Error | undefined;
	for (let attempt = 0; attempt < LOOK_UPS; attempt++) {
		await pause(context.settings, attempt);
		try {
			await lookUp();
			lookUpFailure = undefined;
		} catch (error) {
			// Our own stamp, landed: the Duplicate Check found it before this item, so it is not an older one.
			if (error instanceof SaleStampedMeanwhile) return recovered(error.voucher);
			lookUpFailure = error as Error;
		}
	}
	const looked = lookUpFailure
		? `Looking the sale up on the voucher list failed (${lookUpFailure.message}).`
		: `The voucher list did not show it after ${LOOK_UPS} look-ups.`;
	const error = client.nodeError(outcome.failure, context.itemIndex, {
		action: 'stamp the voucher',
		ifMaybeDone: `The service may have stamped this voucher (${describe}) although no answer arrived. ${looked} Do not send it again under another key: run the item again later, its Duplicate Check returns the voucher if it was stamped and stamps it otherwise.`,
	});
	error.context.outcome = {
		...(error.context.outcome as IDataObject | undefined),
		...needsAttention(
			'stampUnclear',
			`The stamp of ${describe} got no clear answer and the voucher list does not show it yet: look it up with Voucher > Get Many before running the request again.`,
		),
	};
	return Promise.reject(error);
}

/**
 * The pending drafts a refused Two-Phase stamp leaves, remembered by sale so that the corrected
 * submission of that sale stamps the same voucher (update and stamp) instead of creating a second
 * one beside it (issue 32 item 4). The service's list does not show pending vouchers and the spec
 * has no way to delete one, so the only place the draft's id lives is the run that saved it: it is
 * kept in the workflow's static data, which n8n saves after each production execution of an active
 * workflow (a form page, a trigger); a manual run from the editor keeps nothing.
 */

interface Draft {
	/** The pending voucher's id (idComprobante). */
	id: number;
	/** The issuer it belongs to: a draft is never reused for another issuer's voucher. */
	issuer: string;
	/** When it was saved (ISO), so old entries can be dropped. */
	at: string;
}

// More than this many remembered drafts: the oldest go (a draft only matters until it is corrected).
const MAX_DRAFTS = 200;

/** The node's static data in the workflow (n8n's getWorkflowStaticData('node')), read when needed. */
export type NodeStaticData = () => IDataObject;

/** The remembered drafts; created only to remember one (a write marks the static data for saving). */
function drafts(nodeData: NodeStaticData, create = false): Record<string, Draft> {
	const data = nodeData();
	if (create) data.pendingDrafts ??= {};
	return (data.pendingDrafts ?? {}) as unknown as Record<string, Draft>;
}

function issuerOf(body: IDataObject): string {
	const emisor = (body.emisor ?? {}) as IDataObject;
	return String(emisor.rfc ?? '')
		.trim()
		.toUpperCase();
}

/** Only a sale the Duplicate Check identifies by a key the user gave (or its order/folio) has a draft to find. */
function saleKey(job: StampJob): string | undefined {
	const key = job.duplicate?.key.value;
	// A content key changes with the corrected content: it could never find its draft again.
	return key && !key.startsWith('content:') ? key : undefined;
}

/** The pending voucher a refused stamp of this sale left, when this workflow remembers one. */
export function rememberedDraft(nodeData: NodeStaticData, job: StampJob): number | undefined {
	const key = saleKey(job);
	if (!key || job.target.kind !== 'create' || job.mode !== 'twoPhase' || !job.stamp)
		return undefined;
	const draft = drafts(nodeData)[key];
	return draft && draft.issuer === issuerOf(job.voucher.body) ? draft.id : undefined;
}

/** Remembers the draft a refused stamp left (the voucher stays pending, the service said so). */
export function rememberDraft(nodeData: NodeStaticData, job: StampJob, id: number): void {
	const key = saleKey(job);
	if (!key) return;
	const all = drafts(nodeData, true);
	all[key] = { id, issuer: issuerOf(job.voucher.body), at: new Date().toISOString() };
	const keys = Object.keys(all);
	if (keys.length > MAX_DRAFTS)
		for (const old of keys
			.sort((a, b) => all[a].at.localeCompare(all[b].at))
			.slice(0, keys.length - MAX_DRAFTS))
			delete all[old];
}

/** The sale is stamped (its draft or another voucher): nothing is left to finish. */
export function forgetDraft(nodeData: NodeStaticData, job: StampJob): void {
	const key = saleKey(job);
	if (key && drafts(nodeData)[key]) delete drafts(nodeData)[key];
}
