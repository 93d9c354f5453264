/**
 * Benchmark: the node in the n8n-core engine against a plain HTTP client doing the same calls, both
 * against the sandbox with a fixed latency per call. Prints figures; asserts nothing about time.
 *
 *   npm run bench [-- --latency 20 --sizes 100,1000 --concurrency 1,4,8]
 *                 [--series 4 --series-n 200 --stamping-time 50 --repeat 3 --continue-on-fail on|off --only series]
 *                 [--only duplicate --duplicate-n 200 --window-fill 1000]   (the duplicate check's list calls)
 *                 [--only freshOrder --per-day 300,3000]   (list pages one fresh order's Duplicate Check reads)
 *                 [--only global --global-sizes 1000,5000,20000,50000]   (Create Global Invoice, heap capped at 1 GB)
 *                 [--only ledger --ledger-globals 1,3 --ledger-credits 1,10]   (credit notes against tickets of 2,000-sale global invoices)
 *                 [--only stamp --stamp-repeat 3]   (only the Create table: direct/two-phase × check on/off)
 *                 [--cpu-prof <dir>]   (a V8 CPU profile of each measured run, for Chrome DevTools)
 *
 * Each measured run is a separate child process, so peak RSS belongs to that run alone; the
 * sandbox runs in this parent process and counts the calls.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cpus, loadavg, totalmem } from 'node:os';

import { computeTotals, validateVoucher, type Voucher } from '../nodes/CfdiEmision/cfdi';
import { CLAVE_PROD_SERV_CATALOG } from '../nodes/CfdiEmision/cfdi/catalogs';
import { VOUCHER_KINDS } from '../nodes/CfdiEmision/actions/voucher/kindsTable';
import { DEFAULT_ACCOUNT, startSandbox, type Sandbox } from '../sandbox';
import { cfdiDateTime } from '../sandbox/clock';
import { Engine, shutdownEngine } from '../test/support/engine/engine';
import { sandboxCredential } from '../test/support/sandboxCredential';
import { corpusOrder } from '../test/support/corpusOrder';
import { isolateUserFolder } from './lib/isolatedUserFolder';
import { invoiceVoucher, manyLineVouchers } from '../test/support/vouchers';
import type { RunResult, WorkerArgs } from './benchWorker';

/** The value after `--name` on the command line, if given. */
function argValue(name: string): string | undefined {
	const index = process.argv.indexOf(`--${name}`);
	return index > 0 ? process.argv[index + 1] : undefined;
}

function argList(name: string, fallback: number[]): number[] {
	return argValue(name)?.split(',').map(Number) ?? fallback;
}

const latencyMs = argList('latency', [20])[0];
const sizes = argList('sizes', [100, 1000]);
const concurrencies = argList('concurrency', [1, 4, 8]);
const seriesCount = argList('series', [4])[0];
const seriesN = argList('series-n', [200])[0];
const stampingTimeMs = argList('stamping-time', [50])[0];
const seriesRepeat = argList('repeat', [3])[0];
/** The series case runs with Continue On Fail on unless `--continue-on-fail off`. */
const seriesContinueOnFail = argValue('continue-on-fail') !== 'off';
/**
 * The bench account has 8 series: the stamping table spreads its vouchers over all of them, so the
 * node's series-aware order (one stamp per series at a time) never holds an item back there at
 * concurrency <= 8; the series case uses the first `--series` of them.
 */
const BENCH_SERIES = ['A', 'B', 'F', 'NC', 'P', 'S6', 'S7', 'S8'];
const only = argValue('only');
const cpuProfDir = argValue('cpu-prof');
const cpuProfFlags = cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : [];

// Asynchronous on purpose: the sandbox in this process must keep answering while the child runs.
const run = promisify(execFile);

