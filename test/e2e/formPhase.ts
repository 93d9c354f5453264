/**
 * The form path in a real editor (issue 18): an invoice with two lines at IVA 16 % and one exempt
 * line, typed into the CFDI node's parameter panel in headless Chromium (no JSON, no expression),
 * run with the editor's "Execute step", and checked in the sandbox: it stamped once, with the line
 * taxes, the subtotal and the total the node computed. A screenshot of the panel goes into docs/.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

import type { Sandbox } from '../../sandbox';
import { CFDI_NODE_TYPE, type WorkflowJson } from '../../scripts/lib/examples';

export const FORM_WORKFLOW_ID = 'cfdiE2eUiFormLines01';
export const FORM_NODE = 'Invoice from the form';

/** A manual trigger and a new CFDI node (version 1.1, every parameter at its default) with the sandbox credential. */
export function formWorkflow(credential: { id: string; name: string }): WorkflowJson {
	return {
		id: FORM_WORKFLOW_ID,
		name: 'Invoice from the form',
		nodes: [
			{ id: 'c0000000-0000-4000-8000-000000000001', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: 'c0000000-0000-4000-8000-000000000002',
				name: FORM_NODE,
				type: CFDI_NODE_TYPE,
				typeVersion: 1.1,
				position: [260, 0],
				parameters: {},
				credentials: { cfdiEmisionApi: credential },
			},
		],
		connections: { Start: { main: [[{ node: FORM_NODE, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
		active: false,
	} as WorkflowJson;
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
export const FORM_LINES = [
	{ descripcion: 'Keyboard', claveProdServ: '43211706', cantidad: '2', valorUnitario: '350', iva: '16 %' },
	{ descripcion: 'Support hours', claveProdServ: '81112101', cantidad: '1.5', valorUnitario: '200.5', iva: '16 %' },
	{ descripcion: 'Training course', claveProdServ: '86101700', cantidad: '1', valorUnitario: '500', iva: 'Exempt' },
];
/** 700 + 300.75 at 16 % (112 + 48.12) and 500 exempt. */
export const FORM_TOTALS = { subTotal: 1500.75, iva: 160.12, total: 1660.87 };

async function fillText(page: Page, name: string, value: string, nth = 0): Promise<void> {
	const input = page.getByTestId(`parameter-input-${name}`).nth(nth).locator('input, textarea').first();
	await input.click();
	await input.fill(value);
	// Leave the field so the editor commits the value.
	await input.press('Tab');
}

/** A code picker (version 1.1's product and unit codes): search the embedded catalog, take the code's entry. */
async function pickCode(page: Page, name: string, code: string, nth = 0): Promise<void> {
	const picker = page.getByTestId(`resource-locator-${name}`).nth(nth);
	await picker.scrollIntoViewIfNeeded();
	// n8n 2.8.4 opens the list in a popper outside the field: its search box and its "code - name"
	// entries. The search is debounced and the list can open before its results arrive, so a try
	// that shows no entry in 20 s closes the list and opens it again (at most three tries).
	for (let attempt = 1; ; attempt++) {
		await picker.getByTestId('rlc-input').first().click();
		await page.getByPlaceholder('Search...').filter({ visible: true }).last().fill(code);
		const entry = page.getByTestId('rlc-item').filter({ visible: true, hasText: `${code} - ` }).first();
		try {
			await entry.waitFor({ timeout: 20_000 });
			await entry.click();
			return;
		} catch (error) {
			if (attempt === 3) throw error;
			await page.keyboard.press('Escape');
		}
	}
}

async function choose(page: Page, name: string, option: string, nth = 0): Promise<void> {
	await page.getByTestId(`parameter-input-${name}`).nth(nth).click();
	await page.getByRole('option', { name: new RegExp(`^\\s*${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).last().click();
}

/**
 * Builds the invoice in the node's parameter panel and runs it. The editor must be signed in;
 * returns the stamped voucher's id in the sandbox.
 */
export async function buildInvoiceInTheForm(page: Page, baseUrl: string, sandbox: Sandbox, screenshot: (file: string) => Promise<void>): Promise<number> {
	const before = new Set(sandbox.vouchers.keys());
	await page.goto(`${baseUrl}/workflow/${FORM_WORKFLOW_ID}`);
	await page.getByTestId('canvas-node').filter({ hasText: FORM_NODE }).first().dblclick();
	await page.getByTestId('ndv').waitFor();
	await page.getByTestId('parameter-input-inputMode').first().waitFor();
	for (const [name, value] of HEADER) await fillText(page, name, value);
	for (const [index, line] of FORM_LINES.entries()) {
		await page.getByRole('button', { name: 'Add Line Item' }).last().click();
		await page.getByTestId('parameter-input-descripcion').nth(index).waitFor();
		await fillText(page, 'descripcion', line.descripcion, index);
		await pickCode(page, 'claveProdServ', line.claveProdServ, index);
		await fillText(page, 'cantidad', line.cantidad, index);
		await fillText(page, 'valorUnitario', line.valorUnitario, index);
		if (line.iva !== '16 %') await choose(page, 'iva', line.iva, index);
	}
	await page.getByTestId('node-execute-button').first().click();
	// The sandbox stores the stamped voucher; then the output panel shows its UUID.
	const fresh = () => [...sandbox.vouchers.values()].filter((voucher) => !before.has(voucher.id) && voucher.state === 'stamped');
	const deadline = Date.now() + 120_000;
	while (fresh().length === 0 && Date.now() < deadline) await page.waitForTimeout(250);
	const stamped = fresh();
	assert.equal(stamped.length, 1, `${stamped.length} vouchers were stamped`);
	// The output panel shows the item (its view, Table, JSON or Schema, is the editor's last choice).
	// n8n 2.8.4 writes the count as "1 item" or "1 item total" depending on the view.
	const panel = page.getByTestId('ndv-output-panel');
	try {
		await panel.getByTestId('ndv-items-count').or(panel.getByTestId('run-data-item-count')).or(panel.getByText(/\b1 item\b/)).filter({ visible: true }).first().waitFor();
	} catch (error) {
		await screenshot('editor-form-invoice-failed.png');
		throw error;
	}
	await screenshot('editor-form-invoice.png');
	return stamped[0].id;
}

/** The stored voucher: stamped once, three lines with their taxes, the totals computed by the node. */
export function assertFormInvoice(sandbox: Sandbox, id: number): void {
	const voucher = sandbox.vouchers.get(id)!;
	assert.equal(voucher.state, 'stamped');
	assert.equal(voucher.stampCount, 1);
	const body = voucher.body as { subTotal: number; total: number; conceptos: Array<{ descripcion: string; importe: number; impuestos?: { traslados: Array<{ tipoFactor: string; importe?: number }> } }>; impuestos: { totalImpuestosTrasladados: number } };
	assert.deepEqual(
		body.conceptos.map((line) => [line.descripcion, line.importe, line.impuestos?.traslados.map((tax) => [tax.tipoFactor, tax.importe ?? null])]),
		[
			['Keyboard', 700, [['Tasa', 112]]],
			['Support hours', 300.75, [['Tasa', 48.12]]],
			['Training course', 500, [['Exento', null]]],
		],
	);
	assert.deepEqual([body.subTotal, body.impuestos.totalImpuestosTrasladados, body.total], [FORM_TOTALS.subTotal, FORM_TOTALS.iva, FORM_TOTALS.total]);
}

export const FORM_SCREENSHOT = (dir: string) => join(dir, 'editor-form-invoice.png');
