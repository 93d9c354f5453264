/**
 * The form path in a real editor (issue 18): an invoice with two lines at IVA 16 % and one exempt
 * line, typed into the CFDI node's parameter panel in headless Chromium (no JSON, no expression),
 * run with the editor's "Execute step", and checked in the sandbox (one stamp request with the line
 * taxes, the subtotal and the total the node computed) and in the output panel. A screenshot of the
 * panel goes into docs/.
 *
 * It waits on events, not on fixed sleeps: the answer of the node's list search for the typed code,
 * the "executionFinished" message n8n pushes to the editor, the output panel's item count. Each run
 * keeps a timestamped trace that a failure prints.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

import type { Sandbox } from '../../sandbox';
import type { LoggedRequest } from '../../sandbox/types';
import type { WorkflowJson } from '../support/examples';
import { cfdiWorkflow } from './workflows';
import { Trace, watchEditor, waitForPush, fillText, pickCode, choose } from './editorInput';

export const FORM_WORKFLOW_ID = 'cfdiE2eUiFormLines01';
export const FORM_NODE = 'Invoice from the form';

/** A manual trigger and a new CFDI node (version 1.1, every parameter at its default) with the sandbox credential. */
export function formWorkflow(credential: { id: string; name: string }): WorkflowJson {
	return cfdiWorkflow(FORM_WORKFLOW_ID, 'Invoice from the form', undefined, {}, credential, {
		nodeName: FORM_NODE,
	});
}

/** What the user types: the issuer, the recipient, and per line description, product code, quantity, price (and IVA). */
const HEADER: Array<[string, string]> = [
	['emisorRfc', 'EKU9003173C9'],
	['emisorNombre', 'ESCUELA KEMPER URGATE'],
	['lugarExpedicion', '64000'],
	['receptorRfc', 'URE180429TM6'],
	['receptorNombre', 'UNIVERSIDAD ROBOTICA ESPAÑOLA'],
	['receptorDomicilioFiscal', '65000'],
];
/**
 * The choices the form has no preset for: the recipient's regime and the payment form (asked), and
 * the issuer's regime (empty takes the credential's; this credential has no issuer).
 */
const CHOICES: Array<[string, string]> = [
	['emisorRegimenFiscal', '601'],
	['receptorRegimenFiscal', '601'],
	['formaPago', '03'],
];
export const FORM_LINES = [
	{
		descripcion: 'Keyboard',
		claveProdServ: '43211706',
		cantidad: '2',
		valorUnitario: '350',
		iva: '16 %',
	},
	{
		descripcion: 'Support hours',
		claveProdServ: '81112101',
		cantidad: '1.5',
		valorUnitario: '200.5',
		iva: '16 %',
	},
	{
		descripcion: 'Training course',
		claveProdServ: '86101700',
		cantidad: '1',
		valorUnitario: '500',
		iva: 'Exempt',
	},
];
/** 700 + 300.75 at 16 % (112 + 48.12) and 500 exempt. */
export const FORM_TOTALS = { subTotal: 1500.75, iva: 160.12, total: 1660.87 };

/** What the form check saw: the voucher stamped, the create/stamp requests the sandbox received, the output panel's text. */
export interface FormRun {
	id: number;
	requests: LoggedRequest[];
	panelText: string;
	trace: string[];
}

/**
 * Builds the invoice in the node's parameter panel of the workflow at `workflowUrl` and runs it. The
 * editor must be signed in.
 */
