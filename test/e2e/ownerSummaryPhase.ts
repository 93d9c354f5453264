/**
 * The owner's daily summary (example 12) in a real n8n, with n8n's own data tables: example 10
 * published (its form filled in headless Chromium) and example 11 run as the editor runs it leave
 * the cases only the shop can settle in the owner_alerts table; example 12, run from "Try it: run
 * now" (its schedule runs the same nodes), e-mails the owner ONE Spanish summary of them to a
 * stand-in mailbox, and none when nothing waits: on a fresh n8n, and once the approval was answered
 * (its row settled by example 10 itself) and the owner marked the rest settled in the table.
 *
 * A step of test/e2e/run.ts: `npm run test:e2e -- --only owner-summary [--current]`.
 */
import assert from 'node:assert/strict';
import { numberedPageOrder } from './publishedPage';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { dayOfLastMonth, startSandbox } from '../../sandbox';
import {
	CFDI_CREDENTIAL_TYPE,
	loadExample,
	withCfdiCredential,
	withShopStandIn,
	withSmtpCredential,
} from '../support/examples';
import { exampleCredential } from '../support/sandboxCredential';
import type { Checks } from './checks';
import { N8nInstance } from './n8n';
import { buttons, OWNER_BROWSER } from './ownerAlerts';
import { installPackage } from './packageInstall';
import type { N8nRuntime } from './runtime';
import {
	activatePage,
	LATE_ORDER,
	seedGlobalInvoice,
	selfInvoicePage,
	submitForm,
} from './selfInvoicePages';
import {
	SHOP_CREDENTIAL,
	shopCredentialJson,
	SMTP_CREDENTIAL,
	smtpCredentialJson,
} from './shopExamplesPhase';
import { SmtpMailbox } from './smtpMailbox';

const CREDENTIAL = { id: 'cfdiE2eOwnerSummary1', name: 'CFDI sandbox (owner summary)' };
const IDS = { page: 'cfdiE2eOwnerSum10', month: 'cfdiE2eOwnerSum11', summary: 'cfdiE2eOwnerSum12' };
const OWNER = {
	email: 'owner@example.com',
	firstName: 'Owner',
	lastName: 'E2E',
	password: 'E2e-password-1',
};
const BUYER = 'compras@robotica.example.com';
const FORM = {
	'Correo electrónico': BUYER,
	RFC: 'URE180429TM6',
	'Nombre o razón social': 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
	'Régimen fiscal': '601 - General de Ley Personas Morales',
	'Uso del CFDI': 'G03 - Gastos en general',
	'Código postal': '65000',
};

interface AlertRow {
	order: string;
	kind: string;
	status: string;
}

async function until<T>(label: string, probe: () => Promise<T | undefined>): Promise<T> {
	for (const deadline = Date.now() + 120_000; ; await new Promise((r) => setTimeout(r, 250))) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
	}
}

