/**
 * E-mail → Send's defaults (version 1.1): the invoice's e-mail written by the node in the buyer's
 * language when Subject and Message are left empty (the fields the editor shows for them:
 * send.fields.test.ts).
 */
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
function invoiceChain(
	extra: Record<string, unknown> = {},
	email: Record<string, unknown> = {},
): INode[] {
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
		cfdiNode(
			'E-mail',
			{ resource: 'email', operation: 'send', to: 'buyer@example.com', ...email },
			V11,
		),
	];
}

describe('defaults that chain (version 1.1): Create → XML → PDF → E-mail', () => {
	test('both files stay on the item (xml, pdf) and one e-mail in Spanish names the invoice by its issuer and total, not its content code (issue 41 item 4)', async () => {
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
		// buyer would not recognise ("A-C-488C0590").
		expect(mailed.json.folio).toMatch(/^C-[0-9A-F]{8}$/);
		const name = 'de ESCUELA KEMPER URGATE por $406.00 MXN';
		expect(sent.asunto).toBe(`Tu factura ${name}`);
		expect(sent.mensaje).toBe(
			`Hola:\n\nAdjuntamos el XML y el PDF de tu factura ${name} (folio fiscal ${uuid}).\n\nGracias.`,
		);
		// What the item says was sent is what went out.
		expect(mailed.json.subject).toBe(sent.asunto);
	});

	test('Language English: the same invoice in English', async () => {
		const nodes = invoiceChain({ serie: 'A' }, { language: 'en' });
		const run = await kit.engine.runWorkflow(nodes, chain(nodes), [{ json: {} }]);
		expect(run.data.resultData.error).toBeUndefined();
		const uuid = String(outputOf(run, 'E-mail')[0].json.uuid);
		const [mail] = kit.sandbox.emails;
		const name = 'from ESCUELA KEMPER URGATE for $406.00 MXN';
		expect(mail.body.asunto).toBe(`Your invoice ${name}`);
		expect(mail.body.mensaje).toBe(
			`Hello,\n\nAttached are the XML and PDF files of your invoice ${name} (folio fiscal ${uuid}).\n\nThank you.`,
		);
	});

	test.each([
		[
			'series, folio, issuer and total',
			{ series: 'A', folio: '1001', issuerName: 'MI TIENDA', total: 1160, currency: 'MXN' },
			'A-1001 de MI TIENDA por $1,160.00 MXN',
		],
		['a folio only', { series: null, folio: '77' }, '77'],
		['a series only', { serie: 'B' }, 'B'],
		[
			'a content-code folio: issuer and total only',
			{ series: 'A', folio: 'C-488C0590', issuerName: 'ESCUELA KEMPER URGATE', total: 1508 },
			'de ESCUELA KEMPER URGATE por $1,508.00',
		],
		[
			"a total as text, kept exact with its currency's decimals",
			{ folio: 'C-0000ABCD', total: '1234567.5', currency: 'USD' },
			'por $1,234,567.50 USD',
		],
		[
			"a folio that only looks alike is the voucher's own",
			{ series: 'B', folio: 'C-1001' },
			'B-C-1001',
		],
	])('the invoice is named by %s of the incoming item', async (_case, naming, name) => {
		const uuid = await stampedUuid(kit.engine);
		const { error } = await kit.engine.runNode(
			{ resource: 'email', operation: 'send', to: 'buyer@example.com' },
			[{ uuid, voucherKind: 'invoice', ...naming }],
			V11,
		);
		expect(error).toBeUndefined();
		const [mail] = kit.sandbox.emails.slice(-1);
		expect(mail.body.asunto).toBe(`Tu factura ${name}`);
		expect(mail.body.mensaje).toContain(`tu factura ${name} (folio fiscal ${uuid})`);
	});

	test('without anything naming it the subject and message name the UUID and what every CFDI is, never "undefined" or "null"', async () => {
		const uuid = await stampedUuid(kit.engine);
		const { error } = await kit.engine.runNode(
			{ resource: 'email', operation: 'send', to: 'buyer@example.com' },
			[{ uuid, series: null, folio: null }],
			V11,
		);
		expect(error).toBeUndefined();
		const [mail] = kit.sandbox.emails.slice(-1);
		expect(mail.body.asunto).toBe(`Tu comprobante fiscal ${uuid}`);
		expect(mail.body.mensaje).toBe(
			`Hola:\n\nAdjuntamos el XML y el PDF de tu comprobante fiscal ${uuid}.\n\nGracias.`,
		);
	});

	test("a UUID typed for another voucher is named by that UUID alone, never by the incoming item's voucher (nor its kind)", async () => {
		const uuid = await stampedUuid(kit.engine);
		const { error } = await kit.engine.runNode(
			{ resource: 'email', operation: 'send', to: 'buyer@example.com', uuid },
			[
				{
					uuid: '11111111-2222-4333-8444-555555555555',
					voucherKind: 'creditNote',
					series: 'A',
					folio: '1001',
					total: 5,
				},
			],
			V11,
		);
		expect(error).toBeUndefined();
		const [mail] = kit.sandbox.emails.slice(-1);
		expect(mail.body.cfdi.uuid).toBe(uuid);
		expect(mail.body.asunto).toBe(`Tu comprobante fiscal ${uuid}`);
		expect(mail.body.mensaje).not.toContain('1001');
	});

	test('Subject and Message typed are sent as typed, in either Language', async () => {
		const uuid = await stampedUuid(kit.engine);
		await kit.engine.runNode(
			{
				resource: 'email',
				operation: 'send',
				to: 'buyer@example.com',
				language: 'en',
				subject: 'Factura de tu pedido',
				message: 'Gracias por tu compra.',
			},
			[{ uuid, series: 'A', folio: '1001' }],
			V11,
		);
		const [mail] = kit.sandbox.emails.slice(-1);
		expect([mail.body.asunto, mail.body.mensaje]).toEqual([
			'Factura de tu pedido',
			'Gracias por tu compra.',
		]);
	});
});
