/**
 * The real n8n the end-to-end test runs: a pinned n8n installed once into a cache folder outside the
 * repository and reused by later runs; plus the system tools it needs (Chromium, a C++ toolchain
 * for sqlite3), installed with apt-get when missing and running as root on Debian (CI).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The newest n8n that runs on Node 20 (2.10+ needs Node 22, 2.36+ Node 24). */
export const N8N_VERSION = '2.8.4';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const RUNTIME_PACKAGE_JSON = {
	name: 'cfdi-e2e-n8n-runtime',
	private: true,
	dependencies: { n8n: N8N_VERSION },
	// n8n-nodes-base points xlsx at a tarball URL that is not reachable from everywhere; the
	// registry's 0.18.5 is the same library.
	overrides: { xlsx: '0.18.5' },
};

const MINUTE = 60_000;

export interface N8nRuntime {
	dir: string;
	bin: string;
	/** Whether this run installed it (false: reused from the cache). */
	installed: boolean;
}

export function runtimeDir(): string {
	const cacheRoot = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
	return process.env.CFDI_E2E_N8N_DIR ?? join(cacheRoot, 'n8n-nodes-cfdi-emision', `n8n-${N8N_VERSION}`);
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

function run(command: string, args: string[], options: { cwd?: string; timeoutMs: number; env?: NodeJS.ProcessEnv; log: (line: string) => void }): Promise<void> {
	return new Promise((resolve, reject) => {
		options.log(`$ ${command} ${args.join(' ')}${options.cwd ? `   (in ${options.cwd})` : ''}`);
		const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? cleanEnv(), stdio: ['ignore', 'inherit', 'inherit'] });
		const timer = setTimeout(() => {
			child.kill('SIGTERM');
			reject(new Error(`${command} ${args.join(' ')} did not finish within ${Math.round(options.timeoutMs / MINUTE)} minutes`));
		}, options.timeoutMs);
		child.on('error', (error) => {
			clearTimeout(timer);
			reject(error);
		});
		child.on('exit', (code, signal) => {
			clearTimeout(timer);
			if (code === 0) resolve();
			else reject(new Error(`${command} ${args.join(' ')} failed (${code === null ? `signal ${String(signal)}` : `exit code ${code}`})`));
		});
	});
}

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

let aptUpdated = false;
async function aptInstall(packages: string[], log: (line: string) => void): Promise<void> {
	if (!isRoot() || !has('apt-get')) {
		throw new Error(`Missing ${packages.join(', ')}: install ${packages.length > 1 ? 'them' : 'it'} (Debian: apt-get install -y ${packages.join(' ')})`);
	}
	const env = cleanEnv({ DEBIAN_FRONTEND: 'noninteractive' });
	if (!aptUpdated) {
		await run('apt-get', ['update'], { timeoutMs: 10 * MINUTE, env, log });
		aptUpdated = true;
	}
	await run('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { timeoutMs: 20 * MINUTE, env, log });
}

/** Debian's chromium package (headless browser for the editor test). */
export async function ensureChromium(log: (line: string) => void): Promise<string> {
	if (!existsSync(CHROMIUM_PATH)) {
		log(`Chromium not found at ${CHROMIUM_PATH}; installing Debian's chromium package...`);
		await aptInstall(['chromium'], log);
		if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} does not exist`);
	}
	return CHROMIUM_PATH;
}

function isComplete(dir: string): boolean {
	const bin = join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
	const binding = join(dir, 'node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node');
	const manifest = join(dir, 'node_modules', 'n8n', 'package.json');
	if (!existsSync(bin) || !existsSync(binding) || !existsSync(manifest)) return false;
	return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version === N8N_VERSION;
}

/** One installer at a time per cache folder (a second run waits for the first). */
async function withLock<T>(dir: string, log: (line: string) => void, body: () => Promise<T>): Promise<T> {
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
			if (Date.now() > deadline) throw new Error(`Another run holds ${lock}; remove it if no install is running`);
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

/**
 * Installs n8n into the cache folder unless a complete install is there. The first install takes
 * about 10 minutes and 2.3 GB. npm 11 skips dependencies' install scripts, so sqlite3's native
 * binding is built explicitly afterwards (prebuilt download, else compiled from source).
 */
export async function ensureN8n(log: (line: string) => void): Promise<N8nRuntime> {
	const dir = runtimeDir();
	const bin = join(dir, 'node_modules', '.bin', 'n8n');
	if (isComplete(dir)) return { dir, bin, installed: false };
	return await withLock(dir, log, async () => {
		if (isComplete(dir)) return { dir, bin, installed: false };
		log(`Installing n8n ${N8N_VERSION} into ${dir} (first run only: about 10 minutes, 2.3 GB)...`);
		mkdirSync(dir, { recursive: true });
		writeFileSync(join(dir, 'package.json'), `${JSON.stringify(RUNTIME_PACKAGE_JSON, null, 2)}\n`);
		await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, timeoutMs: 45 * MINUTE, log });
		if (!has('make') || !has('g++') || !has('python3')) {
			log('Installing a C++ toolchain for sqlite3 (make, g++, python3)...');
			await aptInstall(['make', 'g++', 'python3'], log);
		}
		await run('npm', ['rebuild', 'sqlite3', '--ignore-scripts=false', '--loglevel=error'], { cwd: dir, timeoutMs: 20 * MINUTE, log });
		if (!isComplete(dir)) throw new Error(`n8n ${N8N_VERSION} is still incomplete in ${dir} (n8n binary or sqlite3 binding missing)`);
		return { dir, bin, installed: true };
	});
}
