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
 *                 [--only stamp --stamp-repeat 3 --stamping direct]   (only the Create table: direct/two-phase × check on/off)
 *                 [--cpu-prof <dir>]   (a V8 CPU profile of each measured run, for Chrome DevTools)
 *
 * Each measured run is a separate child process, so peak RSS belongs to that run alone; the
 * sandbox runs in this parent process and counts the calls.
 */
import { cpus, loadavg, totalmem } from 'node:os';

import { computeTotals } from '../nodes/CfdiEmision/cfdi/computeTotals';
import type { Voucher } from '../nodes/CfdiEmision/cfdi/types';
import { validateVoucher } from '../nodes/CfdiEmision/cfdi/validateVoucher';
import { CLAVE_PROD_SERV_CATALOG } from '../nodes/CfdiEmision/cfdi/catalogs/codeCatalogs';
import { VOUCHER_KINDS } from '../nodes/CfdiEmision/actions/voucher/kindsTable';
import { DEFAULT_ACCOUNT, startSandbox } from '../sandbox';
import { invoiceVoucher, manyLineVouchers } from '../test/support/vouchers';
import { BENCH_SERIES, kib, latencyMs, mb, only, runWorker, sizes } from './bench/common';
import { duplicateCase, freshOrderCase } from './bench/duplicateCases';
import { globalInvoiceCase, ledgerCase } from './bench/monthCases';
import { seriesCase, stampCase } from './bench/stampCases';

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
