/**
 * Installs the package into $N8N_USER_FOLDER/.n8n/nodes the README's way (Installation, "Today,
 * from a release tarball"): `npm pack` makes the release tarball, then, in the nodes folder,
 * `npm install --omit=peer <tarball>`. n8n loads it from nodes/node_modules on its next start.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_ROOT } from '../support/examples';
import { cleanEnv } from './runtime';

/** The README's command in the nodes folder, after `npm install`: the tarball's path follows. */
export const README_INSTALL_ARGS = ['install', '--omit=peer'];

function runOrThrow(command: string, args: string[], cwd: string): string {
	const result = spawnSync(command, args, {
		cwd,
		env: cleanEnv(),
		encoding: 'utf8',
		timeout: 300_000,
	});
	if (result.status !== 0)
		throw new Error(
			`${command} ${args.join(' ')} failed (${String(result.status ?? result.signal)}):\n${result.stderr}${result.stdout}`,
		);
	return result.stdout;
}

export function installPackage(userFolder: string): {
	name: string;
	version: string;
	dir: string;
	files: number;
	tarball: string;
	command: string;
} {
	// The release tarball, as `npm ci && npm run build && npm pack` makes it (the build is done).
	const releaseDir = join(userFolder, 'release');
	mkdirSync(releaseDir, { recursive: true });
	const [packed] = JSON.parse(
		runOrThrow(
			'npm',
			['pack', '--json', '--ignore-scripts', '--pack-destination', releaseDir],
			REPO_ROOT,
		),
	) as Array<{ name: string; version: string; filename: string; entryCount: number }>;
	const tarball = join(releaseDir, packed.filename);
	// mkdir -p ~/.n8n/nodes && cd ~/.n8n/nodes && npm install --omit=peer /path/to/<tarball>
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	mkdirSync(nodesDir, { recursive: true });
	runOrThrow('npm', [...README_INSTALL_ARGS, tarball], nodesDir);
	const dir = join(nodesDir, 'node_modules', packed.name);
	const installed = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
		version?: string;
	};
	if (installed.version !== packed.version)
		throw new Error(`${dir} holds version ${String(installed.version)}, not ${packed.version}`);
	// n8n's own peer (n8n-workflow) must not be installed next to the package: n8n provides it.
	if (existsSync(join(nodesDir, 'node_modules', 'n8n-workflow')))
		throw new Error('npm installed n8n-workflow into the nodes folder despite --omit=peer');
	return {
		name: packed.name,
		version: packed.version,
		dir,
		files: packed.entryCount,
		tarball,
		command: `cd .n8n/nodes && npm ${README_INSTALL_ARGS.join(' ')} ${packed.filename}`,
	};
}
