/** Email → Send: its execute (its fields: send.fields.ts). */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { defaultMessage, defaultSubject, emailLanguage } from './buyerMessage';
import { SEND_CONCURRENCY } from './send.fields';
import { EarlierTries } from '../../execution/earlierTries';
import {
	DEFAULT_RETRIES,
	DEFAULT_RETRY_DELAY_MS,
	RunSession,
	ServiceCallError,
	toNodeError,
} from '../../api/sessionAndFailure';
import { sendVoucherEmail, type VoucherEmail } from '../../api/email';
import { addedToIncoming } from '../../execution/incomingItem';
import { readUuid } from '../../execution/itemParameters';
import { readRequestSettings } from '../../execution/requestSettings';
import { ItemPlans, runItems } from '../../execution/runItems';
import { notSentHint, notStampedNow, type NotSent } from '../../execution/stampedThisRun';

/** Email → Send's fields (the resource shows them). */
export { description } from './send.fields';

const EMAIL_PATTERN = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

function addressList(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
	how: { required: boolean; single?: boolean },
): string {
	const value = String(ctx.getNodeParameter(name, itemIndex, '') ?? '').trim();
	const addresses = value
		.split(/[,;]/)
		.map((a) => a.trim())
		.filter(Boolean);
	if (how.required && addresses.length === 0) {
		throw new NodeOperationError(ctx.getNode(), `Item ${itemIndex}: "${label}" is empty.`, {
			itemIndex,
			description: 'Nothing was sent. Enter at least one e-mail address.',
		});
	}
	if (how.single && addresses.length > 1) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Item ${itemIndex}: "${label}" has ${addresses.length} addresses (${addresses.join(', ')}); the service takes one reply-to address.`,
			{
				itemIndex,
				description:
					'Nothing was sent. Keep one address in Reply To; put further recipients in To or CC.',
			},
		);
	}
	const bad = addresses.filter((a) => !EMAIL_PATTERN.test(a));
	if (bad.length) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Item ${itemIndex}: "${label}" has an invalid e-mail address: ${bad.join(', ')}.`,
			{
				itemIndex,
				description: `Nothing was sent. Use addresses like name@email.com${how.single ? '' : ', separated by commas'}.`,
			},
		);
	}
	return addresses.join(',');
}

