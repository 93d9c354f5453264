/**
 * The layout's rules about the service, read from the sources (issue 33 item 1, "one client of the
 * service"): every call goes through api/, so outside api/ (and auth/, the credential's sign-in)
 * no file imports transport/ or the path builders of api/paths.ts, writes a path of the issuing API,
 * or calls n8n's request helpers; the token service's paths live in auth/. Each rule is also shown
 * failing on a made-up source, so a scanner that sees nothing cannot pass. Also the floors of the
 * whole tree: no circle of imports, and no import from a lower floor to a higher one.
 * Also covers: nodes/CfdiEmision/api/sessionAndFailure.ts (what callers of the client import instead of transport/).
 */
import { dirname, posix } from 'node:path';
import ts from 'typescript';

import {
	againstTheFloors as against,
	circles,
	importGraph,
	importsOf,
	readSource,
	trackedSources,
} from '../../support/importGraph';

const NODE = 'nodes/CfdiEmision';

/** Route segments of the issuing API and the e-mail endpoint (spec section 4). */
const SERVICE_ROUTE = /\/(emisores|comprobantes|descargacomprobantes|pdfs|enviocorreo)\b/i;
/** Paths of the token service (spec 5): the sign-in's own. */
const TOKEN_ROUTE = /\/connect\/(token|userinfo)\b/i;
/** n8n's request helpers: only the transport, the client and the sign-in send requests. */
const REQUEST_HELPERS = new Set([
	'httpRequest',
	'httpRequestWithAuthentication',
	'request',
	'requestWithAuthentication',
	'requestOAuth2',
]);

const inside = (file: string, ...rooms: string[]) =>
	rooms.some((room) => file.startsWith(`${NODE}/${room}/`));

interface Finding {
	file: string;
	rule: string;
	text: string;
}