export async function buildInvoiceInTheForm(
	page: Page,
	workflowUrl: string,
	sandbox: Sandbox,
	screenshot: (file: string) => Promise<void>,
): Promise<FormRun> {
	const trace = new Trace();
	const editor = watchEditor(page, trace);
	try {
		const before = new Set(sandbox.vouchers.keys());
		const mark = sandbox.requests.length;
		await page.goto(workflowUrl);
		await page.getByTestId('canvas-node').filter({ hasText: FORM_NODE }).first().dblclick();
		await page.getByTestId('ndv').waitFor();
		await page.getByTestId('parameter-input-inputMode').first().waitFor();
		trace.note('parameter panel open');
		for (const [name, value] of HEADER) await fillText(page, name, value);
		// No preset for these two: the form asks (the regime list holds the regimes that fit the RFC).
		for (const [name, option] of CHOICES) await choose(page, name, option);
		trace.note('regime and payment form chosen');
		for (const [index, line] of FORM_LINES.entries()) {
			await page.getByRole('button', { name: 'Add Line Item' }).last().click();
			await page.getByTestId('parameter-input-descripcion').nth(index).waitFor();
			await fillText(page, 'descripcion', line.descripcion, index);
			await pickCode(page, trace, 'claveProdServ', line.claveProdServ, index);
			await fillText(page, 'cantidad', line.cantidad, index);
			await fillText(page, 'valorUnitario', line.valorUnitario, index);
			if (line.iva !== '16 %') await choose(page, 'iva', line.iva, index);
			trace.note(`line ${index + 1} typed`);
		}
		const pushed = editor.pushTypes.length;
		await page.getByTestId('node-execute-button').first().click();
		trace.note('"Execute step" clicked');
		// n8n tells the editor over its push connection that the execution finished.
		if (editor.sockets) await waitForPush(page, editor, 'executionFinished', pushed, 180_000);
		const stamped = [...sandbox.vouchers.values()].filter(
			(voucher) => !before.has(voucher.id) && voucher.state === 'stamped',
		);
		trace.note(
			`the execution finished; the sandbox stamped ${stamped.map((voucher) => voucher.id).join(', ') || 'nothing'}`,
		);
		const panel = page
			.getByTestId('output-panel')
			.or(page.getByTestId('ndv-output-panel'))
			.filter({ visible: true })
			.first();
		await panel.waitFor();
		const count = panel
			.getByTestId('ndv-items-count')
			.or(panel.getByTestId('run-data-item-count'))
			.filter({ visible: true, hasText: /\b1 item\b/ })
			.first();
		await count.waitFor({ timeout: 120_000 });
		trace.note(
			`output panel test ids: output-panel ${await page.getByTestId('output-panel').count()}, ndv-output-panel ${await page.getByTestId('ndv-output-panel').count()}; count: ndv-items-count ${await panel.getByTestId('ndv-items-count').count()}, run-data-item-count ${await panel.getByTestId('run-data-item-count').count()}`,
		);
		assert.equal(
			stamped.length,
			1,
			`${stamped.length} vouchers were stamped; the output panel shows: ${(await panel.innerText()).slice(0, 600)}`,
		);
		trace.note(
			`the output panel says "${(await count.innerText()).trim()}" (push messages: ${[...new Set(editor.pushTypes)].join(', ')})`,
		);
		// The JSON view shows every member of the simplified output (status, UUID, total, message) in the screenshot.
		await panel.getByTestId('ndv-run-data-display-mode').getByText('JSON', { exact: true }).click();
		await panel.getByText(stamped[0].uuid!).first().waitFor();
		const panelText = await panel.innerText();
		await screenshot('editor-form-invoice.png');
		return {
			id: stamped[0].id,
			requests: sandbox.requests.slice(mark),
			panelText,
			trace: trace.lines,
		};
	} catch (error) {
		await screenshot('editor-form-invoice-failed.png').catch(() => undefined);
		const panels = await page
			.getByTestId('output-panel')
			.or(page.getByTestId('ndv-output-panel'))
			.allInnerTexts()
			.catch(() => []);
		trace.note(`output panel text: ${JSON.stringify(panels.join(' / ').slice(0, 600))}`);
		trace.note(`push messages: ${[...new Set(editor.pushTypes)].join(', ')}`);
		// The checks print the first 40 lines of a failure: the whole trace goes to the log here.
		console.log(
			`      trace of the failed form check:\n${trace.lines.map((line) => `      ${line}`).join('\n')}`,
		);
		throw trace.wrap(error);
	}
}

/**
 * What the sandbox received and what the user sees: one stamp request carrying the three lines with
 * their taxes and the totals the node computed, the stored voucher stamped once, and the output
 * panel showing the stamped voucher's UUID and total.
 */
export function assertFormInvoice(sandbox: Sandbox, run: FormRun): void {
	const voucher = sandbox.vouchers.get(run.id)!;
	assert.equal(voucher.state, 'stamped');
	assert.equal(voucher.stampCount, 1);
	const writes = run.requests.filter(
		(request) => request.route === 'createVoucher' || request.route === 'updateVoucher',
	);
	const stamps = writes.filter((request) => request.query.emitir !== 'false');
	assert.equal(
		stamps.length,
		1,
		`the sandbox received ${stamps.length} stamp requests: ${writes.map((request) => `${request.method} ${request.url}`).join(', ')}`,
	);
	const sent = JSON.parse(stamps[0].body) as {
		subTotal: number;
		total: number;
		conceptos: Array<{
			descripcion: string;
			claveProdServ: string;
			cantidad: unknown;
			valorUnitario: unknown;
			importe: number;
			objetoImp: string;
			impuestos?: {
				traslados: Array<{
					impuesto: string;
					tipoFactor: string;
					tasaOCuota?: unknown;
					base: unknown;
					importe?: number;
				}>;
			};
		}>;
		impuestos: { totalImpuestosTrasladados: number };
	};
	assert.deepEqual(
		sent.conceptos.map((line) => [
			line.descripcion,
			line.claveProdServ,
			Number(line.cantidad),
			Number(line.valorUnitario),
			line.importe,
			line.objetoImp,
			line.impuestos?.traslados.map((tax) => [
				tax.impuesto,
				tax.tipoFactor,
				tax.tasaOCuota === undefined ? null : Number(tax.tasaOCuota),
				Number(tax.base),
				tax.importe ?? null,
			]),
		]),
		[
			['Keyboard', '43211706', 2, 350, 700, '02', [['002', 'Tasa', 0.16, 700, 112]]],
			[
				'Support hours',
				'81112101',
				1.5,
				200.5,
				300.75,
				'02',
				[['002', 'Tasa', 0.16, 300.75, 48.12]],
			],
			['Training course', '86101700', 1, 500, 500, '02', [['002', 'Exento', null, 500, null]]],
		],
	);
	assert.deepEqual(
		[sent.subTotal, sent.impuestos.totalImpuestosTrasladados, sent.total],
		[FORM_TOTALS.subTotal, FORM_TOTALS.iva, FORM_TOTALS.total],
	);
	assert.deepEqual(
		[voucher.body.subTotal, voucher.body.total],
		[FORM_TOTALS.subTotal, FORM_TOTALS.total],
	);
	// The output panel (Table, JSON or Schema view: the editor's last choice) shows the stamped voucher.
	assert.ok(
		run.panelText.includes(voucher.uuid!),
		`the output panel does not show the UUID ${voucher.uuid}: ${run.panelText.slice(0, 400)}`,
	);
	assert.match(run.panelText, /\bstamped\b/);
	assert.match(run.panelText, /1660\.87/);
}

export const FORM_SCREENSHOT = (dir: string) => join(dir, 'editor-form-invoice.png');
