/**
 * What only the shop can act on reaches the owner (issue 41 items 1 and 2), in example 10 as
 * published in a real n8n: headless Chromium submits the buyer's page, the owner's e-mails arrive in
 * the stand-in mailbox, and n8n's own API gives each execution's status (what its list of
 * executions and an Error Workflow see). A sale already in a global invoice asks the owner in one
 * e-mail (Send Email's "Send and Wait for Response"): the approve link replaces the global invoice
 * and e-mails the buyer's invoice in the same execution; the decline link e-mails the buyer why and
 * fails the execution with the owner's decision. An order the store does not have fails the
 * execution after the page answered. The generic RFC is
 * refused and the page links back to the form filled in. Screenshots of the approval e-mail and of
 * the executions list go to docs/ (on the oldest supported n8n).
 * Part of the `self-invoice` step (selfInvoiceForm.ts), after selfInvoicePages.ts's late request.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';

import type { Sandbox } from '../../sandbox';
import type { Checks } from './checks';
import type { N8nInstance } from './n8n';
import { LATE_ORDER, submitForm, type BuyerForm } from './selfInvoicePages';
import type { MailMessage, SmtpMailbox } from './smtpMailbox';

export interface OwnerContext {
	browser: Browser;
	page: Page;
	n8n: N8nInstance;
	workflowId: string;
	formUrl: string;
	sandbox: Sandbox;
	mailbox: SmtpMailbox;
	ownerEmail: string;
	buyer: string;
	screenshotDir: string;
	log: (line: string) => void;
}

/** A second order of the same sale, also declared in the month's global invoice (declined by the owner). */
export const DECLINED_ORDER = '1004';

/** The company buyer of the late requests. */
const ROBOTICA: BuyerForm = {
	RFC: 'URE180429TM6',
	'Nombre o razón social': 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
	'Régimen fiscal': '601 - General de Ley Personas Morales',
	'Uso del CFDI': 'G03 - Gastos en general',
	'Código postal': '65000',
};

/** Headless Chromium says "HeadlessChrome", which n8n's Send and Wait takes for a link checker and ignores. */
export const OWNER_BROWSER =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface ExecutionRow {
	id: string;
	status: string;
}

/** The workflow's executions, newest first, as n8n's list of executions reads them. */
async function executions(n8n: N8nInstance, workflowId: string): Promise<ExecutionRow[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const answer = await n8n.rest<{ results: ExecutionRow[] }>(
		'GET',
		`/executions?filter=${filter}&limit=100`,
	);
	return [...answer.results].sort((a, b) => Number(b.id) - Number(a.id));
}

/** Waits for the newest execution after `known` to reach one of `statuses`; returns it. */
async function settled(
	ctx: OwnerContext,
	known: Set<string>,
	statuses: string[],
): Promise<ExecutionRow> {
	for (const deadline = Date.now() + 120_000; ; await new Promise((r) => setTimeout(r, 250))) {
		const fresh = (await executions(ctx.n8n, ctx.workflowId)).find((row) => !known.has(row.id));
		if (fresh && statuses.includes(fresh.status)) return fresh;
		if (Date.now() > deadline)
			throw new Error(`no new execution reached ${statuses.join('/')}: ${JSON.stringify(fresh)}`);
	}
}

/** The status of one execution once it is no longer running (waiting counts as an answer). */
async function statusOf(ctx: OwnerContext, id: string, statuses: string[]): Promise<string> {
	for (const deadline = Date.now() + 120_000; ; await new Promise((r) => setTimeout(r, 250))) {
		const row = (await executions(ctx.n8n, ctx.workflowId)).find(
			(candidate) => candidate.id === id,
		);
		if (row && statuses.includes(row.status)) return row.status;
		if (Date.now() > deadline) throw new Error(`execution ${id} is ${row?.status}`);
	}
}

