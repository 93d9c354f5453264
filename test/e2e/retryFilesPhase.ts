/**
 * Nothing repeated under n8n's own Retry On Fail, and files that are what they claim, in a real n8n
 * (`n8n execute`, version 1.1 nodes), issue 17 items 4 and 6.
 *
 * Workflow "retry": three invoices are stamped, e-mailed by a Send node and cancelled by a Cancel
 * node, both with Retry On Fail (3 tries, 100 ms apart). The sandbox refuses the third e-mail once
 * (HTTP 400: nothing sent), and acts on the third cancellation but answers HTTP 500, then fails the
 * status read that would settle it (HTTP 503), so each node's first try fails and n8n really runs it
 * again. A second branch, run after the first, stamps a fourth invoice whose e-mail the service sends
 * but answers HTTP 500: the retries must not send it again and must say why.
 *
 * Workflow "files": three invoices are stamped; XML > Download (Continue On Fail) gets another
 * voucher's XML for the second one; PDF > Get Link with Download and Max PDF Size 1 MB gets links to
 * a storage host of the test serving 64 MB without a declared length, 200 MB with one, and 900 KB.
 *
 * The checks read the sandbox's request log and state (e-mails sent, cancellations asked again) and
 * the items n8n returned.
 */
import assert from 'node:assert/strict';

import type { FaultSpec, LoggedRequest, Sandbox } from '../../sandbox';
import { invoiceVoucher } from '../support/vouchers';
import { startBigPdfHost, type BigPdfHost } from '../support/bigPdfHost';
import type { Checks } from './checks';
import { type N8nInstance } from './n8n';
import { outputItems, outputJson, type ExecutionJson } from './executionJson';
import { saveVouchers } from './seed';
import { RETRY_FILES_WORKFLOWS, MB, RECIPIENT, SMALL_PDF_BYTES } from './retryFilesWorkflows';

const uuidsOf = (run: ExecutionJson, nodeName: string) =>
	outputJson(run, nodeName).map((item) => String(item.uuid));
const route = (requests: LoggedRequest[], name: string) =>
	requests.filter((request) => request.route === name);
const emailedUuid = (request: LoggedRequest) =>
	String((JSON.parse(request.body) as { cfdi?: { uuid?: string } }).cfdi?.uuid);
const cancelledUuid = (request: LoggedRequest) =>
	decodeURIComponent(request.pathname.split('/').filter(Boolean).pop() ?? '');

/** `n8n execute` of a workflow while the sandbox has the given faults queued (cleared afterwards). */
async function executeWith(
	n8n: N8nInstance,
	sandbox: Sandbox,
	workflowId: string,
	timings: Record<string, number>,
	label: string,
	faults: FaultSpec[],
): Promise<ExecutionJson> {
	for (const fault of faults) sandbox.injectFault(fault);
	try {
		const { run, cli } = await n8n.execute(workflowId);
		timings[label] = cli.ms;
		return run;
	} finally {
		sandbox.clearFaults();
	}
}

