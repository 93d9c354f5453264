/**
 * Runs the sandbox in the foreground as its own process (manual testing, demos, queue-mode e2e):
 *   npm run sandbox -- [--api-port 4010 --auth-port 4011 --blob-port 4012 --shop-port 4014 --control-port 4013 --latency 0 --token-lifetime 3600 --json]
 * Not shipped with the package, so plain console output is fine here.
 */
import { createHash } from 'crypto';

import { CONTROL_ACTIONS, CONTROL_VIEWS, startControlServer } from './control';
import { DEFAULT_ACCOUNT, routeTable, startSandbox, type SandboxOptions } from './index';

const USAGE = `Usage: npx tsx sandbox/cli.ts [options]
  --api-port <n>         issuing API port (default 4010)
  --auth-port <n>        token service port (default 4011)
  --blob-port <n>        PDF blob storage port (default 4012)
  --shop-port <n>        store stand-in port, the Shopify Admin API's orders (default 4014)
  --control-port <n>     control API port (default 4013; see sandbox/control.ts)
  --latency <ms>         delay before every response (default 0)
  --token-lifetime <s>   access-token lifetime in seconds (default 3600)
  --pdf-ready-after <ms> delay between POST pdfs and the link being available (default 0)
  --stamping-time <ms>   how long a stamp holds its series (FAC119 to another stamp meanwhile; default 0)
  --path-style <style>   'spec' (/businessEmision/api/v1) or 'short' (/api/v1) (default spec)
  --get-voucher-shape <shape>  'bodyWithState' or 'bodyOnly': what GET .../comprobantes/{id} shows (default bodyWithState)
  --host <address>       listen address (default 127.0.0.1)
  --json                 print one JSON line with the five URLs instead of the banner
  Port 0 picks a free port.`;

interface CliOptions {
	sandbox: SandboxOptions;
	controlPort: number;
	json: boolean;
}

function parseArgs(argv: string[]): CliOptions {
	let controlPort = 4013;
	let json = false;
	const options: SandboxOptions = {
		apiPort: 4010,
		authPort: 4011,
		blobPort: 4012,
		shopPort: 4014,
		latencyMs: 0,
		tokenLifetimeSeconds: 3600,
	};
	const numeric = (flag: string, value: string | undefined): number => {
		const n = Number(value);
		if (value === undefined || !Number.isFinite(n) || n < 0)
			fail(`${flag} needs a non-negative number`);
		return n;
	};
	for (let i = 0; i < argv.length; i++) {
		const flag = argv[i];
		const value = argv[i + 1];
		switch (flag) {
			case '--api-port':
				options.apiPort = numeric(flag, value);
				break;
			case '--auth-port':
				options.authPort = numeric(flag, value);
				break;
			case '--blob-port':
				options.blobPort = numeric(flag, value);
				break;
			case '--shop-port':
				options.shopPort = numeric(flag, value);
				break;
			case '--control-port':
				controlPort = numeric(flag, value);
				break;
			case '--json':
				json = true;
				continue;
			case '--latency':
				options.latencyMs = numeric(flag, value);
				break;
			case '--token-lifetime':
				options.tokenLifetimeSeconds = numeric(flag, value);
				break;
			case '--pdf-ready-after':
				options.pdfReadyAfterMs = numeric(flag, value);
				break;
			case '--stamping-time':
				options.stampingTimeMs = numeric(flag, value);
				break;
			case '--path-style':
				if (value !== 'spec' && value !== 'short') fail('--path-style is spec or short');
				options.pathStyle = value;
				break;
			case '--get-voucher-shape':
				if (value !== 'bodyWithState' && value !== 'bodyOnly')
					fail('--get-voucher-shape is bodyWithState or bodyOnly');
				options.getVoucherShape = value;
				break;
			case '--host':
				if (!value) fail('--host needs an address');
				options.host = value;
				break;
			case '--help':
			case '-h':
				console.log(USAGE);
				return process.exit(0);
			default:
				fail(`unknown option ${flag}`);
		}
		i++;
	}
	return { sandbox: options, controlPort, json };
}

