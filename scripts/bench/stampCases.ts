/**
 * The stamping tables: Voucher > Create against a plain client and n8n's own floor (stampCase), and
 * stamps held by a busy series (seriesCase).
 */
import { loadavg } from 'node:os';

import { DEFAULT_ACCOUNT, startSandbox, type Sandbox } from '../../sandbox';
import type { RunResult } from './workerTypes';
import {
	argList,
	argValue,
	BENCH_SERIES,
	concurrencies,
	latencyMs,
	mb,
	median,
	runWorker,
	seriesContinueOnFail,
	seriesCount,
	seriesN,
	seriesRepeat,
	sizes,
	stampingTimeMs,
} from './common';

/**
 * The series case: the sandbox holds a series for the stamping time of each stamp (FAC119 to a
 * second stamp meanwhile) and adds no other latency, so N vouchers over S series ideally take
 * N·L/S at any concurrency >= S.
 */
export async function seriesCase(sandbox: Sandbox): Promise<void> {
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

type EngineRun = RunResult & { lists: number; tokenCalls: number; userinfoCalls: number };

/** One engine run on an account of its own: the check's list reads then cover this run's vouchers only. */
async function ownAccountRun(
	n: number,
	concurrency: number,
	stampingMode: 'direct' | 'twoPhase',
	check: 'returnExisting' | 'off' | 'floor',
): Promise<EngineRun> {
	const own = await startSandbox({
		latencyMs,
		accounts: [{ ...DEFAULT_ACCOUNT, series: BENCH_SERIES }],
	});
	try {
		const run = await runWorker(own, {
			mode: check === 'floor' ? 'engine-floor' : 'engine-stamp',
			n,
			concurrency,
			stampingMode,
			...(check === 'floor' ? {} : { duplicateCheck: check }),
		});
		if (run.items !== n) throw new Error(`run incomplete: ${run.items} of ${n} (${check})`);
		const lists = own.requests.filter((request) => request.route === 'listVouchers').length;
		return { ...run, lists };
	} finally {
		await own.close();
	}
}

/**
 * Voucher > Create through n8n's engine, for each stamping mode with the Duplicate Check on (its
 * default, Return Existing) and off, beside n8n's floor (the same expression and calls through
 * n8n's helpers, nothing of ours but the credential) and a plain client making the same stamping
 * calls (direct: one POST; two-phase: POST pending, then PUT ...?emitir=true; no list reads: the
 * check's reads are part of the node's cost). `--stamp-repeat` rounds; in each, the floor, check on,
 * check off and plain run one after the other, so a change in the machine's load weighs on all.
 * Time ratios are medians of the rounds' ratios; CPU per voucher (process.cpuUsage of the measured
 * run only) min / median; "ours above the floor" the median of the rounds' differences.
 */
export async function stampCase(sandbox: Sandbox): Promise<void> {
	const repeat = argList('stamp-repeat', [1])[0];
	// `--stamping direct` (or twoPhase) measures one stamping mode only.
	const stampingModes = (['direct', 'twoPhase'] as const).filter(
		(mode) => (argValue('stamping') ?? mode) === mode,
	);
	console.log(
		`"n8n floor" is a node with nothing of ours but the credential, the same JSON expression and stamping calls through httpRequestWithAuthentication at the same concurrency; "plain" is Node's fetch (keep-alive), the same stamping calls, no list reads; "plain, new connection each" is node:http without keep-alive (direct only), which is how n8n's request helper connects. ${repeat} round(s): time ratios are medians, CPU min / median.\n`,
	);
	console.log(
		'| N | concurrency | stamping | Duplicate Check | engine items/s | n8n floor items/s | node/floor (time) | engine CPU ms per voucher | n8n floor CPU ms per voucher | ours above the floor (CPU ms per voucher) | plain items/s | node/plain (time) | list reads | plain, new connection each, items/s | node/that (time) | token calls | userinfo calls | engine peak RSS |',
	);
	console.log(
		'|---:|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
	);
	const checks = ['returnExisting', 'off', 'floor'] as const;
	const label = { returnExisting: 'on', off: 'off', floor: 'n8n floor (no CFDI node)' };
	const fixed = (value: number) => value.toFixed(2);
	for (const n of sizes) {
		for (const concurrency of concurrencies) {
			for (const stampingMode of stampingModes) {
				const runs = { returnExisting: [], off: [], floor: [] } as Record<
					(typeof checks)[number],
					EngineRun[]
				>;
				const plainRuns: RunResult[] = [];
				for (let round = 0; round < repeat; round++) {
					for (const check of ['floor', 'returnExisting', 'off'] as const)
						runs[check].push(await ownAccountRun(n, concurrency, stampingMode, check));
					const plain = await runWorker(sandbox, {
						mode: 'plain-stamp',
						n,
						concurrency,
						stampingMode,
					});
					if (plain.items !== n) throw new Error(`plain run incomplete: ${plain.items} of ${n}`);
					plainRuns.push(plain);
				}
				const fresh =
					stampingMode === 'direct'
						? await runWorker(sandbox, { mode: 'plain-stamp-no-keepalive', n, concurrency })
						: undefined;
				const rate = (run: RunResult) => n / (run.ms / 1000);
				const cpu = (run: RunResult) => run.cpuMs / n;
				const floors = runs.floor;
				const floorCpu = floors.map(cpu);
				for (const check of checks) {
					const engineRuns = runs[check];
					const last = engineRuns[engineRuns.length - 1];
					const perRound = (of: (run: EngineRun, round: number) => number) =>
						median(engineRuns.map(of));
					const cpus = engineRuns.map(cpu);
					const cells = [
						n,
						concurrency,
						stampingMode,
						label[check],
						perRound(rate).toFixed(1),
						median(floors.map(rate)).toFixed(1),
						fixed(perRound((run, round) => run.ms / floors[round].ms)),
						`${fixed(Math.min(...cpus))} / ${fixed(median(cpus))}`,
						`${fixed(Math.min(...floorCpu))} / ${fixed(median(floorCpu))}`,
						fixed(perRound((run, round) => cpu(run) - floorCpu[round])),
						median(plainRuns.map(rate)).toFixed(1),
						fixed(perRound((run, round) => run.ms / plainRuns[round].ms)),
						last.lists,
						check === 'returnExisting' && fresh ? rate(fresh).toFixed(1) : '',
						check === 'returnExisting' && fresh ? fixed(perRound((run) => run.ms / fresh.ms)) : '',
						last.tokenCalls,
						last.userinfoCalls,
						mb(last.maxRssKb),
					];
					console.log(`| ${cells.join(' | ')} |`);
				}
			}
		}
	}
}
