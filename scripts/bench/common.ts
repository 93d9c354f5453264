/** What every bench case shares: the command line's options, and one measured run in its own process. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import type { Sandbox } from '../../sandbox';
import type { RunResult, WorkerArgs } from './workerTypes';

/** The value after `--name` on the command line, if given. */
export function argValue(name: string): string | undefined {
	const index = process.argv.indexOf(`--${name}`);
	return index > 0 ? process.argv[index + 1] : undefined;
}

export function argList(name: string, fallback: number[]): number[] {
	return argValue(name)?.split(',').map(Number) ?? fallback;
}

export const latencyMs = argList('latency', [20])[0];
export const sizes = argList('sizes', [100, 1000]);
export const concurrencies = argList('concurrency', [1, 4, 8]);
export const seriesCount = argList('series', [4])[0];
export const seriesN = argList('series-n', [200])[0];
export const stampingTimeMs = argList('stamping-time', [50])[0];
export const seriesRepeat = argList('repeat', [3])[0];
/** The series case runs with Continue On Fail on unless `--continue-on-fail off`. */
export const seriesContinueOnFail = argValue('continue-on-fail') !== 'off';
/**
 * The bench account has 8 series: the stamping table spreads its vouchers over all of them, so the
 * node's series-aware order (one stamp per series at a time) never holds an item back there at
 * concurrency <= 8; the series case uses the first `--series` of them.
 */
export const BENCH_SERIES = ['A', 'B', 'F', 'NC', 'P', 'S6', 'S7', 'S8'];
export const only = argValue('only');
export const cpuProfDir = argValue('cpu-prof');
export const cpuProfFlags = cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : [];

// Asynchronous on purpose: the sandbox in this process must keep answering while the child runs.
const run = promisify(execFile);

export async function runWorker(
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
			`${__dirname}/../benchWorker.ts`,
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

export const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
export const median = (values: number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
