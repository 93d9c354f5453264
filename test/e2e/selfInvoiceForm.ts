/**
 * The self-invoice page (example 10) in a real n8n, through its own production form URL: the
 * workflow published with the CFDI credential for the sandbox, its "Shop URL" set to the sandbox's
 * store stand-in and a Shopify Access Token credential for it, as the docs tell a user; headless
 * Chromium fills the form as a buyer does. Submitted once:
 * one invoice stamped and e-mailed, the last page names its UUID. Submitted again: nothing more is
 * stamped and the same invoice is e-mailed again. The form as the buyer sees it goes to
 * docs/self-invoice-form.png (on the oldest supported n8n). Then the buyer's refused and late
 * requests in the same n8n (selfInvoicePages.ts), the owner's alert delivered by n8n's Send Email
 * node to a stand-in mailbox (smtpMailbox.ts) that the SMTP credential points at.
 *
 * A step of test/e2e/run.ts: `npm run test:e2e -- --only self-invoice [--current]`.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { SHOP_ACCESS_TOKEN, startSandbox } from '../../sandbox';
import type { Checks } from './checks';
import { SMTP_CREDENTIAL, smtpCredentialJson } from './shopExamplesPhase';
import { N8nInstance } from './n8n';
import { installPackage } from './packageInstall';
import type { N8nRuntime } from './runtime';
import { numberedPageOrder, PAGE_BUYER as BUYER, publishPage } from './publishedPage';
import {
	buyerPagesChecks,
	LATE_ORDER,
	REFUSED_ORDER,
	seedGlobalInvoice,
	submitForm,
} from './selfInvoicePages';
import { SmtpMailbox } from './smtpMailbox';
import { DECLINED_ORDER, ownerAlertsChecks } from './ownerAlerts';

const CREDENTIAL = { id: 'cfdiE2eSelfInvoice1', name: 'CFDI sandbox (self-invoice)' };
const WORKFLOW_ID = 'cfdiE2eSelfInvoice01';

export async function selfInvoicePhase(
	checks: Checks,
	runtime: N8nRuntime,
	options: { chromiumPath: string; timings: Record<string, number>; screenshotDir: string },
): Promise<void> {
	checks.section('Self-invoice page (example 10): the form through its production URL');
	const log = (line: string) => console.log(`  ${line}`);
	const started = Date.now();
	const userFolder = mkdtempSync(join(tmpdir(), 'cfdi-e2e-selfinvoice-'));
	installPackage(userFolder);
	const createdAt = new Date(Date.now() - 2 * 86_400_000).toISOString();
	// Example 1's order #1001 (1,508.00 paid, bought with BUYER), and the same sale as #1002 and #1003.
	const order = (number: number) => numberedPageOrder(number, createdAt);
	const sandbox = await startSandbox({
		host: '127.0.0.1',
		shopOrders: [
			order(1001),
			order(Number(REFUSED_ORDER)),
			order(Number(LATE_ORDER)),
			order(Number(DECLINED_ORDER)),
		],
	});
	await seedGlobalInvoice(sandbox, createdAt);
	const mailbox = await SmtpMailbox.start();
	let n8n: N8nInstance | undefined;
	const { chromium } = await import('playwright-core');
	const browser = await chromium.launch({ executablePath: options.chromiumPath, headless: true });
	try {
		n8n = await N8nInstance.create(runtime, userFolder, log);
		const { page: workflow, formUrl } = await publishPage(n8n, sandbox, {
			credential: CREDENTIAL,
			id: WORKFLOW_ID,
			smtp: smtpCredentialJson(SMTP_CREDENTIAL, mailbox.port),
		});
		log(`form: ${formUrl}`);

		const page = await browser.newPage({ viewport: { width: 900, height: 1300 } });
		const submit = async (orderNumber: string, shot?: string) => {
			const text = await submitForm(
				page,
				formUrl,
				{
					'Número de pedido': orderNumber,
					'Correo electrónico': BUYER,
					RFC: 'URE180429TM6',
					'Nombre o razón social': 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
					'Régimen fiscal': '601 - General de Ley Personas Morales',
					'Uso del CFDI': 'G03 - Gastos en general',
					'Código postal': '65000',
				},
				shot,
			);
			assert.match(text, /Tu factura está lista/);
			return text;
		};
		// The buyers' invoices (the seeded global invoice left aside).
		const stamped = () =>
			[...sandbox.vouchers.values()].filter(
				(voucher) => voucher.stampCount > 0 && voucher.body.serie !== 'F',
			);

		let uuid = '';
		const once = await checks.check(
			'submitted once: one invoice stamped and e-mailed once, the last page names its UUID',
			async () => {
				const first = await submit('1001', join(options.screenshotDir, 'self-invoice-form.png'));
				assert.equal(stamped().length, 1);
				const [invoice] = stamped();
				uuid = String(invoice.uuid);
				assert.equal(invoice.stampCount, 1);
				assert.ok(first.includes(uuid), first);
				assert.equal(sandbox.emails.length, 1);
				// The order was read from the store stand-in with the credential's token.
				assert.deepEqual(
					sandbox.requests
						.filter((request) => request.route === 'shopifyOrders')
						.map((request) => [
							request.query.name,
							request.query.status,
							request.headers['x-shopify-access-token'],
							request.status,
						]),
					[['#1001', 'any', SHOP_ACCESS_TOKEN, 200]],
				);
			},
		);
		if (once)
			await checks.check(
				'submitted again (#1001): nothing more stamped, the same invoice e-mailed again, the page says so',
				async () => {
					const second = await submit('#1001');
					assert.equal(stamped().length, 1);
					assert.equal(stamped()[0].stampCount, 1);
					assert.equal(sandbox.emails.length, 2);
					assert.ok(JSON.stringify(sandbox.emails[1].body).includes(uuid));
					assert.ok(second.includes('ya estaba facturado'), second);
				},
			);
		const shop = workflow.nodes.find((node) => node.name === 'Shop URL')!;
		const ownerEmail = (
			shop.parameters.assignments as { assignments: Array<{ name: string; value: string }> }
		).assignments.find((assignment) => assignment.name === 'ownerEmail')!.value;
		const pagesStarted = Date.now();
		await buyerPagesChecks(checks, {
			page,
			formUrl,
			sandbox,
			mailbox,
			ownerEmail,
			buyer: BUYER,
			screenshotDir: options.screenshotDir,
			log,
		});
		options.timings['self-invoice: refused and late requests'] = Date.now() - pagesStarted;
		const ownerStarted = Date.now();
		await ownerAlertsChecks(checks, {
			browser,
			page,
			n8n,
			workflowId: WORKFLOW_ID,
			formUrl,
			sandbox,
			mailbox,
			ownerEmail,
			buyer: BUYER,
			screenshotDir: options.screenshotDir,
			log,
		});
		options.timings["self-invoice: the owner's alerts and approval"] = Date.now() - ownerStarted;
	} finally {
		await browser.close().catch(() => undefined);
		await n8n?.stop().catch(() => undefined);
		await sandbox.close().catch(() => undefined);
		await mailbox.close().catch(() => undefined);
		rmSync(userFolder, { recursive: true, force: true });
		options.timings['self-invoice phase'] = Date.now() - started;
	}
}
