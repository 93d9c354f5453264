/** The workflows the e2e phases import into n8n: a manual start, optional input items, one CFDI node. */
import { CFDI_CREDENTIAL_TYPE, CFDI_NODE_TYPE, type WorkflowJson } from '../support/examples';

/**
 * A workflow Start → Input (a Code node returning `input`, left out when undefined) → a version 1.1
 * CFDI node with `parameters`, named `nodeName` ('CFDI' unless given); `settings` adds node settings
 * such as onError.
 */
/** The CFDI credential of the shared sandbox, imported into every e2e n8n. */
export const E2E_CREDENTIAL = { id: 'cfdiE2eSandboxCred1', name: 'CFDI sandbox' };

export function cfdiWorkflow(
	id: string,
	name: string,
	input: unknown[] | undefined,
	parameters: Record<string, unknown>,
	credential: { id: string; name: string },
	{
		settings = {},
		nodeName = 'CFDI',
	}: { settings?: Record<string, unknown>; nodeName?: string } = {},
): WorkflowJson {
	const start = {
		id: `${id}-start`,
		name: 'Start',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const data = input && {
		id: `${id}-data`,
		name: 'Input',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		position: [220, 0],
		parameters: { jsCode: `return ${JSON.stringify(input.map((json) => ({ json })))};` },
	};
	const cfdi = {
		id: `${id}-cfdi`,
		name: nodeName,
		type: CFDI_NODE_TYPE,
		typeVersion: 1.1,
		position: [440, 0],
		parameters,
		credentials: { [CFDI_CREDENTIAL_TYPE]: { ...credential } },
		...settings,
	};
	return {
		id,
		name,
		nodes: data ? [start, data, cfdi] : [start, cfdi],
		connections: data
			? {
					Start: { main: [[{ node: 'Input', type: 'main', index: 0 }]] },
					Input: { main: [[{ node: nodeName, type: 'main', index: 0 }]] },
				}
			: { Start: { main: [[{ node: nodeName, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
		active: false,
	} as unknown as WorkflowJson;
}
