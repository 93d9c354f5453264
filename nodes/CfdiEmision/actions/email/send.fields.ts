/** Email → Send: its fields, in the order the editor shows them (send.operation.ts runs them). */
import type { INodeProperties } from 'n8n-workflow';

import { FROM_VERSION_1_1, showFor, uuidField, withDefaultFromVersion11 } from '../common.fields';
import { EMAIL_LANGUAGES, type EmailLanguage } from './buyerMessage';
import { DEFAULT_RETRIES, DEFAULT_RETRY_DELAY_MS } from '../../api/sessionAndFailure';
import { concurrencyOption, ignoreSslOption, timeoutOption } from '../../execution/requestSettings';
import { SEND_AGAIN_OPTION } from '../../execution/stampedThisRun';

/** How many e-mail requests go out at once unless the options say otherwise. */
export const SEND_CONCURRENCY = 2;

const show = showFor('email', ['send']);

/** Subject and Message of version 1.1: empty, so the node writes them in the Language chosen (buyerMessage.ts). */
function buyerText(
	property: INodeProperties,
	placeholders: Record<EmailLanguage, string>,
	description: string,
): INodeProperties[] {
	const [v1] = withDefaultFromVersion11(property, '');
	return [
		v1,
		...EMAIL_LANGUAGES.map(({ value }) => ({
			...property,
			required: false,
			placeholder: placeholders[value],
			description,
			displayOptions: {
				show: { ...property.displayOptions?.show, ...FROM_VERSION_1_1, language: [value] },
			},
		})),
	];
}

const EXAMPLE_ES = 'A-1001 de MI TIENDA por $1,160.00 MXN';
const EXAMPLE_EN = 'A-1001 from MI TIENDA for $1,160.00 MXN';

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
	{
		displayName: 'Language',
		name: 'language',
		type: 'options',
		options: EMAIL_LANGUAGES,
		default: 'es',
		description:
			"The language of the subject and message the node writes when they are left empty: the voucher's kind (invoice, credit note, payment receipt), series and folio, issuer and total from the incoming item",
		displayOptions: { show: { ...show?.show, ...FROM_VERSION_1_1 } },
	},
	...buyerText(
		{
			displayName: 'Subject',
			name: 'subject',
			type: 'string',
			required: true,
			default: '',
			displayOptions: show,
		},
		{ es: `Tu factura ${EXAMPLE_ES}`, en: `Your invoice ${EXAMPLE_EN}` },
		"The subject line. Empty: the voucher's kind, series and folio, issuer and total from the incoming item, in the Language chosen.",
	),
	...buyerText(
		{
			displayName: 'Message',
			name: 'message',
			type: 'string',
			typeOptions: { rows: 4 },
			required: true,
			default: '',
			displayOptions: show,
		},
		{
			es: `Hola: Adjuntamos el XML y el PDF de tu factura ${EXAMPLE_ES} (folio fiscal …).`,
			en: `Hello, Attached are the XML and PDF files of your invoice ${EXAMPLE_EN} (folio fiscal …).`,
		},
		'The text of the e-mail. Empty: a short greeting naming the voucher (kind, series and folio, issuer, total) and its folio fiscal, in the Language chosen.',
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
