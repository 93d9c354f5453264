import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The engine tests load the package from dist/, as n8n does: a source edited after the last
 * `npm run build` would be tested in its old form, green or red for the wrong reason. Each
 * source's compiled file must be at least as new as the source (one stat per file, once a run).
 */
export function assertDistFresh(packageRoot: string): void {
	const stale: string[] = [];
	for (const folder of ['nodes', 'credentials'])
		for (const source of typeScriptFiles(join(packageRoot, folder))) {
			const built = join(packageRoot, 'dist', relative(packageRoot, source)).replace(
				/\.ts$/,
				'.js',
			);
			const builtAt = statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
			if (builtAt < statSync(source).mtimeMs) stale.push(relative(packageRoot, source));
		}
	if (stale.length)
		throw new Error(
			`dist/ is older than ${stale.length} source file(s) (${stale.slice(0, 3).join(', ')}${stale.length > 3 ? ', …' : ''}): ` +
				'the engine tests would run the old build. Run `npm run build` first.',
		);
}

function typeScriptFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true, recursive: true })
		.filter(
			(entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'),
		)
		.map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}
