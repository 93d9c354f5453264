/** The workflows of the e2e Retry On Fail and files phase (retryFilesPhase.ts): 'retry' (stamp, e-mail and cancel with Retry On Fail) and 'files' (XML and PDF downloads with Continue On Fail and a Max PDF Size). */
import { CFDI_CREDENTIAL_TYPE, CFDI_NODE_TYPE, type WorkflowJson } from '../support/examples';
import { invoiceVoucher } from '../support/vouchers';

export const RETRY_FILES_WORKFLOWS = {
	retry: 'cfdiE2eRetryEffects1',
	files: 'cfdiE2eFilesClaimed1',
} as const;

export const MB = 1024 * 1024;

/** n8n's Retry On Fail as a user sets it: three tries, a short wait between them. */
export const RETRY_ON_FAIL = { retryOnFail: true, maxTries: 3, waitBetweenTries: 100 };

export const RECIPIENT = 'buyer@example.com';

/** Under the 1 MB limit the PDF node is given. */
export const SMALL_PDF_BYTES = 900 * 1024;

export type Credential = { id: string; name: string };

export type Node = WorkflowJson['nodes'][number];

export function node(
	id: string,
	name: string,
	position: [number, number],
	type: string,
	parameters: Record<string, unknown>,
	extra: Record<string, unknown> = {},
): Node {
	return {
		id: `${id}-${position[0]}-${position[1]}`,
		name,
		type,
		typeVersion: type === CFDI_NODE_TYPE ? 1.1 : type === 'n8n-nodes-base.code' ? 2 : 1,
		position,
		parameters,
		...extra,
	} as Node;
}

export function cfdi(
	id: string,
	name: string,
	position: [number, number],
	parameters: Record<string, unknown>,
	credential: Credential,
	settings: Record<string, unknown> = {},
): Node {
	return node(id, name, position, CFDI_NODE_TYPE, parameters, {
		credentials: { [CFDI_CREDENTIAL_TYPE]: { ...credential } },
		...settings,
	});
}

/** A Code node returning one item per folio, each carrying a complete invoice under `voucher`. */
export function invoices(
	id: string,
	name: string,
	position: [number, number],
	serie: string,
	folios: string[],
): Node {
	const items = folios.map((folio) => ({ json: { voucher: invoiceVoucher({ serie, folio }) } }));
	return node(id, name, position, 'n8n-nodes-base.code', {
		jsCode: `return ${JSON.stringify(items)};`,
	});
}

/** Create (version 1.1) stamping each incoming item's `voucher`; the duplicate check is not under test here. */
export function stamp(
	id: string,
	name: string,
	position: [number, number],
	credential: Credential,
): Node {
	return cfdi(
		id,
		name,
		position,
		{
			resource: 'voucher',
			operation: 'create',
			inputMode: 'json',
			voucherJson: '={{ $json.voucher }}',
			duplicateCheck: 'off',
		},
		credential,
	);
}

export function email(
	id: string,
	name: string,
	position: [number, number],
	credential: Credential,
): Node {
	return cfdi(
		id,
		name,
		position,
		{ resource: 'email', operation: 'send', to: RECIPIENT, subject: '=Invoice {{ $json.uuid }}' },
		credential,
		RETRY_ON_FAIL,
	);
}

export const chain = (...names: string[]) =>
	Object.fromEntries(
		names
			.slice(0, -1)
			.map((name, index) => [
				name,
				{ main: [[{ node: names[index + 1], type: 'main', index: 0 }]] },
			]),
	);

/** A manually started workflow (execution order v1): Start, then `nodes`, wired by `connections`. */
export function workflow(
	id: string,
	name: string,
	nodes: Node[],
	connections: WorkflowJson['connections'],
): WorkflowJson {
	return {
		id,
		name,
		nodes: [node(id, 'Start', [0, 0], 'n8n-nodes-base.manualTrigger', {}), ...nodes],
		connections,
		settings: { executionOrder: 'v1' },
		active: false,
	};
}

export function retryFilesWorkflows(credential: Credential): WorkflowJson[] {
	const retryId = RETRY_FILES_WORKFLOWS.retry;
	const filesId = RETRY_FILES_WORKFLOWS.files;
	return [
		workflow(
			retryId,
			"Cancel and E-mail under n8n's Retry On Fail (e2e)",
			[
				invoices(retryId, 'Three invoices', [220, 0], 'B', [
					'E2E-RETRY-1',
					'E2E-RETRY-2',
					'E2E-RETRY-3',
				]),
				stamp(retryId, 'Stamp', [440, 0], credential),
				email(retryId, 'E-mail', [660, 0], credential),
				cfdi(
					retryId,
					'Cancel',
					[880, 0],
					{ resource: 'voucher', operation: 'cancel', motive: '02' },
					credential,
					RETRY_ON_FAIL,
				),
				// Below the first branch, so n8n (execution order v1) runs it after: it ends the run with an error.
				invoices(retryId, 'One more invoice', [220, 300], 'B', ['E2E-RETRY-4']),
				stamp(retryId, 'Stamp one more', [440, 300], credential),
				email(retryId, 'E-mail, answer lost', [660, 300], credential),
			],
			{
				Start: {
					main: [
						[
							{ node: 'Three invoices', type: 'main', index: 0 },
							{ node: 'One more invoice', type: 'main', index: 0 },
						],
					],
				},
				...chain('Three invoices', 'Stamp', 'E-mail', 'Cancel'),
				...chain('One more invoice', 'Stamp one more', 'E-mail, answer lost'),
			},
		),
		workflow(
			filesId,
			'XML and PDF files are what they claim (e2e)',
			[
				invoices(filesId, 'Three invoices', [220, 0], 'F', [
					'E2E-FILES-1',
					'E2E-FILES-2',
					'E2E-FILES-3',
				]),
				stamp(filesId, 'Stamp', [440, 0], credential),
				// One item at a time, so the sandbox's answers (queued per route) meet the items in order.
				cfdi(
					filesId,
					'XML',
					[660, 0],
					{ resource: 'xml', operation: 'download', xmlOptions: { concurrency: 1 } },
					credential,
					{ onError: 'continueRegularOutput' },
				),
				cfdi(
					filesId,
					'PDF',
					[660, 300],
					{
						resource: 'pdf',
						operation: 'getLink',
						download: true,
						pdfOptions: { concurrency: 1, maxPdfSizeMb: 1 },
					},
					credential,
					{ onError: 'continueRegularOutput' },
				),
			],
			{
				...chain('Start', 'Three invoices', 'Stamp'),
				Stamp: {
					main: [
						[
							{ node: 'XML', type: 'main', index: 0 },
							{ node: 'PDF', type: 'main', index: 0 },
						],
					],
				},
			},
		),
	];
}
