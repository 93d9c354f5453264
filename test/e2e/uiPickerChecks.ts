/** The pickers of version 1.1 in the real editor (a SAT code list searched in Spanish, the product-code picker, the voucher From List), and the page helpers the editor checks share: settle before a screenshot, a parameter's displayed value, an exact text, a canvas at rest. */
import assert from 'node:assert/strict';
import type { Frame, Page } from 'playwright-core';
import type { Checks } from './checks';
import type { N8nInstance } from './n8n';
import { UI_WORKFLOW_IDS } from './uiWorkflows';

export const UI_TIMEOUT = 60_000;

/**
 * The pickers of version 1.1 in the real editor (issue 18 items 2 and 3): a SAT code list searched
 * in Spanish, the product-code picker over the embedded c_ClaveProdServ, the voucher From List.
 */
export async function pickerChecks(
	checks: Checks,
	page: Page,
	n8n: N8nInstance,
	shot: (page: Page, name: string) => Promise<void>,
): Promise<void> {
	// Leaving the playground (a node was added there) may ask to confirm: leave.
	page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
	const openNode = async (name: string) => {
		await page.goto(`${n8n.baseUrl}/workflow/${UI_WORKFLOW_IDS.pickers}`);
		await page.getByTestId('canvas-node').filter({ hasText: name }).first().dblclick();
		await page.getByTestId('ndv').waitFor();
		await page.getByTestId('node-parameters').waitFor();
	};
	const opened = await checks.check(
		'a version 1.1 Create node opens with the Fields-mode form',
		async () => {
			await openNode('Create Invoice');
			await page.getByTestId('parameter-input-receptorUsoCfdi').first().waitFor();
		},
	);
	if (!opened) return;
	await checks.check(
		'the CFDI Use list finds G03 for the Spanish search "gastos" (screenshot)',
		async () => {
			await page
				.getByTestId('parameter-input-receptorUsoCfdi')
				.first()
				.locator('input')
				.first()
				.click();
			await page.keyboard.type('gastos');
			const g03 = page.getByTestId('parameter-input-item').filter({ hasText: 'G03' }).first();
			await g03.waitFor();
			const shown = (
				await page.getByTestId('parameter-input-item').filter({ visible: true }).allInnerTexts()
			).map((text) => text.trim());
			assert.ok(
				shown.length > 0 && shown.every((text) => /gastos/i.test(text)),
				`the list shows: ${shown.join(' | ')}`,
			);
			await shot(page, 'editor-picker-uso-cfdi-gastos.png');
			await page.keyboard.press('Escape');
		},
	);
	await checks.check(
		'the line item\'s product-code picker finds 84111506 for "servicios facturacion" in the embedded catalog (screenshot)',
		async () => {
			const picker = page.getByTestId('resource-locator-claveProdServ').first();
			await picker.scrollIntoViewIfNeeded();
			await picker.getByTestId('rlc-input').first().click();
			// n8n 2.8.4 renders the list in a popper outside the field (its test id stays on a wrapper
			// that is never visible): its search box and its entries are found on the page.
			await page
				.getByPlaceholder('Search...')
				.filter({ visible: true })
				.last()
				.fill('servicios facturacion');
			await page
				.getByTestId('rlc-item')
				.filter({ visible: true, hasText: '84111506' })
				.first()
				.waitFor();
			await shot(page, 'editor-picker-product-code.png');
			await page.keyboard.press('Escape');
		},
	);
	await checks.check(
		"the XML node's voucher picker lists the recent stamped vouchers From List and finds one by its UUID (screenshot)",
		async () => {
			await openNode('Download XML');
			const picker = page.getByTestId('resource-locator-uuid').first();
			await picker.getByTestId('rlc-input').first().click();
			const first = page.getByTestId('rlc-item').filter({ visible: true }).first();
			await first.waitFor();
			const name = (await first.innerText()).trim();
			const uuid = /[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/.exec(name)?.[0];
			assert.ok(uuid, `the first voucher on the list shows no UUID: ${name}`);
			await shot(page, 'editor-picker-voucher-list.png');
			await page
				.getByPlaceholder('Search...')
				.filter({ visible: true })
				.last()
				.fill(uuid.slice(0, 8).toLowerCase());
			await page.getByTestId('rlc-item').filter({ visible: true, hasText: uuid }).first().waitFor();
			await page.keyboard.press('Escape');
		},
	);
}

/** Before a screenshot: the mouse out of the way (no hover effects) and no running animation (dialogs fade in). */
export async function settle(page: Page): Promise<void> {
	await page.mouse.move(2, page.viewportSize()!.height - 2);
	await page.waitForFunction(
		"document.getAnimations().every((animation) => animation.playState !== 'running')",
		undefined,
		{ timeout: UI_TIMEOUT, polling: 100 },
	);
}

/** What a parameter input shows: its text plus the values of the inputs inside it. */
export async function displayedValue(page: Page, parameter: string): Promise<string> {
	const input = page.getByTestId(`parameter-input-${parameter}`).first();
	const values = await input
		.locator('input')
		.evaluateAll((elements) =>
			elements.map((element) => String((element as unknown as { value: string }).value)),
		);
	return [await input.innerText(), ...values].join(' ');
}

export function exactly(text: string): RegExp {
	return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}

/** Waits until the canvas viewport transform stays the same for ten animation frames (the fit-view animation has ended). */
export async function waitForStableCanvas(page: Page | Frame): Promise<void> {
	// Runs in the page (a string: this project compiles without DOM types).
	const stableForTenFrames = `new Promise((resolve) => {
		const read = () => document.querySelector('.vue-flow__viewport')?.getAttribute('style') ?? '';
		const first = read();
		let frames = 0;
		const tick = () => {
			if (read() !== first) return resolve(false);
			if (++frames >= 10) return resolve(true);
			requestAnimationFrame(tick);
		};
		requestAnimationFrame(tick);
	})`;
	await page.waitForFunction(stableForTenFrames, undefined, { timeout: UI_TIMEOUT, polling: 100 });
}