function fail(text: string): never {
	console.error(`${text}\n\n${USAGE}`);
	process.exit(2);
}

async function main(): Promise<void> {
	const options = parseArgs(process.argv.slice(2));
	const sandbox = await startSandbox(options.sandbox);
	const control = await startControlServer(sandbox, {
		host: sandbox.options.host,
		port: options.controlPort,
	}).catch(async (error: Error) => {
		await sandbox.close();
		throw error;
	});
	const stopOn = (signal: string, quiet: boolean): void => {
		let stopping = false;
		process.on(signal, () => {
			if (stopping) return;
			stopping = true;
			if (!quiet) console.log(`\n${signal} received, closing the sandbox...`);
			void Promise.all([control.close(), sandbox.close()]).then(() => process.exit(0));
		});
	};
	stopOn('SIGINT', options.json);
	stopOn('SIGTERM', options.json);
	if (options.json) {
		console.log(
			JSON.stringify({
				authUrl: sandbox.authUrl,
				baseUrl: sandbox.baseUrl,
				blobUrl: sandbox.blobUrl,
				shopUrl: sandbox.shopUrl,
				controlUrl: control.url,
				pid: process.pid,
			}),
		);
		return;
	}
	const account = DEFAULT_ACCOUNT;
	const lines = [
		'CFDI issuing-service sandbox is running.',
		'',
		`  auth_url  (token service)  ${sandbox.authUrl}`,
		`  base_url  (issuing API)    ${sandbox.baseUrl}`,
		`  blob url  (PDF storage)    ${sandbox.blobUrl}`,
		`  shop url  (store stand-in) ${sandbox.shopUrl}  (for https://<shop>.myshopify.com)`,
		'',
		'Test credential:',
		`  username       ${account.username}`,
		`  password       ${account.password}`,
		`  password MD5   ${createHash('md5').update(account.password).digest('hex')}  (send with es_md5=true)`,
		`  client_id      ${account.clientId}`,
		`  client_secret  ${account.clientSecret}`,
		`  emisorId       ${account.emisorId}`,
		`  series         ${account.series.join(', ')}`,
		'',
		'Routes:',
		`  POST ${sandbox.authUrl}/connect/token  (password or refresh_token grant, form-encoded)`,
		`  GET  ${sandbox.authUrl}/connect/userinfo`,
		...routeTable(sandbox.options.pathStyle).map(
			(route) =>
				`  ${route.display.replace(' ', ' '.repeat(Math.max(1, 5 - route.method.length)) + sandbox.baseUrl)}`,
		),
		`  GET  ${sandbox.blobUrl}/cfdi-pdfs/{emisorId}/{uuid}.pdf?sv=...&st=...&se=...&sr=b&sp=r&sig=...`,
		`  GET  ${sandbox.shopUrl}/admin/api/{version}/orders.json?name=&status=&created_at_min=&created_at_max=&limit=&page_info=`,
		'',
		`Store stand-in: X-Shopify-Access-Token ${sandbox.options.shopAccessToken}; orders ${sandbox.shopOrders
			.map((order) => String(order.name))
			.join(', ')} (examples 10 and 11: set their "Shop URL" node to ${sandbox.shopUrl}).`,
		'',
		`Control API (${control.url}):`,
		`  GET  ${control.url}/{${Object.keys(CONTROL_VIEWS).join('|')}}`,
		`  POST ${control.url}/actions/{${Object.keys(CONTROL_ACTIONS).join('|')}}  (JSON body)`,
		'',
		`Latency ${sandbox.options.latencyMs} ms, token lifetime ${sandbox.options.tokenLifetimeSeconds} s, path style '${sandbox.options.pathStyle}'.`,
		'Press Ctrl+C to stop.',
	];
	console.log(lines.join('\n'));
}

main().catch((err: Error) => {
	console.error(`The sandbox could not start: ${err.message}`);
	process.exit(1);
});
