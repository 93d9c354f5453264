import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { showFor, uuidField } from '../../shared/descriptions';
import { toNodeError } from '../../shared/errors';
import { readUuid } from '../../shared/parameters';
import { parseJsonBody } from '../../shared/responses';
import { concurrencyOption, ignoreSslOption, readRequestSettings, timeoutOption } from '../../shared/requestSettings';
import { runItems } from '../../shared/runItems';
import { callService, EMAIL_ROOT } from '../../shared/transport';
import { ServiceCallError } from '../../shared/serviceError';

const SEND_CONCURRENCY = 2;
const EMAIL_PATTERN = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

const show = showFor('email', ['send']);

export const sendFields: INodeProperties[] = [
	uuidField('email', ['send']),
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
		displayName: 'Subject',
		name: 'subject',
		type: 'string',
		required: true,
		default: '',
		displayOptions: show,
	},
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
		description: 'Address replies should go to; leave empty for none',
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
			concurrencyOption(SEND_CONCURRENCY, 'How many e-mail requests are sent at the same time'),
			ignoreSslOption(),
			timeoutOption(),
		],
	},
];

function addressList(ctx: IExecuteFunctions, itemIndex: number, name: string, label: string, required: boolean): string {
	const value = String(ctx.getNodeParameter(name, itemIndex, '') ?? '').trim();
	const addresses = value.split(/[,;]/).map((a) => a.trim()).filter(Boolean);
	if (required && addresses.length === 0) {
		throw new NodeOperationError(ctx.getNode(), `Item ${itemIndex}: "${label}" is empty.`, { itemIndex, description: 'Enter at least one e-mail address.' });
	}
	const bad = addresses.filter((a) => !EMAIL_PATTERN.test(a));
	if (bad.length) {
		throw new NodeOperationError(ctx.getNode(), `Item ${itemIndex}: "${label}" has an invalid e-mail address: ${bad.join(', ')}.`, {
			itemIndex,
			description: 'Use addresses like name@email.com, separated by commas.',
		});
	}
	return addresses.join(',');
}

export async function sendEmail(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runItems(ctx, readRequestSettings(ctx, 'emailOptions', { concurrency: SEND_CONCURRENCY, batchingSetsConcurrency: true }), async (itemIndex, session) => {
		const uuid = readUuid(ctx, itemIndex);
		const body = {
			para: addressList(ctx, itemIndex, 'to', 'To', true),
			asunto: String(ctx.getNodeParameter('subject', itemIndex, '')),
			mensaje: String(ctx.getNodeParameter('message', itemIndex, '')),
			cc: addressList(ctx, itemIndex, 'cc', 'CC', false),
			responderA: addressList(ctx, itemIndex, 'replyTo', 'Reply To', false),
			cfdi: { uuid },
		};
		const failure = {
			action: `send voucher ${uuid} by e-mail`,
			ifMaybeDone: 'The e-mail may have been sent although no answer arrived; running the item again may send it twice.',
		};
		try {
			const response = await callService(ctx, session, { method: 'POST', url: `${EMAIL_ROOT}/enviocorreo`, json: body });
			const sent = parseJsonBody(response.body, 'the e-mail request');
			if (sent !== true) {
				throw new ServiceCallError(`the service answered ${JSON.stringify(sent)} instead of true`, 'malformed');
			}
		} catch (error) {
			throw toNodeError(ctx, error, itemIndex, failure);
		}
		return {
			items: [{ json: { uuid, sent: true, to: body.para, cc: body.cc, replyTo: body.responderA, subject: body.asunto } }],
			doneNote: `e-mailed ${uuid} to ${body.para}`,
		};
	});
}
