/** XML → Download: its fields and its execute. */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { uuidField, withFileFieldDefault } from '../common.fields';
import { voucherFile } from '../voucherFile';
import { addedToIncoming } from '../../execution/incomingItem';
import { readUuid } from '../../execution/itemParameters';
import {
	concurrencyOption,
	ignoreSslOption,
	readRequestSettings,
	timeoutOption,
} from '../../execution/requestSettings';
import { RunSession } from '../../api/sessionAndFailure';
import { runItems } from '../../execution/runItems';
import { downloadVoucherXml } from '../../api/voucherXml';

const DOWNLOAD_CONCURRENCY = 4;

const downloadFields: INodeProperties[] = [
	...uuidField('xml', ['download']),
	...withFileFieldDefault(
		{
			displayName: 'Options',
			name: 'xmlOptions',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			displayOptions: { show: { resource: ['xml'], operation: ['download'] } },
			options: [
				{
					displayName: 'Put Output File in Field',
					name: 'binaryPropertyName',
					type: 'string',
					default: 'data',
					description:
						'The name of the output binary field to put the XML file in (default "xml"; "data" in nodes saved as version 1)',
				},
				concurrencyOption(
					DOWNLOAD_CONCURRENCY,
					'How many XML files are downloaded at the same time',
				),
				ignoreSslOption(),
				{
					displayName: 'Include XML Text',
					name: 'includeXmlText',
					type: 'boolean',
					default: false,
					description:
						'Whether to also return the XML as text in the "xml" field of the JSON output',
				},
				timeoutOption(),
			],
		},
		'xml',
	),
];

/** XML → Download: its fields in the order the editor shows them (Voucher.resource.ts shows them for it). */
export const description: INodeProperties[] = [...downloadFields];

export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runItems(
		ctx,
		readRequestSettings(ctx, 'xmlOptions', {
			concurrency: DOWNLOAD_CONCURRENCY,
			batchingSetsConcurrency: true,
		}),
		RunSession.fromNode,
		async (itemIndex, session) => {
			const uuid = readUuid(ctx, itemIndex);
			const options = ctx.getNodeParameter('xmlOptions', itemIndex, {}) as IDataObject;
			const { xml } = await downloadVoucherXml(ctx, session, uuid, itemIndex);
			const file = await voucherFile(ctx, options, uuid, Buffer.from(xml, 'utf8'), 'xml');
			const json: IDataObject = { uuid, ...file.members };
			if (options.includeXmlText === true) json.xml = xml;
			return { items: [addedToIncoming(ctx, itemIndex, json, file.binary)] };
		},
	);
}
