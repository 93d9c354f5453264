/**
 * The examples as a shop imports them: their placeholder credentials are named as n8n names a new
 * credential of each type ("<display name without API> account"), because the editor's import gives
 * a node the user's credential of that name when it finds exactly one (its matchCredentials). A
 * placeholder named otherwise stays unset until the node is opened. The display names are read from
 * the n8n under test. Part of the `examples` step of test/e2e/run.ts.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { EXAMPLE_FILES, loadExample, REPO_ROOT, type ExampleName } from '../support/examples';
import type { Checks } from './checks';

/** The examples this check holds: every one. */
const CHECKED = Object.keys(EXAMPLE_FILES) as ExampleName[];

/** n8n's name for a new credential: its type's display name without API/OAuth words, then "account". */
export function defaultCredentialName(displayName: string): string {
	const words = displayName
		.split(' ')
		.filter((word) => !['API', 'OAuth1', 'OAuth2', 'MCP'].includes(word));
	return `${words.join(' ')} account`;
}

function displayNameOf(n8nDir: string, type: string): string {
	const load = (path: string, className: string) => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const module = require(path) as Record<string, new () => { displayName: string }>;
		return new module[className]().displayName;
	};
	if (type === 'cfdiEmisionApi')
		return load(
			join(REPO_ROOT, 'dist', 'credentials', 'CfdiEmisionApi.credentials.js'),
			'CfdiEmisionApi',
		);
	const base = join(n8nDir, 'node_modules', 'n8n-nodes-base');
	const known = JSON.parse(
		readFileSync(join(base, 'dist', 'known', 'credentials.json'), 'utf8'),
	) as Record<string, { className: string; sourcePath: string }>;
	assert.ok(known[type], `n8n knows no credential type "${type}"`);
	return load(join(base, known[type].sourcePath), known[type].className);
}

export async function shippedCredentialsCheck(checks: Checks, n8nDir: string): Promise<void> {
	await checks.check(
		"examples as shipped (but 10): each placeholder credential is named as n8n names a new one of its type, so the editor's import sets the shop's own credential on every node",
		() => {
			const wrong: string[] = [];
			for (const name of CHECKED) {
				for (const node of loadExample(name).nodes) {
					for (const [type, placeholder] of Object.entries(node.credentials ?? {})) {
						const expected = defaultCredentialName(displayNameOf(n8nDir, type));
						if (placeholder.name !== expected)
							wrong.push(
								`${EXAMPLE_FILES[name]} "${node.name}": "${placeholder.name}", n8n names it "${expected}"`,
							);
					}
				}
			}
			assert.deepEqual(wrong, []);
		},
	);
}