export async function retryFilesPhase(
	checks: Checks,
	n8n: N8nInstance,
	sandbox: Sandbox,
	timings: Record<string, number>,
): Promise<void> {
	checks.section(
		"Cancel and E-mail > Send under n8n's Retry On Fail: nothing repeated (n8n execute)",
	);
	let mark = sandbox.requests.length;
	const emailsBefore = sandbox.emails.length;
	const retry = await executeWith(
		n8n,
		sandbox,
		RETRY_FILES_WORKFLOWS.retry,
		timings,
		'execute Cancel and E-mail under Retry On Fail',
		[
			// The third e-mail is refused once (nothing sent): the Send node fails and n8n runs it again.
			{
				route: 'sendEmail',
				kind: 'status',
				status: 400,
				body: '{"message":"Solicitud inválida."}',
				after: 2,
			},
			// The fourth e-mail (the second branch) is sent, but its answer is an HTTP 500.
			{ route: 'sendEmail', kind: 'storeThen500', after: 1 },
			// The third cancellation is recorded but answered HTTP 500; the status read that would settle it
			// fails once (503), so the Cancel node fails and n8n runs it again.
			{ route: 'cancelVoucher', kind: 'storeThen500', after: 2 },
			{
				route: 'listVouchers',
				kind: 'status',
				status: 503,
				body: '{"message":"Service Unavailable"}',
			},
		],
	);
	const requests = sandbox.requests.slice(mark).filter((request) => request.server === 'api');
	const stamped = uuidsOf(retry, 'Stamp');
	const [lost] = uuidsOf(retry, 'Stamp one more');
	const emails = sandbox.emails.slice(emailsBefore);

	await checks.check(
		'E-mail > Send: the third e-mail refused once (HTTP 400), n8n retried the node; each of the three vouchers e-mailed exactly once, the items right',
		() => {
			assert.equal(
				stamped.length,
				3,
				`Stamp returned ${JSON.stringify(outputJson(retry, 'Stamp'))}`,
			);
			const sends = route(requests, 'sendEmail').filter((request) =>
				stamped.includes(emailedUuid(request)),
			);
			// The retry really happened: the refused request and the one that went out are both the third voucher's.
			assert.deepEqual(
				stamped.map((uuid) =>
					sends.filter((request) => emailedUuid(request) === uuid).map((request) => request.status),
				),
				[[200], [200], [400, 200]],
			);
			assert.deepEqual(
				stamped.map((uuid) => emails.filter((sent) => sent.body.cfdi.uuid === uuid).length),
				[1, 1, 1],
			);
			assert.deepEqual(
				outputJson(retry, 'E-mail').map((item) => [item.uuid, item.sent, item.to, item.error]),
				stamped.map((uuid) => [uuid, true, RECIPIENT, undefined]),
			);
		},
	);

	await checks.check(
		'Cancel: the third cancellation acted but answered HTTP 500 and its status read failed, n8n retried the node; each voucher asked to cancel exactly once, the items right',
		() => {
			const deletes = route(requests, 'cancelVoucher');
			assert.deepEqual(
				deletes.map(cancelledUuid).sort(),
				[...stamped].sort(),
				`DELETE requests: ${deletes.map((request) => `${cancelledUuid(request)} ${request.status}`).join(', ')}`,
			);
			assert.equal(deletes.find((request) => cancelledUuid(request) === stamped[2])?.status, 500);
			// The retry really happened: the status read of the third voucher failed on the first try and answered on the second.
			const reads = route(requests, 'listVouchers');
			assert.deepEqual(
				reads.map((request) => [String(request.query.uuid).toUpperCase(), request.status]),
				[
					[stamped[2], 503],
					[stamped[2], 200],
				],
			);
			assert.deepEqual(
				stamped.map((uuid) => sandbox.cancellations.get(uuid)?.askedAgain),
				[0, 0, 0],
			);
			// 1,000.75 MXN to a named recipient: each cancellation waits for the recipient's acceptance.
			assert.deepEqual(
				outputJson(retry, 'Cancel').map((item) => [
					item.uuid,
					item.status,
					item.subEstatusId,
					item.error,
				]),
				stamped.map((uuid) => [uuid, 'pendingAcceptance', 4, undefined]),
			);
		},
	);

	await checks.check(
		'E-mail > Send whose e-mail went out but answered HTTP 500: the retries do not send it again and the run ends with "Not sent again"',
		() => {
			assert.ok(
				lost,
				`Stamp one more returned ${JSON.stringify(outputJson(retry, 'Stamp one more'))}`,
			);
			assert.deepEqual(
				route(requests, 'sendEmail')
					.filter((request) => emailedUuid(request) === lost)
					.map((request) => request.status),
				[500],
			);
			assert.equal(emails.filter((sent) => sent.body.cfdi.uuid === lost).length, 1);
			const error = retry.data.resultData.error;
			assert.equal(
				error?.node?.name,
				'E-mail, answer lost',
				`the run's error: ${JSON.stringify(error)}`,
			);
			// Only a second try can say this: the first try sent the e-mail.
			assert.equal(
				error?.message,
				`Item 0: Not sent again: an earlier try of this run may already have e-mailed voucher ${lost} to ${RECIPIENT} (the service answered HTTP 500).`,
			);
			assert.match(String(error?.description), /could deliver it twice/);
		},
	);

	checks.section(
		'Files are what they claim: XML of another voucher, PDF over Max PDF Size (n8n execute)',
	);
	const [otherId] = await saveVouchers(sandbox, [
		{ body: invoiceVoucher({ serie: 'F', folio: 'E2E-FILES-OTHER' }), stamp: true },
	]);
	const other = sandbox.vouchers.get(otherId);
	assert.ok(other?.uuid && other.xml, 'the seeded voucher has no UUID or XML');
	const hosts: BigPdfHost[] = [];
	try {
		const chunked = await startBigPdfHost(64 * MB, { announceLength: false });
		hosts.push(chunked);
		const declared = await startBigPdfHost(200 * MB, { announceLength: true });
		hosts.push(declared);
		const small = await startBigPdfHost(SMALL_PDF_BYTES, { announceLength: false });
		hosts.push(small);
		mark = sandbox.requests.length;
		const files = await executeWith(
			n8n,
			sandbox,
			RETRY_FILES_WORKFLOWS.files,
			timings,
			'execute XML and PDF files',
			[
				// The second XML download answers the seeded voucher's XML (a well-formed, stamped CFDI, another UUID).
				{
					route: 'downloadXml',
					kind: 'status',
					status: 200,
					body: other.xml,
					contentType: 'application/xml; charset=utf-8',
					after: 1,
				},
				// The service hands out links to the test's storage hosts, one per item in turn.
				...[chunked, declared, small].map((host): FaultSpec => ({
					route: 'getPdfLink',
					kind: 'status',
					status: 200,
					body: JSON.stringify(host.url),
				})),
			],
		);
		console.log(
			`  the storage hosts sent ${[chunked, declared, small].map((host) => `${(host.sent() / MB).toFixed(1)} MB`).join(', ')} (of 64 MB, 200 MB and 0.9 MB offered)`,
		);
		const vouchers = uuidsOf(files, 'Stamp');
		const downloads = route(sandbox.requests.slice(mark), 'downloadXml');

		await checks.check(
			"XML > Download answered another voucher's XML: an error item naming both UUIDs, no file; the other items are files of their own XML",
			() => {
				assert.equal(
					files.data.resultData.error,
					undefined,
					`the run failed: ${JSON.stringify(files.data.resultData.error)}`,
				);
				assert.equal(
					vouchers.length,
					3,
					`Stamp returned ${JSON.stringify(outputJson(files, 'Stamp'))}`,
				);
				assert.deepEqual(
					downloads.map((request) => [request.pathname.split('/').pop(), request.status]),
					vouchers.map((uuid) => [uuid, 200]),
				);
				const items = outputItems(files, 'XML');
				assert.equal(items.length, 3);
				assert.equal(
					items[1].json.error,
					`Item 1: the service answered the XML of ${other.uuid} for voucher ${vouchers[1]}.`,
				);
				assert.match(
					String(items[1].json.description),
					/^No file was returned: it would have carried another document under this UUID\. Nothing was changed at the service\./,
				);
				assert.equal(items[1].binary, undefined, 'the error item carries a file');
				for (const index of [0, 2]) {
					const stored = [...sandbox.vouchers.values()].find(
						(voucher) => voucher.uuid === vouchers[index],
					);
					assert.deepEqual(
						[
							items[index].json.uuid,
							items[index].json.fileSize,
							// Version 1.1 nodes: the XML in binary field "xml", the PDF in "pdf".
							items[index].binary?.xml?.fileName,
						],
						[vouchers[index], Buffer.byteLength(stored?.xml ?? ''), `${vouchers[index]}.xml`],
					);
				}
			},
		);

		await checks.check(
			'PDF > Download with Max PDF Size 1 MB: a 64 MB PDF without a declared length is stopped while it arrives, a declared 200 MB is refused before its body, each with the clear error; a 900 KB PDF is downloaded whole',
			() => {
				const items = outputItems(files, 'PDF');
				assert.equal(items.length, 3);
				assert.equal(
					items[0].json.error,
					`Item 0: Could not get the PDF of ${vouchers[0]}: the PDF on ${new URL(chunked.url).host} is larger than the 1.0 MB limit (more than that arrived); the download was stopped`,
				);
				assert.equal(
					items[1].json.error,
					`Item 1: Could not get the PDF of ${vouchers[1]}: the PDF on ${new URL(declared.url).host} is larger than the 1.0 MB limit (it announced 200.0 MB); the download was stopped`,
				);
				for (const index of [0, 1]) {
					assert.match(
						String(items[index].json.description),
						/raise the option "Max PDF Size \(MB\)"/,
					);
					assert.equal(items[index].binary, undefined, `the error item ${index} carries a file`);
				}
				// What left the hosts is the limit plus what the sockets buffer, far from what they offered.
				assert.ok(chunked.sent() < 30 * MB, `the 64 MB host sent ${chunked.sent()} bytes`);
				assert.ok(declared.sent() < 30 * MB, `the 200 MB host sent ${declared.sent()} bytes`);
				assert.deepEqual(
					[items[2].json.uuid, items[2].json.fileSize, items[2].json.error],
					[vouchers[2], SMALL_PDF_BYTES, undefined],
				);
				assert.deepEqual(
					[items[2].binary?.pdf?.fileName, items[2].binary?.pdf?.mimeType],
					[`${vouchers[2]}.pdf`, 'application/pdf'],
				);
			},
		);
	} finally {
		await Promise.all(hosts.map((host) => host.close()));
	}
}
