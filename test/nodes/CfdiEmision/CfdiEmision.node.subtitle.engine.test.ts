import { Workflow, type INode, type INodeParameters } from 'n8n-workflow';

import { cfdiNode, Engine, shutdownEngine } from '../../support/engine/engine';
import { NODE_TYPE } from '../../support/engine/nodeTypes';

afterAll(shutdownEngine);

/** The subtitle the editor shows under the node on the canvas, evaluated as n8n evaluates it. */
function subtitleOf(parameters: INodeParameters): unknown {
	const engine = new Engine();
	const node: INode = cfdiNode('CFDI', parameters, { typeVersion: 1.1 });
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: engine.nodeTypes,
	});
	const subtitle = engine.nodeTypes.getByNameAndVersion(NODE_TYPE, 1.1).description.subtitle!;
	return workflow.expression.getSimpleParameterValue(node, subtitle, 'internal', {});
}

describe('the node subtitle shows display names', () => {
	it.each([
		[{ resource: 'voucher', operation: 'create' }, 'Create: Voucher'],
		[{ resource: 'voucher', operation: 'createPaymentReceipt' }, 'Create Payment Receipt: Voucher'],
		[{ resource: 'voucher', operation: 'getMany' }, 'Get Many: Voucher'],
		[{ resource: 'xml', operation: 'download' }, 'Download: XML'],
		[{ resource: 'pdf', operation: 'getLink' }, 'Get Link: PDF'],
		[{ resource: 'email', operation: 'send' }, 'Send: Email'],
	])('%j -> %s', (parameters, shown) => {
		expect(subtitleOf(parameters)).toBe(shown);
	});
});
