/** The Duplicate Check's list calls (duplicateCase) and the list pages one fresh order reads (freshOrderCase). */
import { DEFAULT_ACCOUNT, startSandbox } from '../../sandbox';
import { mexicoCityDateTime } from '../../sandbox/clock';
import { Engine, shutdownEngine } from '../../test/support/engine/engine';
import { sandboxCredential } from '../../test/support/sandboxCredential';
import { corpusOrder } from '../../test/support/corpusOrder';
import { isolateUserFolder } from '../lib/isolatedUserFolder';
import { argList, BENCH_SERIES, latencyMs, runWorker } from './common';

/**
 * The duplicate check's cost: list requests per run and per voucher, and the rate, for a run that
 * stamps N new vouchers (check off, then on) and for the same run delivered again (everything found,
 * nothing sent). The list cannot be filtered by series or folio, so a pass reads every voucher of
 * the window: measured on an empty account and with `--window-fill` other vouchers in the window.
 */
export async function duplicateCase(): Promise<void> {
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

/**
 * The list pages one fresh order costs (issue 27 item 9): an account that stamped `perDay` vouchers
 * a day for the last 4 days (stored vouchers dated back evenly), then Create in Order mode for an
 * order placed 2 minutes ago, Duplicate Check Return Existing: the list pages read before the stamp
 * (the check) and after it (the twin look-up).
 */
export async function freshOrderCase(): Promise<void> {
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
					fecha: mexicoCityDateTime(now - 120_000 - Math.floor((index * 86_400_000) / perDay)),
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
