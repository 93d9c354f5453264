/**
 * npm run lint:scanner: the lint n8n's verification applies (@n8n/scan-community-package), offline.
 * The scanner lints the provenance-attested source with SOURCE_FILE_PATTERNS and the unpacked
 * `npm pack` tarball with ['**\/*.js', 'package.json'], with its own config (the community nodes'
 * recommended rules, the n8n-nodes-base rulesets and `no-console: error`). This script does the
 * same on this checkout, after proving on a throw-away package that the rules do fire.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { ensureBuilt } from './lib/build';
import { REPO_ROOT } from '../test/support/examples';

interface AnalysisResult {
	passed: boolean;
	message?: string;
	details?: string;
}

interface Scanner {
	analyzePackage(dir: string, patterns?: string[]): Promise<AnalysisResult>;
	SOURCE_FILE_PATTERNS: string[];
}

const TARBALL_PATTERNS = ['**/*.js', 'package.json'];

async function loadScanner(): Promise<Scanner> {
	const path = require.resolve('@n8n/scan-community-package/scanner/scanner.mjs', {
		paths: [REPO_ROOT],
	});
	return (await import(pathToFileURL(path).href)) as Scanner;
}

function unpackTarball(into: string): string {
	const packed = spawnSync(
		'npm',
		['pack', '--json', '--ignore-scripts', '--pack-destination', into],
		{ cwd: REPO_ROOT, encoding: 'utf8' },
	);
	if (packed.status !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
	const [{ filename }] = JSON.parse(packed.stdout) as Array<{ filename: string }>;
	const dir = join(into, 'package');
	mkdirSync(dir);
	const untar = spawnSync(
		'tar',
		['-xzf', join(into, filename), '-C', dir, '--strip-components=1'],
		{ encoding: 'utf8' },
	);
	if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`);
	return dir;
}

/** A package with one violation of each kind the scanner must catch (a console call, a bad package.json). */
function canaryPackage(into: string): string {
	const dir = join(into, 'canary');
	mkdirSync(join(dir, 'nodes', 'Canary'), { recursive: true });
	const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as Record<
		string,
		unknown
	>;
	writeFileSync(
		join(dir, 'package.json'),
		JSON.stringify(
			{ ...manifest, name: 'n8n-nodes-canary', dependencies: { axios: '1.0.0' } },
			null,
			2,
		),
	);
	writeFileSync(
		join(dir, 'nodes', 'Canary', 'helper.ts'),
		'export function shout(text: string): void {\n\tconsole.log(text);\n}\n',
	);
	return dir;
}

async function main(): Promise<number> {
	ensureBuilt();
	const scanner = await loadScanner();
	const work = mkdtempSync(join(tmpdir(), 'cfdi-scan-'));
	let failed = false;
	try {
		const canary = await scanner.analyzePackage(canaryPackage(work), scanner.SOURCE_FILE_PATTERNS);
		const caught = ['no-console', 'no-runtime-dependencies'].filter((rule) =>
			canary.details?.includes(rule),
		);
		if (canary.passed || caught.length < 2) {
			console.error(
				`The scanner's rules did not fire on a package that breaks them (caught: ${caught.join(', ') || 'nothing'}):\n${canary.details ?? canary.message ?? ''}`,
			);
			return 1;
		}
		console.log(
			`✓ the scanner's config is live: a throw-away package fails on ${caught.join(' and ')}`,
		);

		const legs: Array<[string, string, string[]]> = [
			['sources', REPO_ROOT, scanner.SOURCE_FILE_PATTERNS],
			['packed tarball', unpackTarball(work), TARBALL_PATTERNS],
		];
		for (const [name, dir, patterns] of legs) {
			const result = await scanner.analyzePackage(dir, patterns);
			if (result.passed) {
				console.log(`✓ ${name} (${patterns.join(', ')}): no violation`);
			} else {
				failed = true;
				console.log(
					`✗ ${name} (${patterns.join(', ')}): ${result.message ?? ''}\n${result.details ?? ''}`,
				);
			}
		}
	} finally {
		rmSync(work, { recursive: true, force: true });
	}
	return failed ? 1 : 0;
}

main().then(
	(code) => process.exit(code),
	(error: Error) => {
		console.error(error.stack ?? error.message);
		process.exit(1);
	},
);
