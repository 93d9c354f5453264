/**
 * One n8n "installation" for a test run: its own user folder (database, settings, community
 * nodes), the pinned n8n binary, CLI commands and `n8n start` on 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { cleanEnv, type N8nRuntime } from './runtime';
import { ExecutionJson, extractRunJson, EditorExecution } from './executionJson';

const SECOND = 1000;

export async function freePort(): Promise<number> {
	return await new Promise((resolve, reject) => {
		const server = createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as { port: number };
			server.close(() => resolve(port));
		});
	});
}

export interface CliResult {
	code: number | null;
	stdout: string;
	stderr: string;
	ms: number;
}

export class N8nInstance {
	private server?: ChildProcess;
	private serverLog = '';
	private cookie = '';

	constructor(
		readonly runtime: N8nRuntime,
		readonly userFolder: string,
		readonly port: number,
		readonly brokerPort: number,
		private readonly log: (line: string) => void,
		/** Settings on top of the private-sqlite defaults (queue mode: database, Redis, health-check port). */
		private readonly extraEnv: NodeJS.ProcessEnv = {},
	) {}

	/** Every process gets its own ports, so several n8n (and other people's runs) can run at once. */
	static async create(
		runtime: N8nRuntime,
		userFolder: string,
		log: (line: string) => void,
		extraEnv: NodeJS.ProcessEnv = {},
	): Promise<N8nInstance> {
		return new N8nInstance(runtime, userFolder, await freePort(), await freePort(), log, extraEnv);
	}

	get baseUrl(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	/** Settings for a private, offline n8n on loopback. */
	env(): NodeJS.ProcessEnv {
		return cleanEnv({
			N8N_USER_FOLDER: this.userFolder,
			DB_TYPE: 'sqlite',
			N8N_HOST: '127.0.0.1',
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_PORT: String(this.port),
			N8N_PROTOCOL: 'http',
			N8N_SECURE_COOKIE: 'false',
			N8N_RUNNERS_ENABLED: 'true',
			N8N_RUNNERS_MODE: 'internal',
			N8N_RUNNERS_BROKER_PORT: String(this.brokerPort),
			N8N_LOG_LEVEL: 'info',
			N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
			GENERIC_TIMEZONE: 'America/Mexico_City',
			// Outbound features off: nothing leaves the machine.
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_HIRING_BANNER_ENABLED: 'false',
			N8N_AI_ENABLED: 'false',
			N8N_METRICS: 'false',
			EXTERNAL_FRONTEND_HOOKS_URLS: '',
			N8N_DIAGNOSTICS_CONFIG_FRONTEND: '',
			N8N_DIAGNOSTICS_CONFIG_BACKEND: '',
			// Community packages load from $N8N_USER_FOLDER/.n8n/nodes.
			N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
			// n8n and what it spawns (task runners) run on the runtime's Node.
			PATH: `${dirname(this.runtime.node)}:${process.env.PATH ?? ''}`,
			...this.extraEnv,
		});
	}

	/** Spawns `node n8n/bin/n8n <args>` on the runtime's Node. */
	private spawnN8n(args: string[], env: NodeJS.ProcessEnv = {}, outFd?: number): ChildProcess {
		return spawn(this.runtime.node, [this.runtime.bin, ...args], {
			env: { ...this.env(), ...env },
			cwd: this.userFolder,
			stdio: ['ignore', outFd ?? 'pipe', 'pipe'],
		});
	}

	/**
	 * Runs an n8n CLI command (each one boots n8n: 5-10 s). `stdoutFile`: its standard output goes to
	 * that file rather than a pipe (a process that exits at once may cut a pipe's last megabytes).
	 */
	async cli(
		args: string[],
		timeoutMs = 180 * SECOND,
		options: { env?: NodeJS.ProcessEnv; stdoutFile?: string } = {},
	): Promise<CliResult> {
		const started = Date.now();
		const outFd = options.stdoutFile ? openSync(options.stdoutFile, 'w') : undefined;
		return await new Promise((resolve, reject) => {
			const child = this.spawnN8n(args, options.env, outFd);
			let stdout = '';
			let stderr = '';
			child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
			child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
			const timer = setTimeout(() => {
				child.kill('SIGKILL');
				reject(
					new Error(
						`n8n ${args.join(' ')} did not finish within ${timeoutMs / SECOND} s\n${stdout.slice(-2000)}\n${stderr.slice(-2000)}`,
					),
				);
			}, timeoutMs);
			child.on('error', (error) => {
				clearTimeout(timer);
				reject(error);
			});
			child.on('close', (code) => {
				clearTimeout(timer);
				if (outFd !== undefined) {
					closeSync(outFd);
					stdout = readFileSync(options.stdoutFile!, 'utf8');
				}
				resolve({ code, stdout, stderr, ms: Date.now() - started });
			});
		});
	}

	private async cliOk(args: string[], expect: RegExp): Promise<CliResult> {
		const result = await this.cli(args);
		if (result.code !== 0 || !expect.test(result.stdout + result.stderr)) {
			throw new Error(
				`n8n ${args.join(' ')} failed (exit code ${String(result.code)}):\n${(result.stdout + result.stderr).slice(-3000)}`,
			);
		}
		return result;
	}

	private writeInput(name: string, data: unknown): string {
		const dir = join(this.userFolder, 'inputs');
		mkdirSync(dir, { recursive: true });
		const file = join(dir, name);
		writeFileSync(file, JSON.stringify(data, null, 2));
		return file;
	}

	async importCredentials(credentials: unknown[]): Promise<CliResult> {
		const file = this.writeInput('credentials.json', credentials);
		return await this.cliOk(
			['import:credentials', `--input=${file}`],
			/Successfully imported \d+ credential/,
		);
	}

	async importWorkflows(workflows: unknown[]): Promise<CliResult> {
		const file = this.writeInput('workflows.json', workflows);
		return await this.cliOk(
			['import:workflow', `--input=${file}`],
			/Successfully imported \d+ workflow/,
		);
	}

	/** `n8n execute --id=<id> --rawOutput`: the run data, whether it succeeded or not. */
	async execute(
		workflowId: string,
		options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
	): Promise<{ run: ExecutionJson; cli: CliResult }> {
		const cli = await this.cli(
			['execute', `--id=${workflowId}`, '--rawOutput'],
			options.timeoutMs,
			{
				env: options.env,
				// Through a file, not a pipe: a failed execution exits at once and would cut the run JSON.
				stdoutFile: join(this.userFolder, `execute-${workflowId}.json`),
			},
		);
		let run: ExecutionJson;
		try {
			run = extractRunJson(cli.stdout);
		} catch (error) {
			throw new Error(
				`${(error as Error).message}\nexit code ${String(cli.code)}, stderr:\n${cli.stderr.slice(-3000)}`,
			);
		}
		return { run, cli };
	}

	/** `n8n start`, resolved when the editor is served. */
	async start(timeoutMs = 180 * SECOND): Promise<number> {
		const started = Date.now();
		await this.launch(['start'], 'Editor is now accessible', timeoutMs);
		// Readiness line seen; the HTTP server answers from then on.
		const health = await fetch(`${this.baseUrl}/healthz`);
		if (!health.ok) throw new Error(`n8n /healthz answered HTTP ${health.status}`);
		this.log(
			`n8n start: editor at ${this.baseUrl} after ${((Date.now() - started) / 1000).toFixed(1)} s`,
		);
		return Date.now() - started;
	}

	/** `n8n worker` (queue mode), resolved when it is ready to take jobs. */
	async startWorker(concurrency: number, timeoutMs = 180 * SECOND): Promise<number> {
		const started = Date.now();
		await this.launch(
			['worker', `--concurrency=${concurrency}`],
			'n8n worker is now ready',
			timeoutMs,
		);
		this.log(
			`n8n worker (concurrency ${concurrency}) ready after ${((Date.now() - started) / 1000).toFixed(1)} s`,
		);
		return Date.now() - started;
	}

	/** Starts a long-running n8n command and waits for the line that says it is ready. */
	private async launch(args: string[], readyLine: string, timeoutMs: number): Promise<void> {
		const child = this.spawnN8n(args);
		this.server = child;
		await new Promise<void>((resolve, reject) => {
			const timer = setTimeout(
				() =>
					reject(
						new Error(
							`n8n ${args[0]}: not ready within ${timeoutMs / SECOND} s\n${this.serverLog.slice(-3000)}`,
						),
					),
				timeoutMs,
			);
			const onData = (chunk: Buffer) => {
				this.serverLog += chunk.toString('utf8');
				if (this.serverLog.includes(readyLine)) {
					clearTimeout(timer);
					resolve();
				}
			};
			child.stdout!.on('data', onData);
			child.stderr!.on('data', onData);
			child.on('exit', (code) => {
				clearTimeout(timer);
				reject(
					new Error(
						`n8n ${args[0]} exited early (exit code ${String(code)})\n${this.serverLog.slice(-3000)}`,
					),
				);
			});
		});
	}

	/** The owner's session cookie ("n8n-auth=..."), once signed in. */
	get sessionCookie(): string {
		return this.cookie;
	}

	get startLog(): string {
		return this.serverLog;
	}

	async stop(): Promise<void> {
		const child = this.server;
		if (!child || child.exitCode !== null) return;
		child.removeAllListeners('exit');
		await new Promise<void>((resolve) => {
			const timer = setTimeout(() => child.kill('SIGKILL'), 30 * SECOND);
			child.once('exit', () => {
				clearTimeout(timer);
				resolve();
			});
			child.kill('SIGTERM');
		});
	}

	/** REST call to the running n8n, with the session cookie once signed in. */
	async rest<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		const response = await fetch(`${this.baseUrl}/rest${path}`, {
			method,
			headers: {
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
				...(this.cookie ? { cookie: this.cookie } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		if (!response.ok)
			throw new Error(`${method} /rest${path}: HTTP ${response.status} ${text.slice(0, 500)}`);
		const setCookie = response.headers.get('set-cookie');
		const auth = setCookie ? /n8n-auth=[^;]+/.exec(setCookie) : null;
		if (auth) this.cookie = auth[0];
		return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
	}

	/** An execution as the editor reads it: its status and its run data (parsed with n8n's own flatted). */
	async readExecution(executionId: string): Promise<EditorExecution> {
		const execution = await this.rest<{ status: string; finished: boolean; data?: string }>(
			'GET',
			`/executions/${executionId}`,
		);
		const { parse } = createRequire(join(this.runtime.dir, 'node_modules', 'n8n', 'package.json'))(
			'flatted',
		) as { parse: (text: string) => unknown };
		// A running execution may come without its data, or with none of its results yet.
		const data = (execution.data ? parse(execution.data) : undefined) as
			| { resultData?: { runData?: Record<string, any[]>; error?: EditorExecution['error'] } }
			| undefined;
		return {
			executionId,
			status: execution.status,
			finished: execution.finished,
			runData: data?.resultData?.runData ?? {},
			error: data?.resultData?.error,
		};
	}

	/**
	 * Runs a workflow the way the editor's "Execute workflow" does, from the given trigger, and waits
	 * for it. `edit` changes the workflow as the canvas holds it (nodes added, unsaved: the editor sends
	 * what it shows); `destination` runs up to that node only, as its "Execute step" does.
	 */
	async runAsEditor(
		workflowId: string,
		trigger: string,
		how: {
			edit?: (workflow: Record<string, unknown>) => Record<string, unknown>;
			destination?: string;
		} = {},
	): Promise<EditorExecution & { ms: number }> {
		const started = Date.now();
		let saved = await this.rest<Record<string, unknown>>('GET', `/workflows/${workflowId}`);
		// An edit is saved first, as the editor does: newer n8n runs the saved workflow, not the posted one.
		if (how.edit)
			saved = await this.rest<Record<string, unknown>>(
				'PATCH',
				`/workflows/${workflowId}`,
				how.edit(saved),
			);
		const workflowData = saved;
		const { executionId } = await this.rest<{ executionId: string }>(
			'POST',
			`/workflows/${workflowId}/run`,
			{
				workflowData,
				triggerToStartFrom: { name: trigger },
				...(how.destination
					? { destinationNode: { nodeName: how.destination, mode: 'inclusive' } }
					: {}),
			},
		);
		if (!executionId) throw new Error('n8n did not start an execution');
		const deadline = Date.now() + 180 * SECOND;
		for (;;) {
			const execution = await this.readExecution(executionId);
			if (
				execution.finished ||
				['success', 'error', 'crashed', 'canceled'].includes(execution.status)
			)
				return { ...execution, ms: Date.now() - started };
			if (Date.now() > deadline)
				throw new Error(
					`Execution ${executionId} did not finish within 180 s (status ${execution.status})`,
				);
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
	}

	/** Creates the owner account (first start) and keeps its session. */
	async setupOwner(owner: {
		email: string;
		password: string;
		firstName: string;
		lastName: string;
	}): Promise<void> {
		await this.rest('POST', '/owner/setup', owner);
		if (!this.cookie) throw new Error('The owner setup did not return a session cookie');
	}
}
