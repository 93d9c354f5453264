/** Email: the operation selector, then each operation's fields. */
import type { INodeProperties } from 'n8n-workflow';

import { resourceFields } from '../common.fields';
import * as send from './send.operation';

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
	...resourceFields('email', { send: send.description }),
];
