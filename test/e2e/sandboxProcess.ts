/**
 * The sandbox as its own process (`npm run sandbox -- --json` on free ports), driven through its
 * control API: what an n8n in other processes (queue-mode workers) talks to.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { SandboxControl } from '../../sandbox/control';
import { REPO_ROOT } from '../support/examples';

export interface SandboxProcess {
	authUrl: string;
	baseUrl: string;
	blobUrl: string;
	controlUrl: string;
	control: SandboxControl;
	/** The shape sandboxCredential() takes. */
	options: { pathStyle: 'spec' };
	stop(): Promise<void>;
}

export async function startSandboxProcess(
	options: { latencyMs?: number; tokenLifetimeSeconds?: number } = {},
): Promise<SandboxProcess> {
	const args = [
		'--api-port',
		'0',
		'--auth-port',
		'0',
		'--blob-port',
		'0',
		'--control-port',
		'0',
		'--json',
	];
	if (options.latencyMs !== undefined) args.push('--latency', String(options.latencyMs));
	if (options.tokenLifetimeSeconds !== undefined)
		args.push('--token-lifetime', String(options.tokenLifetimeSeconds));
	const child = spawn(
		process.execPath,
		[join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join('sandbox', 'cli.ts'), ...args],
		{
			cwd: REPO_ROOT,
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	let output = '';
	const urls = await new Promise<{
		authUrl: string;
		baseUrl: string;
		blobUrl: string;
		controlUrl: string;
	}>((resolve, reject) => {
		const timer = setTimeout(
			() => reject(new Error(`the sandbox did not start within 60 s:\n${output}`)),
			60_000,
		);
		const onData = (chunk: Buffer) => {
			output += chunk.toString('utf8');
			const line = output.split('\n').find((text) => text.startsWith('{'));
			if (line && output.includes('\n')) {
				clearTimeout(timer);
				resolve(
					JSON.parse(line) as {
						authUrl: string;
						baseUrl: string;
						blobUrl: string;
						controlUrl: string;
					},
				);
			}
		};
		child.stdout.on('data', onData);
		child.stderr.on('data', onData);
		child.once('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`the sandbox exited (${String(code)}):\n${output}`));
		});
	});
	return {
		...urls,
		control: new SandboxControl(urls.controlUrl),
		options: { pathStyle: 'spec' },
		stop: async () => {
			if (child.exitCode !== null) return;
			const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
			child.kill('SIGTERM');
			await exited;
		},
	};
}
