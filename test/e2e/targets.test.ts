/** The n8n versions the package claims (package.json) are the ones CI runs the end-to-end test on. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { CURRENT_N8N, OLDEST_N8N, targetFromArgs } from './runtime';

const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
	n8n: { supportedN8nVersions: string; testedN8nVersions: string[] };
};

test('package.json names the tested n8n versions, and its supported range starts at the oldest one', () => {
	expect(manifest.n8n.testedN8nVersions).toEqual([OLDEST_N8N.n8n, CURRENT_N8N.n8n]);
	expect(manifest.n8n.supportedN8nVersions).toBe(`>=${OLDEST_N8N.n8n} <3`);
	expect(OLDEST_N8N.node).toBeUndefined();
	expect(CURRENT_N8N.node).toMatch(/^24\./);
});

test('the e2e scripts pick their n8n from their arguments', () => {
	expect(targetFromArgs([], {})).toEqual(OLDEST_N8N);
	expect(targetFromArgs(['--current'], {})).toEqual(CURRENT_N8N);
	expect(targetFromArgs(['--n8n', '2.20.0', '--node', '22.12.0'], {})).toEqual({
		n8n: '2.20.0',
		node: '22.12.0',
	});
	expect(() => targetFromArgs(['--n8n', 'latest'], {})).toThrow(
		'--n8n needs a version like 2.41.1, not "latest"',
	);
	expect(targetFromArgs([], { CFDI_E2E_N8N: '2.41.1', CFDI_E2E_NODE: '24.21.0' })).toEqual(
		CURRENT_N8N,
	);
});