/** The approval e-mail's two buttons: their label and link. */
export function buttons(mail: MailMessage): Array<{ label: string; url: string }> {
	return [...mail.text.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((match) => ({
		url: match[1].replace(/&amp;/g, '&'),
		label: match[2].trim(),
	}));
}

const known = async (ctx: OwnerContext) =>
	new Set((await executions(ctx.n8n, ctx.workflowId)).map((row) => row.id));

/** Opens a link of the approval e-mail as the owner's browser does; returns the page's text. */
async function click(ctx: OwnerContext, url: string): Promise<string> {
	const context = await ctx.browser.newContext({ userAgent: OWNER_BROWSER });
	try {
		const page = await context.newPage();
		const response = await page.goto(url);
		assert.equal(response?.status(), 200, `the link answered ${response?.status()}`);
		return await page.locator('body').innerText();
	} finally {
		await context.close();
	}
}

/** The request's data every alert must carry (the form as the buyer typed it, and the order's amount). */
function assertRequestData(text: string, order: string, buyer: string, amount: string): void {
	for (const line of [
		`Pedido: #${order}`,
		`Importe del pedido: ${amount}`,
		`Correo del comprador: ${buyer}`,
		`RFC: ${ROBOTICA.RFC}`,
		`Nombre o razón social: ${ROBOTICA['Nombre o razón social']}`,
		`Régimen fiscal: ${ROBOTICA['Régimen fiscal']}`,
		`Uso del CFDI: ${ROBOTICA['Uso del CFDI']}`,
		`Código postal: ${ROBOTICA['Código postal']}`,
		'Qué pasó: ',
		'Qué puedes hacer: ',
	])
		assert.ok(text.includes(line), `the alert lacks "${line}":\n${text}`);
	// No internal code, no English sentence of the node.
	assert.doesNotMatch(
		text,
		/saleInGlobalInvoice|needsAttention|orderData|\b(the|is|sale|invoice)\b/,
	);
}

export async function ownerAlertsChecks(checks: Checks, ctx: OwnerContext): Promise<void> {
	const { sandbox, mailbox } = ctx;
	const buyerInvoices = (folio: string) =>
		[...sandbox.vouchers.values()].filter(
			(voucher) =>
				voucher.body.folio === folio && voucher.body.serie !== 'F' && voucher.stampCount > 0,
		);
	const statuses: Record<string, string> = {};

	await checks.check(
		`the late request's approval e-mail (order #${LATE_ORDER}): Spanish, the whole request, approve and decline buttons; the execution waits for it`,
		async () => {
			const [approval] = await mailbox.waitForMessages(1);
			assert.equal(
				approval.subject,
				`Factura del pedido #${LATE_ORDER}: ¿sustituir la factura global?`,
			);
			assertRequestData(approval.text, LATE_ORDER, ctx.buyer, '1508.00 MXN');
			assert.deepEqual(
				buttons(approval).map((button) => button.label),
				[
					'Rechazar: la venta queda en la factura global',
					'Aprobar: sustituir la factura global y facturar',
				],
			);
			// Sent by the execution, which then waits for the click (running until it is stored as waiting).
			const [newest] = await executions(ctx.n8n, ctx.workflowId);
			assert.equal(await statusOf(ctx, newest.id, ['waiting']), 'waiting');
			// The e-mail as the owner's mail program shows it.
			const view = await ctx.browser.newPage({ viewport: { width: 760, height: 400 } });
			await view.setContent(approval.text);
			await view.screenshot({
				path: join(ctx.screenshotDir, 'owner-approval-email.png'),
				fullPage: true,
			});
			await view.close();
		},
	);

	await checks.check(
		`approved with one click: the same execution replaces the global invoice (motive 04, replacement first), stamps the buyer's invoice of #${LATE_ORDER} and e-mails it; the execution succeeds`,
		async () => {
			const [waiting] = await executions(ctx.n8n, ctx.workflowId);
			const emailsBefore = sandbox.emails.length;
			const approve = buttons(mailbox.messages[0]).find((button) =>
				button.label.startsWith('Aprobar'),
			)!;
			ctx.log(`owner clicks: ${approve.label}`);
			await click(ctx, approve.url);
			statuses[`#${LATE_ORDER} approved`] = await statusOf(ctx, waiting.id, ['success', 'error']);
			assert.equal(statuses[`#${LATE_ORDER} approved`], 'success');
			const [invoice, ...more] = buyerInvoices(LATE_ORDER);
			assert.deepEqual(more, []);
			assert.equal((invoice.body.receptor as { rfc: string }).rfc, ROBOTICA.RFC);
			// The original global invoice cancelled with motive 04 after its replacement was stamped.
			const cancelled = [...sandbox.cancellations.values()];
			assert.deepEqual(
				cancelled.map((record) => [record.motivo, record.state]),
				[['04', 'cancelled']],
			);
			const replacement = [...sandbox.vouchers.values()].find(
				(voucher) => voucher.body.serie === 'F' && voucher.uuid !== cancelled[0].uuid,
			)!;
			assert.ok(replacement.stampedAt! <= cancelled[0].requestedAt);
			assert.equal(sandbox.emails.length, emailsBefore + 1);
			assert.ok(JSON.stringify(sandbox.emails.at(-1)!.body).includes(String(invoice.uuid)));
			assert.ok(JSON.stringify(sandbox.emails.at(-1)!.body).includes(ctx.buyer));
		},
	);

	await checks.check(
		`declined (order #${DECLINED_ORDER}, in the replacement global invoice): nothing stamped, the buyer gets a Spanish e-mail saying why; the execution fails with the owner's decision (never Success)`,
		async () => {
			const before = await known(ctx);
			const text = await submitForm(ctx.page, ctx.formUrl, {
				'Número de pedido': DECLINED_ORDER,
				'Correo electrónico': ctx.buyer,
				...ROBOTICA,
			});
			assert.match(text, /Recibimos tu solicitud/);
			const waiting = await settled(ctx, before, ['waiting']);
			const [, approval] = await mailbox.waitForMessages(2);
			assert.equal(
				approval.subject,
				`Factura del pedido #${DECLINED_ORDER}: ¿sustituir la factura global?`,
			);
			assert.equal(await statusOf(ctx, waiting.id, ['waiting']), 'waiting');
			const decline = buttons(approval).find((button) => button.label.startsWith('Rechazar'))!;
			ctx.log(`owner clicks: ${decline.label}`);
			const ownerPage = await click(ctx, decline.url);
			ctx.log(`the owner's browser shows: ${ownerPage.replace(/\s+/g, ' ').trim()}`);
			statuses[`#${DECLINED_ORDER} declined`] = await statusOf(ctx, waiting.id, [
				'success',
				'error',
			]);
			assert.equal(statuses[`#${DECLINED_ORDER} declined`], 'error');
			// What n8n's executions list and an Error Workflow read: the owner's decision, in Spanish.
			const execution = await ctx.n8n.readExecution(waiting.id);
			assert.equal(
				execution.error?.message,
				`La tienda rechazó facturar el pedido #${DECLINED_ORDER}: la venta queda en la factura global y se avisó al comprador por correo.`,
			);
			assert.equal(execution.error?.node?.name, 'Marcar: la tienda rechazó');
			const [, , toBuyer] = await mailbox.waitForMessages(3);
			assert.deepEqual(toBuyer.to, [ctx.buyer]);
			assert.equal(toBuyer.subject, `Tu solicitud de factura del pedido #${DECLINED_ORDER}`);
			assert.match(toBuyer.text, /La venta ya está incluida en la factura global de la tienda/);
			assert.deepEqual(buyerInvoices(DECLINED_ORDER), []);
		},
	);

	await checks.check(
		'an order the store does not have (#9999): the page answers, then the owner gets a Spanish alert with the request and the execution fails (n8n lists it as failed)',
		async () => {
			const before = await known(ctx);
			const text = await submitForm(ctx.page, ctx.formUrl, {
				'Número de pedido': '9999',
				'Correo electrónico': ctx.buyer,
				...ROBOTICA,
			});
			assert.match(text, /No encontramos tu pedido/);
			assert.match(text, /No hay ningún pedido #9999/);
			const failed = await settled(ctx, before, ['error']);
			statuses['#9999 not found'] = failed.status;
			const [, , , alert] = await mailbox.waitForMessages(4);
			assert.deepEqual(alert.to, [ctx.ownerEmail]);
			assert.equal(alert.subject, 'Solicitud de factura del pedido #9999: la tienda debe actuar');
			assertRequestData(
				alert.text,
				'9999',
				ctx.buyer,
				'no se conoce (el pedido no está en la tienda)',
			);
			assert.ok(alert.text.includes(`Ejecución de n8n: ${failed.id}`), alert.text);
			// The page stays as it was once the execution failed (the buyer is not shown n8n's error).
			assert.match(await ctx.page.locator('body').innerText(), /No encontramos tu pedido/);
		},
	);

	await checks.check(
		'the generic RFC (XAXX010101000): the page says the sale goes into the global invoice, nothing is read or stamped, no alert; its link gives the form back filled in',
		async () => {
			const before = await known(ctx);
			const vouchers = sandbox.vouchers.size;
			const form = {
				'Número de pedido': '1001',
				'Correo electrónico': ctx.buyer,
				...ROBOTICA,
				RFC: 'XAXX010101000',
				'Nombre o razón social': 'PUBLICO EN GENERAL',
			};
			const text = await submitForm(ctx.page, ctx.formUrl, form);
			assert.match(text, /Esta compra va en la factura global/);
			assert.match(text, /la venta se incluye en la factura global de la tienda/);
			statuses['generic RFC'] = (await settled(ctx, before, ['success', 'error'])).status;
			assert.equal(statuses['generic RFC'], 'success');
			assert.equal(sandbox.vouchers.size, vouchers);
			assert.equal(mailbox.messages.length, 4);
			await ctx.page.getByRole('link', { name: 'Corregir mis datos' }).click();
			await ctx.page.getByLabel('RFC').waitFor();
			const shown: Record<string, string> = {};
			for (const label of Object.keys(form))
				shown[label] = await ctx.page.getByLabel(label).inputValue();
			assert.deepEqual(shown, form);
		},
	);

	await checks.check(
		"n8n's executions list: the not-found and the declined requests failed, the approved one and the generic RFC succeeded",
		async () => {
			assert.deepEqual(statuses, {
				[`#${LATE_ORDER} approved`]: 'success',
				[`#${DECLINED_ORDER} declined`]: 'error',
				'#9999 not found': 'error',
				'generic RFC': 'success',
			});
			const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 720 } });
			context.setDefaultTimeout(120_000);
			try {
				const page = await context.newPage();
				// Signed in as the owner (the session cookie of the REST calls).
				const cookie = ctx.n8n.sessionCookie;
				const [name, value] = [
					cookie.slice(0, cookie.indexOf('=')),
					cookie.slice(cookie.indexOf('=') + 1),
				];
				await context.addCookies([{ name, value, url: ctx.n8n.baseUrl }]);
				await page.goto(`${ctx.n8n.baseUrl}/workflow/${ctx.workflowId}/executions`);
				// The list's rows: their status words (n8n 2.8.4 and 2.41.1 say Error or Failed).
				try {
					await page
						.getByText(/^\s*(Error|Failed)\s*$/)
						.first()
						.waitFor();
					await page.waitForTimeout(1000);
				} finally {
					await page.screenshot({ path: join(ctx.screenshotDir, 'owner-executions-list.png') });
				}
			} finally {
				await context.close();
			}
		},
	);
}
