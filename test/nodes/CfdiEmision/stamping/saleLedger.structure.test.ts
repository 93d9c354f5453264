/**
 * The ledger's place in the layout, read from the sources (issue 33 item 2): one ledger module
 * (ledger/ledger.ts and its rules ledger/ledgerRules.ts, its reader stamping/saleLedger.ts; no saleSums left anywhere), and the protocol
 * room (stamping/) reads no input mode, operation or XML setting, so a sum cannot depend on one.
 * The scan is shown failing on a made-up source, so a scanner that sees nothing cannot pass.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..', '..', '..');
const NODE = 'nodes/CfdiEmision';
/** Parameters that say how a voucher was made: the protocol must not branch on them. */
const SETTINGS = new Set(['inputMode', 'operation', 'readRelatedXml']);

/** The parameters a source reads with getNodeParameter('<literal>', ...). */
function parametersRead(file: string, source: string): string[] {
	const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
	const read: string[] = [];
	const visit = (node: ts.Node): void => {
		if (
			ts.isCallExpression(node) &&
			ts.isPropertyAccessExpression(node.expression) &&
			node.expression.name.text === 'getNodeParameter' &&
			node.arguments[0] &&
			ts.isStringLiteralLike(node.arguments[0])
		)
			read.push(node.arguments[0].text);
		ts.forEachChild(node, visit);
	};
	visit(tree);
	return read;
}

const sources = (): string[] =>
	execFileSync('git', ['ls-files', NODE], { cwd: ROOT, encoding: 'utf8' })
		.split('\n')
		.filter((file) => file.endsWith('.ts'));

test('stamping/ reads no input mode, operation or XML setting', () => {
	const found = sources()
		.filter((file) => file.startsWith(`${NODE}/stamping/`))
		.flatMap((file) =>
			parametersRead(file, readFileSync(join(ROOT, file), 'utf8'))
				.filter((name) => SETTINGS.has(name))
				.map((name) => `${file}: ${name}`),
		);
	expect(found).toEqual([]);
});

test('the scan sees a read of the input mode (a made-up source), and not one in a comment', () => {
	expect(
		parametersRead(
			'x.ts',
			"// ctx.getNodeParameter('operation', 0)\nconst mode = ctx.getNodeParameter('inputMode', i, '');",
		),
	).toEqual(['inputMode']);
});

test('one ledger module: no saleSums file, and the ledger and its sum rules are defined only in ledger/ledger.ts and ledgerRules.ts', () => {
	const files = sources();
	expect(files.filter((file) => /saleSums/i.test(file))).toEqual([]);
	const defining = files.filter((file) =>
		/export (function|class) (creditRefusal|paymentRefusal|Ledger)\b/.test(
			readFileSync(join(ROOT, file), 'utf8'),
		),
	);
	expect(defining).toEqual([`${NODE}/ledger/ledger.ts`, `${NODE}/ledger/ledgerRules.ts`]);
});
