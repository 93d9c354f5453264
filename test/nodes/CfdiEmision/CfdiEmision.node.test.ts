/**
 * Findable in n8n's node panel (issue 18 item 4). The panel searches a node's displayName and its
 * codex `alias` (n8n's editor: sublimeSearch over properties.displayName and properties.codex.alias)
 * and shows a node and its trigger as one entry with the TRIGGER's description. The real editor is
 * driven by the e2e (test/e2e/uiPhase.ts); this checks the shipped files the editor reads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { NODE_SEARCH_WORDS } from '../../e2e/uiWorkflows';

const DIST = join(__dirname, '..', '..', '..', 'dist', 'nodes');

function codex(path: string): { alias: string[]; categories: string[] } {
	return JSON.parse(readFileSync(join(DIST, path), 'utf8')) as {
		alias: string[];
		categories: string[];
	};
}

function description(path: string): { displayName: string; description: string } {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const exported = require(join(DIST, path)) as Record<
		string,
		new () => { description: { displayName: string; description: string } }
	>;
	return new (Object.values(exported)[0])().description;
}

const node = {
	codex: codex('CfdiEmision/CfdiEmision.node.json'),
	description: description('CfdiEmision/CfdiEmision.node.js'),
};
const trigger = {
	codex: codex('CfdiEmisionTrigger/CfdiEmisionTrigger.node.json'),
	description: description('CfdiEmisionTrigger/CfdiEmisionTrigger.node.js'),
};

describe('the node panel finds the nodes for the words users type', () => {
	test.each(NODE_SEARCH_WORDS)(
		'"%s" is in the name or an alias of the node and of the trigger',
		(word) => {
			for (const {
				codex: { alias },
				description: { displayName },
			} of [node, trigger]) {
				expect(
					[displayName, ...alias].some((text) => text.toLowerCase().includes(word.toLowerCase())),
				).toBe(true);
			}
		},
	);

	test('words typed without accents find them too (the panel does not fold accents)', () => {
		for (const word of ['facturacion', 'mexico', 'nota de credito'])
			expect(node.codex.alias.map((a) => a.toLowerCase())).toContain(word);
	});

	test('both sit in Finance & Accounting', () => {
		expect(node.codex.categories).toContain('Finance & Accounting');
		expect(trigger.codex.categories).toContain('Finance & Accounting');
	});

	test("the shared entry shows what the action node does: the trigger's description starts with it", () => {
		expect(trigger.description.description.startsWith(node.description.description)).toBe(true);
	});
});
