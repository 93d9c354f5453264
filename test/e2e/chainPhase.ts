/**
 * Defaults that chain, in a real editor (issue 25 items 3 and 4): from an empty workflow, a user adds
 * Create → XML → PDF → E-mail from the node panel (new nodes, every parameter at its default), types
 * only the invoice's own data (the parties with the issuer's regime, the Payment Form and the
 * Recipient Tax Regime the form asks for, one line) and the buyer's address, and clicks "Execute
 * workflow" three times. The last item of the first run carries both files (`xml` and `pdf`), the
 * sandbox received one stamp and one e-mail in all, the later runs' E-mail items say why nothing was
 * sent (issue 32 item 3), and the e-mail's subject and message (Spanish, written by the node) name the invoice by its issuer and
 * total (its folio is a content code). Screenshots of the regime list, the e-mail's defaults and the
 * last node's files go to the screenshot folder.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

import type { Sandbox } from '../../sandbox';
import type { LoggedRequest } from '../../sandbox/types';
import type { WorkflowJson } from '../support/examples';
import { choose, fillText, pickCode, Trace, waitForPush, watchEditor } from './editorInput';
import { E2E_CREDENTIAL } from './workflows';

export const CHAIN_WORKFLOW_ID = 'cfdiE2eUiChain00001';
export const CHAIN_BUYER = 'buyer@example.com';

/** An empty workflow: a manual trigger only. The user adds every CFDI node. */
export function chainWorkflow(): WorkflowJson {
	return {
		id: CHAIN_WORKFLOW_ID,
		name: 'Invoice, files and e-mail',
		nodes: [
			{
				id: 'b0000000-0000-4000-8000-000000000081',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
		active: false,
	} as unknown as WorkflowJson;
}

/** The invoice's own data: parties (issuer typed too) and one line. */
const PARTIES: Array<[string, string]> = [
	['emisorRfc', 'EKU9003173C9'],
	['emisorNombre', 'ESCUELA KEMPER URGATE'],
	['lugarExpedicion', '64000'],
	['receptorRfc', 'URE180429TM6'],
	['receptorNombre', 'UNIVERSIDAD ROBOTICA ESPAÑOLA'],
	['receptorDomicilioFiscal', '65000'],
];
// A sale no other phase stamps (the Duplicate Check would answer with that voucher instead).
const LINE = {
	descripcion: 'Mechanical keyboard',
	claveProdServ: '43211706',
	cantidad: '2',
	valorUnitario: '1249.5',
};

export interface ChainRun {
	/** The Create node's issues on the canvas before the two choices: what the node still asks for. */
	asks: string;
	/** The regime list as the form showed it for the company RFC typed. */
	regimes: string[];
	/** Subject and Message as the new E-mail node showed them, untouched: their values and placeholders. */
	emailDefaults: { subject: string; message: string; placeholders: string[] };
	/** The nodes the editor added, in the order of the chain (their names and versions as saved). */
	added: Array<{ name: string; typeVersion: number }>;
	requests: LoggedRequest[];
	/** The E-mail node's item of each of the two later runs of the same chain. */
	reruns: Array<Record<string, unknown>>;
	/** The last node's item: its JSON and its binary fields' file names. */
	lastItem: { json: Record<string, unknown>; files: Record<string, string> };
	/** What the output panel of the last node showed in its Binary view. */
	binaryPanelText: string;
	trace: string[];
}

/** The node creator, opened from the "+" of the last node's output: the CFDI node's action `action`. */
async function addCfdiNode(
	page: Page,
	trace: Trace,
	displayName: string,
	action: string,
): Promise<void> {
	// The "+" shows on an output with no connection: the last node of the chain, in view once the
	// canvas is fitted to the view.
	await page.getByTestId('zoom-to-fit').filter({ visible: true }).first().click();
	await page.getByTestId('canvas-handle-plus').filter({ visible: true }).last().click();
	const search = page.getByTestId('node-creator-search-bar');
	await search.waitFor();
	await page.keyboard.type('CFDI');
	await page
		.getByTestId('node-creator-item-name')
		.filter({ hasText: exactly(displayName) })
		.first()
		.click();
	await page
		.getByTestId('node-creator-item-name')
		.filter({ hasText: exactly(action) })
		.first()
		.click();
	await page.getByTestId('ndv').waitFor();
	await page.getByTestId('node-parameters').waitFor();
	// n8n preselects a credential of the type; the chain's calls must go to the shared sandbox's.
	const credential = page.getByTestId('node-credentials-select').first();
	await credential.waitFor();
	const shown = await credential
		.locator('input')
		.first()
		.inputValue()
		.catch(() => '');
	if (shown !== E2E_CREDENTIAL.name) {
		await credential.click();
		await page
			.locator('[role="option"], .el-select-dropdown__item')
			// Each option shows the credential's name, then its type's name on a line below.
			.filter({ visible: true, hasText: new RegExp(`^\\s*${E2E_CREDENTIAL.name}(?!\\s*\\()`) })
			.first()
			.click();
	}
	trace.note(`added "${action}" (credential ${shown || '(none)'} → ${E2E_CREDENTIAL.name})`);
}

async function closeNdv(page: Page): Promise<void> {
	await page
		.getByTestId('ndv-close-button')
		.or(page.getByTestId('back-to-canvas'))
		.filter({ visible: true })
		.first()
		.click();
	await page.getByTestId('ndv').waitFor({ state: 'hidden' });
}

/** The grey example an empty text or textarea parameter shows. */
async function shownPlaceholder(page: Page, name: string): Promise<string> {
	const field = page
		.getByTestId(`parameter-input-${name}`)
		.first()
		.locator('input, textarea')
		.first();
	return (await field.count()) ? ((await field.getAttribute('placeholder')) ?? '') : '';
}

/** What a text or textarea parameter shows. */
async function shownValue(page: Page, name: string): Promise<string> {
	const input = page.getByTestId(`parameter-input-${name}`).first();
	const field = input.locator('input, textarea').first();
	if (await field.count()) return field.inputValue();
	return (await input.innerText()).trim();
}

export async function buildChainInTheEditor(
	page: Page,
	options: {
		baseUrl: string;
		workflowId?: string;
		sandbox: Sandbox;
		displayName: string;
		readExecution: (executionId?: string) => Promise<{
			runData: Record<string, any[]>;
			nodes: Array<{ name: string; typeVersion: number; type: string }>;
			connections: Record<string, { main: Array<Array<{ node: string }>> }>;
		}>;
		screenshot: (file: string) => Promise<void>;
	},
): Promise<ChainRun> {
	const { sandbox, screenshot } = options;
	const trace = new Trace();
	const editor = watchEditor(page, trace);
	try {
		const mark = sandbox.requests.length;
		await page.goto(`${options.baseUrl}/workflow/${options.workflowId ?? CHAIN_WORKFLOW_ID}`);
		await page.getByTestId('canvas-node').first().waitFor();

		// Create: the invoice's own data only.
		await addCfdiNode(page, trace, options.displayName, 'Create a voucher');
		await page.getByTestId('parameter-input-inputMode').first().waitFor();
		for (const [name, value] of PARTIES) await fillText(page, name, value);
		// No preset issuer regime (issue 32 item 6b) and no issuer in this credential: typed as the rest.
		await choose(page, 'emisorRegimenFiscal', '601');
		await page.getByRole('button', { name: 'Add Line Item' }).last().click();
		await page.getByTestId('parameter-input-descripcion').first().waitFor();
		await fillText(page, 'descripcion', LINE.descripcion);
		await pickCode(page, trace, 'claveProdServ', LINE.claveProdServ);
		await fillText(page, 'cantidad', LINE.cantidad);
		await fillText(page, 'valorUnitario', LINE.valorUnitario);
		trace.note('line typed');
		await closeNdv(page);

		// Left empty, the two choices without a preset are what the node still asks for.
		const createNode = page
			.getByTestId('canvas-node')
			.filter({ hasText: 'Create a voucher' })
			.first();
		await createNode.getByTestId('node-issues').first().hover();
		// n8n 2.8.4 shows them in a div.n8n-tooltip (no tooltip role), a titled list of the issues.
		const tooltip = page
			.locator('.n8n-tooltip, [role="tooltip"]')
			.filter({ visible: true, hasText: /is required/ })
			.last();
		await tooltip.waitFor();
		const asks = (await tooltip.innerText()).trim();
		await screenshot('editor-chain-form-asks.png');
		trace.note(`the node's issues: ${asks.replace(/\s+/g, ' ')}`);

		// The regime list, loaded for the RFC typed: a company's regimes only.
		await createNode.dblclick();
		await page.getByTestId('ndv').waitFor();
		const regime = page.getByTestId('parameter-input-receptorRegimenFiscal').first();
		await regime.scrollIntoViewIfNeeded();
		await regime.click();
		const items = page.getByRole('option').filter({ visible: true });
		await items
			.filter({ hasText: /^\s*601 - / })
			.first()
			.waitFor();
		const regimes = (await items.allInnerTexts()).map((text) => text.trim());
		await screenshot('editor-chain-regime-list.png');
		await items
			.filter({ hasText: /^\s*601 - / })
			.first()
			.click();
		await choose(page, 'formaPago', '03');
		trace.note('regime and payment form chosen');
		await closeNdv(page);

		await addCfdiNode(page, trace, options.displayName, 'Download the XML of a voucher');
		await closeNdv(page);
		await addCfdiNode(page, trace, options.displayName, 'Get the PDF link of a voucher');
		await closeNdv(page);
		await addCfdiNode(page, trace, options.displayName, 'Send a voucher by email');
		await fillText(page, 'to', CHAIN_BUYER);
		const emailDefaults = {
			subject: await shownValue(page, 'subject'),
			message: await shownValue(page, 'message'),
			placeholders: [
				await shownPlaceholder(page, 'subject'),
				await shownPlaceholder(page, 'message'),
			],
		};
		await screenshot('editor-chain-email-defaults.png');
		await closeNdv(page);

		// "Execute workflow" as the user clicks it, and the execution n8n saved.
		const executeWorkflow = async () => {
			const pushed = editor.pushTypes.length;
			const runRequest = page.waitForResponse(
				(response) => /\/rest\/workflows\/[^/]+\/run/.test(response.url()),
				{ timeout: 60_000 },
			);
			await page.getByTestId('execute-workflow-button').first().click();
			trace.note('"Execute workflow" clicked');
			const started = (await (await runRequest).json().catch(() => ({}))) as {
				data?: { executionId?: string };
			};
			if (editor.sockets) await waitForPush(page, editor, 'executionFinished', pushed, 180_000);
			const read = await options.readExecution(started.data?.executionId);
			trace.note(`execution ${started.data?.executionId} read back`);
			return read;
		};
		const execution = await executeWorkflow();

		// The chain as the editor built it: Start → four CFDI nodes.
		const added: ChainRun['added'] = [];
		for (let name = 'Start'; ;) {
			const next = execution.connections[name]?.main?.[0]?.[0]?.node;
			if (!next) break;
			const node = execution.nodes.find((candidate) => candidate.name === next)!;
			added.push({ name: node.name, typeVersion: node.typeVersion });
			name = next;
		}
		const last = added[added.length - 1]?.name ?? '';
		const [item] = (execution.runData[last]?.[0]?.data?.main?.[0] ?? []) as Array<{
			json: Record<string, unknown>;
			binary?: Record<string, { fileName?: string }>;
		}>;
		const files = Object.fromEntries(
			Object.entries(item?.binary ?? {}).map(([field, file]) => [field, String(file.fileName)]),
		);

		// What the user sees: the last node's output, its Binary view.
		await page.getByTestId('canvas-node').filter({ hasText: last }).first().dblclick();
		await page.getByTestId('ndv').waitFor();
		const panel = page
			.getByTestId('output-panel')
			.or(page.getByTestId('ndv-output-panel'))
			.filter({ visible: true })
			.first();
		await panel.waitFor();
		await panel
			.getByTestId('ndv-run-data-display-mode')
			.getByText('Binary', { exact: true })
			.click();
		await panel.getByText('.pdf').first().waitFor();
		const binaryPanelText = await panel.innerText();
		await screenshot('editor-chain-files.png');
		await closeNdv(page);

		// Issue 32 item 3: the same chain run twice more from the editor stamps nothing and e-mails
		// nothing; the E-mail node's item says why.
		const reruns: ChainRun['reruns'] = [];
		for (let again = 0; again < 2; again++) {
			const rerun = await executeWorkflow();
			const [mailed] = (rerun.runData[last]?.[0]?.data?.main?.[0] ?? []) as Array<{
				json: Record<string, unknown>;
			}>;
			reruns.push(mailed?.json ?? {});
		}
		return {
			reruns,
			asks,
			regimes,
			emailDefaults,
			added,
			requests: sandbox.requests.slice(mark),
			lastItem: { json: item?.json ?? {}, files },
			binaryPanelText,
			trace: trace.lines,
		};
	} catch (error) {
		await screenshot('editor-chain-failed.png').catch(() => undefined);
		console.log(
			`      trace of the failed chain check:\n${trace.lines.map((line) => `      ${line}`).join('\n')}`,
		);
		throw trace.wrap(error);
	}
}

/** One stamp, one e-mail; the last item carries both files; the e-mail names the invoice. */
export function assertChain(sandbox: Sandbox, run: ChainRun): void {
	assert.deepEqual(
		run.added.map((node) => node.typeVersion),
		[1.1, 1.1, 1.1, 1.1],
		`the chain the editor built: ${JSON.stringify(run.added)}`,
	);
	assert.match(run.asks, /Recipient Tax Regime/, run.asks);
	assert.match(run.asks, /Payment Form/, run.asks);
	assert.ok(run.regimes.length > 0 && run.regimes.some((text) => /^601 - /.test(text)));
	assert.ok(
		!run.regimes.some((text) => /^(605|606|612|621) - /.test(text)),
		`the regime list for a company RFC shows an individual's regime: ${run.regimes.join(' | ')}`,
	);
	const stamps = run.requests.filter(
		(request) =>
			(request.route === 'createVoucher' || request.route === 'updateVoucher') &&
			request.query.emitir !== 'false',
	);
	const emails = run.requests.filter((request) => request.route === 'sendEmail');
	// Three runs of the chain: one stamp, one e-mail (issue 32 item 3).
	assert.equal(
		stamps.length,
		1,
		`${stamps.length} stamp requests; the requests: ${run.requests.map((request) => `${request.route}${request.query.emitir ? `?emitir=${String(request.query.emitir)}` : ''}`).join(', ')}; the first run's item: ${JSON.stringify(run.lastItem.json).slice(0, 600)}`,
	);
	assert.equal(emails.length, 1, `${emails.length} e-mail requests`);
	assert.deepEqual(
		run.reruns.map((item) => [
			item.status,
			item.sent,
			(item.notSent as { reason?: string } | undefined)?.reason,
		]),
		[
			['alreadyStamped', false, 'stampedEarlier'],
			['alreadyStamped', false, 'stampedEarlier'],
		],
	);
	const uuid = String(run.lastItem.json.uuid);
	assert.deepEqual(run.lastItem.files, { xml: `${uuid}.xml`, pdf: `${uuid}.pdf` });
	assert.equal(run.lastItem.json.sent, true);
	assert.ok(run.binaryPanelText.includes(`${uuid}.xml`), run.binaryPanelText.slice(0, 400));
	assert.ok(run.binaryPanelText.includes(`${uuid}.pdf`), run.binaryPanelText.slice(0, 400));
	const sent = JSON.parse(emails[0].body) as { para: string; asunto: string; mensaje: string };
	assert.equal(sent.para, CHAIN_BUYER);
	const voucher = [...sandbox.vouchers.values()].find((stored) => stored.uuid === uuid)!;
	assert.equal(voucher.stampCount, 1);
	// A keyless form invoice: its folio is a content code, so the e-mail names the issuer and total
	// (issue 32 item 6a), in Spanish unless the node's Language says otherwise (issue 41 item 4).
	assert.match(String(voucher.body.folio), /^C-[0-9A-F]{8}$/);
	const total = Number(voucher.body.total)
		.toFixed(2)
		.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
	const name = `de ESCUELA KEMPER URGATE por $${total} MXN`;
	assert.equal(sent.asunto, `Tu factura ${name}`);
	assert.equal(
		sent.mensaje,
		`Hola:\n\nAdjuntamos el XML y el PDF de tu factura ${name} (folio fiscal ${uuid}).\n\nGracias.`,
	);
	// The fields as they come: empty, each showing a short Spanish example.
	assert.deepEqual([run.emailDefaults.subject, run.emailDefaults.message], ['', '']);
	assert.match(run.emailDefaults.placeholders[0], /^Tu factura A-1001 de /);
	assert.match(run.emailDefaults.placeholders[1], /^Hola: Adjuntamos el XML y el PDF/);
}

function exactly(text: string): RegExp {
	return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}
