/**
 * The self-invoice page (example 10) in a real n8n, through its own production form URL: the
 * workflow published with the CFDI credential for the sandbox and its Shopify read pointed at a
 * stand-in Shopify on 127.0.0.1; headless Chromium fills the form as a buyer does. Submitted once:
 * one invoice stamped and e-mailed, the last page names its UUID. Submitted again: nothing more is
 * stamped and the same invoice is e-mailed again. The form as the buyer sees it goes to
 * docs/self-invoice-form.png.
 *
 * `tsx test/e2e/selfInvoiceForm.ts [--current]` (under `flock /tmp/e2e.lock`).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startSandbox } from '../../sandbox';
import { ensureBuilt } from '../../scripts/lib/build';
import {
	CFDI_CREDENTIAL_TYPE,
	loadExample,
	REPO_ROOT,
	withCfdiCredential,
	withShopifyStandIn,
} from '../../scripts/lib/examples';
import { sandboxCredential } from '../../scripts/lib/sandboxCredential';
import { startShopifyStandIn } from '../../scripts/lib/shopifyStandIn';
import { corpusOrder } from '../orders/corpusOrder';
import { N8nInstance } from './n8n';
import { installPackage } from './packageInstall';
import { describeTarget, ensureChromium, ensureN8n, targetFromArgs } from './runtime';

const CREDENTIAL = { id: 'cfdiE2eSelfInvoice1', name: 'CFDI sandbox (self-invoice)' };
const WORKFLOW_ID = 'cfdiE2eSelfInvoice01';
const OWNER = {
	email: 'owner@example.com',
	firstName: 'Owner',
	lastName: 'E2E',
	password: 'E2e-password-1',
};
const BUYER = 'compras@robotica.example.com';

async function main(): Promise<number> {
	const log = (line: string) => console.log(`  ${line}`);
	const target = targetFromArgs();
	console.log(`Self-invoice form in a real ${describeTarget(target)}`);
	await ensureBuilt(log);
	const runtime = await ensureN8n(log, target);
	const chromiumPath = await ensureChromium(log);
	const userFolder = mkdtempSync(join(tmpdir(), 'cfdi-e2e-selfinvoice-'));
	await installPackage(userFolder);
	const sandbox = await startSandbox({ host: '127.0.0.1' });
	const shop = await startShopifyStandIn([
		{
			...corpusOrder('example-1'),
			note_attributes: [],
			created_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
		},
	]);
	const n8n = await N8nInstance.create(runtime, userFolder, log);
	const { chromium } = await import('playwright-core');
	const browser = await chromium.launch({ executablePath: chromiumPath, headless: true });
	try {
		await n8n.importCredentials([
			{ ...CREDENTIAL, type: CFDI_CREDENTIAL_TYPE, data: sandboxCredential(sandbox) },
		]);
		const workflow = withShopifyStandIn(
			withCfdiCredential(loadExample('selfInvoice'), CREDENTIAL),
			shop.url,
		);
		await n8n.importWorkflows([{ ...workflow, id: WORKFLOW_ID }]);
		await n8n.start();
		await n8n.setupOwner(OWNER);
		const stored = await n8n.rest<{ versionId: string }>('GET', `/workflows/${WORKFLOW_ID}`);
		await n8n.rest('POST', `/workflows/${WORKFLOW_ID}/activate`, { versionId: stored.versionId });
		const trigger = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.formTrigger')!;
		const formUrl = `${n8n.baseUrl}/form/${String(trigger.webhookId)}`;
		log(`form: ${formUrl}`);

		const page = await browser.newPage({ viewport: { width: 900, height: 1300 } });
		const submit = async (orderNumber: string, shot?: string) => {
			for (let tries = 0; ; tries++) {
				const response = await page.goto(formUrl);
				if (response?.status() === 200) break;
				if (tries > 30) throw new Error(`the form answered ${response?.status()}`);
				await page.waitForTimeout(1000);
			}
			await page.getByLabel('Número de pedido').fill(orderNumber);
			await page.getByLabel('Correo electrónico').fill(BUYER);
			await page.getByLabel('RFC').fill('URE180429TM6');
			await page.getByLabel('Nombre o razón social').fill('UNIVERSIDAD ROBOTICA ESPAÑOLA');
			await page.getByLabel('Régimen fiscal').selectOption({ index: 1 });
			await page.getByLabel('Uso del CFDI').selectOption({ label: 'G03 - Gastos en general' });
			await page.getByLabel('Código postal').fill('65000');
			if (shot) await page.screenshot({ path: shot, fullPage: true });
			await page.getByRole('button', { name: 'Solicitar factura' }).click();
			await page.getByText('Tu factura está lista').waitFor({ timeout: 120_000 });
			return await page.locator('body').innerText();
		};
		const stamped = () =>
			[...sandbox.vouchers.values()].filter((voucher) => voucher.stampCount > 0);

		const first = await submit('1001', join(REPO_ROOT, 'docs', 'self-invoice-form.png'));
		assert.equal(stamped().length, 1);
		const [invoice] = stamped();
		assert.equal(invoice.stampCount, 1);
		assert.ok(first.includes(String(invoice.uuid)), first);
		assert.equal(sandbox.emails.length, 1);
		console.log(
			`  ✓ submitted once: one invoice stamped (${String(invoice.uuid)}), e-mailed once, the page names it`,
		);

		const second = await submit('#1001');
		assert.equal(stamped().length, 1);
		assert.equal(invoice.stampCount, 1);
		assert.equal(sandbox.emails.length, 2);
		assert.ok(JSON.stringify(sandbox.emails[1].body).includes(String(invoice.uuid)));
		assert.ok(second.includes('ya estaba facturado'), second);
		console.log('  ✓ submitted again: nothing more stamped, the same invoice e-mailed again');
		return 0;
	} catch (error) {
		console.error(error);
		return 1;
	} finally {
		await browser.close();
		await n8n.stop();
		await shop.close();
		await sandbox.close();
		rmSync(userFolder, { recursive: true, force: true });
	}
}

void main().then((code) => process.exit(code));
