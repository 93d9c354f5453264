/**
 * Redis and PostgreSQL for n8n's queue mode, from Debian's packages (apt-get when missing), each a
 * private child process on a free loopback port with its data in a temporary folder. PostgreSQL
 * refuses to run as root: as root, initdb and postgres run as the `postgres` user.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort } from '../n8n';
import { aptInstall, has } from '../runtime';

const SECOND = 1000;

export interface Service {
	port: number;
	stop(): Promise<void>;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	const force = setTimeout(() => child.kill('SIGKILL'), 20 * SECOND);
	child.kill(signal);
	await exited;
	clearTimeout(force);
}

/** Resolves when `ready` appears in the child's output; rejects if it exits first. */
function waitForLine(
	child: ChildProcess,
	ready: RegExp,
	name: string,
	timeoutMs = 60 * SECOND,
): Promise<void> {
	let output = '';
	return new Promise((resolve, reject) => {
		const timer = setTimeout(
			() =>
				reject(
					new Error(
						`${name} was not ready within ${timeoutMs / SECOND} s:\n${output.slice(-2000)}`,
					),
				),
			timeoutMs,
		);
		const onData = (chunk: Buffer) => {
			output += chunk.toString('utf8');
			if (ready.test(output)) {
				clearTimeout(timer);
				resolve();
			}
		};
		child.stdout?.on('data', onData);
		child.stderr?.on('data', onData);
		child.once('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`${name} exited (${String(code)}):\n${output.slice(-2000)}`));
		});
	});
}

export async function startRedis(log: (line: string) => void): Promise<Service> {
	if (!has('redis-server')) {
		log("redis-server not found; installing Debian's redis-server package...");
		await aptInstall(['redis-server'], log);
	}
	const port = await freePort();
	const dir = mkdtempSync(join(tmpdir(), 'cfdi-queue-redis-'));
	const child = spawn(
		'redis-server',
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--save',
			'',
			'--appendonly',
			'no',
			'--dir',
			dir,
		],
		{ stdio: ['ignore', 'pipe', 'pipe'] },
	);
	await waitForLine(child, /Ready to accept connections/, 'redis-server');
	log(`redis-server on 127.0.0.1:${port} (pid ${String(child.pid)})`);
	return {
		port,
		stop: async () => {
			await stopChild(child, 'SIGTERM');
			rmSync(dir, { recursive: true, force: true });
		},
	};
}

/** The newest PostgreSQL server binaries Debian installed (/usr/lib/postgresql/<major>/bin). */
function postgresBin(): string | undefined {
	const root = '/usr/lib/postgresql';
	if (!existsSync(root)) return undefined;
	const majors = readdirSync(root)
		.filter(
			(name) =>
				existsSync(join(root, name, 'bin', 'postgres')) &&
				existsSync(join(root, name, 'bin', 'initdb')),
		)
		.sort((a, b) => Number(b) - Number(a));
	return majors.length ? join(root, majors[0], 'bin') : undefined;
}

function postgresUser(): { uid: number; gid: number } | undefined {
	if (!isRoot()) return undefined;
	const id = (flag: string) =>
		Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
	const uid = id('-u');
	const gid = id('-g');
	if (!Number.isInteger(uid) || uid <= 0)
		throw new Error(
			'Running as root, but there is no "postgres" user to run PostgreSQL as (install Debian\'s postgresql package)',
		);
	return { uid, gid };
}

export interface Postgres extends Service {
	database: string;
	user: string;
	/** Runs one SQL statement with psql and returns its rows as tab-separated lines. */
	query(sql: string): string[];
}

export async function startPostgres(log: (line: string) => void): Promise<Postgres> {
	let bin = postgresBin();
	if (!bin) {
		log("PostgreSQL server not found; installing Debian's postgresql package...");
		await aptInstall(['postgresql'], log);
		bin = postgresBin();
		if (!bin)
			throw new Error(
				'apt-get installed postgresql, but /usr/lib/postgresql/<version>/bin/postgres is missing',
			);
	}
	const owner = postgresUser();
	const dir = mkdtempSync(join(tmpdir(), 'cfdi-queue-postgres-'));
	if (owner) chownSync(dir, owner.uid, owner.gid);
	const asOwner = owner ? { uid: owner.uid, gid: owner.gid } : {};
	const data = join(dir, 'data');
	const initdb = spawnSync(
		join(bin, 'initdb'),
		['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync'],
		{ cwd: dir, encoding: 'utf8', ...asOwner },
	);
	if (initdb.status !== 0)
		throw new Error(
			`initdb failed (${String(initdb.status)}):\n${initdb.stdout}\n${initdb.stderr}`,
		);

	const port = await freePort();
	// A fast, throw-away server: no fsync, the socket in its own folder, loopback only.
	const child = spawn(
		join(bin, 'postgres'),
		[
			'-D',
			data,
			'-p',
			String(port),
			'-k',
			dir,
			'-c',
			'listen_addresses=127.0.0.1',
			'-c',
			'fsync=off',
			'-c',
			'synchronous_commit=off',
			'-c',
			'full_page_writes=off',
			'-c',
			'max_connections=200',
		],
		{
			cwd: dir,
			stdio: ['ignore', 'pipe', 'pipe'],
			...asOwner,
		},
	);
	await waitForLine(child, /database system is ready to accept connections/, 'postgres');
	const psql = existsSync(join(bin, 'psql')) ? join(bin, 'psql') : 'psql';
	const query = (sql: string, database = 'n8n'): string[] => {
		const result = spawnSync(
			psql,
			[
				'-h',
				'127.0.0.1',
				'-p',
				String(port),
				'-U',
				'postgres',
				'-d',
				database,
				'-At',
				'-F',
				'\t',
				'-v',
				'ON_ERROR_STOP=1',
				'-c',
				sql,
			],
			{ encoding: 'utf8' },
		);
		if (result.status !== 0)
			throw new Error(`psql failed (${String(result.status)}): ${result.stderr}`);
		return result.stdout.split('\n').filter((line) => line.length > 0);
	};
	query('CREATE DATABASE n8n', 'postgres');
	log(
		`PostgreSQL (${bin}) on 127.0.0.1:${port} (pid ${String(child.pid)}${owner ? ', as the postgres user' : ''})`,
	);
	return {
		port,
		database: 'n8n',
		user: 'postgres',
		query: (sql) => query(sql),
		stop: async () => {
			// SIGINT: PostgreSQL's fast shutdown (disconnects clients, no waiting for them).
			await stopChild(child, 'SIGINT');
			rmSync(dir, { recursive: true, force: true });
		},
	};
}
