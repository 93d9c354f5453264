/**
 * Example 10's corrected submission sent twice at once, in a real n8n (issue 39 item 4; the engine
 * test is test/examples/10-self-invoice-page.twice.engine.test.ts): the buyer's first submission is
 * refused (a postal code the SAT refuses, CFDI40147) and the page asks for a correction; the
 * corrected form is then posted twice at the same moment (a double click, two tabs). One voucher,
 * stamped once; one execution answers `stamped`, the other `alreadyStamped` with `stampedMeanwhile`;
 * one e-mail to the buyer; both pages say the invoice is ready, with its UUID.
 *
 * The race is made explicit, not timed: the sandbox holds both Duplicate Checks' list reads until
 * both have arrived, and answers the second stamp request "series busy" (FAC119), as it does while
 * another stamp of the series runs. Own n8n (`n8n start`), own sandbox and SMTP mailbox.
 *
 * A step of test/e2e/run.ts: `npm run test:e2e -- --only page-twice [--current]`.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startSandbox } from '../../sandbox';
import type { Checks } from './checks';
import { N8nInstance } from './n8n';
import { installPackage } from './packageInstall';
import type { N8nRuntime } from './runtime';
import { formServed, PAGE_BUYER as BUYER, pageOrder, publishPage } from './publishedPage';
import { KARLA, MACHINE_WORDS, postForm, type BuyerForm } from './selfInvoicePages';
import { SMTP_CREDENTIAL, smtpCredentialJson } from './shopExamplesPhase';
import { SmtpMailbox } from './smtpMailbox';

const CREDENTIAL = { id: 'cfdiE2ePageTwice001', name: 'CFDI sandbox (page twice)' };
const PAGE_ID = 'cfdiE2ePageTwice0001';
const CORRECTED: BuyerForm = {
	'Número de pedido': '1001',
	'Correo electrónico': BUYER,
	'Uso del CFDI': 'G03 - Gastos en general',
	...KARLA,
};

export async function pageTwicePhase(
	checks: Checks,
	runtime: N8nRuntime,
	timings: Record<string, number>,
): Promise<void> {
	checks.section(
		"Self-invoice page (example 10, n8n start): the buyer's corrected submission sent twice at once",
	);
	const log = (line: string) => console.log(`  ${line}`);
	const started = Date.now();
	const userFolder = mkdtempSync(join(tmpdir(), 'cfdi-e2e-pagetwice-'));
	const sandbox = await startSandbox({ host: '127.0.0.1', shopOrders: [pageOrder()] });
	const mailbox = await SmtpMailbox.start();
	let n8n: N8nInstance | undefined;
	const invoicesOf1001 = () =>
		[...sandbox.vouchers.values()].filter((voucher) => String(voucher.body.folio) === '1001');
	try {
		installPackage(userFolder);
		n8n = await N8nInstance.create(runtime, userFolder, log);
		const { formUrl, startMs } = await publishPage(n8n, sandbox, {
			credential: CREDENTIAL,
			id: PAGE_ID,
			smtp: smtpCredentialJson(SMTP_CREDENTIAL, mailbox.port),
		});
		timings['page twice: n8n start'] = startMs;
		await formServed(formUrl);

		const refused = await checks.check(
			'the first submission, with a postal code the SAT refuses (CFDI40147): the page asks to correct «Código postal»; nothing stored, no e-mail',
			async () => {
				const { page: text, item } = await postForm(n8n!, formUrl, {
					...CORRECTED,
					'Código postal': '06000',
				});
				log(`refused: ${text.slice(0, 300)}`);
				assert.equal(item.refusal?.code, 'CFDI40147', JSON.stringify(item));
				assert.match(text, /Revisa tus datos fiscales/);
				assert.ok(
					text.includes('El SAT no aceptó el dato «Código postal» («06000») para tu RFC'),
					text,
				);
				assert.doesNotMatch(text, MACHINE_WORDS);
				assert.deepEqual(invoicesOf1001(), []);
				assert.equal(sandbox.emails.length, 0);
			},
		);
		if (!refused) return;

		await checks.check(
			'the corrected form posted twice at the same moment (both Duplicate Checks read the list before either stamps): one voucher stamped once; one execution answers stamped, the other alreadyStamped with stampedMeanwhile, same UUID; exactly one e-mail, to the buyer; no owner alert; both pages say the invoice is ready and name its UUID',
			async () => {
				const mark = sandbox.requests.length;
				const bothChecks = sandbox.holdRequests('listVouchers', 2);
				sandbox.injectFault({ route: 'createVoucher', kind: 'seriesBusy', after: 1 });
				const submitted = Date.now();
				const outcomes = await Promise.all([
					postForm(n8n!, formUrl, CORRECTED),
					postForm(n8n!, formUrl, CORRECTED),
				]).finally(() => {
					bothChecks.release();
					sandbox.clearFaults();
				});
				timings['page twice: two corrected submissions at once'] = Date.now() - submitted;
				const summary = outcomes.map(({ item, page }) => ({
					status: item.status,
					uuid: item.uuid,
					stampedMeanwhile: item.stampedMeanwhile,
					page: page.slice(0, 300),
				}));
				log(`two submissions: ${JSON.stringify(summary)}`);
				// The race happened: both list reads reached the service before the first stamp request.
				const routes = sandbox.requests
					.slice(mark)
					.filter((request) => request.server === 'api')
					.map((request) => request.route);
				assert.deepEqual(
					routes.slice(0, routes.indexOf('createVoucher')).filter((r) => r === 'listVouchers'),
					['listVouchers', 'listVouchers'],
					routes.join(', '),
				);

				const invoices = invoicesOf1001();
				assert.deepEqual(
					invoices.map((voucher) => [voucher.state, voucher.stampCount]),
					[['stamped', 1]],
				);
				const uuid = String(invoices[0].uuid);
				const byStatus = [...outcomes].sort((a, b) =>
					String(a.item.status).localeCompare(String(b.item.status)),
				);
				assert.deepEqual(
					byStatus.map(({ item }) => [item.status, item.uuid, item.stampedMeanwhile === true]),
					[
						['alreadyStamped', uuid, true],
						['stamped', uuid, false],
					],
					JSON.stringify(summary),
				);
				const emails = sandbox.emails.map((email) => JSON.stringify(email.body));
				assert.equal(emails.length, 1, emails.join('\n'));
				assert.ok(emails[0].includes(BUYER) && emails[0].includes(uuid), emails[0]);
				assert.equal(mailbox.messages.length, 0, 'the owner was alerted');

				const [meanwhile, stamped] = byStatus.map(({ page }) => page);
				for (const text of [meanwhile, stamped]) {
					assert.match(text, /Tu factura está lista/);
					assert.ok(text.includes(`(folio fiscal ${uuid}) y la enviamos a ${BUYER}.`), text);
					assert.doesNotMatch(text, /Revisa tus datos|Recibimos tu solicitud|SAT/);
				}
				assert.match(stamped, /Emitimos tu factura/);
				assert.match(meanwhile, /Emitimos tu factura/);
			},
		);
	} finally {
		await n8n?.stop().catch(() => undefined);
		await sandbox.close().catch(() => undefined);
		await mailbox.close().catch(() => undefined);
		if (process.env.CFDI_E2E_KEEP) log(`page twice: n8n user folder kept: ${userFolder}`);
		else rmSync(userFolder, { recursive: true, force: true });
		timings['page twice step'] = Date.now() - started;
	}
}
