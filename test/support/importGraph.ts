/**
 * The import graph of the sources, read with TypeScript's own parser: which files of the tree each
 * file imports (imports, re-exports, `import type` too, import() and require() of a literal path;
 * packages are not followed), the circles in it (Tarjan's strongly connected components), and the
 * imports against a declared order of floors; and the files it is read from.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import ts from 'typescript';

const REPO_ROOT = join(__dirname, '..', '..');

/** A file's text, by its path from the repository root. */
export const readSource = (file: string) => readFileSync(join(REPO_ROOT, file), 'utf8');

/**
 * The files git knows under `roots` (tracked, or new and not ignored; all when none is given) whose
 * names end in one of `endings`, paths from the repository root; generated catalogues left out.
 */
export function trackedSources(roots: string[], endings = ['.ts']): string[] {
	return execFileSync('git', ['ls-files', '-co', '--exclude-standard', ...roots], {
		cwd: REPO_ROOT,
		encoding: 'utf8',
	})
		.split('\n')
		.filter(
			(file) => endings.some((ending) => file.endsWith(ending)) && !file.includes('/generated/'),
		);
}

/** Each file (path from the repository root, posix) to the files of the tree it imports. */
export type ImportGraph = Map<string, string[]>;

/** The file a relative specifier names among `known` (x.ts or x/index.ts), if any. */
function resolve(from: string, specifier: string, known: Set<string>): string | undefined {
	if (!specifier.startsWith('.')) return undefined;
	const path = posix.normalize(posix.join(dirname(from), specifier));
	return [path, `${path}.ts`, `${path}/index.ts`].find((candidate) => known.has(candidate));
}

/** The files of `known` that one source imports, each once, in the order written. */
export function importsOf(file: string, source: string, known: Set<string>): string[] {
	const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
	const found = new Set<string>();
	const add = (literal: ts.Node | undefined) => {
		if (!literal || !ts.isStringLiteral(literal)) return;
		const target = resolve(file, literal.text, known);
		if (target) found.add(target);
	};
	const visit = (node: ts.Node): void => {
		if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
		if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
			add(node.moduleReference.expression);
		if (
			ts.isCallExpression(node) &&
			(node.expression.kind === ts.SyntaxKind.ImportKeyword ||
				(ts.isIdentifier(node.expression) && node.expression.text === 'require'))
		)
			add(node.arguments[0]);
		ts.forEachChild(node, visit);
	};
	visit(tree);
	return [...found];
}

export function importGraph(files: string[], read: (file: string) => string): ImportGraph {
	const known = new Set(files);
	return new Map(files.map((file) => [file, importsOf(file, read(file), known)]));
}

/**
 * The circles of the graph: each set of files that reach one another through their imports
 * (a strongly connected component of two files or more, or a file importing itself), sorted.
 */
export function circles(graph: ImportGraph): string[][] {
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const found: string[][] = [];
	const connect = (file: string) => {
		index.set(file, index.size);
		low.set(file, index.get(file)!);
		stack.push(file);
		onStack.add(file);
		for (const next of graph.get(file) ?? []) {
			if (!index.has(next)) {
				connect(next);
				low.set(file, Math.min(low.get(file)!, low.get(next)!));
			} else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
		}
		if (low.get(file) !== index.get(file)) return;
		const component: string[] = [];
		let member: string;
		do {
			member = stack.pop()!;
			onStack.delete(member);
			component.push(member);
		} while (member !== file);
		if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component.sort());
	};
	for (const file of graph.keys()) if (!index.has(file)) connect(file);
	return found.sort((a, b) => a[0].localeCompare(b[0]));
}

/**
 * The imports of `file` that leave its room for one beside it or above it, and a file in no room.
 * `floors`: rooms (a folder ending in '/', or one file) top to bottom; a file's room is the longest
 * that holds it.
 */
export function againstTheFloors(floors: string[][], file: string, imports: string[]): string[] {
	const roomOf = (path: string) =>
		floors
			.flat()
			.filter((room) => path === room || (room.endsWith('/') && path.startsWith(room)))
			.sort((a, b) => b.length - a.length)[0];
	const floorOf = (room: string) => floors.findIndex((floor) => floor.includes(room));
	const room = roomOf(file);
	if (!room) return [`${file} stands in no room`];
	return imports
		.filter((target) => {
			const to = roomOf(target);
			return !to || (to !== room && floorOf(to) <= floorOf(room));
		})
		.map((target) => `${file} -> ${target}`);
}
