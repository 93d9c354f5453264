/**
 * npm run test:e2e: the package in a real n8n (default: the oldest supported, 2.8.4 on this Node;
 * `npm run test:e2e -- --current` for 2.41.1 on Node 24, or `-- --n8n <version> --node <version>`).
 *
 * 1. Builds the package if needed; installs (first run) or reuses the pinned n8n in the user's
 *    cache folder; installs Chromium if missing.
 * 2. Installs the packed package into a fresh $N8N_USER_FOLDER/.n8n/nodes like n8n's community
 *    package installer, imports a cfdiEmisionApi credential for the sandbox and the example
 *    workflows (as shipped, and their sandbox variants).
 * 3. Runs the sandbox variants with `n8n execute --id=... --rawOutput` and checks the output items
 *    and the sandbox's request log.
 * 4. Starts `n8n start` on 127.0.0.1, runs the examples as the editor does with n8n's data tables,
 *    then drives the editor in headless Chromium and saves screenshots into docs/.
 * 5. Runs `npm run demo`.
 *
 * Not part of `npm test` (jest only picks up *.test.ts). Exit code 0 only when every check passed.
 * CFDI_E2E_KEEP=1 keeps the n8n user folder for inspection.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

import { startSandbox, type Sandbox } from '../../sandbox';
import { ensureBuilt } from '../../scripts/lib/build';
import { CFDI_CREDENTIAL_TYPE, REPO_ROOT } from '../support/examples';
import { exampleCredential } from '../support/sandboxCredential';
import { Checks, runMain } from './checks';
import { cliWorkflows, seedForCli, shopifyExample } from './cliPhase';
import { pendingExample, reviewExample } from './pendingPhase';
import { kindExamples, shippedExamplesCheck, shopMonthExamplesCheck } from './examplesPhase';
import { N8nInstance } from './n8n';
import { installPackage } from './packageInstall';
import { shippedCredentialsCheck } from './shippedCredentials';
import { describeTarget, ensureChromium, ensureN8n, OLDEST_N8N, targetFromArgs } from './runtime';
import { settleExample, settleWorkflow } from './settlePhase';
import { guardPhase } from './guardPhase';
import { duplicatePhase } from './duplicatePhase';
import { duplicateWorkflows } from './duplicateWorkflows';
import { listZonePhase, listZoneWorkflows } from './listZonePhase';
import { instantsPhase, instantsWorkflows } from './instantsPhase';
import { moneyPhase, moneyWorkflows } from './moneyPhase';
import { shopMonthPhase, shopMonthWorkflows } from './shopMonthPhase';
import { retryFilesPhase } from './retryFilesPhase';
import { retryFilesWorkflows } from './retryFilesWorkflows';
import { globalSalePhase, globalSaleWorkflows } from './globalSalePhase';
import { monthScalePhase, monthScaleWorkflows } from './monthScalePhase';
import { selfInvoicePhase } from './selfInvoiceForm';
import { ledgerPhase } from './ledgerPhase';
import { pageTwicePhase } from './pageTwicePhase';
import { readmeFirstPhase } from './readmeFirstPhase';
import { ownerSummaryPhase } from './ownerSummaryPhase';
import {
	SHOP_CFDI_CREDENTIAL,
	shopCredentialJson,
	shopExamplesPhase,
	shopExampleWorkflows,
	smtpCredentialJson,
} from './shopExamplesPhase';
import { triggerPhase } from './triggerPhase';
import { DOCS_DIR, serverPhase } from './uiPhase';
import { uiWorkflows } from './uiWorkflows';
import { E2E_CREDENTIAL } from './workflows';

const CREDENTIAL = E2E_CREDENTIAL;
/**
 * `-- --only guard,settle` runs only the named steps (for working on one phase; CI runs all):
 * examples, settle, guard, duplicate, list-zone, retry-files, money, instants, global-sale, month-scale, shop-month, server, trigger,
 * self-invoice, owner-summary, page-twice, ledger, readme-first, demo.
 */
const onlyIndex = process.argv.indexOf('--only');
const ONLY =
	onlyIndex >= 0
		? new Set((process.argv[onlyIndex + 1] ?? '').split(',').filter(Boolean))
		: undefined;
const selected = (key: string) => !ONLY || ONLY.has(key);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function timed<T>(
	timings: Record<string, number>,
	label: string,
	body: () => Promise<T> | T,
): Promise<T> {
	const started = Date.now();
	try {
		return await body();
	} finally {
		timings[label] = Date.now() - started;
	}
}

