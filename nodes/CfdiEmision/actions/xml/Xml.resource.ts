/** XML: the operation selector, then each operation's fields. */
import type { INodeProperties } from 'n8n-workflow';

import { resourceFields } from '../common.fields';
import * as download from './download.operation';

export const xmlDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['xml'] } },
		options: [
			{
				name: 'Download',
				value: 'download',
				action: 'Download the XML of a voucher',
				description: 'Download the stamped voucher as a CFDI XML file',
			},
		],
		default: 'download',
	},
	...resourceFields('xml', { download: download.description }),
];
