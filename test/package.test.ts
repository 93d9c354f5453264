import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

/**
 * A fresh clone's `npm install` must leave every tracked file unchanged: npm rewrites
 * package-lock.json when it and package.json disagree (a range in one, an exact pin in the other).
 * `npm install --package-lock-only` resolves the same tree without touching node_modules; it reads
 * the registry's metadata from npm's cache (filled by `npm ci`), so it runs offline after that.
 */
describe('package.json and package-lock.json agree', () => {
	it('npm install --package-lock-only leaves package-lock.json as committed', () => {
		const dir = mkdtempSync(join(tmpdir(), 'cfdi-lock-'));
		try {
			for (const file of ['package.json', 'package-lock.json'])
				copyFileSync(join(ROOT, file), join(dir, file));
			const result = spawnSync(
				'npm',
				[
					'install',
					'--package-lock-only',
					'--prefer-offline',
					'--ignore-scripts',
					'--audit=false',
					'--fund=false',
				],
				{ cwd: dir, encoding: 'utf8', timeout: 240_000 },
			);
			expect(result.stderr).not.toMatch(/ERR!/);
			expect(result.status).toBe(0);
			expect(readFileSync(join(dir, 'package-lock.json'), 'utf8')).toBe(
				readFileSync(join(ROOT, 'package-lock.json'), 'utf8'),
			);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	}, 300_000);
});