/** What one source breaks, by its path from the repository root (posix). */
function scan(file: string, source: string): Finding[] {
	const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
	const findings: Finding[] = [];
	const found = (rule: string, text: string) => findings.push({ file, rule, text });
	const specifiers = new Set<ts.Node>();
	const target = (specifier: string) =>
		specifier.startsWith('.') ? posix.normalize(posix.join(dirname(file), specifier)) : specifier;
	const checkImport = (node: ts.Node, specifier: string) => {
		specifiers.add(node);
		const to = target(specifier);
		if (to.startsWith(`${NODE}/transport/`) && !inside(file, 'api', 'auth', 'transport'))
			found('imports transport/', specifier);
		if (to === `${NODE}/api/paths` && !inside(file, 'api', 'auth'))
			found('imports the service paths', specifier);
	};
	const visit = (node: ts.Node): void => {
		if (
			(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
			node.moduleSpecifier &&
			ts.isStringLiteral(node.moduleSpecifier)
		)
			checkImport(node.moduleSpecifier, node.moduleSpecifier.text);
		if (
			ts.isCallExpression(node) &&
			(node.expression.kind === ts.SyntaxKind.ImportKeyword ||
				(ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
			node.arguments[0] &&
			ts.isStringLiteral(node.arguments[0])
		)
			checkImport(node.arguments[0], node.arguments[0].text);
		if (
			(ts.isStringLiteral(node) ||
				ts.isNoSubstitutionTemplateLiteral(node) ||
				ts.isTemplateHead(node) ||
				ts.isTemplateMiddle(node) ||
				ts.isTemplateTail(node)) &&
			!specifiers.has(node)
		) {
			if (SERVICE_ROUTE.test(node.text) && !inside(file, 'api'))
				found('writes a path of the issuing API', node.text);
			if (TOKEN_ROUTE.test(node.text) && !inside(file, 'auth'))
				found('writes a path of the token service', node.text);
		}
		if (
			ts.isPropertyAccessExpression(node) &&
			REQUEST_HELPERS.has(node.name.text) &&
			/\bhelpers$/.test(node.expression.getText(tree)) &&
			!inside(file, 'api', 'auth', 'transport')
		)
			found("calls n8n's request helpers", node.getText(tree));
		ts.forEachChild(node, visit);
	};
	visit(tree);
	return findings;
}

const sources = (roots = ['nodes', 'credentials']) => trackedSources(roots);

describe('one client of the service', () => {
	test('outside api/ and auth/ no source imports transport/ or api/paths.ts, writes a service path or calls a request helper', () => {
		const files = sources();
		// The scan reached the rooms it judges (a wrong root would find nothing and pass).
		expect(files).toEqual(
			expect.arrayContaining([
				`${NODE}/stamping/runStamping.ts`,
				`${NODE}/actions/voucher/cancel.operation.ts`,
				`${NODE}/api/vouchers.ts`,
				'credentials/CfdiEmisionApi.credentials.ts',
			]),
		);
		const findings = files.flatMap((file) => scan(file, readSource(file)));
		expect(findings).toEqual([]);
	});

	test('the same source passes in api/ and is found out in another room', () => {
		const rulesIn = (file: string, from: string) =>
			[...new Set(scan(file, readSource(from)).map((f) => f.rule))].sort();
		expect(rulesIn(`${NODE}/api/vouchers.ts`, `${NODE}/api/vouchers.ts`)).toEqual([]);
		// Its './paths' would then be another file; its '../transport/' import is still the transport.
		expect(rulesIn(`${NODE}/stamping/vouchers.ts`, `${NODE}/api/vouchers.ts`)).toEqual([
			'imports transport/',
		]);
		expect(rulesIn(`${NODE}/stamping/paths.ts`, `${NODE}/api/paths.ts`)).toEqual([
			'writes a path of the issuing API',
		]);
		expect(rulesIn(`${NODE}/api/tokenService.ts`, `${NODE}/auth/tokenService.ts`)).toEqual([
			'writes a path of the token service',
		]);
	});

	test.each([
		[
			'a transport import',
			`${NODE}/stamping/sendVoucher.ts`,
			"import { callService } from '../transport/transport';",
			'imports transport/',
		],
		[
			'a re-export of transport',
			`${NODE}/trigger.ts`,
			"export { RunSession } from './transport/transport';",
			'imports transport/',
		],
		[
			'a path builder',
			`${NODE}/actions/voucher/get.operation.ts`,
			"import { voucherPath } from '../../api/paths';",
			'imports the service paths',
		],
		[
			'a path in a template',
			`${NODE}/stamping/runStamping.ts`,
			'const url = `${API_ROOT}/comprobantes/${id}`;',
			'writes a path of the issuing API',
		],
		[
			'a path in a string',
			`${NODE}/actions/email/send.operation.ts`,
			"const url = '/BusinessEmision/api/v1/emisores/1/enviocorreo';",
			'writes a path of the issuing API',
		],
		[
			'a token path outside auth/',
			`${NODE}/execution/runItems.ts`,
			'const url = `${authUrl}/connect/token`;',
			'writes a path of the token service',
		],
		[
			'a request helper',
			`${NODE}/actions/pdf/getLink.operation.ts`,
			'await ctx.helpers.httpRequest({ url });',
			"calls n8n's request helpers",
		],
	])('finds %s outside api/', (_what, file, source, rule) => {
		expect(scan(file, source).map((finding) => finding.rule)).toEqual([rule]);
	});

	test('words in comments and imports inside api/ are not findings', () => {
		expect(
			scan(
				`${NODE}/stamping/stampPending.ts`,
				"// GET .../comprobantes/{id}\nimport { readVoucher } from '../api/vouchers';",
			),
		).toEqual([]);
		expect(
			scan(
				`${NODE}/api/voucherXml.ts`,
				"import { callService } from '../transport/transport';\nconst p = `${API_ROOT}/descargacomprobantes/${uuid}`;",
			),
		).toEqual([]);
	});
});

/**
 * The floors, top to bottom (issue 40 item 2): a file imports files of its own room, or of a room
 * on a lower floor, never one beside it or above it; `import type` counts, since a reader follows
 * it too. Every source of nodes/, credentials/ and sandbox/ stands in a room, so a new folder is
 * placed here before it can import anything.
 */
const FLOORS: string[][] = [
	// What n8n loads (the nodes, the credential) and the stand-in service: nothing imports them.
	['credentials/', `${NODE}/CfdiEmision.node.ts`, 'nodes/CfdiEmisionTrigger/', 'sandbox/'],
	[`${NODE}/trigger.ts`, `${NODE}/methods/`],
	[`${NODE}/actions/`],
	[`${NODE}/stamping/`],
	[`${NODE}/voucherInput/`],
	[`${NODE}/api/`],
	[`${NODE}/transport/`],
	[`${NODE}/identity/`, `${NODE}/ledger/`],
	[`${NODE}/orders/`, `${NODE}/execution/`, `${NODE}/auth/`, `${NODE}/stampedXml/`],
	[`${NODE}/network/`, `${NODE}/cfdi/`],
];

describe('no circles, nothing climbing back up', () => {
	const files = sources(['nodes', 'credentials', 'sandbox']);
	const graph = importGraph(files, (file) => readSource(file));

	test('the graph reaches the rooms it judges (a wrong root or parser would find nothing and pass)', () => {
		expect(graph.get(`${NODE}/stamping/runStamping.ts`)).toEqual(
			expect.arrayContaining([
				`${NODE}/stamping/planStampJob.ts`,
				`${NODE}/api/sessionAndFailure.ts`,
			]),
		);
		expect(graph.get('credentials/CfdiEmisionApi.credentials.ts')).toContain(
			`${NODE}/auth/tokenService.ts`,
		);
		expect(graph.get('sandbox/index.ts')).toContain('sandbox/types.ts');
	});

	test('no circle of imports in nodes/, credentials/ or sandbox/', () => {
		expect(circles(graph)).toEqual([]);
	});

	test('every import stays in its room or goes to a lower floor', () => {
		expect([...graph].flatMap(([file, imports]) => against(FLOORS, file, imports))).toEqual([]);
	});

	// Issue 40 item 1: a reader finds a name where it is defined; only a kind's folder has a public face.
	test('no barrel (index.ts) except the public face of a voucher kind under actions/voucher/', () => {
		const barrels = files.filter(
			(file) => file.startsWith(`${NODE}/`) && file.endsWith('/index.ts'),
		);
		expect(barrels.length).toBeGreaterThan(0);
		expect(
			barrels.filter(
				(file) => !/^nodes\/CfdiEmision\/actions\/voucher\/[^/]+\/index\.ts$/.test(file),
			),
		).toEqual([]);
	});

	test('a circle is found, and only the files on it', () => {
		const made = new Map([
			['a.ts', ['b.ts']],
			['b.ts', ['c.ts', 'd.ts']],
			['c.ts', ['a.ts']],
			['d.ts', ['d.ts']],
			['e.ts', ['a.ts']],
		]);
		expect(circles(made)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
	});

	// cfdi/ -> orders/, auth/ -> transport/, a sibling on the floor, the sandbox, voucherInput/ -> stamping/.
	test.each([
		['cfdi/formLines.ts', "import { x } from '../orders/lineItems';"],
		['auth/renewal.ts', "import type { X } from '../transport/transport';"],
		['execution/runItems.ts', "export { x } from '../auth/secrets';"],
		['api/pdf.ts', "const s = require('../../../sandbox/http');"],
		['voucherInput/prepareVoucher.ts', "await import('../stamping/stampAnswer');"],
	])('finds %s climbing: %s', (name, source) => {
		const file = `${NODE}/${name}`;
		const imports = importsOf(file, source, new Set(files));
		expect(imports).toHaveLength(1);
		expect(against(FLOORS, file, imports)).toEqual([`${file} -> ${imports[0]}`]);
	});

	test('imports within a room or down a floor pass; a file in no room does not', () => {
		const down = importsOf(
			`${NODE}/stamping/planStampJob.ts`,
			"import { a } from './stampJob';\nimport { b } from '../voucherInput/kindInputReaders';\nimport { c } from '../cfdi/decimal';",
			new Set(files),
		);
		expect(down).toHaveLength(3);
		expect(against(FLOORS, `${NODE}/stamping/planStampJob.ts`, down)).toEqual([]);
		expect(against(FLOORS, `${NODE}/newRoom/x.ts`, [])).toEqual([
			`${NODE}/newRoom/x.ts stands in no room`,
		]);
	});
});
