/**
 * Issue 25: what the editor and the examples tell a user to read is a docs/ page that exists (the
 * README is a short guide now), never "see the README".
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeProperties } from 'n8n-workflow';

import { CfdiEmision } from '../../../nodes/CfdiEmision/CfdiEmision.node';
import { CfdiEmisionTrigger } from '../../../nodes/CfdiEmisionTrigger/CfdiEmisionTrigger.node';

const ROOT = join(__dirname, '..', '..', '..');
const DOCS_URL = 'https://github.com/n8n-nodes-cfdi-emision/n8n-nodes-cfdi-emision/blob/main/docs/';

/** Every text a user reads in the node's form: descriptions, hints, notices, option descriptions. */
function formTexts(properties: INodeProperties[]): string[] {
	return properties.flatMap((property) => [
		property.displayName,
		property.description ?? '',
		property.hint ?? '',
		...(
			(property.options ?? []) as Array<Partial<INodeProperties> & { values?: INodeProperties[] }>
		).flatMap((option) => [
			String(option.description ?? ''),
			...('type' in option && option.type ? formTexts([option as INodeProperties]) : []),
			...(option.values ? formTexts(option.values) : []),
		]),
	]);
}

const exampleTexts = readdirSync(join(ROOT, 'examples'))
	.filter((file) => file.endsWith('.json'))
	.map((file) => [file, readFileSync(join(ROOT, 'examples', file), 'utf8')] as const);

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
	heading
		.toLowerCase()
		.replace(/[^\p{L}\p{N} _-]/gu, '')
		.replace(/ /g, '-');

function docLinks(text: string): Array<{ page: string; anchor?: string }> {
	return [...text.matchAll(/blob\/main\/docs\/([\w-]+\.md)(?:#([\w-]+))?/g)].map((match) => ({
		page: match[1],
		anchor: match[2],
	}));
}

describe('pointers to the documentation', () => {
	const texts = [
		...formTexts(new CfdiEmision().description.properties),
		...formTexts(new CfdiEmisionTrigger().description.properties),
		...exampleTexts.map(([, text]) => text),
	];
	// The node panel's documentation links (the codex).
	const codexLinks = [
		'CfdiEmision/CfdiEmision.node.json',
		'CfdiEmisionTrigger/CfdiEmisionTrigger.node.json',
	]
		.map((file) => readFileSync(join(ROOT, 'nodes', file), 'utf8'))
		.join('\n');

	test('no text in the form or the examples sends the user to the README', () => {
		expect(texts.filter((text) => /\breadme\b/i.test(text))).toEqual([]);
	});

	test('the Duplicate Check Key and example 07 point at their docs/ pages', () => {
		const key = new CfdiEmision().description.properties.find(
			(property) => property.name === 'duplicateCheckKey',
		)!;
		expect(key.description).toContain(`${DOCS_URL}duplicate-check.md#how-a-sale-is-recognised`);
		const [, example07] = exampleTexts.find(([file]) => file.startsWith('07-'))!;
		expect(example07).toContain(`${DOCS_URL}spec-choices.md#`);
	});

	test('every docs/ page linked exists, with the heading its anchor names', () => {
		const links = [...texts, codexLinks].flatMap(docLinks);
		expect(links.length).toBeGreaterThanOrEqual(10);
		for (const { page, anchor } of links) {
			const markdown = readFileSync(join(ROOT, 'docs', page), 'utf8');
			if (!anchor) continue;
			const anchors = [...markdown.matchAll(/^#+ (.+)$/gm)].map((match) => anchorOf(match[1]));
			expect({ page, anchor, found: anchors.includes(anchor) }).toEqual({
				page,
				anchor,
				found: true,
			});
		}
	});
});
