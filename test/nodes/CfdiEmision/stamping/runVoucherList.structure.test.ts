/**
 * The run's one list read, kept by the layout (issue 33 item 2): outside api/ and stamping/runVoucherList.ts
 * nothing calls the service's list readers, so no guard reads the list on its own. The user's own
 * reads (Get Many, Get Status, the Cancel look-up, the voucher picker, the trigger) are the named
 * exceptions: each is one read of its own operation, not a guard of a stamping run. The reads that
 * must be fresh go through runVoucherList.ts's fresh* functions. The scan is shown failing on a made-up source.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..', '..', '..');
const NODE = 'nodes/CfdiEmision';
/** The functions of api/ that send a list request. */
const READERS = new Set([
	'readListPageAt',
	'listedVouchers',
	'readWholeWindow',
	'listVouchers',
	'findOnVoucherList',
	'findVoucherOnList',
	'findVoucherByUuid',
	'vouchersOfSale',
]);
/** The one place a stamping run reads the list; and the operations whose output is the read itself. */
const ALLOWED = new Set([
	`${NODE}/stamping/runVoucherList.ts`,
	`${NODE}/actions/voucher/getMany.operation.ts`,
	`${NODE}/actions/voucher/getStatus.operation.ts`,
	`${NODE}/actions/voucher/cancel.operation.ts`,
	`${NODE}/methods/voucherSearch.ts`,
	`${NODE}/trigger.ts`,
]);

/**
 * The list readers a source imports, re-exports (by their api/ names, aliases included) or calls as
 * a method (the run's bound client: client.readWholeWindow(...)).
 */
function readersUsed(file: string, source: string): string[] {
	const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
	const used: string[] = [];
	const visit = (node: ts.Node): void => {
		const named =
			ts.isImportDeclaration(node) &&
			node.importClause?.namedBindings &&
			ts.isNamedImports(node.importClause.namedBindings)
				? node.importClause.namedBindings.elements
				: ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)
					? node.exportClause.elements
					: undefined;
		for (const element of named ?? []) {
			const name = (element.propertyName ?? element.name).text;
			if (READERS.has(name)) used.push(name);
		}
		if (
			ts.isCallExpression(node) &&
			ts.isPropertyAccessExpression(node.expression) &&
			READERS.has(node.expression.name.text)
		)
			used.push(node.expression.name.text);
		ts.forEachChild(node, visit);
	};
	visit(tree);
	return used;
}

const sources = (): string[] =>
	execFileSync('git', ['ls-files', NODE], { cwd: ROOT, encoding: 'utf8' })
		.split('\n')
		.filter((file) => file.endsWith('.ts') && !file.startsWith(`${NODE}/api/`));

test('outside api/ only stamping/runVoucherList.ts (and the named user reads) calls a list reader', () => {
	const found = sources()
		.filter((file) => !ALLOWED.has(file))
		.flatMap((file) =>
			readersUsed(file, readFileSync(join(ROOT, file), 'utf8')).map((name) => `${file}: ${name}`),
		);
	expect(found).toEqual([]);
});

test('the guards of a stamping run (stamping/, voucherInput/) read the list only through stamping/runVoucherList.ts', () => {
	const guards = sources().filter((file) => /\/(stamping|voucherInput)\//.test(file));
	expect(guards.length).toBeGreaterThan(10);
	const readingList = guards.filter(
		(file) => readersUsed(file, readFileSync(join(ROOT, file), 'utf8')).length > 0,
	);
	expect(readingList).toEqual([`${NODE}/stamping/runVoucherList.ts`]);
});

test('the scan sees an import, an aliased import and a re-export of a reader (a made-up source), not a comment', () => {
	expect(
		readersUsed(
			'x.ts',
			[
				"// import { listVouchers } from '../api/voucherList';",
				"import { listVouchers, type VoucherListWindow } from '../api/voucherList';",
				"import { findVoucherByUuid as look } from '../api/voucherList';",
				"export { readWholeWindow } from './api/voucherList';",
				'const whole = await client.readWholeWindow(window);',
			].join('\n'),
		),
	).toEqual(['listVouchers', 'findVoucherByUuid', 'readWholeWindow', 'readWholeWindow']);
});
