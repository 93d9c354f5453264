/** One measured benchmark run, in its own process (see bench.ts). Prints one JSON line. */
import {
	NodeConnectionTypes,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
} from 'n8n-workflow';

import { DEFAULT_ACCOUNT } from '../sandbox';
import { isolateUserFolder } from './lib/isolatedUserFolder';
import { sandboxCredential } from '../test/support/sandboxCredential';
import { invoiceVoucher } from '../test/support/vouchers';

export interface WorkerArgs {
	mode:
		| 'engine-stamp'
		| 'engine-floor'
		| 'plain-stamp'
		| 'plain-stamp-no-keepalive'
		| 'engine-pdf'
		| 'engine-idle'
		| 'engine-series'
		| 'engine-duplicate'
		| 'engine-twins'
		| 'engine-global'
		| 'engine-ledger';
	n: number;
	concurrency: number;
	/** The series the vouchers spread over, round robin (the sandbox account must have them). */
	series: string[];
	/** engine-series, engine-stamp: the stamping mode (engine-stamp: direct unless given). */
	stampingMode?: 'direct' | 'twoPhase';
	/** engine-series: n8n's Continue On Fail (without it, every item is checked before any is sent). */
	continueOnFail?: boolean;
	/** engine-duplicate, engine-stamp: the Duplicate Check setting (its default unless given), and engine-duplicate's prefix of each voucher's Duplicate Check Key. */
	duplicateCheck?: 'returnExisting' | 'off';
	keyPrefix?: string;
	/** engine-global: the month of 2024 the sales belong to (each size its own, so none is declared already). */
	month?: string;
	/** engine-ledger: the global invoice credited, and its tickets credited (one credit note each). */
	globalUuid?: string;
	tickets?: string[];
	authUrl: string;
	baseUrl: string;
}

export interface RunResult {
	items: number;
	ms: number;
	maxRssKb: number;
	binaryBytes: number;
	/** Heap in use after a forced GC at the end (what the run keeps alive: mostly the items). */
	heapAfterGcKb: number;
	/** CPU time this process spent in the measured part (user + system), independent of machine load. */
	cpuMs: number;
	/** engine-twins: per trial of two simultaneous executions, how it ended. */
	twins?: { oneInvoice: number; twinReported: number; twoSilent: number };
	/** engine-global: the highest heap in use seen while the run went (sampled every 10 ms). */
	peakHeapKb?: number;
	/** engine-global: the global invoices stamped and the sales they declare. */
	parts?: number;
	/** UUIDs stamped by a plain run (used to prepare the PDF run). */
	uuids?: string[];
}

isolateUserFolder('cfdi-bench-');

const account = DEFAULT_ACCOUNT;

// Each run's vouchers are other sales than any earlier run's: a folio of their own (the Duplicate
// Check, on by default, would rightly answer a voucher of identical content with the first one).
const RUN_TAG = `${process.pid.toString(36)}${Date.now().toString(36)}`;
const vouchers = (n: number, series: string[]) =>
	Array.from({ length: n }, (_, i) => ({
		voucher: invoiceVoucher({
			serie: series[i % series.length],
			folio: `${RUN_TAG}-${i}`,
			descripcionFacturador: `bench ${i}`,
		}),
	}));

/** POST with node:http and no keep-alive: a new connection per request, as n8n's request helper does. */
async function postWithoutKeepAlive(
	url: string,
	headers: Record<string, string>,
	body: string,
): Promise<{ esValido?: boolean; uuid?: string }> {
	const http = await import('node:http');
	return await new Promise((resolve, reject) => {
		const request = http.request(
			url,
			{
				method: 'POST',
				agent: false,
				headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
			},
			(response) => {
				const chunks: Buffer[] = [];
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
			},
		);
		request.on('error', reject);
		request.end(body);
	});
}

/** The same calls as the node, with Node's own fetch: password grant, userinfo, then one POST per voucher. */
async function plainStamp(
	args: WorkerArgs,
	keepAlive = true,
	uuids: string[] = [],
): Promise<number> {
	const { createHash } = await import('node:crypto');
	const form = new URLSearchParams([
		['grant_type', 'password'],
		['scope', 'offline_access openid APINegocios'],
		['username', account.username],
		['password', createHash('md5').update(account.password).digest('hex')],
		['client_id', account.clientId],
		['client_secret', account.clientSecret],
		['es_md5', 'true'],
	]);
	const token = (await (
		await fetch(`${args.authUrl}/connect/token`, { method: 'POST', body: form })
	).json()) as { access_token: string };
	const auth = { Authorization: `Bearer ${token.access_token}` };
	const info = (await (
		await fetch(`${args.authUrl}/connect/userinfo`, { headers: auth })
	).json()) as { emisorid: number };
	const vouchersUrl = `${args.baseUrl}/businessEmision/api/v1/emisores/${info.emisorid}/comprobantes`;
	const twoPhase = args.stampingMode === 'twoPhase';
	const url = `${vouchersUrl}?emitir=${!twoPhase}`;
	const queue = vouchers(args.n, args.series);
	let stamped = 0;
	const worker = async () => {
		for (let next = queue.shift(); next; next = queue.shift()) {
			const headers = { ...auth, 'Content-Type': 'application/json' };
			const body = JSON.stringify(next.voucher);
			const result = keepAlive
				? ((await (await fetch(url, { method: 'POST', headers, body })).json()) as {
						esValido?: boolean;
						uuid?: string;
					})
				: await postWithoutKeepAlive(url, headers, body);
			if (twoPhase) {
				// As the node's two-phase mode: saved pending, then stamped by id (PUT ...?emitir=true).
				const id = (result as { idComprobante?: number }).idComprobante;
				const stampedBody = JSON.stringify({ ...next.voucher, id });
				const put = (await (
					await fetch(`${vouchersUrl}/${id}?emitir=true`, {
						method: 'PUT',
						headers,
						body: stampedBody,
					})
				).json()) as { esValido?: boolean; uuid?: string };
				if (put.esValido && put.uuid) stamped++;
				if (put.uuid) uuids.push(put.uuid);
				continue;
			}
			if (result.esValido) stamped++;
			if (result.uuid) uuids.push(result.uuid);
		}
	};
	await Promise.all(Array.from({ length: args.concurrency }, worker));
	return stamped;
}