async function main(): Promise<number> {
	const started = Date.now();
	const timings: Record<string, number> = {};
	const checks = new Checks();
	const screenshots: string[] = [];
	const log = (line: string) => console.log(`  ${line}`);
	let sandbox: Sandbox | undefined;
	// Example 11's own service and store, so the other examples' global invoices do not meet it.
	let shopSandbox: Sandbox | undefined;
	let n8n: N8nInstance | undefined;
	let userFolder: string | undefined;

	const target = targetFromArgs();
	console.log(`End-to-end test in a real ${describeTarget(target)}`);
	try {
		checks.section('Setup');
		await timed(timings, 'build (if needed)', () => ensureBuilt(log));
		const runtime = await timed(timings, 'n8n runtime (install or reuse)', () =>
			ensureN8n(log, target),
		);
		log(
			`${describeTarget(target)}: ${runtime.installed ? 'installed into' : 'reused from'} ${runtime.dir}`,
		);
		const chromiumPath = await timed(timings, 'chromium (install or reuse)', () =>
			ensureChromium(log),
		);

		userFolder = mkdtempSync(join(tmpdir(), 'cfdi-e2e-n8n-'));
		// The README's route: the packed tarball installed with npm in the nodes folder.
		const installed = await timed(
			timings,
			"install the packed tarball the README's way (npm install --omit=peer <tgz> in .n8n/nodes)",
			() => installPackage(userFolder!),
		);
		log(
			`${installed.command}: ${installed.name}@${installed.version} (${installed.files} files) → ${installed.dir}`,
		);

		sandbox = await startSandbox({ host: '127.0.0.1' });
		log(
			`sandbox: token service ${sandbox.authUrl}, issuing API ${sandbox.baseUrl}, PDF storage ${sandbox.blobUrl}, store stand-in ${sandbox.shopUrl}`,
		);
		shopSandbox = await startSandbox({ host: '127.0.0.1', shopOrders: [] });
		n8n = await N8nInstance.create(runtime, userFolder, log);
		const seeded = await seedForCli(sandbox);

		const imported = await checks.check(
			`n8n import:credentials (a ${CFDI_CREDENTIAL_TYPE} credential for the sandbox) and import:workflow (examples as shipped and their sandbox variants)`,
			async () => {
				// Example 11's credentials first: the editor preselects the newest credential of a type, and
				// the nodes the editor phases add must use the shared sandbox's.
				const shopCredentials = await n8n!.importCredentials([
					{
						...SHOP_CFDI_CREDENTIAL,
						type: CFDI_CREDENTIAL_TYPE,
						data: exampleCredential(shopSandbox!),
					},
					shopCredentialJson(),
					smtpCredentialJson(),
				]);
				const credentials = await n8n!.importCredentials([
					{ ...CREDENTIAL, type: CFDI_CREDENTIAL_TYPE, data: exampleCredential(sandbox!) },
				]);
				credentials.ms += shopCredentials.ms;
				const workflows = await n8n!.importWorkflows([
					...cliWorkflows(CREDENTIAL, seeded.rows),
					settleWorkflow(CREDENTIAL),
					...duplicateWorkflows(CREDENTIAL),
					...listZoneWorkflows(CREDENTIAL),
					...retryFilesWorkflows(CREDENTIAL),
					...moneyWorkflows(CREDENTIAL),
					...instantsWorkflows(CREDENTIAL),
					...globalSaleWorkflows(CREDENTIAL),
					...monthScaleWorkflows(CREDENTIAL),
					...shopMonthWorkflows(CREDENTIAL),
					...shopExampleWorkflows(SHOP_CFDI_CREDENTIAL, shopSandbox!.shopUrl),
					...uiWorkflows(CREDENTIAL),
				]);
				timings['n8n import:credentials'] = credentials.ms;
				timings['n8n import:workflow'] = workflows.ms;
			},
		);

		await shippedExamplesCheck(checks);
		await shippedCredentialsCheck(checks, runtime.dir);
		await shopMonthExamplesCheck(checks);
		if (imported) {
			const step = async (name: string, body: () => Promise<void>, key: string) => {
				if (!selected(key)) return;
				try {
					await body();
				} catch (error) {
					checks.fail(`${name} could not run`, error);
				}
			};
			await step('example 1', () => shopifyExample(checks, n8n!, sandbox!, timings), 'examples');
			await step(
				'example 2',
				() => pendingExample(checks, n8n!, sandbox!, seeded, timings),
				'examples',
			);
			await step('example 3', () => reviewExample(checks, n8n!, sandbox!, timings), 'examples');
			await step('examples 4-6', () => kindExamples(checks, n8n!, sandbox!, timings), 'examples');
			await step(
				'example 11',
				() => shopExamplesPhase(checks, n8n!, shopSandbox!, timings),
				'examples',
			);
			await step(
				'an ambiguous stamp settled by facts',
				() => settleExample(checks, n8n!, sandbox!, timings),
				'settle',
			);
			await step(
				'hosts and secrets',
				() => guardPhase(checks, n8n!, sandbox!, CREDENTIAL, timings),
				'guard',
			);
			await step(
				'the duplicate check',
				() => duplicatePhase(checks, n8n!, sandbox!, CREDENTIAL, timings),
				'duplicate',
			);
			await step(
				'the duplicate check with a list in UTC',
				() => listZonePhase(checks, n8n!, sandbox!, timings),
				'list-zone',
			);
			await step(
				'Retry On Fail and files',
				() => retryFilesPhase(checks, n8n!, sandbox!, timings),
				'retry-files',
			);
			await step('money refused', () => moneyPhase(checks, n8n!, sandbox!, timings), 'money');
			await step(
				"a sale's moment",
				() => instantsPhase(checks, n8n!, sandbox!, timings),
				'instants',
			);
			await step(
				'a sale in a global invoice',
				() => globalSalePhase(checks, n8n!, sandbox!, timings),
				'global-sale',
			);
			await step(
				'a month of 20,000 sales',
				() => monthScalePhase(checks, n8n!, sandbox!, timings),
				'month-scale',
			);
			await step(
				"a shop's month",
				() => shopMonthPhase(checks, n8n!, sandbox!, timings),
				'shop-month',
			);
			// The screenshots in docs/ show the oldest supported n8n; other versions' go to the user folder.
			const screenshotDir =
				target.n8n === OLDEST_N8N.n8n && !target.node ? DOCS_DIR : join(userFolder!, 'screenshots');
			await step(
				'the server phase',
				() =>
					serverPhase(checks, n8n!, sandbox!, {
						chromiumPath,
						timings,
						screenshots,
						screenshotDir,
					}),
				'server',
			);
			await step('the trigger phase', () => triggerPhase(checks, runtime, timings), 'trigger');
			await step(
				'the self-invoice page',
				() => selfInvoicePhase(checks, runtime, { chromiumPath, timings, screenshotDir }),
				'self-invoice',
			);
			await step(
				"the owner's daily summary of what waits",
				() => ownerSummaryPhase(checks, runtime, { chromiumPath, timings }),
				'owner-summary',
			);
			await step(
				"the page's corrected submission sent twice at once",
				() => pageTwicePhase(checks, runtime, timings),
				'page-twice',
			);
			await step(
				"a sale's ledger: the page submitted twice at once, sums across currencies and settings",
				() => ledgerPhase(checks, runtime, timings),
				'ledger',
			);
			await step(
				"the README's first invoice, step by step: one stamp, one e-mail",
				() => readmeFirstPhase(checks, runtime, timings),
				'readme-first',
			);
		}

		if (selected('demo')) checks.section('Demo');
		if (selected('demo'))
			await checks.check(
				'npm run demo exits 0 and writes the XML and the PDF into demo-output/',
				() => {
					const demoStarted = Date.now();
					const result = spawnSync(
						join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
						['scripts/demo.ts'],
						{ cwd: REPO_ROOT, encoding: 'utf8', timeout: 120_000 },
					);
					timings['npm run demo'] = Date.now() - demoStarted;
					if (result.status !== 0)
						throw new Error(
							`exit code ${String(result.status)}\n${result.stdout}\n${result.stderr}`,
						);
					const files = readdirSync(join(REPO_ROOT, 'demo-output'));
					if (
						!files.some((file) => file.endsWith('.xml')) ||
						!files.some((file) => file.endsWith('.pdf'))
					)
						throw new Error(`demo-output/ holds ${files.join(', ')}`);
				},
			);
	} catch (error) {
		checks.fail('the end-to-end run stopped', error);
	} finally {
		const stopping = Date.now();
		await n8n?.stop().catch(() => undefined);
		if (n8n) timings['n8n stop'] = Date.now() - stopping;
		await sandbox?.close().catch(() => undefined);
		await shopSandbox?.close().catch(() => undefined);
		if (userFolder && process.env.CFDI_E2E_KEEP)
			console.log(`\nn8n user folder kept: ${userFolder}`);
		else if (userFolder) rmSync(userFolder, { recursive: true, force: true });
	}

	console.log('\nTimings');
	for (const [label, ms] of Object.entries(timings))
		console.log(`  ${label.padEnd(44)} ${seconds(ms).padStart(8)}`);
	console.log(`  ${'total'.padEnd(44)} ${seconds(Date.now() - started).padStart(8)}`);
	if (screenshots.length && !screenshots.some((path) => existsSync(path))) {
		console.log(
			'\nScreenshots: taken into the n8n user folder, removed with it (CFDI_E2E_KEEP=1 keeps it)',
		);
	} else if (screenshots.length) {
		console.log('\nScreenshots');
		for (const path of screenshots)
			console.log(
				`  ${relative(REPO_ROOT, path)} (${existsSync(path) ? `${Math.round(statSync(path).size / 1024)} KB` : 'missing'})`,
			);
	}
	return checks.summary();
}

runMain(main);
