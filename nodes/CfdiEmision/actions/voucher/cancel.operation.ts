/**
 * Voucher → Cancel: a stamped voucher's cancellation, by UUID and SAT motive. Traced from here:
 * - Fields: `description` below (the UUID picker from ./fields/reference.fields.ts, the rest here).
 * - Requests: `cancelVoucher` of api/vouchers.ts (DELETE .../comprobantes/{uuid} with the motive);
 *   an unclear answer, a refusal or a retry's earlier try settled by `findVoucherByUuid` of
 *   api/voucherList.ts (the voucher's status on the list) before the request goes again, once.
 * - Rules: cfdi/cancellation.ts (motive and replacement UUID, checked before any request).
 * - Test: test/nodes/CfdiEmision/actions/voucher/cancel.operation.engine.test.ts.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	checkCancellationRequest,
	isCancellationProblem,
	type CancellationRequest,
} from '../../cfdi/cancellation';
import { CANCELLATION_MOTIVE } from '../../cfdi/catalogs/cancellationMotive';
import { catalogOptions } from '../common.fields';
import { EarlierTries } from '../../execution/earlierTries';
import {
	formatErrores,
	operationFailed,
	readErrores,
	RunSession,
	ServiceCallError,
	toNodeError,
} from '../../api/sessionAndFailure';
import {
	concurrencyOption,
	ignoreSslOption,
	readRequestSettings,
	timeoutOption,
} from '../../execution/requestSettings';
import { ItemPlans, runItems, type ItemOutcome } from '../../execution/runItems';
import { skippedUpstreamFor } from '../../execution/skippedUpstream';
import { findVoucherByUuid } from '../../api/voucherList';
import { cancelVoucher } from '../../api/vouchers';
import { voucherReferenceValue } from '../../execution/itemParameters';
import { uuid } from './fields/reference.fields';

const show = { show: { resource: ['voucher'], operation: ['cancel'] } };
const DEFAULT_CANCEL_CONCURRENCY = 2;
const CANCELLED = 3;
const WAITING = 4;

const cancelFields: INodeProperties[] = [
	{
		displayName: 'Motive',
		name: 'motive',
		type: 'options',
		options: catalogOptions(CANCELLATION_MOTIVE),
		default: '02',
		description:
			'The SAT reason for the cancellation. Use 01 when a corrected voucher replaces this one; 04 for a global invoice holding a sale now invoiced to its buyer (no replacement UUID).',
		displayOptions: show,
	},
	{
		displayName: 'Replacement UUID',
		name: 'replacementUuid',
		type: 'string',
		default: '',
		placeholder: 'A1B2C3D4-1111-4222-8333-944455556666',
		description:
			'The UUID of the stamped voucher that replaces this one. Required for motive 01; leave empty for the other motives.',
		displayOptions: show,
	},
	{
		displayName: 'Options',
		name: 'cancelOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: show,
		options: [
			concurrencyOption(
				DEFAULT_CANCEL_CONCURRENCY,
				'How many vouchers are cancelled at the same time',
			),
			ignoreSslOption(),
			timeoutOption(),
		],
	},
];

/** Voucher → Cancel: its fields in the order the editor shows them (Voucher.resource.ts shows them for it). */
export const description: INodeProperties[] = [...uuid, ...cancelFields];

type CancelStatus = 'cancelled' | 'pendingAcceptance' | 'rejected';

function readRequest(ctx: IExecuteFunctions, itemIndex: number): CancellationRequest {
	// An item skipped upstream has no UUID to cancel: passed on, not failed.
	const skipped = String(ctx.getNodeParameter('uuid', itemIndex, '') ?? '').trim()
		? undefined
		: skippedUpstreamFor(ctx, itemIndex, 'UUID');
	if (skipped) throw skipped;
	const checked = checkCancellationRequest({
		uuid: voucherReferenceValue(ctx, 'uuid', itemIndex),
		motive: ctx.getNodeParameter('motive', itemIndex, '02'),
		replacementUuid: ctx.getNodeParameter('replacementUuid', itemIndex, ''),
	});
	if (isCancellationProblem(checked)) {
		throw new NodeOperationError(ctx.getNode(), `Item ${itemIndex}: ${checked.message}`, {
			itemIndex,
			description: `${checked.fix} Nothing was sent.`,
		});
	}
	return checked;
}

