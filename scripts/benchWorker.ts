/** One measured benchmark run, in its own process (see bench.ts). Prints one JSON line. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DEFAULT_ACCOUNT } from '../sandbox';
import { invoiceVoucher } from '../test/fixtures/vouchers';

export interface WorkerArgs {
	mode: 'engine-stamp' | 'plain-stamp' | 'engine-pdf' | 'engine-idle';
	n: number;
	concurrency: number;
	authUrl: string;
	baseUrl: string;
}

export interface RunResult {
	items: number;
	ms: number;
	maxRssKb: number;
	binaryBytes: number;
}

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'cfdi-bench-'));

const account = DEFAULT_ACCOUNT;

function credential(args: WorkerArgs) {
	return {
		environment: 'custom',
		authUrl: args.authUrl,
		baseUrl: args.baseUrl,
		apiPathStyle: 'businessEmision',
		username: account.username,
		password: account.password,
		clientId: account.clientId,
		clientSecret: account.clientSecret,
	};
}

const vouchers = (n: number) => Array.from({ length: n }, (_, i) => ({ voucher: invoiceVoucher({ descripcionFacturador: `bench ${i}` }) }));

/** The same calls as the node, with Node's own fetch: password grant, userinfo, then one POST per voucher. */
async function plainStamp(args: WorkerArgs): Promise<number> {
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
	const token = (await (await fetch(`${args.authUrl}/connect/token`, { method: 'POST', body: form })).json()) as { access_token: string };
	const auth = { Authorization: `Bearer ${token.access_token}` };
	const info = (await (await fetch(`${args.authUrl}/connect/userinfo`, { headers: auth })).json()) as { emisorid: number };
	const url = `${args.baseUrl}/businessEmision/api/v1/emisores/${info.emisorid}/comprobantes?emitir=true`;
	const queue = vouchers(args.n);
	let stamped = 0;
	const worker = async () => {
		for (let next = queue.shift(); next; next = queue.shift()) {
			const response = await fetch(url, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(next.voucher) });
			const result = (await response.json()) as { esValido?: boolean };
			if (result.esValido) stamped++;
		}
	};
	await Promise.all(Array.from({ length: args.concurrency }, worker));
	return stamped;
}

async function main() {
	const args = JSON.parse(process.argv[2]) as WorkerArgs;
	let items = 0;
	let binaryBytes = 0;
	let started = performance.now();
	if (args.mode === 'plain-stamp') {
		items = await plainStamp(args);
	} else {
		const { Engine, shutdownEngine } = await import('../test/engine/engine');
		const engine = new Engine();
		engine.setCredential(credential(args));
		if (args.mode === 'engine-stamp') {
			started = performance.now();
			const { items: out } = await engine.runNode(
				{ resource: 'voucher', operation: 'create', stampingMode: 'direct', inputMode: 'json', voucherJson: '={{ JSON.stringify($json.voucher) }}', options: { concurrency: args.concurrency } },
				vouchers(args.n),
			);
			items = out.filter((item) => item.json.status === 'stamped').length;
		} else if (args.mode === 'engine-pdf') {
			const { items: stamped } = await engine.runNode(
				{ resource: 'voucher', operation: 'create', stampingMode: 'direct', inputMode: 'json', voucherJson: '={{ JSON.stringify($json.voucher) }}', options: { concurrency: 8 } },
				vouchers(args.n),
			);
			started = performance.now();
			const { items: pdfs } = await engine.runNode(
				{ resource: 'pdf', operation: 'getLink', uuid: '={{ $json.uuid }}', download: true, requestOptions: { batching: { batch: { batchSize: args.concurrency } } } },
				stamped.map((item) => item.json),
			);
			items = pdfs.filter((item) => item.binary?.data).length;
			binaryBytes = pdfs.reduce((sum, item) => sum + String(item.binary?.data?.data ?? '').length, 0);
		}
		shutdownEngine();
	}
	const ms = performance.now() - started;
	const result: RunResult = { items, ms, maxRssKb: process.resourceUsage().maxRSS, binaryBytes };
	process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error) => {
	process.stderr.write(`${String(error?.stack ?? error)}\n`);
	process.exit(1);
});
