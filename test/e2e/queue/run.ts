/**
 * npm run test:queue: the package in n8n's queue mode, the way users scale past one machine.
 *
 * Redis and PostgreSQL (Debian's packages), the sandbox as its own process, n8n main + 2 workers
 * (EXECUTIONS_MODE=queue, each process with its own ports). A webhook workflow (Webhook → Split Out
 * → CFDI Emision, Create, concurrency 4) receives 4 parallel requests of 200 orders each; when half
 * of the 800 vouchers are stamped the sandbox expires every access token (through its control API).
 *
 * Asserts: every execution succeeds (HTTP answer and execution_entity), both workers ran
 * executions, every voucher is stamped exactly once, at most one password grant per expiry. Prints
 * the token calls by grant. Default n8n: the oldest supported (2.8.4); `-- --n8n/--node/--current`
 * as for test:e2e. CFDI_E2E_KEEP=1 keeps the n8n user folder.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ensureBuilt } from '../../../scripts/lib/build';
import { CFDI_CREDENTIAL_TYPE } from '../../support/examples';
import { sandboxCredential } from '../../support/sandboxCredential';
import { Checks, runMain } from '../checks';
import { freePort, N8nInstance } from '../n8n';
import { installPackage } from '../packageInstall';
import { describeTarget, ensureN8n, targetFromArgs } from '../runtime';
import { startSandboxProcess, type SandboxProcess } from '../sandboxProcess';
import { startPostgres, startRedis, type Postgres, type Service } from './services';
import {
	CREDENTIAL,
	WORKFLOW_ID,
	stampWorkflow,
	DUPLICATE_WORKFLOW_ID,
	duplicateWorkflow,
	deliverSale,
	orderTag,
	callWebhook,
	tokenCalls,
} from './queueWorkflows';

const EXECUTIONS = 4;
const ORDERS_PER_EXECUTION = 200;
const WORKERS = 2;
// Two jobs per worker: four executions cannot all land on one worker.
const WORKER_CONCURRENCY = 2;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const DUPLICATE_TRIALS = 10;

async function main(): Promise<number> {
	const started = Date.now();
	const target = targetFromArgs();
	const timings: Record<string, number> = {};
	const checks = new Checks();
	const log = (line: string) => console.log(`  ${line}`);
	const mark = (label: string, since: number) => (timings[label] = Date.now() - since);
	let redis: Service | undefined;
	let postgres: Postgres | undefined;
	let sandbox: SandboxProcess | undefined;
	const processes: N8nInstance[] = [];
	let userFolder: string | undefined;

	console.log(
		`Queue-mode end-to-end test: ${describeTarget(target)}, PostgreSQL + Redis, main + ${WORKERS} workers`,
	);
	try {
		checks.section('Setup');
		let at = Date.now();
		ensureBuilt(log);
		const runtime = await ensureN8n(log, target);
		mark('n8n runtime (install or reuse)', at);
		log(
			`${describeTarget(target)}: ${runtime.installed ? 'installed into' : 'reused from'} ${runtime.dir}`,
		);

		at = Date.now();
		[redis, postgres] = await Promise.all([startRedis(log), startPostgres(log)]);
		sandbox = await startSandboxProcess();
		mark('Redis, PostgreSQL, sandbox process', at);
		log(
			`sandbox process: token service ${sandbox.authUrl}, issuing API ${sandbox.baseUrl}, control ${sandbox.controlUrl}`,
		);

		userFolder = mkdtempSync(join(tmpdir(), 'cfdi-queue-n8n-'));
		installPackage(userFolder);
		const queueEnv: NodeJS.ProcessEnv = {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(redis.port),
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(postgres.port),
			DB_POSTGRESDB_DATABASE: postgres.database,
			DB_POSTGRESDB_USER: postgres.user,
			DB_POSTGRESDB_PASSWORD: '',
			// One key for all processes: they decrypt the same credential.
			N8N_ENCRYPTION_KEY: randomBytes(24).toString('hex'),
			EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		};
		const instance = async () =>
			await N8nInstance.create(runtime, userFolder!, log, {
				...queueEnv,
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(await freePort()),
			});

		at = Date.now();
		const cli = await instance();
		await cli.importCredentials([
			{ ...CREDENTIAL, type: CFDI_CREDENTIAL_TYPE, data: sandboxCredential(sandbox) },
		]);
		await cli.importWorkflows([stampWorkflow(), duplicateWorkflow()]);
		for (const id of [WORKFLOW_ID, DUPLICATE_WORKFLOW_ID]) {
			const published = await cli.cli(['publish:workflow', `--id=${id}`]);
			if (published.code !== 0)
				throw new Error(
					`n8n publish:workflow failed:\n${(published.stdout + published.stderr).slice(-2000)}`,
				);
		}
		mark('import credential + workflow, publish (migrates PostgreSQL)', at);

		at = Date.now();
		const mainProcess = await instance();
		const workers = [await instance(), await instance()];
		processes.push(mainProcess, ...workers);
		await mainProcess.start();
		await Promise.all(workers.map((worker) => worker.startWorker(WORKER_CONCURRENCY)));
		mark('n8n main + 2 workers ready', at);

		checks.section(
			`Warm-up: one order, so the credential holds a session (sign-in is not an expiry)`,
		);
		const warmUp = await callWebhook(mainProcess, 'warm-up', 1);
		await checks.check('the warm-up execution stamps its order', () => {
			assert.equal(warmUp.status, 200, warmUp.text.slice(0, 1000));
			assert.equal(warmUp.items[0]?.status, 'stamped', warmUp.text.slice(0, 1000));
		});
		const logMark = (await sandbox.control.requests()).length;

		checks.section(
			`${EXECUTIONS} parallel executions of ${ORDERS_PER_EXECUTION} stamps through the webhook; every access token expires mid-run`,
		);
		at = Date.now();
		const total = EXECUTIONS * ORDERS_PER_EXECUTION;
		let expiredAt: { stamped: number; ms: number } | undefined;
		const runs = Promise.all(
			Array.from({ length: EXECUTIONS }, (_, execution) =>
				callWebhook(mainProcess, execution, ORDERS_PER_EXECUTION),
			),
		);
		let settled = false;
		void runs.finally(() => (settled = true));
		while (!settled && !expiredAt) {
			const counts = await sandbox.control.counts();
			// The warm-up voucher is stamped already.
			if (counts.vouchers.stamped - 1 >= total / 2) {
				await sandbox.control.action('expireAccessTokens');
				expiredAt = { stamped: counts.vouchers.stamped - 1, ms: Date.now() - at };
				log(
					`expired every access token after ${expiredAt.stamped} of ${total} stamps (${seconds(expiredAt.ms)})`,
				);
			} else await new Promise((resolve) => setTimeout(resolve, 100));
		}
		const results = await runs;
		mark(`${EXECUTIONS} × ${ORDERS_PER_EXECUTION} stamps`, at);

		const counts = await sandbox.control.counts();
		const requests = (await sandbox.control.requests()).slice(logMark);
		const tokens = tokenCalls(requests);
		const unauthorized = requests.filter((request) => request.status === 401).length;
		const startedBy = workers.map(
			(worker) => (worker.startLog.match(/Worker started execution/g) ?? []).length,
		);

		await checks.check(
			'every execution answers HTTP 200 with 200 stamped items, each with its UUID',
			() => {
				for (const [execution, run] of results.entries()) {
					assert.equal(
						run.status,
						200,
						`execution ${execution}: HTTP ${run.status} ${run.text.slice(0, 500)}`,
					);
					assert.equal(
						run.items.length,
						ORDERS_PER_EXECUTION,
						`execution ${execution}: ${run.items.length} items`,
					);
					const notStamped = run.items.filter(
						(item) => item.status !== 'stamped' || typeof item.uuid !== 'string',
					);
					assert.equal(
						notStamped.length,
						0,
						`execution ${execution}: ${JSON.stringify(notStamped[0])}`,
					);
				}
			},
		);
		await checks.check(
			'n8n recorded every execution as successful (execution_entity in PostgreSQL)',
			() => {
				const rows = postgres!.query(
					`SELECT status, count(*) FROM execution_entity WHERE "workflowId" = '${WORKFLOW_ID}' GROUP BY status`,
				);
				assert.deepEqual(rows, [`success\t${EXECUTIONS + 1}`]);
			},
		);
		await checks.check(`both workers ran executions (started: ${startedBy.join(' and ')})`, () => {
			assert.equal(
				startedBy.reduce((sum, n) => sum + n, 0),
				EXECUTIONS + 1,
			);
			for (const [index, count] of startedBy.entries())
				assert.ok(count >= 1, `worker ${index + 1} ran no execution`);
		});
		await checks.check(
			`every voucher stamped exactly once (${counts.vouchers.stamped} vouchers, ${counts.vouchers.stampedMoreThanOnce} stamped twice)`,
			() => {
				assert.equal(counts.vouchers.stampedMoreThanOnce, 0);
				assert.equal(counts.vouchers.total, total + 1);
				assert.equal(counts.vouchers.stamped, total + 1);
				const ids = results.flatMap((run) => run.items.map((item) => item.idComprobante));
				assert.equal(new Set(ids).size, total);
				for (const id of ids)
					assert.equal(counts.stampsPerVoucher[String(id)], 1, `voucher ${String(id)}`);
			},
		);
		await checks.check('every order became exactly one voucher', async () => {
			const vouchers =
				await sandbox!.control.view<Array<{ body: { descripcionFacturador?: string } }>>(
					'vouchers',
				);
			const tags = new Map<string, number>();
			for (const voucher of vouchers)
				tags.set(
					String(voucher.body.descripcionFacturador),
					(tags.get(String(voucher.body.descripcionFacturador)) ?? 0) + 1,
				);
			for (let execution = 0; execution < EXECUTIONS; execution++) {
				for (let index = 0; index < ORDERS_PER_EXECUTION; index++)
					assert.equal(tags.get(orderTag(execution, index)), 1, orderTag(execution, index));
			}
		});
		await checks.check(
			`the expiry hit the run (${unauthorized} answers 401) and cost at most one password grant (password ${tokens.password}, refresh accepted ${tokens.refreshAccepted}, refresh refused ${tokens.refreshRefused})`,
			() => {
				assert.ok(
					expiredAt && expiredAt.stamped < total,
					'the tokens were not expired before the run ended',
				);
				assert.ok(unauthorized >= 1, 'no request met the expired token');
				assert.ok(tokens.refreshAccepted >= 1, 'no renewal after the expiry');
				assert.ok(tokens.password <= 1, `${tokens.password} password grants for one expiry`);
			},
		);

		checks.section(
			`Duplicate check: the same sale delivered twice, in a row and at the same moment (${DUPLICATE_TRIALS} trials per stamping time), two workers`,
		);
		const stampedUnder = async (folio: string) =>
			(
				await sandbox!.control.view<
					Array<{ state: string; uuid: string | null; body: { folio?: string } }>
				>('vouchers')
			).filter((voucher) => voucher.body.folio === folio && voucher.state === 'stamped');
		const inARow = [
			await deliverSale(mainProcess, 'QDUP-ROW'),
			await deliverSale(mainProcess, 'QDUP-ROW'),
		];
		await checks.check(
			'in a row: one invoice; the second execution returns its UUID as alreadyStamped',
			async () => {
				assert.deepEqual(
					inARow.map((item) => item.status),
					['stamped', 'alreadyStamped'],
					JSON.stringify(inARow),
				);
				assert.equal(inARow[1].uuid, inARow[0].uuid);
				assert.equal((await stampedUnder('QDUP-ROW')).length, 1);
			},
		);
		const simultaneous: Record<
			string,
			{ oneInvoice: number; twinReported: number; twoSilent: number }
		> = {};
		for (const stampingMs of [0, 300]) {
			await sandbox.control.action('setStampingTime', { ms: stampingMs });
			const tally = { oneInvoice: 0, twinReported: 0, twoSilent: 0 };
			for (let trial = 0; trial < DUPLICATE_TRIALS; trial++) {
				const key = `QDUP-${stampingMs}-${trial}`;
				const items = await Promise.all([
					deliverSale(mainProcess, key),
					deliverSale(mainProcess, key),
				]);
				const invoices = await stampedUnder(key);
				if (invoices.length === 1 && items.every((item) => item.uuid === invoices[0].uuid))
					tally.oneInvoice += 1;
				else if (invoices.length === 2 && items.some((item) => item.duplicate))
					tally.twinReported += 1;
				else tally.twoSilent += 1;
			}
			simultaneous[`${stampingMs} ms`] = tally;
		}
		await sandbox.control.action('setStampingTime', { ms: 0 });
		await checks.check(
			`at the same moment: never two invoices in silence (${JSON.stringify(simultaneous)})`,
			() => {
				for (const tally of Object.values(simultaneous)) assert.equal(tally.twoSilent, 0);
			},
		);

		console.log('\nFigures');
		console.log(
			`  duplicate check, two executions of one sale at the same moment, by stamping time: ${JSON.stringify(simultaneous)}`,
		);
		console.log(
			`  executions: ${results.map((run) => seconds(run.ms)).join(', ')}; started per worker: ${startedBy.join(', ')}`,
		);
		console.log(
			`  after the expiry: ${unauthorized} × 401; token calls: password ${tokens.password}, refresh accepted ${tokens.refreshAccepted}, refresh refused ${tokens.refreshRefused}; FAC119 answers ${counts.fac119}`,
		);
		console.log(
			`  token calls in order: ${requests
				.filter((request) => request.route === 'token')
				.map(
					(request) =>
						`${new URLSearchParams(request.body).get('grant_type') ?? ''}:${request.status}`,
				)
				.join(', ')}`,
		);
		console.log(`  whole run (incl. warm-up): ${JSON.stringify(counts.tokenCalls)}`);
	} catch (error) {
		checks.fail('the queue-mode run stopped', error);
	} finally {
		const stopping = Date.now();
		await Promise.all(processes.map((n8n) => n8n.stop().catch(() => undefined)));
		await sandbox?.stop().catch(() => undefined);
		await Promise.all(
			[redis?.stop(), postgres?.stop()].map((stop) => stop?.catch(() => undefined)),
		);
		mark('stop everything', stopping);
		if (userFolder && process.env.CFDI_E2E_KEEP)
			console.log(`\nn8n user folder kept: ${userFolder}`);
		else if (userFolder) rmSync(userFolder, { recursive: true, force: true });
	}

	console.log('\nTimings');
	for (const [label, ms] of Object.entries(timings))
		console.log(`  ${label.padEnd(60)} ${seconds(ms).padStart(8)}`);
	console.log(`  ${'total'.padEnd(60)} ${seconds(Date.now() - started).padStart(8)}`);
	return checks.summary();
}

runMain(main);