function outcome(
	uuid: string,
	status: CancelStatus,
	subEstatusId: number | null,
	description: string | null,
	extra: IDataObject = {},
): ItemOutcome {
	return {
		items: [{ json: { uuid, status, subEstatusId, description, ...extra } }],
		doneNote:
			status === 'rejected'
				? undefined
				: `${status === 'cancelled' ? 'cancelled' : 'asked to cancel'} UUID ${uuid}`,
	};
}

/** A failure after which the cancellation may have been recorded: no answer, a 5xx, or a garbled 200. */
function mayHaveActed(error: unknown): boolean {
	return (
		error instanceof ServiceCallError && (error.mayHaveTakenEffect || error.kind === 'malformed')
	);
}

/**
 * Cancels one voucher. The answer says cancelled (3), waiting for the recipient (4) or refused. A
 * failure that leaves it unclear is settled by reading the voucher's status; the request is sent
 * again only when that read shows no cancellation, and only once.
 */
async function cancelOne(
	ctx: IExecuteFunctions,
	session: RunSession,
	itemIndex: number,
	request: CancellationRequest,
): Promise<ItemOutcome> {
	const { uuid } = request;
	const action = `cancel voucher ${uuid}`;
	const readStatus = async () => {
		try {
			return await findVoucherByUuid(ctx, session, uuid);
		} catch (error) {
			throw toNodeError(ctx, error, itemIndex, {
				action: `read the status of voucher ${uuid} after an unclear cancellation`,
				ifMaybeDone:
					'The cancellation may have been recorded: check it with Get Status before cancelling again.',
			});
		}
	};

	for (let attempt = 1; ; attempt++) {
		let answer: IDataObject;
		try {
			answer = await cancelVoucher(ctx, session, uuid, {
				motivo: request.motive,
				folioSustitucion: request.replacementUuid,
			});
		} catch (error) {
			if (!mayHaveActed(error)) throw toNodeError(ctx, error, itemIndex, { action });
			const record = await readStatus();
			if (record?.subEstatusId === CANCELLED || record?.subEstatusId === WAITING) {
				return outcome(
					uuid,
					record.subEstatusId === CANCELLED ? 'cancelled' : 'pendingAcceptance',
					record.subEstatusId,
					record.statusDescription,
				);
			}
			// The read shows no cancellation: the request did not land, so it may go once more.
			if (record && attempt === 1) continue;
			throw toNodeError(ctx, error, itemIndex, {
				action,
				ifMaybeDone: record
					? 'The voucher still shows no cancellation after a second try. Try again later.'
					: "The voucher was not found in the issuer's list to confirm what happened; check it with Get Status before cancelling again.",
			});
		}

		const subEstatusId = Number(answer.subEstatusId);
		const description =
			answer.descripcion === undefined || answer.descripcion === null
				? null
				: String(answer.descripcion);
		if (answer.esValido === true && (subEstatusId === CANCELLED || subEstatusId === WAITING)) {
			return outcome(
				uuid,
				subEstatusId === CANCELLED ? 'cancelled' : 'pendingAcceptance',
				subEstatusId,
				description,
			);
		}
		// A refusal may only mean "already cancelled" or "already waiting": that is the state wanted.
		// The answer itself is clear, so a failed read leaves it as the result.
		const record =
			answer.esValido === false ? await readStatus().catch(() => undefined) : await readStatus();
		if (record?.subEstatusId === CANCELLED || record?.subEstatusId === WAITING) {
			return outcome(
				uuid,
				record.subEstatusId === CANCELLED ? 'cancelled' : 'pendingAcceptance',
				record.subEstatusId,
				record.statusDescription,
			);
		}
		if (answer.esValido === false) {
			const errores = readErrores(answer.errores);
			const errors = errores.map((e) => ({ code: e.codigo, message: e.mensaje }));
			return outcome(
				uuid,
				'rejected',
				Number.isFinite(subEstatusId) ? subEstatusId : null,
				errores.length ? formatErrores(errores) : description,
				{ errors },
			);
		}
		throw operationFailed(
			ctx,
			itemIndex,
			`The service answered the cancellation of ${uuid} in a way this node does not know: ${JSON.stringify(answer).slice(0, 200)}`,
			'Check the voucher with Get Status.',
		);
	}
}

