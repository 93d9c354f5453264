/** PDF → Get Link: its fields and its execute. */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import {
	showFor,
	withFileFieldDefault,
	uuidField,
	withDefaultFromVersion11,
} from '../common.fields';
import { voucherFile } from '../voucherFile';
import { addedToIncoming } from '../../execution/incomingItem';
import { RunSession, toNodeError } from '../../api/sessionAndFailure';
import { readUuid } from '../../execution/itemParameters';
import {
	concurrencyOption,
	ignoreSslOption,
	readRequestSettings,
	timeoutOption,
} from '../../execution/requestSettings';
import { runItems } from '../../execution/runItems';
import { BYTES_PER_MB, downloadPdf, fetchPdfLink } from '../../api/pdf';

const PDF_CONCURRENCY = 4;
const DEFAULT_LINK_ATTEMPTS = 5;
const DEFAULT_LINK_DELAY_MS = 1000;
/** The default most a PDF download may bring in; a voucher's PDF is a few hundred kilobytes. */
const DEFAULT_MAX_PDF_MB = 20;

const getLinkFields: INodeProperties[] = [
	...uuidField('pdf', ['getLink']),
	// Version 1.1: on by default (a chain to E-mail or storage wants the file, not only its link).
	...withDefaultFromVersion11(
		{
			displayName: 'Download',
			name: 'download',
			type: 'boolean',
			default: false,
			description:
				'Whether to also download the PDF into a binary field (as &lt;uuid&gt;.pdf; the field is "pdf" unless the option "Put Output File in Field" names another)',
			displayOptions: showFor('pdf', ['getLink']),
		},
		true,
	),
	...withFileFieldDefault(
		{
			displayName: 'Options',
			name: 'pdfOptions',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			displayOptions: showFor('pdf', ['getLink']),
			options: [
				{
					displayName: 'Put Output File in Field',
					name: 'binaryPropertyName',
					type: 'string',
					default: 'data',
					description:
						'The name of the output binary field to put the downloaded PDF in (with Download on; default "pdf", "data" in nodes saved as version 1)',
				},
				concurrencyOption(PDF_CONCURRENCY, 'How many PDFs are requested at the same time'),
				ignoreSslOption(),
				{
					displayName: 'Link Attempts',
					name: 'linkAttempts',
					type: 'number',
					typeOptions: { minValue: 1 },
					default: DEFAULT_LINK_ATTEMPTS,
					description: 'How many times to ask for the link while the PDF is still being generated',
				},
				{
					displayName: 'Link Retry Pause (Ms)',
					name: 'linkRetryDelayMs',
					type: 'number',
					typeOptions: { minValue: 0 },
					default: DEFAULT_LINK_DELAY_MS,
					description:
						'Pause before the second attempt; each further attempt waits twice as long (at most 10 seconds)',
				},
				{
					displayName: 'Max PDF Size (MB)',
					name: 'maxPdfSizeMb',
					type: 'number',
					typeOptions: { minValue: 1 },
					default: DEFAULT_MAX_PDF_MB,
					description:
						'The largest PDF the download accepts. It is checked while the file arrives, and a larger one stops the item with an error instead of filling memory.',
				},
				timeoutOption(),
			],
		},
		'pdf',
	),
];

/** PDF → Get Link: its fields in the order the editor shows them (Voucher.resource.ts shows them for it). */
export const description: INodeProperties[] = [...getLinkFields];

export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runItems(
		ctx,
		readRequestSettings(ctx, 'pdfOptions', {
			concurrency: PDF_CONCURRENCY,
			batchingSetsConcurrency: true,
		}),
		RunSession.fromNode,
		async (itemIndex, session) => {
			const uuid = readUuid(ctx, itemIndex);
			const download = ctx.getNodeParameter('download', itemIndex, false) as boolean;
			const options = ctx.getNodeParameter('pdfOptions', itemIndex, {}) as IDataObject;
			const attempts = Math.max(
				1,
				Math.floor(Number(options.linkAttempts ?? DEFAULT_LINK_ATTEMPTS)) || DEFAULT_LINK_ATTEMPTS,
			);
			const delay = Math.max(0, Number(options.linkRetryDelayMs ?? DEFAULT_LINK_DELAY_MS) || 0);
			try {
				const link = await fetchPdfLink(ctx, session, uuid, attempts, delay);
				const json: IDataObject = {
					uuid,
					url: link.url,
					expiresAt: link.expiresAt,
					startsAt: link.startsAt,
				};
				if (!download) return { items: [addedToIncoming(ctx, itemIndex, json)] };
				const maxMb = Number(options.maxPdfSizeMb ?? DEFAULT_MAX_PDF_MB);
				const bytes = await downloadPdf(
					ctx,
					session,
					link,
					itemIndex,
					uuid,
					(Number.isFinite(maxMb) && maxMb > 0 ? maxMb : DEFAULT_MAX_PDF_MB) * BYTES_PER_MB,
				);
				const file = await voucherFile(ctx, options, uuid, bytes, 'pdf');
				return {
					items: [addedToIncoming(ctx, itemIndex, { ...json, ...file.members }, file.binary)],
				};
			} catch (error) {
				throw toNodeError(ctx, error, itemIndex, {
					action: `get the PDF of ${uuid}`,
					readOnly: true,
				});
			}
		},
	);
}
