import type { INodeProperties } from 'n8n-workflow';

import { asCustomOperations } from '../../execution/runItems';
import { downloadFields, downloadXml } from './download';

export const xmlOperations = asCustomOperations({ download: downloadXml });

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
	...downloadFields,
];
