import type { INodeProperties } from 'n8n-workflow';

import { asCustomOperations } from '../../execution/runItems';
import { sendEmail, sendFields } from './send';

export const emailOperations = asCustomOperations({ send: sendEmail });

export const emailDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['email'] } },
		options: [
			{
				name: 'Send',
				value: 'send',
				action: 'Send a voucher by email',
				description: 'Have the service e-mail the stamped voucher (XML and PDF)',
			},
		],
		default: 'send',
	},
	...sendFields,
];
