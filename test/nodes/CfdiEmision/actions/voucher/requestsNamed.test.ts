/**
 * An operation file that says which requests it sends (its header's "Requests", DEVELOPMENT.md's
 * map) names real calls: every call named in its comments in backticks is a method of the run's
 * client (api/runClient.ts) or a function an api/ file exports, so a renamed or removed call
 * leaves no trace pointing nowhere.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../../../..');
const NODE = join(ROOT, 'nodes/CfdiEmision');

/** The names in backticks in a source's comments, besides the operation's own `description`. */
function namedCalls(source: string): string[] {
	const comments = source.match(/\/\*[^]*?\*\/|\/\/.*$/gm) ?? [];
	const names = comments.flatMap((comment) =>
		[...comment.matchAll(/`([A-Za-z]\w*)`/g)].map((match) => match[1]),
	);
	return [...new Set(names)].filter((name) => name !== 'description');
}

/** RunClient's public methods, and every function an api/ file exports. */
function knownCalls(): Set<string> {
	const runClient = readFileSync(join(NODE, 'api/runClient.ts'), 'utf8');
	const methods = [...runClient.matchAll(/^\tasync (\w+)\(/gm)].map((match) => match[1]);
	const exported = readdirSync(join(NODE, 'api'))
		.filter((file) => file.endsWith('.ts'))
		.flatMap((file) => [
			...readFileSync(join(NODE, 'api', file), 'utf8').matchAll(
				/^export (?:async )?function (\w+)/gm,
			),
		])
		.map((match) => match[1]);
	return new Set([...methods, ...exported]);
}

function operationFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory()
			? operationFiles(join(dir, entry.name))
			: entry.name.endsWith('.operation.ts')
				? [join(dir, entry.name)]
				: [],
	);
}

const tracing = operationFiles(join(NODE, 'actions/voucher')).filter((file) =>
	/^\/\*\*[^]*?Requests[^]*?\*\//.test(readFileSync(file, 'utf8')),
);

test('the operations that say their requests are found (Create, Update, Cancel)', () => {
	const names = tracing.map((file) => file.slice(NODE.length + 1));
	expect(names).toEqual(
		expect.arrayContaining([
			'actions/voucher/invoice/create.operation.ts',
			'actions/voucher/invoice/update.operation.ts',
			'actions/voucher/cancel.operation.ts',
		]),
	);
});

test.each(tracing.map((file) => [file.slice(NODE.length + 1), file]))(
	'%s names only calls the client or api/ has',
	(_name, file) => {
		const named = namedCalls(readFileSync(file, 'utf8'));
		expect(named.length).toBeGreaterThan(0);
		const known = knownCalls();
		expect(named.filter((name) => !known.has(name))).toEqual([]);
	},
);

test('a call named that the client does not have is found', () => {
	const named = namedCalls('/**\n * Requests: `createVoucher`, then `stampVoucherNow`.\n */');
	expect(named).toEqual(['createVoucher', 'stampVoucherNow']);
	expect(named.filter((name) => !knownCalls().has(name))).toEqual(['stampVoucherNow']);
});