/** A one-line text field: a line break in a mail header could add headers of its own. */
function oneLine(ctx: IExecuteFunctions, itemIndex: number, name: string, label: string): string {
	const value = String(ctx.getNodeParameter(name, itemIndex, '') ?? '');
	if (/[\r\n]/.test(value)) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Item ${itemIndex}: "${label}" contains a line break (CR or LF).`,
			{
				itemIndex,
				description: `Nothing was sent. An e-mail ${label.toLowerCase()} is one line, and a line break in it could add mail headers. Remove the line breaks, e.g. with the expression {{ $json.subject.replace(/[\\r\\n]+/g, ' ') }}.`,
			},
		);
	}
	return value;
}

/** Whether a failed send proves that no e-mail went out (refused, never reached, not signed in). */
function provesNothingSent(error: unknown): boolean {
	return (
		error instanceof ServiceCallError && !error.mayHaveTakenEffect && error.kind !== 'malformed'
	);
}

/** Why a failed send may still have sent the e-mail, as a clause: "the service answered HTTP 500". */
function unclearReason(error: unknown): string {
	if (error instanceof ServiceCallError && error.kind === 'http')
		return `the service answered HTTP ${String(error.details.status)}`;
	const text = (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
	return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * The refusal to send again an e-mail that an earlier try of this run may have sent: the service
 * has no way to ask whether an e-mail went out, so a second request could deliver it twice.
 */
function notSentAgain(
	ctx: IExecuteFunctions,
	itemIndex: number,
	uuid: string,
	to: string,
	reason: string,
): NodeOperationError {
	return new NodeOperationError(
		ctx.getNode(),
		`Item ${itemIndex}: Not sent again: an earlier try of this run may already have e-mailed voucher ${uuid} to ${to} (${reason}).`,
		{
			itemIndex,
			description:
				"n8n's Retry On Fail ran the node again after an error. An earlier try sent this e-mail and got no clear answer, and the service cannot tell whether an e-mail went out, so sending it again could deliver it twice. " +
				'Ask the recipient or check the mailbox; to send it anyway, run the item again in a new execution. E-mails that earlier tries sent successfully are not sent again either: their items are returned as they were.',
		},
	);
}

function sameVoucher(incoming: IDataObject, uuid: string): boolean {
	const own = typeof incoming.uuid === 'string' ? incoming.uuid.trim().toUpperCase() : '';
	return !own || own === uuid.toUpperCase();
}

function retrySetting(value: unknown, fallback: number): number {
	const n = Number(value);
	return value !== undefined && Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
}

export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	// Each e-mail's fields are read and checked before any is sent (see runItems). An item whose
	// voucher was not stamped in this execution is not sent unless the option says so (a re-run
	// sends nothing twice; see execution/stampedThisRun.ts).
	type Plan =
		| { notSent: NotSent; uuid?: string }
		| {
				notSent?: undefined;
				uuid: string;
				body: VoucherEmail;
				options: IDataObject;
		  };
	const plans = new ItemPlans<Plan>(ctx.getInputData().length, (itemIndex) => {
		const options = ctx.getNodeParameter('emailOptions', itemIndex, {}) as IDataObject;
		const incoming = ctx.getInputData()[itemIndex]?.json ?? {};
		const notSent = notStampedNow(
			incoming,
			itemIndex,
			options.sendAgainForEarlierVouchers === true,
		);
		if (notSent)
			return {
				notSent,
				...(typeof incoming.uuid === 'string' && incoming.uuid
					? { uuid: incoming.uuid.toUpperCase() }
					: {}),
			};
		const uuid = readUuid(ctx, itemIndex);
		// The incoming item names the voucher only when it is the one sent (a UUID typed for another
		// voucher is named by that UUID alone).
		const named = sameVoucher(incoming, uuid) ? { ...incoming, uuid } : { uuid };
		const language = emailLanguage(ctx.getNodeParameter('language', itemIndex, 'es'));
		return {
			uuid,
			body: {
				para: addressList(ctx, itemIndex, 'to', 'To', { required: true }),
				asunto: oneLine(ctx, itemIndex, 'subject', 'Subject') || defaultSubject(named, language),
				mensaje:
					String(ctx.getNodeParameter('message', itemIndex, '') ?? '') ||
					defaultMessage(named, language),
				cc: addressList(ctx, itemIndex, 'cc', 'CC', { required: false }),
				responderA: addressList(ctx, itemIndex, 'replyTo', 'Reply To', {
					required: false,
					single: true,
				}),
				cfdi: { uuid },
			},
			options,
		};
	});
	const notSent: NotSent[] = [];
	// Under n8n's Retry On Fail: what earlier tries of this run sent (see execution/earlierTries.ts).
	const tries = EarlierTries.open(ctx);
	const output = await runItems(
		ctx,
		readRequestSettings(ctx, 'emailOptions', {
			concurrency: SEND_CONCURRENCY,
			batchingSetsConcurrency: true,
		}),
		RunSession.fromNode,
		async (itemIndex, session) => {
			const plan = plans.get(itemIndex);
			if (plan.notSent) {
				notSent[itemIndex] = plan.notSent;
				const json: IDataObject = {
					...(plan.uuid ? { uuid: plan.uuid } : {}),
					sent: false,
					notSent: { ...plan.notSent },
				};
				return { items: [addedToIncoming(ctx, itemIndex, json)] };
			}
			const { uuid, body, options } = plan;
			const target = JSON.stringify([uuid, body.para, body.cc, body.asunto]);
			const earlier = tries?.earlier(itemIndex, target);
			if (earlier?.state === 'done')
				return {
					items: [addedToIncoming(ctx, itemIndex, earlier.json)],
					doneNote: `e-mailed ${uuid} to ${body.para} (on an earlier try)`,
				};
			if (earlier?.state === 'unclear')
				throw notSentAgain(ctx, itemIndex, uuid, body.para, earlier.reason);

			const failure = {
				action: `send voucher ${uuid} by e-mail`,
				ifMaybeDone:
					'The e-mail may have been sent although no answer arrived; running the item again may send it twice, so ask the recipient or check the mailbox first.',
			};
			tries?.sending(itemIndex, target);
			try {
				await sendVoucherEmail(ctx, session, body, {
					retries: retrySetting(options.rateLimitRetries, DEFAULT_RETRIES),
					firstDelayMs: retrySetting(options.retryDelayMs, DEFAULT_RETRY_DELAY_MS),
				});
			} catch (error) {
				if (provesNothingSent(error)) tries?.nothingHappened(itemIndex);
				else tries?.unclear(itemIndex, target, unclearReason(error));
				throw toNodeError(ctx, error, itemIndex, failure);
			}
			const json: IDataObject = {
				uuid,
				sent: true,
				to: body.para,
				cc: body.cc,
				replyTo: body.responderA,
				subject: body.asunto,
			};
			tries?.done(itemIndex, target, json);
			return {
				items: [addedToIncoming(ctx, itemIndex, json)],
				doneNote: `e-mailed ${uuid} to ${body.para}`,
			};
		},
		{ plans },
	);
	const notSentItems = notSent.filter(Boolean);
	if (notSentItems.length)
		ctx.addExecutionHints({ message: notSentHint(notSentItems), location: 'outputPane' });
	return output;
}
