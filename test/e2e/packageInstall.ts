/**
 * Installs the built package into $N8N_USER_FOLDER/.n8n/nodes the way n8n 2.8's community-package
 * installer does (CommunityPackagesService.downloadPackage): `npm pack`, unpack into
 * nodes/node_modules/<name>, drop dev/peer/optional dependencies from its package.json,
 * `npm install` inside it with n8n's flags, and record it in nodes/package.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { REPO_ROOT } from '../support/examples';
import { cleanEnv } from './runtime';

const N8N_NPM_INSTALL_ARGS = [
	'--audit=false',
	'--fund=false',
	'--bin-links=false',
	'--install-strategy=shallow',
	'--ignore-scripts=true',
	'--package-lock=false',
];

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
} {
	const packDir = mkdtempSync(join(tmpdir(), 'cfdi-e2e-pack-'));
	try {
		const [packed] = JSON.parse(
			runOrThrow(
				'npm',
				['pack', '--json', '--ignore-scripts', '--pack-destination', packDir],
				REPO_ROOT,
			),
		) as Array<{ name: string; version: string; filename: string; entryCount: number }>;
		const nodesDir = join(userFolder, '.n8n', 'nodes');
		const dir = join(nodesDir, 'node_modules', packed.name);
		rmSync(dir, { recursive: true, force: true });
		mkdirSync(dir, { recursive: true });
		runOrThrow(
			'tar',
			['-xzf', join(packDir, packed.filename), '-C', dir, '--strip-components=1'],
			packDir,
		);
		const manifestPath = join(dir, 'package.json');
		// eslint-disable-next-line @typescript-eslint/no-unused-vars
		const { devDependencies, peerDependencies, optionalDependencies, ...manifest } = JSON.parse(
			readFileSync(manifestPath, 'utf8'),
		) as Record<string, unknown>;
		writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
		runOrThrow('npm', ['install', ...N8N_NPM_INSTALL_ARGS], dir);
		writeFileSync(
			join(nodesDir, 'package.json'),
			JSON.stringify(
				{ name: 'installed-nodes', private: true, dependencies: { [packed.name]: packed.version } },
				null,
				2,
			),
		);
		return { name: packed.name, version: packed.version, dir, files: packed.entryCount };
	} finally {
		rmSync(packDir, { recursive: true, force: true });
	}
}
