/**
 * No file over 400 lines anywhere (issue 40): product, sandbox, scripts, tests and test support,
 * every .ts, .js and .mjs file git knows. Only generated catalogue data is left out (`generated/`
 * folders: a few long lines of SAT text written by scripts/satCatalogs.ts, never read by hand);
 * node_modules and dist are ignored by git.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { readSource, trackedSources } from './support/importGraph';

const ROOT = join(__dirname, '..');
const MAX_LINES = 400;

function lineCount(file: string): number {
	const text = readSource(file);
	return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('file sizes', () => {
	const sizes = trackedSources([], ['.ts', '.js', '.mjs'])
		.filter((file) => existsSync(join(ROOT, file)))
		.map((file) => ({ file, lines: lineCount(file) }));

	it('finds the tracked sources (tests, sandbox, scripts and the node itself)', () => {
		const files = sizes.map((s) => s.file);
		for (const folder of [
			'nodes/',
			'credentials/',
			'sandbox/',
			'scripts/',
			'test/support/',
			'test/e2e/',
		])
			expect(files.some((file) => file.startsWith(folder))).toBe(true);
	});

	it(`no tracked .ts/.js/.mjs file is over ${MAX_LINES} lines`, () => {
		const tooLong = sizes
			.filter((s) => s.lines > MAX_LINES)
			.map((s) => `${s.file}: ${s.lines} lines`);
		expect(tooLong).toEqual([]);
	});
});
