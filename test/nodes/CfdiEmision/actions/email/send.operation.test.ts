import type { IConnections, INode } from 'n8n-workflow';

import { cfdiNode, outputOf } from '../../../../../scripts/lib/engine/engine';
import { FORM_PARTIES, useSandboxEngine } from '../../../../engine/nodeTestKit';

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
	test('both files stay on the item (xml, pdf) and one e-mail names the invoice', async () => {
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
		const folio = String(mailed.json.folio ?? '');
		const name = ['A', folio].filter(Boolean).join('-');
		expect(sent.asunto).toBe(`Your invoice ${name}`);
		expect(sent.mensaje).toBe(
			`Hello,\n\nAttached are the XML and PDF files of your invoice ${name} (folio fiscal ${uuid}).\n\nThank you.`,
		);
	});

	test('without series or folio the subject and message name the UUID and do not fail', async () => {
		const nodes = invoiceChain();
		const run = await kit.engine.runWorkflow(nodes, chain(nodes), [{ json: {} }]);
		expect(run.data.resultData.error).toBeUndefined();
		const [mailed] = outputOf(run, 'E-mail');
		const uuid = String(mailed.json.uuid);
		const [mail] = kit.sandbox.requests.filter((request) => request.route === 'sendEmail');
		const sent = JSON.parse(mail.body) as { asunto: string; mensaje: string };
		expect(sent.asunto).toBe(
			mailed.json.folio ? `Your invoice ${String(mailed.json.folio)}` : `Your invoice ${uuid}`,
		);
		expect(sent.mensaje).not.toMatch(/undefined|null/);
	});

	test('version 1 nodes keep the field "data"', async () => {
		const nodes = invoiceChain({ serie: 'A' });
		const xml = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download', uuid: '={{ $json.uuid }}' },
			outputOf(await kit.engine.runWorkflow([nodes[0]], {}, [{ json: {} }]), 'Create'),
			{ typeVersion: 1 },
		);
		expect(Object.keys(xml.items[0].binary ?? {})).toEqual(['data']);
	});
});
