/**
 * The traces stay true: every file a source's comments name (an operation's "Traced from here"
 * header, a kind's rules list, "see x.ts") and every file DEVELOPMENT.md names is a file of this
 * repository, so a move or a merge that forgets a header fails here instead of sending a newcomer
 * to a file that is gone. A name may be shortened to its folder and file (`invoice/orderInput.ts`);
 * it must match the end of a tracked path. Shown failing on a made-up header.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');

/** Names that are not this repository's files: the shared spec and notes, the mirror's pattern. */
const NOT_OURS = new Set([
	'cfdi-emision-api.md',
	'service-facts.md',
	'X/Y/z.ts',
	'test/X/Y/z.test.ts',
]);

/** A file name in text: folders and a file ending .ts, .md or .json, not part of a pattern (`*.ts`, `<op>.ts`). */
const FILE_NAME =
	/(?<![\w<>*./-])((?:\.{1,2}\/)*(?:[\w.-]+\/)*[\w-]+(?:\.[\w-]+)*\.(?:ts|md|json))\b/g;

const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
	.split('\n')
	.filter(Boolean);

/** The comments of a TypeScript source, or a Markdown page whole. */
function textOf(file: string, source: string): string {
	if (file.endsWith('.md')) return source;
	return (source.match(/\/\*[^]*?\*\/|\/\/.*$/gm) ?? []).join('\n');
}

/** The names in a file's text that match no tracked path. */
function namesPointingNowhere(file: string, source: string, paths: string[]): string[] {
	const missing: string[] = [];
	for (const [, written] of textOf(file, source).matchAll(FILE_NAME)) {
		if (NOT_OURS.has(written)) continue;
		const name = written.replace(/^(\.{1,2}\/)+/, '');
		if (!paths.some((path) => path === name || path.endsWith(`/${name}`))) {
			missing.push(`${file}: ${written}`);
		}
	}
	return missing;
}

test('every file named in the sources’ comments and in DEVELOPMENT.md exists', () => {
	const readers = tracked
		.filter((path) => /^(nodes|credentials)\/.*\.ts$/.test(path))
		.concat(['DEVELOPMENT.md', 'README.md']);
	const missing = readers.flatMap((file) =>
		namesPointingNowhere(file, readFileSync(join(ROOT, file), 'utf8'), tracked),
	);
	expect(missing).toEqual([]);
	expect(readers.length).toBeGreaterThan(200);
});

test('a header naming a moved file is reported; folders, patterns and the shared spec are not', () => {
	const header = [
		'/**',
		' * Traced from here:',
		' * - Fields: ../fields/stamping.fields.ts and invoice/inputMode.fields.ts',
		' * - Rules: ../globalInvoice/globalKindRules.ts (merged away), cfdi/validateVoucher.ts',
		' * - One <op>.operation.ts per operation, every *.fields.ts, the spec cfdi-emision-api.md',
		' */',
	].join('\n');
	expect(namesPointingNowhere('nodes/made-up.ts', header, tracked)).toEqual([
		'nodes/made-up.ts: ../globalInvoice/globalKindRules.ts',
	]);
});
