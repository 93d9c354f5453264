import type { IConnections, INode } from 'n8n-workflow';

import { cfdiNode, outputOf } from '../../../../support/engine/engine';
import { FORM_PARTIES, stampedUuid, useSandboxEngine } from '../../../../support/nodeTestKit';

const kit = useSandboxEngine();
const V11 = { typeVersion: 1.1 };

function chain(nodes: INode[]): IConnections {
	const connections: IConnections = {};
	nodes.slice(0, -1).forEach(
		(node, index) =>
			(connections[node.name] = {
				main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]],
			}),
	);
	return connections;
}

/** Create → XML → PDF → E-mail as new nodes: the operation picked, the invoice's own data, nothing else. */
function invoiceChain(extra: Record<string, unknown> = {}): INode[] {
	return [
		cfdiNode(
			'Create',
			{
				...FORM_PARTIES,
				...extra,
				conceptos: {
					concepto: [{ descripcion: 'Keyboard', claveProdServ: '43232408', valorUnitario: 350 }],
				},
			},
			V11,
		),
		cfdiNode('XML', { resource: 'xml', operation: 'download' }, V11),
		cfdiNode('PDF', { resource: 'pdf', operation: 'getLink' }, V11),
		cfdiNode('E-mail', { resource: 'email', operation: 'send', to: 'buyer@example.com' }, V11),
	];
}

describe('defaults that chain (version 1.1): Create → XML → PDF → E-mail', () => {
	test('both files stay on the item (xml, pdf) and one e-mail names the invoice by its issuer and total, not its content code (issue 32 item 6a)', async () => {
		const nodes = invoiceChain({ serie: 'A' });
		const run = await kit.engine.runWorkflow(nodes, chain(nodes), [{ json: {} }]);
		expect(run.data.resultData.error).toBeUndefined();
		const [mailed] = outputOf(run, 'E-mail');
		expect(Object.keys(mailed.binary ?? {}).sort()).toEqual(['pdf', 'xml']);
		expect(mailed.binary?.xml.fileName).toMatch(/\.xml$/);
		expect(mailed.binary?.pdf.fileName).toMatch(/\.pdf$/);
		const mails = kit.sandbox.requests.filter((request) => request.route === 'sendEmail');
		expect(mails).toHaveLength(1);
		const sent = JSON.parse(mails[0].body) as { asunto: string; mensaje: string };
		const uuid = String(mailed.json.uuid);
		// A keyless form invoice: its folio is the content code the Duplicate Check wrote, which the
		// buyer would not recognise ("Your invoice A-C-488C0590").
		expect(mailed.json.folio).toMatch(/^C-[0-9A-F]{8}$/);
		const name = 'from ESCUELA KEMPER URGATE for 406.00 MXN';
		expect(sent.asunto).toBe(`Your invoice ${name}`);
		expect(sent.mensaje).toBe(
			`Hello,\n\nAttached are the XML and PDF files of your invoice ${name} (folio fiscal ${uuid}).\n\nThank you.`,
		);
	});

	test.each([
		['series and folio', { series: 'A', folio: '1001' }, 'A-1001'],
		['a folio only', { series: null, folio: '77' }, '77'],
		['a series only', { serie: 'B' }, 'B'],
	])('the voucher is named by %s of the incoming item', async (_case, naming, name) => {
		const uuid = await stampedUuid(kit.engine);
		const { error } = await kit.engine.runNode(
			{ resource: 'email', operation: 'send', to: 'buyer@example.com' },
			[{ uuid, ...naming }],
			V11,
		);
		expect(error).toBeUndefined();
		const [mail] = kit.sandbox.emails.slice(-1);
		expect(mail.body.asunto).toBe(`Your invoice ${name}`);
		expect(mail.body.mensaje).toContain(`your invoice ${name} (folio fiscal ${uuid})`);
	});

	test.each([
		[
			'issuer and total',
			{
				series: 'A',
				folio: 'C-488C0590',
				issuerName: 'ESCUELA KEMPER URGATE',
				total: 1508,
				currency: 'MXN',
			},
			'from ESCUELA KEMPER URGATE for 1508.00 MXN',
		],
		['the total only', { folio: 'C-0000ABCD', total: '99.5', currency: 'USD' }, 'for 99.50 USD'],
		[
			'its date when it has neither (an existing voucher found again)',
			{ folio: 'C-0000ABCD', date: '2026-03-04T10:11:12' },
			'of 2026-03-04',
		],
	])(
		'a content-code folio (C- and 8 hex digits) is not shown: the invoice is named by %s',
		async (_case, naming, name) => {
			const uuid = await stampedUuid(kit.engine);
			const { error } = await kit.engine.runNode(
				{ resource: 'email', operation: 'send', to: 'buyer@example.com' },
				[{ uuid, ...naming }],
				V11,
			);
			expect(error).toBeUndefined();
			const [mail] = kit.sandbox.emails.slice(-1);
			expect(mail.body.asunto).toBe(`Your invoice ${name}`);
			expect(mail.body.mensaje).toContain(`your invoice ${name} (folio fiscal ${uuid})`);
		},
	);

	test('a folio that only looks alike is the voucher\'s own: "C-1001" names it', async () => {
		const uuid = await stampedUuid(kit.engine);
		await kit.engine.runNode(
			{ resource: 'email', operation: 'send', to: 'buyer@example.com' },
			[{ uuid, series: 'B', folio: 'C-1001', issuerName: 'X', total: 1 }],
			V11,
		);
		expect(kit.sandbox.emails.slice(-1)[0].body.asunto).toBe('Your invoice B-C-1001');
	});

	test('without series or folio the subject and message name the UUID, never "undefined" or "null"', async () => {
		const uuid = await stampedUuid(kit.engine);
		const { error } = await kit.engine.runNode(
			{ resource: 'email', operation: 'send', to: 'buyer@example.com' },
			[{ uuid, series: null, folio: null }],
			V11,
		);
		expect(error).toBeUndefined();
		const [mail] = kit.sandbox.emails.slice(-1);
		expect(mail.body.asunto).toBe(`Your invoice ${uuid}`);
		expect(mail.body.mensaje).toBe(
			`Hello,\n\nAttached are the XML and PDF files of your invoice ${uuid} (folio fiscal ${uuid}).\n\nThank you.`,
		);
	});

	test('Subject and Message are required and filled in version 1.1; empty (to type) in version 1', async () => {
		const { CfdiEmision } = await import('../../../../../nodes/CfdiEmision/CfdiEmision.node');
		const fields = new CfdiEmision().description.properties.filter(
			(field) =>
				field.displayOptions?.show?.resource?.includes('email') &&
				['subject', 'message'].includes(field.name),
		);
		expect(fields).toHaveLength(4);
		for (const field of fields) {
			expect(field.required).toBe(true);
			const v11 = JSON.stringify(field.displayOptions?.show?.['@version']).includes('gte');
			expect(field.default === '').toBe(!v11);
		}
	});
});
