/** One measured benchmark run, in its own process (see bench.ts). Prints one JSON line. */
import { isolateUserFolder } from './lib/isolatedUserFolder';
import { sandboxCredential } from '../test/support/sandboxCredential';
import { floorNodeType } from './bench/floorNode';
import { creditNotesRun, globalInvoiceRun, twinsRun } from './bench/monthRuns';
import { plainStamp } from './bench/plainClient';
import { vouchers, type RunResult, type WorkerArgs } from './bench/workerTypes';

export type { RunResult, WorkerArgs } from './bench/workerTypes';

isolateUserFolder('cfdi-bench-');

async function main() {
	const args = JSON.parse(process.argv[2]) as WorkerArgs;
	let items = 0;
	let binaryBytes = 0;
	let started = performance.now();
	let cpuAtStart = process.cpuUsage();
	if (args.mode === 'plain-stamp') {
		items = await plainStamp(args);
	} else if (args.mode === 'plain-stamp-no-keepalive') {
		items = await plainStamp(args, false);
	} else {
		const { Engine, shutdownEngine, cfdiNode } = await import('../test/support/engine/engine');
		const engine = new Engine(
			args.mode === 'engine-floor'
				? { nodeTypes: { 'bench.floor': await floorNodeType(args.stampingMode ?? 'direct') } }
				: {},
		);
		engine.setCredential(sandboxCredential(args));
		if (args.mode === 'engine-stamp') {
			const input = vouchers(args.n, args.series);
			// The run's own CPU: module loading and the input's making are not the node's cost.
			started = performance.now();
			cpuAtStart = process.cpuUsage();
			const { items: out } = await engine.runNode(
				{
					resource: 'voucher',
					operation: 'create',
					stampingMode: args.stampingMode ?? 'direct',
					inputMode: 'json',
					voucherJson: '={{ JSON.stringify($json.voucher) }}',
					...(args.duplicateCheck ? { duplicateCheck: args.duplicateCheck } : {}),
					options: { concurrency: args.concurrency },
				},
				input,
			);
			items = out.filter((item) => item.json.status === 'stamped').length;
		} else if (args.mode === 'engine-floor') {
			const input = vouchers(args.n, args.series).map((json) => ({ json }));
			const node = {
				...cfdiNode('Floor', {
					voucherJson: '={{ JSON.stringify($json.voucher) }}',
					concurrency: args.concurrency,
				}),
				type: 'bench.floor',
			};
			started = performance.now();
			cpuAtStart = process.cpuUsage();
			const run = await engine.runWorkflow([node], {}, input);
			const out = run.data.resultData.runData.Floor?.[0]?.data?.main?.[0] ?? [];
			items = out.filter((item) => item.json.status === 'stamped').length;
		} else if (args.mode === 'engine-series') {
			started = performance.now();
			cpuAtStart = process.cpuUsage();
			const { items: out } = await engine.runNode(
				{
					resource: 'voucher',
					operation: 'create',
					stampingMode: args.stampingMode ?? 'twoPhase',
					inputMode: 'json',
					voucherJson: '={{ JSON.stringify($json.voucher) }}',
					options: { concurrency: args.concurrency, retryDelayMs: 50 },
				},
				vouchers(args.n, args.series),
				{ continueOnFail: args.continueOnFail ?? true },
			);
			items = out.filter((item) => item.json.status === 'stamped').length;
		} else if (args.mode === 'engine-duplicate') {
			// A version 1.1 node: each voucher carries its sale's key (written as its folio).
			const keyed = vouchers(args.n, args.series).map((item, i) => ({
				...item,
				key: `${args.keyPrefix ?? 'K'}-${i}`,
			}));
			started = performance.now();
			const { items: out } = await engine.runNode(
				{
					resource: 'voucher',
					operation: 'create',
					stampingMode: 'direct',
					inputMode: 'json',
					voucherJson: '={{ JSON.stringify($json.voucher) }}',
					duplicateCheck: args.duplicateCheck ?? 'returnExisting',
					duplicateCheckKey: '={{ $json.key }}',
					options: { concurrency: args.concurrency },
				},
				keyed,
				{ typeVersion: 1.1 },
			);
			items = out.filter(
				(item) => item.json.status === 'stamped' || item.json.status === 'alreadyStamped',
			).length;
		} else if (
			args.mode === 'engine-global' ||
			args.mode === 'engine-ledger' ||
			args.mode === 'engine-twins'
		) {
			const run = {
				'engine-global': globalInvoiceRun,
				'engine-ledger': creditNotesRun,
				'engine-twins': twinsRun,
			}[args.mode];
			process.stdout.write(`${JSON.stringify(await run(engine, args))}\n`);
			return;
		} else if (args.mode === 'engine-pdf') {
			// Vouchers are stamped with the plain client so that only the PDF run weighs on memory.
			const uuids: string[] = [];
			await plainStamp({ ...args, concurrency: 8 }, true, uuids);
			started = performance.now();
			const { items: pdfs } = await engine.runNode(
				{
					resource: 'pdf',
					operation: 'getLink',
					uuid: '={{ $json.uuid }}',
					download: true,
					pdfOptions: { concurrency: args.concurrency },
				},
				uuids.map((uuid) => ({ uuid })),
			);
			items = pdfs.filter((item) => item.binary?.data).length;
			binaryBytes = pdfs.reduce(
				(sum, item) => sum + String(item.binary?.data?.data ?? '').length,
				0,
			);
		}
		shutdownEngine();
	}
	const ms = performance.now() - started;
	const cpu = process.cpuUsage(cpuAtStart);
	const cpuMs = (cpu.user + cpu.system) / 1000;
	(globalThis as { gc?: () => void }).gc?.();
	const heapAfterGcKb = Math.round(process.memoryUsage().heapUsed / 1024);
	const result: RunResult = {
		items,
		ms,
		maxRssKb: process.resourceUsage().maxRSS,
		binaryBytes,
		heapAfterGcKb,
		cpuMs,
	};
	process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error) => {
	process.stderr.write(`${String(error?.stack ?? error)}\n`);
	process.exit(1);
});