/**
 * n8n's own floor for the same work: a node with nothing of ours but the credential, that reads the
 * same JSON expression per item and sends the same stamping calls through n8n's
 * httpRequestWithAuthentication (direct: one POST; two-phase: POST pending, then PUT). What the CFDI
 * node costs beyond this is ours.
 */
async function floorNodeType(stampingMode: 'direct' | 'twoPhase'): Promise<INodeType> {
	const { VOUCHERS_PATH, voucherPath } = await import('../nodes/CfdiEmision/api/paths');
	return {
		description: {
			displayName: 'Floor',
			name: 'floor',
			group: ['transform'],
			version: 1,
			description: 'n8n floor probe',
			defaults: { name: 'Floor' },
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: 'cfdiEmisionApi', required: true }],
			properties: [{ displayName: 'Voucher', name: 'voucherJson', type: 'string', default: '' }],
		},
		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			const out: INodeExecutionData[] = [];
			for (let index = 0; index < this.getInputData().length; index++) {
				const body = JSON.parse(this.getNodeParameter('voucherJson', index) as string);
				const send = async (method: 'POST' | 'PUT', url: string, emitir: boolean, json: unknown) =>
					(await this.helpers.httpRequestWithAuthentication.call(this, 'cfdiEmisionApi', {
						method,
						url,
						qs: { emitir },
						body: json as IDataObject,
						json: true,
					})) as IDataObject;
				let answer = await send('POST', VOUCHERS_PATH, stampingMode === 'direct', body);
				if (stampingMode === 'twoPhase') {
					const id = Number(answer.idComprobante);
					answer = await send('PUT', voucherPath(id), true, { ...body, id });
				}
				out.push({ json: { status: answer.uuid ? 'stamped' : 'failed', uuid: answer.uuid } });
			}
			return [out];
		},
	};
}

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
				...cfdiNode('Floor', { voucherJson: '={{ JSON.stringify($json.voucher) }}' }),
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
		} else if (args.mode === 'engine-global') {
			// A month of N tax-included sales at 16 %, in parts of the default size (a month of 2024).
			const sales = Array.from({ length: args.n }, (_, i) => ({
				ticket: `S-${i + 1}`,
				total: Number((37 + ((i * 137) % 9000) / 100 + (i % 7) * 1.01).toFixed(2)),
			}));
			let peakHeap = 0;
			const sampler = setInterval(() => {
				peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
			}, 10);
			started = performance.now();
			cpuAtStart = process.cpuUsage();
			const { items: out, error } = await engine.runNode(
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
				{ typeVersion: 1.1 },
			);
			const ms = performance.now() - started;
			const cpu = process.cpuUsage(cpuAtStart);
			clearInterval(sampler);
			if (error) throw error;
			const stamped = out.filter((item) => item.json.status === 'stamped');
			const declared = stamped.reduce(
				(sum, item) =>
					sum + Number((item.json.globalInvoicePart as { sales?: number })?.sales ?? args.n),
				0,
			);
			shutdownEngine();
			process.stdout.write(
				`${JSON.stringify({ items: declared, ms, maxRssKb: process.resourceUsage().maxRSS, binaryBytes: 0, heapAfterGcKb: 0, cpuMs: (cpu.user + cpu.system) / 1000, peakHeapKb: Math.round(peakHeap / 1024), parts: stamped.length })}\n`,
			);
			return;
		} else if (args.mode === 'engine-ledger') {
			// One run of credit notes, each against one ticket of the global invoice (1.00 each).
			let peakHeap = 0;
			const sampler = setInterval(() => {
				peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
			}, 10);
			started = performance.now();
			cpuAtStart = process.cpuUsage();
			const { items: out, error } = await engine.runNode(
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
				{ typeVersion: 1.1 },
			);
			const ms = performance.now() - started;
			const cpu = process.cpuUsage(cpuAtStart);
			clearInterval(sampler);
			if (error) throw error;
			shutdownEngine();
			process.stdout.write(
				`${JSON.stringify({ items: out.filter((item) => item.json.status === 'stamped').length, ms, maxRssKb: process.resourceUsage().maxRSS, binaryBytes: 0, heapAfterGcKb: 0, cpuMs: (cpu.user + cpu.system) / 1000, peakHeapKb: Math.round(peakHeap / 1024) })}\n`,
			);
			return;
		} else if (args.mode === 'engine-twins') {
			// `n` trials: the same sale (its own key per trial) run by two executions at the same moment.
			const twins = { oneInvoice: 0, twinReported: 0, twoSilent: 0 };
			started = performance.now();
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
			process.stdout.write(
				`${JSON.stringify({ items, ms, maxRssKb: process.resourceUsage().maxRSS, binaryBytes: 0, heapAfterGcKb: 0, cpuMs: 0, twins })}\n`,
			);
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
