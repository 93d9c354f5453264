/** Email → Send: its fields and its execute. */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { showFor, uuidField, withDefaultFromVersion11 } from '../common.fields';
import { EarlierTries } from '../../execution/earlierTries';
import {
	DEFAULT_RETRIES,
	DEFAULT_RETRY_DELAY_MS,
	RunSession,
	ServiceCallError,
	toNodeError,
} from '../../api/client';
import { sendVoucherEmail } from '../../api/email';
import { addedToIncoming } from '../../execution/incomingItem';
import { readUuid } from '../../execution/parameters';
import {
	concurrencyOption,
	ignoreSslOption,
	readRequestSettings,
	timeoutOption,
} from '../../execution/requestSettings';
import { ItemPlans, runItems } from '../../execution/runItems';
import { CONTENT_FOLIO_PREFIX } from '../../cfdi/contentKey';
import {
	notSentHint,
	notStampedNow,
	SEND_AGAIN_OPTION,
	type NotSent,
} from '../../execution/stampedThisRun';

const SEND_CONCURRENCY = 2;
const EMAIL_PATTERN = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

const show = showFor('email', ['send']);

// The voucher's name from the incoming item: "A-1001" (series and folio, either may be missing:
// Create's simplified output leaves out what the voucher has not), else its UUID.
const SERIES_FOLIO =
	"[$json.series ?? $json.serie, $json.folio].filter(Boolean).join('-') || $json.uuid";

// A folio the node wrote from the voucher's content ("C-488C0590", cfdi/contentKey.ts) means nothing
// to the buyer: such an invoice is named by its issuer and total ("from ESCUELA KEMPER URGATE for
// 1508.00 MXN"), else by its date.
const CONTENT_FOLIO = `/^${CONTENT_FOLIO_PREFIX}[0-9A-F]{8}$/`;
const ISSUER_AND_TOTAL =
	"[$json.issuerName && 'from ' + $json.issuerName, $json.total != null && 'for ' + Number($json.total).toFixed(2) + ' ' + ($json.currency ?? '')].filter(Boolean).join(' ').trim() || 'of ' + String($json.date ?? $now.toISODate()).slice(0, 10)";
const VOUCHER_NAME = `${CONTENT_FOLIO}.test($json.folio ?? '') ? ${ISSUER_AND_TOTAL} : ${SERIES_FOLIO}`;

/**
 * The default subject of version 1.1: "Your invoice A-1001" (the words first, then the name), or
 * "Your invoice from <issuer> for <total>" when the folio is a content code.
 */
export const EMAIL_SUBJECT_TEMPLATE = `=Your invoice {{ ${VOUCHER_NAME} }}`;

/**
 * The default message of version 1.1: the voucher by its series-folio when the incoming item has
 * them (Create's output, passed on by XML and PDF), and its UUID.
 */
export const EMAIL_MESSAGE_TEMPLATE = `=Hello,

Attached are the XML and PDF files of your invoice {{ ${VOUCHER_NAME} }} (folio fiscal {{ $json.uuid }}).

Thank you.`;

const sendFields: INodeProperties[] = [
	...uuidField('email', ['send']),
	{
		displayName: 'To',
		name: 'to',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'name@email.com',
		description: 'Recipient address; separate several with commas',
		displayOptions: show,
	},
	// Version 1.1: a subject naming the voucher (series-folio, or UUID, of the incoming item).
	...withDefaultFromVersion11(
		{
			displayName: 'Subject',
			name: 'subject',
			type: 'string',
			required: true,
			default: '',
			displayOptions: show,
		},
		EMAIL_SUBJECT_TEMPLATE,
		'The subject line; the default names the voucher by its series and folio (or UUID) from the incoming item, or by its issuer and total when the folio is a content code (C-…)',
	),
	// Version 1.1: a message naming the voucher (series-folio and UUID of the incoming item).
	...withDefaultFromVersion11(
		{
			displayName: 'Message',
			name: 'message',
			type: 'string',
			typeOptions: { rows: 4 },
			required: true,
			default: '',
			displayOptions: show,
		},
		EMAIL_MESSAGE_TEMPLATE,
		'The text of the e-mail; the default names the voucher by its series, folio and UUID from the incoming item',
	),
	{
		displayName: 'CC',
		name: 'cc',
		type: 'string',
		default: '',
		placeholder: 'name@email.com',
		description: 'Copy recipients, separated by commas; leave empty for none',
		displayOptions: show,
	},
	{
		displayName: 'Reply To',
		name: 'replyTo',
		type: 'string',
		default: '',
		placeholder: 'name@email.com',
		description: 'The one address replies should go to; leave empty for none',
		displayOptions: show,
	},
	{
		displayName: 'Options',
		name: 'emailOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: show,
		options: [
			{
				displayName: SEND_AGAIN_OPTION,
				name: 'sendAgainForEarlierVouchers',
				type: 'boolean',
				default: false,
				description:
					"Whether to send also when the incoming item's voucher was not stamped in this execution (e.g. status alreadyStamped: the workflow ran again for a sale already invoiced). Off, such an item is passed on with sent: false and notSent saying why; an item with no status is always sent. A voucher another execution stamped while this one ran (stampedMeanwhile) is never sent: that execution sends it.",
			},
			concurrencyOption(SEND_CONCURRENCY, 'How many e-mail requests are sent at the same time'),
			ignoreSslOption(),
			{
				displayName: 'Rate Limit Retries',
				name: 'rateLimitRetries',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: DEFAULT_RETRIES,
				description:
					'How many times to send again, with growing pauses, when the service limits the rate (HTTP 429). Such an answer means no e-mail was sent, so sending again cannot send it twice.',
			},
			{
				displayName: 'Retry Pause (Ms)',
				name: 'retryDelayMs',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: DEFAULT_RETRY_DELAY_MS,
				description:
					'Pause before the first retry; each further retry waits twice as long (at most 60 seconds)',
			},
			timeoutOption(),
		],
	},
];

/** Email → Send: its fields in the order the editor shows them (Voucher.resource.ts shows them for it). */
export const description: INodeProperties[] = [...sendFields];

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
				body: {
					para: string;
					asunto: string;
					mensaje: string;
					cc: string;
					responderA: string;
					cfdi: { uuid: string };
				};
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
		return {
			uuid,
			body: {
				para: addressList(ctx, itemIndex, 'to', 'To', { required: true }),
				asunto: oneLine(ctx, itemIndex, 'subject', 'Subject'),
				mensaje: String(ctx.getNodeParameter('message', itemIndex, '')),
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