export async function ownerSummaryPhase(
	checks: Checks,
	runtime: N8nRuntime,
	options: { chromiumPath: string; timings: Record<string, number> },
): Promise<void> {
	checks.section("The owner's daily summary (example 12): what examples 10 and 11 leave waiting");
	const log = (line: string) => console.log(`  ${line}`);
	const started = Date.now();
	const userFolder = mkdtempSync(join(tmpdir(), 'cfdi-e2e-ownersummary-'));
	installPackage(userFolder);
	const createdAt = new Date(Date.now() - 2 * 86_400_000).toISOString();
	const sandbox = await startSandbox({
		host: '127.0.0.1',
		// The late request's order (its sale already in the month's global invoice).
		shopOrders: [numberedPageOrder(Number(LATE_ORDER), createdAt)],
	});
	await seedGlobalInvoice(sandbox, createdAt);
	// Last month's paid sale, for example 11's global invoice.
	sandbox.addShopOrders([
		{
			number: 2001,
			createdAt: dayOfLastMonth(Date.now(), 3),
			email: 'cliente@example.com',
			lines: [{ title: 'Cable USB-C', sku: 'CB-02', quantity: 1, price: '116.00' }],
		},
	]);
	const mailbox = await SmtpMailbox.start();
	let n8n: N8nInstance | undefined;
	const { chromium } = await import('playwright-core');
	const browser = await chromium.launch({ executablePath: options.chromiumPath, headless: true });
	try {
		n8n = await N8nInstance.create(runtime, userFolder, log);
		await n8n.importCredentials([
			{ ...CREDENTIAL, type: CFDI_CREDENTIAL_TYPE, data: exampleCredential(sandbox) },
			shopCredentialJson(),
			smtpCredentialJson(SMTP_CREDENTIAL, mailbox.port),
		]);
		const page10 = selfInvoicePage(CREDENTIAL, sandbox.shopUrl);
		const month = withShopStandIn(
			withSmtpCredential(
				withCfdiCredential(loadExample('monthGlobal'), CREDENTIAL),
				SMTP_CREDENTIAL,
			),
			sandbox.shopUrl,
			SHOP_CREDENTIAL,
		);
		const summary = withSmtpCredential(
			withCfdiCredential(loadExample('ownerSummary'), CREDENTIAL),
			SMTP_CREDENTIAL,
		);
		await n8n.importWorkflows([
			{ ...page10, id: IDS.page },
			{ ...month, id: IDS.month },
			{ ...summary, id: IDS.summary },
		]);
		await n8n.start();
		await n8n.setupOwner(OWNER);
		const formUrl = await activatePage(n8n, IDS.page, page10);
		const project = await n8n.rest<{ id: string }>('GET', '/projects/personal');
		const owner = n8n;
		const ownerEmail = (
			summary.nodes.find((node) => node.name === "Owner's address")!.parameters.assignments as {
				assignments: Array<{ name: string; value: string }>;
			}
		).assignments[0].value;

		const tableId = async () => {
			const answer = await owner.rest<
				Array<{ id: string; name: string }> | { data: Array<{ id: string; name: string }> }
			>('GET', `/projects/${project.id}/data-tables`);
			return (Array.isArray(answer) ? answer : answer.data).find(
				(table) => table.name === 'owner_alerts',
			)?.id;
		};
		const rows = async () => {
			const id = await tableId();
			if (!id) return [];
			return (
				await owner.rest<{ data: AlertRow[] }>(
					'GET',
					`/projects/${project.id}/data-tables/${id}/rows?take=100`,
				)
			).data;
		};
		/** Example 12 from "Try it: run now": it must succeed; returns the messages it sent (after a pause for late ones). */
		const runSummary = async () => {
			const before = mailbox.messages.length;
			const run = await owner.runAsEditor(IDS.summary, 'Try it: run now');
			assert.equal(run.status, 'success', run.error?.message);
			await new Promise((resolve) => setTimeout(resolve, 2000));
			return { run, sent: mailbox.messages.slice(before) };
		};

		await checks.check(
			'nothing waits (a fresh n8n): example 12 succeeds, creates the owner_alerts table and e-mails nothing',
			async () => {
				const { run, sent } = await runSummary();
				options.timings['owner-summary: run example 12 (nothing waits)'] = run.ms;
				assert.deepEqual(sent, []);
				assert.ok(await tableId(), 'no owner_alerts table');
				assert.deepEqual(await rows(), []);
			},
		);

		const waiting = await checks.check(
			`three cases wait: an unknown order (#9999) and a late request for #${LATE_ORDER} on the page (example 10), the month's global invoice refused by the service (example 11, HTTP 503); each alerts the owner and is kept in owner_alerts`,
			async () => {
				const page = await browser.newPage({ viewport: { width: 900, height: 1300 } });
				assert.match(
					await submitForm(page, formUrl, { 'Número de pedido': '9999', ...FORM }),
					/No encontramos tu pedido/,
				);
				await mailbox.waitForMessages(1);
				assert.match(
					await submitForm(page, formUrl, { 'Número de pedido': LATE_ORDER, ...FORM }),
					/Recibimos tu solicitud/,
				);
				await mailbox.waitForMessages(2);
				sandbox.injectFault({ route: 'createVoucher', kind: 'status', status: 503, times: 100 });
				try {
					const run = await owner.runAsEditor(IDS.month, 'Try it: run now');
					assert.equal(run.status, 'error');
				} finally {
					sandbox.clearFaults();
				}
				await mailbox.waitForMessages(3);
				const kept = await until('three waiting rows', async () => {
					const all = await rows();
					return all.length === 3 ? all : undefined;
				});
				assert.deepEqual(
					kept.map((row) => [row.kind, row.status]),
					[
						['alert', 'waiting'],
						['approval', 'waiting'],
						['alert', 'waiting'],
					],
				);
			},
		);

		if (waiting)
			await checks.check(
				'example 12 e-mails the owner exactly ONE Spanish summary with the three cases (order, buyer, RFC, amount, what happened, what to do, the approval e-mail to answer)',
				async () => {
					const { run, sent } = await runSummary();
					options.timings['owner-summary: run example 12 (three wait)'] = run.ms;
					assert.equal(sent.length, 1, sent.map((message) => message.subject).join(' | '));
					const [message] = sent;
					assert.deepEqual(message.to, [ownerEmail]);
					assert.match(
						message.subject,
						/^Pendientes de la tienda del \d{4}-\d{2}-\d{2}: 3 por resolver$/,
					);
					for (const line of [
						'1. #9999 (Página de facturación, ',
						`   Comprador: UNIVERSIDAD ROBOTICA ESPAÑOLA <${BUYER}>`,
						'   RFC: URE180429TM6',
						'   Importe: no se conoce (el pedido no está en la tienda)',
						'   Qué pasó: El pedido no existe en la tienda',
						`2. #${LATE_ORDER} (Página de facturación, `,
						'   Importe: 1508.00 MXN',
						'   Qué pasó: La venta ya está incluida en una factura global timbrada.',
						`   Cómo decidir: Decide con los botones del correo «Factura del pedido #${LATE_ORDER}: ¿sustituir la factura global?».`,
						'3. Factura global de ',
						'   RFC: XAXX010101000',
						'   Importe: 116.00 MXN en 1 venta del mes',
						'   Qué hacer: El servicio de facturación no estaba disponible.',
					])
						assert.ok(message.text.includes(line), `the summary lacks "${line}":\n${message.text}`);
					assert.doesNotMatch(message.text, /needsAttention|saleInGlobalInvoice|undefined|null/);
				},
			);

		if (waiting)
			await checks.check(
				'settled: the owner approves the late request (its row turns settled by itself) and marks the other two settled in the table; example 12 then e-mails nothing',
				async () => {
					const approval = mailbox.messages.find((message) =>
						message.subject.includes(`#${LATE_ORDER}: ¿sustituir`),
					)!;
					const approve = buttons(approval).find((button) => button.label.startsWith('Aprobar'))!;
					const context = await browser.newContext({ userAgent: OWNER_BROWSER });
					try {
						const response = await (await context.newPage()).goto(approve.url);
						assert.equal(response?.status(), 200);
					} finally {
						await context.close();
					}
					await until('the approval row settled', async () =>
						(await rows()).find((row) => row.kind === 'approval' && row.status === 'settled'),
					);
					// What the owner does in Overview → Data tables once the rest is done.
					await owner.rest('PATCH', `/projects/${project.id}/data-tables/${await tableId()}/rows`, {
						filter: {
							type: 'and',
							filters: [{ columnName: 'status', condition: 'eq', value: 'waiting' }],
						},
						data: { status: 'settled' },
					});
					assert.deepEqual(
						(await rows()).map((row) => row.status),
						['settled', 'settled', 'settled'],
					);
					const { run, sent } = await runSummary();
					options.timings['owner-summary: run example 12 (all settled)'] = run.ms;
					assert.deepEqual(
						sent.map((message) => message.subject),
						[],
					);
				},
			);
	} finally {
		await browser.close().catch(() => undefined);
		await n8n?.stop().catch(() => undefined);
		await sandbox.close().catch(() => undefined);
		await mailbox.close().catch(() => undefined);
		rmSync(userFolder, { recursive: true, force: true });
		options.timings['owner-summary phase'] = Date.now() - started;
	}
}