async function runWorker(
	sandbox: Sandbox,
	args: Omit<WorkerArgs, 'authUrl' | 'baseUrl' | 'series'> & { series?: string[] },
	nodeFlags: string[] = [],
): Promise<RunResult & { tokenCalls: number; userinfoCalls: number }> {
	sandbox.clearLog();
	const payload: WorkerArgs = {
		series: BENCH_SERIES,
		...args,
		authUrl: sandbox.authUrl,
		baseUrl: sandbox.baseUrl,
	};
	const { stdout: out } = await run(
		process.execPath,
		[
			'--expose-gc',
			...nodeFlags,
			...cpuProfFlags,
			'--import',
			'tsx',
			`${__dirname}/benchWorker.ts`,
			JSON.stringify(payload),
		],
		{
			encoding: 'utf8',
			maxBuffer: 64 * 1024 * 1024,
			env: { ...process.env, N8N_DIAGNOSTICS_ENABLED: 'false' },
		},
	);
	const result = JSON.parse(out.trim().split('\n').pop() as string) as RunResult;
	const count = (route: string) =>
		sandbox.requests.filter((request) => request.route === route).length;
	return { ...result, tokenCalls: count('token'), userinfoCalls: count('userinfo') };
}

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const median = (values: number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

/**
 * The series case: the sandbox holds a series for the stamping time of each stamp (FAC119 to a
 * second stamp meanwhile) and adds no other latency, so N vouchers over S series ideally take
 * N·L/S at any concurrency >= S.
 */
async function seriesCase(sandbox: Sandbox): Promise<void> {
	const previousLatency = sandbox.options.latencyMs;
	sandbox.setLatency(0);
	sandbox.setStampingTime(stampingTimeMs);
	try {
		const idealMs = (seriesN * stampingTimeMs) / seriesCount;
		console.log(
			`Series case: Voucher > Create, ${seriesN} vouchers over ${seriesCount} series (round robin), ${stampingTimeMs} ms stamping time per stamp (the sandbox holds the series meanwhile and answers FAC119 to a second stamp on it), no other latency, Continue On Fail ${seriesContinueOnFail ? 'on' : 'off (every item checked before any is sent)'}. Ideal N·L/S = ${(idealMs / 1000).toFixed(2)} s = ${((seriesN / idealMs) * 1000).toFixed(1)} items/s.\n`,
		);
		console.log(
			'| stamping mode | concurrency | stamped | seconds | items/s | speed-up vs median of concurrency 1 | ratio to ideal N·L/S | FAC119 answers | token calls | userinfo calls | node CPU per voucher | load average |',
		);
		console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
		const summary: string[] = [];
		for (const stampingMode of ['twoPhase', 'direct'] as const) {
			// Concurrency 1 and S alternate, so a change in the machine's load weighs on both alike.
			const runs: Array<{ concurrency: number; ms: number; line: (base: number) => string }> = [];
			for (let repeat = 0; repeat < seriesRepeat; repeat++) {
				for (const concurrency of [1, seriesCount]) {
					const busyBefore = sandbox.seriesBusyCount();
					const run = await runWorker(sandbox, {
						mode: 'engine-series',
						n: seriesN,
						concurrency,
						series: BENCH_SERIES.slice(0, seriesCount),
						stampingMode,
						continueOnFail: seriesContinueOnFail,
					});
					const busy = sandbox.seriesBusyCount() - busyBefore;
					const rate = seriesN / (run.ms / 1000);
					const load = loadavg()[0];
					runs.push({
						concurrency,
						ms: run.ms,
						line: (base) =>
							`| ${stampingMode} | ${concurrency} | ${run.items} | ${(run.ms / 1000).toFixed(2)} | ${rate.toFixed(1)} | ${(rate / base).toFixed(2)}x | ${(idealMs / run.ms).toFixed(2)} | ${busy} | ${run.tokenCalls} | ${run.userinfoCalls} | ${(run.cpuMs / seriesN).toFixed(1)} ms | ${load.toFixed(1)} |`,
					});
				}
			}
			const medianMs = (concurrency: number) =>
				median(runs.filter((run) => run.concurrency === concurrency).map((run) => run.ms));
			const base = seriesN / (medianMs(1) / 1000);
			for (const run of runs) console.log(run.line(base));
			summary.push(`${stampingMode} ${(medianMs(1) / medianMs(seriesCount)).toFixed(2)}x`);
		}
		console.log(
			`\nSpeed-up at concurrency ${seriesCount} over concurrency 1 (median of ${seriesRepeat} runs each): ${summary.join(', ')}.`,
		);
		console.log('');
	} finally {
		sandbox.setStampingTime(0);
		sandbox.setLatency(previousLatency);
	}
}

/**
 * Voucher > Create through n8n's engine against a plain client making the same stamping calls
 * (direct: one POST; two-phase: POST pending, then PUT ...?emitir=true), for each stamping mode and
 * Duplicate Check on (its default, Return Existing) and off. The plain client reads no list: the
 * check's list reads are part of the node's cost. Each engine run has an account of its own (the
 * list holds that run's vouchers only). `--stamp-repeat` runs each case that often
 * (engine and plain alternate, so a change in the machine's load weighs on both); the ratio is the
 * median one, CPU per voucher min / median (process.cpuUsage of the measured run only).
 */
async function stampCase(sandbox: Sandbox): Promise<void> {
	const repeat = argList('stamp-repeat', [1])[0];
	console.log(
		`"plain" is Node's fetch (keep-alive), the same stamping calls, no list reads; "plain, new connection each" is node:http without keep-alive (direct only), which is how n8n's request helper connects. ${repeat} run(s) per case: ratio is the median, CPU min / median.\n`,
	);
	console.log(
		'| N | concurrency | stamping | Duplicate Check | engine items/s | plain items/s | node/plain (time) | engine CPU ms per voucher | plain CPU ms per voucher | list reads | plain, new connection each, items/s | node/that (time) | token calls | userinfo calls | engine peak RSS |',
	);
	console.log('|---:|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
	const cases = [
		['direct', 'returnExisting'],
		['direct', 'off'],
		['twoPhase', 'returnExisting'],
		['twoPhase', 'off'],
		// n8n's floor: the same expression and calls through n8n's helpers, nothing of ours but the credential.
		['direct', 'floor'],
		['twoPhase', 'floor'],
	] as const;
	for (const n of sizes) {
		for (const concurrency of concurrencies) {
			for (const [stampingMode, duplicateCheck] of cases) {
				const engineRuns: Array<
					RunResult & { lists: number; tokenCalls: number; userinfoCalls: number }
				> = [];
				const plainRuns: RunResult[] = [];
				for (let round = 0; round < repeat; round++) {
					// A fresh account per engine run: the check's list reads then cover this run's own
					// vouchers only, not every earlier run's (which would make later cases read more pages).
					const own = await startSandbox({
						latencyMs,
						accounts: [{ ...DEFAULT_ACCOUNT, series: BENCH_SERIES }],
					});
					const engine = await runWorker(own, {
						mode: duplicateCheck === 'floor' ? 'engine-floor' : 'engine-stamp',
						n,
						concurrency,
						stampingMode,
						...(duplicateCheck === 'floor' ? {} : { duplicateCheck }),
					});
					const lists = own.requests.filter((r) => r.route === 'listVouchers').length;
					await own.close();
					const plain = await runWorker(sandbox, {
						mode: 'plain-stamp',
						n,
						concurrency,
						stampingMode,
					});
					if (engine.items !== n || plain.items !== n)
						throw new Error(`run incomplete: engine ${engine.items}, plain ${plain.items} of ${n}`);
					engineRuns.push({ ...engine, lists });
					plainRuns.push(plain);
				}
				const fresh =
					stampingMode === 'direct' && duplicateCheck === 'returnExisting'
						? await runWorker(sandbox, { mode: 'plain-stamp-no-keepalive', n, concurrency })
						: undefined;
				const rate = (run: RunResult) => n / (run.ms / 1000);
				const ratio = median(engineRuns.map((run, i) => run.ms / plainRuns[i].ms));
				const cpu = engineRuns.map((run) => run.cpuMs / n);
				const plainCpu = plainRuns.map((run) => run.cpuMs / n);
				const last = engineRuns[engineRuns.length - 1];
				console.log(
					`| ${n} | ${concurrency} | ${stampingMode} | ${{ off: 'off', returnExisting: 'on', floor: 'n8n floor (no CFDI node)' }[duplicateCheck]} | ${median(engineRuns.map(rate)).toFixed(1)} | ${median(plainRuns.map(rate)).toFixed(1)} | ${ratio.toFixed(2)} | ${Math.min(...cpu).toFixed(2)} / ${median(cpu).toFixed(2)} | ${median(plainCpu).toFixed(2)} | ${last.lists} | ${fresh ? rate(fresh).toFixed(1) : ''} | ${fresh ? (median(engineRuns.map((run) => run.ms)) / fresh.ms).toFixed(2) : ''} | ${last.tokenCalls} | ${last.userinfoCalls} | ${mb(last.maxRssKb)} |`,
				);
			}
		}
	}
}

/**
 * The duplicate check's cost: list requests per run and per voucher, and the rate, for a run that
 * stamps N new vouchers (check off, then on) and for the same run delivered again (everything found,
 * nothing sent). The list cannot be filtered by series or folio, so a pass reads every voucher of
 * the window: measured on an empty account and with `--window-fill` other vouchers in the window.
 */
async function duplicateCase(): Promise<void> {
	const n = argList('duplicate-n', [200])[0];
	const fill = argList('window-fill', [1000])[0];
	console.log(
		`Duplicate check: Voucher > Create (version 1.1, direct stamping, concurrency 4), ${n} vouchers each with its Duplicate Check Key, ${latencyMs} ms latency per call, list pages of 100.\n`,
	);
	console.log(
		'| other vouchers in the window | run | items/s | list requests | list requests per voucher | stamps sent |',
	);
	console.log('|---:|---|---:|---:|---:|---:|');
	for (const others of [0, fill]) {
		const sandbox = await startSandbox({
			latencyMs,
			accounts: [{ ...DEFAULT_ACCOUNT, series: BENCH_SERIES }],
		});
		try {
			if (others) await runWorker(sandbox, { mode: 'plain-stamp', n: others, concurrency: 8 });
			const cases: Array<[string, 'off' | 'returnExisting', string]> = [
				['new sales, check Off', 'off', 'OFF'],
				['new sales, Return Existing', 'returnExisting', 'ON'],
				['the same sales again (re-delivery)', 'returnExisting', 'ON'],
			];
			for (const [label, duplicateCheck, keyPrefix] of cases) {
				const result = await runWorker(sandbox, {
					mode: 'engine-duplicate',
					n,
					concurrency: 4,
					duplicateCheck,
					keyPrefix,
				});
				const count = (route: string) =>
					sandbox.requests.filter((request) => request.route === route).length;
				const lists = count('listVouchers');
				console.log(
					`| ${others} | ${label} | ${(n / (result.ms / 1000)).toFixed(1)} | ${lists} | ${(lists / n).toFixed(3)} | ${count('createVoucher')} |`,
				);
			}
		} finally {
			await sandbox.close();
		}
	}
	console.log('');
	const trials = argList('twin-trials', [20])[0];
	console.log(
		`Two executions of the same sale at the same moment (${trials} trials each, each trial a new key): how often one invoice, two with the twin reported, two in silence.\n`,
	);
	console.log(
		'| stamping mode | stamping time | one invoice | two, twin reported | two in silence |',
	);
	console.log('|---|---:|---:|---:|---:|');
	for (const [stampingMode, stampingTime] of [
		['twoPhase', 0],
		['twoPhase', 150],
		['direct', 0],
		['direct', 150],
	] as const) {
		const sandbox = await startSandbox({
			latencyMs,
			stampingTimeMs: stampingTime,
			accounts: [{ ...DEFAULT_ACCOUNT, series: BENCH_SERIES }],
		});
		try {
			const result = await runWorker(sandbox, {
				mode: 'engine-twins',
				n: trials,
				concurrency: 1,
				stampingMode,
				keyPrefix: `${stampingMode}${stampingTime}`,
			});
			const twins = result.twins ?? { oneInvoice: 0, twinReported: 0, twoSilent: 0 };
			console.log(
				`| ${stampingMode} | ${stampingTime} ms | ${twins.oneInvoice} | ${twins.twinReported} | ${twins.twoSilent} |`,
			);
		} finally {
			await sandbox.close();
		}
	}
	console.log('');
}

/** Pure CFDI work, no network: Compute Totals + the local checks, as Create runs them per item. */
function validationCase(): void {
	const vouchers = manyLineVouchers(() => invoiceVoucher() as unknown as Voucher, 300, 20);
	const started = performance.now();
	let findings = 0;
	for (const voucher of vouchers)
		findings += validateVoucher(VOUCHER_KINDS.complete(computeTotals(voucher).voucher), {
			kinds: VOUCHER_KINDS,
		}).errors.length;
	const ms = performance.now() - started;
	console.log(
		`CFDI validation: Compute Totals + local checks of 300 vouchers of 20 lines: ${ms.toFixed(0)} ms (${(ms / 300).toFixed(2)} ms per voucher), ${findings} findings.\n`,
	);
}

/**
 * The list pages one fresh order costs (issue 27 item 9): an account that stamped `perDay` vouchers
 * a day for the last 4 days (stored vouchers dated back evenly), then Create in Order mode for an
 * order placed 2 minutes ago, Duplicate Check Return Existing: the list pages read before the stamp
 * (the check) and after it (the twin look-up).
 */
async function freshOrderCase(): Promise<void> {
	const rates = argList('per-day', [300, 3000]);
	// n8n-core writes its settings into the user folder: a throw-away one, as the tests use.
	isolateUserFolder('cfdi-bench-');
	console.log(
		'Duplicate Check of one fresh order (Order mode, version 1.1, Return Existing, list pages of 100): list pages per execution.\n',
	);
	console.log(
		'| vouchers a day | vouchers on the account (4 days) | pages before the stamp | pages after (twin look-up) | stamped |',
	);
	console.log('|---:|---:|---:|---:|---:|');
	for (const perDay of rates) {
		const sandbox = await startSandbox({
			accounts: [{ ...DEFAULT_ACCOUNT, series: BENCH_SERIES }],
		});
		const engine = new Engine();
		engine.setCredential(sandboxCredential(sandbox));
		try {
			const params = {
				resource: 'voucher',
				operation: 'create',
				inputMode: 'order',
				order: '={{ $json }}',
				emisorRfc: 'EKU9003173C9',
				emisorNombre: 'ESCUELA KEMPER URGATE',
				emisorRegimenFiscal: '601',
				lugarExpedicion: '64000',
				serie: 'A',
				stampingMode: 'direct',
			};
			const seed = corpusOrder('example-1');
			seed.created_at = new Date().toISOString();
			await engine.runNode({ ...params, duplicateCheck: 'off' }, [seed], { typeVersion: 1.1 });
			const [template] = [...sandbox.vouchers.values()];
			const now = Date.now();
			const total = perDay * 4;
			for (let index = 1; index <= total; index++) {
				const id = 100_000 + index;
				sandbox.vouchers.set(id, {
					...template,
					id,
					uuid: `BENCH${String(index).padStart(8, '0')}-0000-4000-8000-000000000000`,
					fecha: cfdiDateTime(now - 120_000 - Math.floor((index * 86_400_000) / perDay)),
					body: { ...template.body, folio: `X${index}` },
				});
			}
			sandbox.clearLog();
			const order = corpusOrder('example-1');
			order.id = 7_700_000_000_001;
			order.order_number = 99_001;
			order.name = '#99001';
			order.created_at = new Date(now - 120_000).toISOString();
			const { items } = await engine.runNode(params, [order], { typeVersion: 1.1 });
			const routes = sandbox.requests.map((request) => request.route);
			const stampAt = routes.indexOf('createVoucher');
			const before = routes.slice(0, stampAt).filter((route) => route === 'listVouchers').length;
			const after = routes.slice(stampAt).filter((route) => route === 'listVouchers').length;
			console.log(
				`| ${perDay} | ${total + 1} | ${before} | ${after} | ${String(items[0]?.json.status)} |`,
			);
		} finally {
			await sandbox.close();
		}
	}
	shutdownEngine();
	console.log('');
}

/**
 * The product-code picker's search (methods.listSearch) with a normal filter and with a
 * 20,000-character one (pasted text): the search runs in n8n's main process, so it must answer fast
 * whatever is typed. The catalog is loaded once before timing.
 */
function catalogSearchCase(): void {
	CLAVE_PROD_SERV_CATALOG.search('');
	// Words every name holds make the search compare each of them with every entry: the costly case.
	const filters: Array<[string, string]> = [
		['"facturacion"', 'facturacion'],
		['"a " × 10,000 (20,000 characters)', 'a '.repeat(10_000)],
		['"de " × 6,667 (20,000 characters)', 'de '.repeat(6_667).slice(0, 20_000)],
	];
	const parts = filters.map(([label, filter]) => {
		const started = performance.now();
		const found = CLAVE_PROD_SERV_CATALOG.search(filter).length;
		return `${label} ${(performance.now() - started).toFixed(0)} ms (${found} found)`;
	});
	console.log(
		`Catalog picker search over ${CLAVE_PROD_SERV_CATALOG.size} product codes: ${parts.join('; ')}.\n`,
	);
}

/**
 * The month-end global invoice: Create Global Invoice of N sales in one execution, in a process whose
 * heap is capped at 1 GB as an n8n instance might be; time in the node, CPU, peak heap and RSS.
 */
async function globalInvoiceCase(sandbox: Sandbox): Promise<void> {
	const globalSizes = argList('global-sizes', [1000, 5000, 20000, 50000]);
	console.log(
		'Create Global Invoice of a month (tax-included sales at 16 %, Sales Per Global Invoice at its default), one execution, heap capped at 1 GB (--max-old-space-size=1024):\n',
	);
	console.log(
		'| sales | global invoices | list requests | XML downloads | time in the node | CPU | ms per sale | peak heap | peak RSS |',
	);
	console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
	for (const [position, n] of globalSizes.entries()) {
		const month = String((position % 12) + 1).padStart(2, '0');
		// Earlier rows' global invoices stay in the sandbox: this run reads the list and their XML.
		sandbox.clearLog();
		const result = await runWorker(sandbox, { mode: 'engine-global', n, concurrency: 1, month }, [
			'--max-old-space-size=1024',
		]).catch((error: Error) => ({ failed: error.message.split('\n').slice(-3).join(' ') }));
		if ('failed' in result) {
			console.log(`| ${n} | the run died: ${result.failed} | | | | | | | |`);
			continue;
		}
		if (result.items !== n) throw new Error(`global run incomplete: ${result.items} of ${n} sales`);
		const routes = sandbox.requests.map((request) => request.route);
		const count = (route: string) => routes.filter((each) => each === route).length;
		console.log(
			`| ${n} | ${result.parts} | ${count('listVouchers')} | ${count('downloadXml')} | ${(result.ms / 1000).toFixed(1)} s | ${(result.cpuMs / 1000).toFixed(1)} s | ${(result.ms / n).toFixed(2)} | ${mb(result.peakHeapKb ?? 0)} | ${mb(result.maxRssKb)} |`,
		);
	}
	console.log('');
}

/**
 * The sale's ledger before a credit note of a global invoice's ticket: the period holds G global
 * invoices of 2,000 sales each (to the general public, as the credit notes are); one run credits K
 * tickets of the first. Requests the run sent by route, time, CPU and peak heap.
 */
async function ledgerCase(sandbox: Sandbox): Promise<void> {
	const globalCounts = argList('ledger-globals', [1, 3]);
	const creditCounts = argList('ledger-credits', [1, 10]);
	console.log(
		'Credit notes against tickets of a 2,000-sale global invoice (Create Credit Note, Ticket in the Global Invoice), with G global invoices of 2,000 sales in the period; one run of K notes:\n',
	);
	console.log(
		'| G globals | K notes | stamped | list requests | XML downloads | other requests | time in the node | CPU | peak heap |',
	);
	console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
	for (const [position, globals] of globalCounts.entries()) {
		const month = String((position % 12) + 1).padStart(2, '0');
		await runWorker(sandbox, { mode: 'engine-global', n: globals * 2000, concurrency: 1, month });
		const holder = [...sandbox.vouchers.values()].find(
			(voucher) =>
				voucher.state === 'stamped' &&
				(voucher.body as { informacionGlobal?: { meses?: string } }).informacionGlobal?.meses ===
					month &&
				JSON.stringify(voucher.body).includes('"S-1"'),
		);
		if (!holder?.uuid) throw new Error(`no global invoice of month ${month}`);
		for (const credits of creditCounts) {
			const tickets = Array.from({ length: credits }, (_, i) => `S-${i + 1 + credits * 100}`);
			const result = await runWorker(sandbox, {
				mode: 'engine-ledger',
				n: credits,
				concurrency: 1,
				globalUuid: holder.uuid,
				tickets,
			});
			const count = (route: string) =>
				sandbox.requests.filter((request) => request.route === route).length;
			const api = sandbox.requests.filter((request) => request.server === 'api').length;
			const list = count('listVouchers');
			const xml = count('downloadXml');
			console.log(
				`| ${globals} | ${credits} | ${result.items} | ${list} | ${xml} | ${api - list - xml} | ${(result.ms / 1000).toFixed(1)} s | ${(result.cpuMs / 1000).toFixed(1)} s | ${mb(result.peakHeapKb ?? 0)} |`,
			);
		}
	}
	console.log('');
}

async function main() {
	if (only === 'freshOrder') {
		await freshOrderCase();
		return;
	}
	validationCase();
	catalogSearchCase();
	if (only === 'catalog') return;
	if (only === 'duplicate') {
		await duplicateCase();
		return;
	}
	const sandbox = await startSandbox({
		latencyMs,
		accounts: [{ ...DEFAULT_ACCOUNT, series: BENCH_SERIES }],
	});
	try {
		if (only === 'global') {
			await globalInvoiceCase(sandbox);
			return;
		}
		if (only === 'ledger') {
			await ledgerCase(sandbox);
			return;
		}
		if (only === 'series') {
			console.log(
				`CFDI node benchmark: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${loadavg()[0].toFixed(1)} at start\n`,
			);
			await seriesCase(sandbox);
			return;
		}
		console.log(
			`CFDI node benchmark: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, sandbox latency ${latencyMs} ms per call`,
		);
		console.log(
			`Operation: Voucher > Create, JSON input mode, fresh credential per run, vouchers spread round robin over ${BENCH_SERIES.length} series (no stamping time: the series lock never answers FAC119 here).\n`,
		);
		await stampCase(sandbox);
		if (only === 'stamp') return;
		console.log('');
		await globalInvoiceCase(sandbox);
		await seriesCase(sandbox);
		await duplicateCase();

		console.log(
			'PDF download as n8n binary data (PDF > Get Link with Download on, concurrency 4):\n',
		);
		console.log(
			'| N | items/s | peak RSS | heap after GC | binary data held in items (base64) | baseline: RSS / heap after GC (engine loaded, no run) |',
		);
		console.log('|---:|---:|---:|---:|---:|---:|');
		const baseline = await runWorker(sandbox, { mode: 'engine-idle', n: 0, concurrency: 1 });
		for (const n of sizes) {
			const pdf = await runWorker(sandbox, { mode: 'engine-pdf', n, concurrency: 4 });
			if (pdf.items !== n) throw new Error(`PDF run incomplete: ${pdf.items} of ${n}`);
			console.log(
				`| ${n} | ${(n / (pdf.ms / 1000)).toFixed(1)} | ${mb(pdf.maxRssKb)} | ${mb(pdf.heapAfterGcKb)} | ${kib(pdf.binaryBytes)} | ${mb(baseline.maxRssKb)} / ${mb(baseline.heapAfterGcKb)} |`,
			);
		}
	} finally {
		await sandbox.close();
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