/**
 * A refusal (esValido false) from version 1.1 on: an error (an error item with Continue On Fail)
 * that still carries the voucher's state and the service's reasons. Version 1 returned it as an
 * ordinary item with status "rejected" and keeps doing so.
 */
function refusal(ctx: IExecuteFunctions, itemIndex: number, rejected: ItemOutcome): ItemOutcome {
	if (ctx.getNode().typeVersion < 1.1) return rejected;
	const { description, ...json } = rejected.items[0].json;
	// The error's own description says what to do; the service's reasons stay in errors and the message.
	throw operationFailed(
		ctx,
		itemIndex,
		`The service refused to cancel voucher ${String(json.uuid)}: ${String(description ?? 'no reason given')}`,
		"The voucher stays valid (not cancelled). Fix what the service names (e.g. cancel first the payment receipt or credit note that refers to this voucher, or use motive 01 with the replacing voucher's UUID) and run the item again.",
		json,
	);
}

/**
 * Under n8n's Retry On Fail a cancellation that an earlier try of this run already got an answer
 * for is returned as it was, and one whose earlier try gave no clear answer is looked up first: a
 * voucher already cancelled or waiting for the recipient is reported, not asked again.
 */
async function cancelOnce(
	ctx: IExecuteFunctions,
	session: RunSession,
	itemIndex: number,
	request: CancellationRequest,
	tries: EarlierTries | undefined,
): Promise<ItemOutcome> {
	const target = JSON.stringify([request.uuid, request.motive, request.replacementUuid]);
	const earlier = tries?.earlier(itemIndex, target);
	if (earlier?.state === 'done')
		return {
			items: [{ json: earlier.json }],
			doneNote: `${String(earlier.json.status)} UUID ${request.uuid} (on an earlier try)`,
		};
	if (earlier?.state === 'unclear') {
		const record = await findVoucherByUuid(ctx, session, request.uuid).catch((error: unknown) => {
			throw toNodeError(ctx, error, itemIndex, {
				action: `read the status of voucher ${request.uuid} before asking again for a cancellation an earlier try may have sent`,
				ifMaybeDone:
					'The cancellation may have been recorded by an earlier try: check it with Get Status before cancelling again.',
			});
		});
		if (record?.subEstatusId === CANCELLED || record?.subEstatusId === WAITING) {
			const found = outcome(
				request.uuid,
				record.subEstatusId === CANCELLED ? 'cancelled' : 'pendingAcceptance',
				record.subEstatusId,
				record.statusDescription,
			);
			tries?.done(itemIndex, target, found.items[0].json);
			return found;
		}
	}
	// Until an answer settles it, a retry must look the voucher up before asking again.
	tries?.sending(itemIndex, target);
	const result = await cancelOne(ctx, session, itemIndex, request);
	if (result.items[0].json.status === 'rejected') {
		tries?.nothingHappened(itemIndex);
		return refusal(ctx, itemIndex, result);
	}
	tries?.done(itemIndex, target, result.items[0].json);
	return result;
}

export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const settings = readRequestSettings(ctx, 'cancelOptions', {
		concurrency: DEFAULT_CANCEL_CONCURRENCY,
		batchingSetsConcurrency: false,
	});
	// Each cancellation is read and checked before any is sent (see runItems).
	const plans = new ItemPlans(ctx.getInputData().length, (itemIndex) =>
		readRequest(ctx, itemIndex),
	);
	const tries = EarlierTries.open(ctx);
	return await runItems(
		ctx,
		settings,
		RunSession.fromNode,
		async (itemIndex, session) =>
			await cancelOnce(ctx, session, itemIndex, plans.get(itemIndex), tries),
		{ plans },
	);
}
