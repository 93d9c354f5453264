/**
 * How many source files (nodes/, credentials/, sandbox/; the generated catalogs in
 * cfdi/catalogs/generated/ left out) have their tests at the mirrored path
 * test/<path without .ts>.test.ts (or .engine.test.ts), how many are named instead in a neighbour
 * test's "Also covers:" header line, and which have neither. `npx tsx scripts/testMirror.ts [-v]`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const verbose = process.argv.includes('-v');

function tracked(...paths: string[]): string[] {
	return execFileSync('git', ['ls-files', '-co', '--exclude-standard', ...paths], {
		cwd: ROOT,
		encoding: 'utf8',
	})
		.split('\n')
		.filter((file) => file && existsSync(join(ROOT, file)));
}

const sources = tracked('nodes', 'credentials', 'sandbox').filter(
	(file) => file.endsWith('.ts') && !file.includes('/generated/'),
);
const tests = tracked('test').filter((file) => file.endsWith('.test.ts'));

const coveredBy = new Map<string, string>();
for (const test of tests) {
	const head = readFileSync(join(ROOT, test), 'utf8').slice(0, 3000);
	const line = /Also covers:([^]*?)(?:\*\/|\n\s*\*\s*\n)/.exec(head);
	for (const file of line?.[1].match(/[\w./-]+\.ts/g) ?? []) coveredBy.set(file, test);
}

let mirrored = 0;
const neighbour: string[] = [];
const neither: string[] = [];
for (const source of sources) {
	const base = join(ROOT, 'test', source.replace(/\.ts$/, ''));
	if (existsSync(`${base}.test.ts`) || existsSync(`${base}.engine.test.ts`)) mirrored++;
	else if (coveredBy.has(source)) neighbour.push(source);
	else neither.push(source);
}

const percent = ((100 * mirrored) / sources.length).toFixed(1);
process.stdout.write(
	`source files: ${sources.length}; test at the mirrored path: ${mirrored} (${percent} %); ` +
		`covered by a neighbour's header: ${neighbour.length}; neither: ${neither.length}\n`,
);
if (verbose) {
	for (const file of neighbour)
		process.stdout.write(`neighbour ${file} <- ${coveredBy.get(file)}\n`);
	for (const file of neither) process.stdout.write(`neither ${file}\n`);
}
