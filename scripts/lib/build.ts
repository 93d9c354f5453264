/** Builds the package when dist/ is missing or older than its sources. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_ROOT } from '../../test/support/examples';

function newestMtime(dir: string, accept: (file: string) => boolean): number {
	let newest = 0;
	if (!existsSync(dir)) return newest;
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path, accept));
		else if (accept(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
	}
	return newest;
}

/** The compiled files package.json points n8n at, with the time the oldest was written (0 if one is missing). */
function builtAt(): number {
	const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
		n8n: { nodes: string[]; credentials: string[] };
	};
	let oldest = Infinity;
	for (const file of [...manifest.n8n.nodes, ...manifest.n8n.credentials]) {
		const path = join(REPO_ROOT, file);
		if (!existsSync(path)) return 0;
		oldest = Math.min(oldest, statSync(path).mtimeMs);
	}
	return oldest;
}

export function isBuildCurrent(): boolean {
	const sources = Math.max(
		newestMtime(join(REPO_ROOT, 'nodes'), () => true),
		newestMtime(join(REPO_ROOT, 'credentials'), () => true),
		statSync(join(REPO_ROOT, 'tsconfig.build.json')).mtimeMs,
	);
	return builtAt() >= sources;
}

/** Runs `npm run build` unless dist/ is current; returns whether it built. Throws when the build fails. */
export function ensureBuilt(log: (line: string) => void = console.log): boolean {
	if (isBuildCurrent()) return false;
	log('Building the package (dist/ is missing or older than the sources)...');
	const result = spawnSync('npm', ['run', 'build', '--silent'], {
		cwd: REPO_ROOT,
		stdio: 'inherit',
		env: process.env,
	});
	if (result.status !== 0)
		throw new Error(`npm run build failed (exit code ${String(result.status ?? result.signal)})`);
	return true;
}
