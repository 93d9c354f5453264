import type { INodeProperties } from 'n8n-workflow';

import { asCustomOperations } from '../../execution/runItems';
import { getLinkFields, getPdfLink } from './getLink';

export const pdfOperations = asCustomOperations({ getLink: getPdfLink });

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
	...getLinkFields,
];
