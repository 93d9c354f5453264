/**
 * The layout's rules about n8n's context, read from the sources: one rule for "is this parameter an
 * expression" (execution/runParameters.ts), and the stamping protocol's files that take n8n's
 * context, each for a reason. Split from structure.test.ts (the service's and the floors' rules).
 */
import { posix } from 'node:path';
import ts from 'typescript';

import { readSource, trackedSources } from '../../support/importGraph';

const NODE = 'nodes/CfdiEmision';
const sources = (roots = ['nodes', 'credentials']) => trackedSources(roots);

/**
 * Whether a parameter holds an expression is decided in one place (execution/runParameters.ts):
 * nothing else reads the node's raw parameters (`getNode().parameters`) to tell.
 */
function rawParameterReads(file: string, source: string): string[] {
	if (file === `${NODE}/execution/runParameters.ts`) return [];
	const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
	const reads: string[] = [];
	const visit = (node: ts.Node): void => {
		if (
			ts.isPropertyAccessExpression(node) &&
			node.name.text === 'parameters' &&
			/getNode\(\)\??$/.test(node.expression.getText(tree).replace(/\?\.?$/, ''))
		)
			reads.push(node.getText(tree));
		ts.forEachChild(node, visit);
	};
	visit(tree);
	return reads;
}

describe('one rule for "is this parameter an expression"', () => {
	test("only execution/runParameters.ts reads the node's raw parameters", () => {
		const findings = sources().flatMap((file) =>
			rawParameterReads(file, readSource(file)).map((text) => `${file}: ${text}`),
		);
		expect(findings).toEqual([]);
	});

	test('a raw read elsewhere is found, in runParameters.ts it is not', () => {
		const source = 'const raw = ctx.getNode().parameters[name];';
		expect(
			rawParameterReads(`${NODE}/actions/voucher/globalInvoice/globalInvoiceFromSales.ts`, source),
		).toEqual(['ctx.getNode().parameters']);
		expect(
			rawParameterReads(
				`${NODE}/actions/voucher/globalInvoice/globalInvoiceFromSales.ts`,
				'ctx.getNode()?.parameters',
			),
		).toEqual(['ctx.getNode()?.parameters']);
		expect(rawParameterReads(`${NODE}/execution/runParameters.ts`, source)).toEqual([]);
	});
});

/**
 * The stamping protocol holds the run's client of the service (api/runClient.ts), plain settings
 * and the per-item parameter reader, not n8n's context (issue 33: the context of one stamping run
 * stays near the top). Only these stamping/ files take the context, each for a reason.
 */
const TAKE_THE_CONTEXT = new Map([
	['runStamping.ts', 'runStamping: n8n runs it, and it makes the client, the reader and the hints'],
	['planStampJob.ts', "the operations' contract (their builders read the node's fields), per item"],
	[
		'runSettings.ts',
		"the run's settings, read once at the top, and the run-wide refusal of Retry On Fail",
	],
]);

/** Whether a source imports n8n's execution context (IExecuteFunctions) from n8n-workflow. */
function importsTheContext(file: string, source: string): boolean {
	const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
	return tree.statements.some(
		(statement) =>
			ts.isImportDeclaration(statement) &&
			ts.isStringLiteral(statement.moduleSpecifier) &&
			statement.moduleSpecifier.text === 'n8n-workflow' &&
			!!statement.importClause?.namedBindings &&
			ts.isNamedImports(statement.importClause.namedBindings) &&
			statement.importClause.namedBindings.elements.some(
				(element) => (element.propertyName ?? element.name).text === 'IExecuteFunctions',
			),
	);
}

describe("the stamping protocol without n8n's context", () => {
	test('only the listed stamping/ files import IExecuteFunctions', () => {
		const stamping = sources().filter((file) => file.startsWith(`${NODE}/stamping/`));
		expect(stamping).toEqual(expect.arrayContaining([`${NODE}/stamping/stampPending.ts`]));
		const taking = stamping
			.filter((file) => importsTheContext(file, readSource(file)))
			.map((file) => posix.basename(file));
		expect(taking.filter((file) => !TAKE_THE_CONTEXT.has(file))).toEqual([]);
		// The list shrinks with the code: a file listed that no longer takes the context is struck.
		expect([...TAKE_THE_CONTEXT.keys()].filter((file) => !taking.includes(file))).toEqual([]);
	});

	test.each([
		"import type { IExecuteFunctions } from 'n8n-workflow';",
		"import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';",
		"import type { IExecuteFunctions as Context } from 'n8n-workflow';",
	])('finds %s', (source) => {
		expect(importsTheContext(`${NODE}/stamping/sendVoucher.ts`, source)).toBe(true);
	});

	test('other n8n types are not the context', () => {
		expect(
			importsTheContext(
				`${NODE}/stamping/sendVoucher.ts`,
				"import type { IDataObject, INode } from 'n8n-workflow';",
			),
		).toBe(false);
	});
});
