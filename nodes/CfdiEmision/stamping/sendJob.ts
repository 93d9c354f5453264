/**
 * One planned item through the protocol (sendJob: the only code that decides which calls go out),
 * a step's own voucher stamped the same way (stampStepVoucher), and the item's output from the
 * answer (outcomeOf). Beside runStamping.ts, which schedules the items and keeps the run's records.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ItemOutcome } from '../execution/runItems';
import { stampOutput, type OutputFormat } from './stampAnswer';
import type { StampingSettings } from './runSettings';
import {
	createAndStamp,
	describeVoucher,
	ifMaybeDone,
	maybeSavedHint,
	sendVoucher,
	type DoneAnswer,
	type LookUpSale,
	type SendVoucherContext,
} from './sendVoucher';
import { stampPending } from './stampPending';
import type { StampingService } from './stampingService';
import { seriesOf, type StepRun } from './planStampJob';
import type { StampJob } from './stampJob';

async function createTwoPhase(job: StampJob, context: SendVoucherContext): Promise<DoneAnswer> {
	const { body, qs } = job.voucher;
	const saved = await sendVoucher(
		async () => await context.client.createVoucher(job.voucher, false),
		{ ...context, stampRequested: false, ifMaybeDone: maybeSavedHint(body) },
	);
	// A service that stamped anyway has done the job: never stamp it again.
	if (saved.status === 'stamped') return saved;
	const id = Number(saved.result.idComprobante);
	if (!Number.isInteger(id) || id <= 0) {
		throw context.client.operationFailed(
			context.itemIndex,
			`Saving the voucher as pending did not return a voucher id (idComprobante ${String(saved.result.idComprobante)})`,
			'The service answered the pending save in an unexpected way; nothing was stamped. A pending voucher may have been stored without its id reaching the node; it has no fiscal effect. Running the item again is safe (at worst it leaves an extra pending draft).',
		);
	}
	// Its own pending voucher: found stamped at the first PUT, another execution's check found it.
	return await stampPending(id, body, qs, { ...context, seenPending: true });
}

/** Sends one planned item through the protocol: the only code that decides which calls go out. */
export async function sendJob(
	job: StampJob,
	client: StampingService,
	settings: StampingSettings,
	whileSeriesBusy?: SendVoucherContext['whileSeriesBusy'],
	lookUpSale?: LookUpSale,
): Promise<DoneAnswer> {
	const { body, qs } = job.voucher;
	const { target, stamp } = job;
	const context: SendVoucherContext = {
		itemIndex: job.itemIndex,
		client,
		settings,
		whileSeriesBusy,
		stampRequested: stamp,
		ifMaybeDone: ifMaybeDone(job),
	};
	if (target.kind === 'update') {
		if (stamp)
			return await stampPending(target.id, body, qs, {
				...context,
				seenPending: target.seenPending === true,
			});
		return await sendVoucher(
			async () => await client.updatePendingVoucher(target.id, job.voucher),
			context,
		);
	}
	// Direct (one call) for a sale the Duplicate Check identifies: a refusal stores nothing, and an
	// unclear answer is settled by the sale's key on the list instead of failing blind.
	if (stamp && job.mode === 'direct' && lookUpSale)
		return await createAndStamp(job, context, lookUpSale, describeVoucher(body));
	if (job.mode === 'twoPhase') return await createTwoPhase(job, context);
	return await sendVoucher(async () => await client.createVoucher(job.voucher, stamp), context);
}

/**
 * Stamps a voucher a step of an item needs besides the item's own (a global invoice's replacement),
 * through the same protocol: saved pending, then stamped by read-back (two-phase), or the pending
 * voucher `pendingId` finished. Answers the service's result (uuid, idComprobante).
 */
export async function stampStepVoucher(
	run: StepRun,
	itemIndex: number,
	body: IDataObject,
	pendingId?: number,
): Promise<DoneAnswer> {
	const job: StampJob = {
		itemIndex,
		target: pendingId ? { kind: 'update', id: pendingId, seenPending: true } : { kind: 'create' },
		stamp: true,
		mode: 'twoPhase',
		voucher: { body: pendingId ? { ...body, id: pendingId } : body, qs: {} },
		series: seriesOf(body),
		output: {},
	};
	return await sendJob(job, run.client, run.settings);
}

/** The item's output and the run's note from the service's answer. */
export function outcomeOf(job: StampJob, answer: DoneAnswer, format: OutputFormat): ItemOutcome {
	const shape = {
		format,
		body: job.voucher.body,
		updatedId: job.target.kind === 'update' ? job.target.id : undefined,
	};
	const json = { ...stampOutput(answer, job.voucher.validation, shape), ...job.output };
	const uuid = `UUID ${String(json.uuid)}`;
	const doneNote =
		answer.status === 'alreadyStamped'
			? `found already stamped (${uuid}), nothing stamped`
			: job.target.kind === 'update'
				? answer.status === 'stamped'
					? `stamped voucher ${job.target.id} as ${uuid}`
					: `updated pending voucher ${job.target.id}`
				: answer.status === 'stamped'
					? `stamped ${uuid}`
					: `saved pending voucher ${String(json.idComprobante ?? json.voucherId)}`;
	return { items: [{ json }], doneNote };
}
