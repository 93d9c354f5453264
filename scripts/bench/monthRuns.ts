/**
 * The bench worker's runs of a month's end and of simultaneous executions, each through n8n's
 * engine: Create Global Invoice of a month (engine-global), credit notes against its tickets
 * (engine-ledger), and two executions of one sale at the same moment (engine-twins).
 */
import type { INodeExecutionData } from 'n8n-workflow';

import type { Engine } from '../../test/support/engine/engine';
import { shutdownEngine } from '../../test/support/engine/engine';
import { invoiceVoucher } from '../../test/support/vouchers';
import { RUN_TAG, type RunResult, type WorkerArgs } from './workerTypes';

/**
 * One execution of a version 1.1 node on `items`, measured: wall time, CPU, and the peak heap
 * sampled every 10 ms; the engine is shut down after it (the worker runs one execution).
 */
async function measuredRun(
	engine: Engine,
	parameters: Parameters<Engine['runNode']>[0],
	items: Parameters<Engine['runNode']>[1],
): Promise<{ out: INodeExecutionData[]; measures: Omit<RunResult, 'items'> }> {
	let peakHeap = 0;
	const sampler = setInterval(() => {
		peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
	}, 10);
	const started = performance.now();
	const cpuAtStart = process.cpuUsage();
	const { items: out, error } = await engine.runNode(parameters, items, { typeVersion: 1.1 });
	const ms = performance.now() - started;
	const cpu = process.cpuUsage(cpuAtStart);
	clearInterval(sampler);
	if (error) throw error;
	shutdownEngine();
	return {
		out,
		measures: {
			ms,
			maxRssKb: process.resourceUsage().maxRSS,
			binaryBytes: 0,
			heapAfterGcKb: 0,
			cpuMs: (cpu.user + cpu.system) / 1000,
			peakHeapKb: Math.round(peakHeap / 1024),
		},
	};
}

/** A month of N tax-included sales at 16 %: one execution; its parts and peak heap. */
export async function globalInvoiceRun(engine: Engine, args: WorkerArgs): Promise<RunResult> {
	// A month of N tax-included sales at 16 %, in parts of the default size (a month of 2024).
	const sales = Array.from({ length: args.n }, (_, i) => ({
		ticket: `S-${i + 1}`,
		total: Number((37 + ((i * 137) % 9000) / 100 + (i % 7) * 1.01).toFixed(2)),
	}));
	const { out, measures } = await measuredRun(
		engine,
		{
			resource: 'voucher',
			operation: 'createGlobalInvoice',
			emisorRfc: 'EKU9003173C9',
			emisorNombre: 'ESCUELA KEMPER URGATE',
			emisorRegimenFiscal: '601',
			serie: args.series[0],
			lugarExpedicion: '64000',
			formaPago: '01',
			globalPeriodicity: '04',
			globalMonth: args.month ?? '05',
			globalYear: 2024,
			saleTicket: '={{ $json.ticket }}',
			saleAmount: '={{ $json.total }}',
			options: { noCalcularFecha: true, fecha: '2024-06-01T09:00:00' },
		},
		sales,
	);
	const stamped = out.filter((item) => item.json.status === 'stamped');
	const declared = stamped.reduce(
		(sum, item) =>
			sum + Number((item.json.globalInvoicePart as { sales?: number })?.sales ?? args.n),
		0,
	);
	return { items: declared, ...measures, parts: stamped.length };
}

/** Credit notes against tickets of a global invoice: one execution, its peak heap. */
export async function creditNotesRun(engine: Engine, args: WorkerArgs): Promise<RunResult> {
	// One run of credit notes, each against one ticket of the global invoice (1.00 each).
	const { out, measures } = await measuredRun(
		engine,
		{
			resource: 'voucher',
			operation: 'createCreditNote',
			serie: args.series[0],
			lugarExpedicion: '64000',
			formaPago: '04',
			creditedInvoices: { invoice: [{ uuid: args.globalUuid }] },
			globalSaleTicket: '={{ $json.ticket }}',
			creditAmount: 1,
			duplicateCheckKey: '={{ $json.refund }}',
			options: { noCalcularFecha: true, fecha: '2024-06-10T10:00:00' },
		},
		(args.tickets ?? []).map((ticket) => ({ ticket, refund: `${RUN_TAG}-${ticket}` })),
	);
	return { items: out.filter((item) => item.json.status === 'stamped').length, ...measures };
}

/** `n` trials of one sale run by two executions at the same moment: how each ended. */
export async function twinsRun(engine: Engine, args: WorkerArgs): Promise<RunResult> {
	// `n` trials: the same sale (its own key per trial) run by two executions at the same moment.
	const twins = { oneInvoice: 0, twinReported: 0, twoSilent: 0 };
	let items = 0;
	const started = performance.now();
	for (let trial = 0; trial < args.n; trial++) {
		const item = {
			voucher: invoiceVoucher({ serie: args.series[trial % args.series.length] }),
			key: `${args.keyPrefix ?? 'T'}-${trial}`,
		};
		const parameters = {
			resource: 'voucher',
			operation: 'create',
			stampingMode: args.stampingMode ?? 'twoPhase',
			inputMode: 'json',
			voucherJson: '={{ JSON.stringify($json.voucher) }}',
			duplicateCheckKey: '={{ $json.key }}',
			options: { retryDelayMs: 50 },
		};
		const runs = await Promise.all([
			engine.runNode(parameters, [item], { typeVersion: 1.1 }),
			engine.runNode(parameters, [item], { typeVersion: 1.1 }),
		]);
		const outputs = runs.map((run) => run.items[0]?.json ?? {});
		if (outputs[0].uuid === outputs[1].uuid) twins.oneInvoice += 1;
		else if (outputs.some((output) => output.duplicate)) twins.twinReported += 1;
		else twins.twoSilent += 1;
		items += 1;
	}
	const ms = performance.now() - started;
	shutdownEngine();
	return {
		items,
		ms,
		maxRssKb: process.resourceUsage().maxRSS,
		binaryBytes: 0,
		heapAfterGcKb: 0,
		cpuMs: 0,
		twins,
	};
}
