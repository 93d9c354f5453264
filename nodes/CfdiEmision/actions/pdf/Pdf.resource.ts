/** PDF: the operation selector, then each operation's fields. */
import type { INodeProperties } from 'n8n-workflow';

import { resourceFields } from '../common.fields';
import * as getLink from './getLink.operation';

export const pdfDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['pdf'] } },
		options: [
			{
				name: 'Get Link',
				value: 'getLink',
				action: 'Get the PDF link of a voucher',
				description:
					'Generate the PDF of a stamped voucher and get its time-limited link, optionally downloading it',
			},
		],
		default: 'getLink',
	},
	...resourceFields('pdf', { getLink: getLink.description }),
];
