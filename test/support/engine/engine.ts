import { Container } from '@n8n/di';
import {
	ExecuteContext,
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	RoutingNode,
	WorkflowExecute,
} from 'n8n-core';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IConnections,
	IDataObject,
	INode,
	INodeListSearchResult,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	IRun,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { createRunExecutionData, Workflow } from 'n8n-workflow';

import { EngineCredentialsHelper } from './credentialsHelper';
import { loadCredentialTypes, NODE_TYPE, PackageNodeTypes, type PackageCopy } from './nodeTypes';

export const CREDENTIAL_TYPE = 'cfdiEmisionApi';
export const CREDENTIAL_ID = 'cred-1';

export interface NodeRunResult {
	/** Items of the node's first output (empty when the node failed). */
	items: INodeExecutionData[];
	/** The error that stopped the run, as n8n records it. */
	error?: IRun['data']['resultData']['error'];
	run: IRun;
}

/** A stand-in for n8n's NoOp node, used the way n8n's credential tester uses it. */
const noOpNode: INodeType = {
	description: {
		displayName: 'No Operation',
		name: 'noOp',
		group: ['organization'],
		version: 1,
		description: 'No operation',
		defaults: { name: 'No Operation' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [],
	},
	async execute() {
		return [this.getInputData()];
	},
};

/**
 * Runs workflows through n8n-core's real WorkflowExecute, with the package loaded from dist and
 * credentials kept in memory with n8n's semantics (see EngineCredentialsHelper).
 */
export class Engine {
	readonly credentialTypes: Record<string, ICredentialType>;

	readonly nodeTypes: PackageNodeTypes;

	readonly credentials: EngineCredentialsHelper;

	private executionCount = 0;

	/**
	 * The workflow's static data kept from one run to the next, as n8n saves it after each
	 * production execution of an active workflow (a form page, a trigger). Unset: every run starts
	 * empty, as a manual run from the editor keeps nothing.
	 */
	staticData?: IDataObject;

	/**
	 * A second n8n process in queue mode: `copy: 'source'` loads the package from its TypeScript
	 * sources (own module-level state), `sharedDatabase` shares another engine's stored credentials.
	 * `nodeTypes` adds node types by name (a test's probe of a shared module, run with n8n's real context).
	 */
	constructor(
		options: {
			copy?: PackageCopy;
			sharedDatabase?: Engine;
			nodeTypes?: Record<string, INodeType>;
		} = {},
	) {
		this.credentialTypes = loadCredentialTypes(options.copy);
		this.nodeTypes = new PackageNodeTypes(
			{ 'n8n-nodes-base.noOp': noOpNode, ...options.nodeTypes },
			options.copy,
		);
		this.credentials = new EngineCredentialsHelper(
			this.credentialTypes,
			options.sharedDatabase?.credentials,
		);
	}

	setCredential(data: ICredentialDataDecryptedObject, id = CREDENTIAL_ID): void {
		this.credentials.set(id, CREDENTIAL_TYPE, data);
	}

	additionalData(
		hooks: ExecutionLifecycleHooks,
		executionId: string,
	): IWorkflowExecuteAdditionalData {
		return {
			credentialsHelper: this.credentials,
			hooks,
			executionId,
			currentNodeExecutionIndex: 0,
			restApiUrl: 'http://127.0.0.1:5678/rest',
			instanceBaseUrl: 'http://127.0.0.1:5678/',
			formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
			webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
			webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
			webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
			variables: {},
			logAiEvent: () => {},
			executeWorkflow: async () => {
				throw new Error('Sub-workflows are not available in the test engine');
			},
			getRunExecutionData: async () => undefined,
			startRunnerTask: async () => {
				throw new Error('Task runners are not available in the test engine');
			},
		} as unknown as IWorkflowExecuteAdditionalData;
	}

	/** Runs a workflow whose first node receives `input` as its input items. */
	async runWorkflow(
		nodes: INode[],
		connections: IConnections,
		input: INodeExecutionData[],
	): Promise<IRun> {
		const executionId = String(++this.executionCount);
		const workflow = new Workflow({
			id: 'wf-test',
			nodes,
			connections,
			active: false,
			nodeTypes: this.nodeTypes,
			settings: { executionOrder: 'v1' },
			...(this.staticData ? { staticData: this.staticData } : {}),
		});
		const hooks = new ExecutionLifecycleHooks('manual', executionId, {
			id: 'wf-test',
			name: 'test',
			nodes,
			connections,
			active: false,
			settings: {},
			createdAt: new Date(),
			updatedAt: new Date(),
			activeVersionId: null,
			isArchived: false,
		} as never);
		const runData = createRunExecutionData({
			executionData: {
				nodeExecutionStack: [
					{ node: workflow.getNode(nodes[0].name)!, data: { main: [input] }, source: null },
				],
			},
		});
		const workflowExecute = new WorkflowExecute(
			this.additionalData(hooks, executionId),
			'manual',
			runData,
		);
		return await workflowExecute.processRunExecutionData(workflow);
	}

	/** Runs the CFDI node alone on the given items. */
	async runNode(
		parameters: INodeParameters,
		input: INodeExecutionData[] | IDataObject[],
		options: {
			continueOnFail?: boolean;
			credentialId?: string;
			name?: string;
			typeVersion?: number;
		} = {},
	): Promise<NodeRunResult> {
		const node = cfdiNode(options.name ?? 'CFDI', parameters, options);
		const items = (input as Array<INodeExecutionData | IDataObject>).map((item) =>
			'json' in item && typeof item.json === 'object'
				? (item as INodeExecutionData)
				: { json: item as IDataObject },
		);
		const run = await this.runWorkflow([node], {}, items);
		return { items: outputOf(run, node.name), error: run.data.resultData.error, run };
	}

	/**
	 * Runs one of the node's list searches (a resource locator's "From list") the way the editor's
	 * backend does: a LoadOptionsContext on a one-node workflow holding the node's current parameters.
	 */
	async listSearch(
		method: string,
		parameters: INodeParameters,
		filter?: string,
		paginationToken?: string,
		options: { typeVersion?: number; credentialId?: string } = {},
	): Promise<INodeListSearchResult> {
		const node = cfdiNode('CFDI', parameters, options);
		const workflow = new Workflow({
			nodes: [node],
			connections: {},
			active: false,
			nodeTypes: this.nodeTypes,
		});
		const nodeType = this.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
		const search = nodeType.methods?.listSearch?.[method];
		if (!search) throw new Error(`The node has no list search "${method}"`);
		const hooks = new ExecutionLifecycleHooks('internal', 'list-search', {} as never);
		const context = new LoadOptionsContext(
			workflow,
			workflow.getNode(node.name)!,
			this.additionalData(hooks, 'list-search'),
			'',
		);
		return await search.call(context, filter, paginationToken);
	}

	/** Tests a stored credential the way n8n's CredentialsTester does (a NoOp node routing the test request). */
	async testCredential(id = CREDENTIAL_ID): Promise<{ status: 'OK' | 'Error'; message: string }> {
		const type = this.credentialTypes[CREDENTIAL_TYPE];
		const data = this.credentials.saved(id);
		const node: INode = {
			id: 'temp',
			parameters: {},
			name: 'Temp-Node',
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [0, 0],
			credentials: { [CREDENTIAL_TYPE]: { id, name: 'Test credential' } },
		};
		const nodeTypeCopy: INodeType = {
			description: {
				...noOpNode.description,
				credentials: [{ name: CREDENTIAL_TYPE, required: true }],
				properties: [
					{
						displayName: 'Temp',
						name: 'temp',
						type: 'string',
						routing: { request: type.test!.request },
						default: '',
					},
				],
			},
		};
		const nodeTypes = new PackageNodeTypes({ 'n8n-nodes-base.noOp': nodeTypeCopy });
		const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
		const hooks = new ExecutionLifecycleHooks('internal', 'test', {} as never);
		const context = new ExecuteContext(
			workflow,
			workflow.getNode(node.name)!,
			this.additionalData(hooks, 'credential-test'),
			'internal',
			createRunExecutionData(),
			0,
			[],
			{ main: [[{ json: {} }]] },
			{ node, data: {}, source: null },
			[],
		);
		// What n8n's CredentialsTester (n8n 2.8.4, services/credentials-tester.service.js) does with the outcome.
		const rules = type.test!.rules ?? [];
		try {
			await new RoutingNode(context, nodeTypeCopy, {
				id,
				name: 'Test credential',
				type: CREDENTIAL_TYPE,
				data,
			}).runNode();
		} catch (error) {
			const cause = (
				error as { cause?: { response?: { status?: number; statusText?: string }; code?: string } }
			).cause;
			if (cause?.response) {
				const status = cause.response.status ?? 0;
				for (const rule of rules)
					if (rule.type === 'responseCode' && rule.properties.value === status)
						return { status: 'Error', message: rule.properties.message };
				if (status < 199 || status > 299)
					return {
						status: 'Error',
						message: cause.response.statusText || `Received HTTP status code: ${status}`,
					};
			} else if (cause?.code) {
				return { status: 'Error', message: cause.code };
			}
			return { status: 'Error', message: String((error as Error).message) };
		}
		return { status: 'OK', message: 'Connection successful!' };
	}
}

export function cfdiNode(
	name: string,
	parameters: INodeParameters,
	options: { continueOnFail?: boolean; credentialId?: string; typeVersion?: number } = {},
): INode {
	return {
		id: `node-${name}`,
		name,
		type: NODE_TYPE,
		typeVersion: options.typeVersion ?? 1,
		position: [0, 0],
		parameters,
		credentials: {
			[CREDENTIAL_TYPE]: { id: options.credentialId ?? CREDENTIAL_ID, name: 'CFDI test' },
		},
		...(options.continueOnFail
			? { onError: 'continueRegularOutput' as const, continueOnFail: true }
			: {}),
	};
}

/** An E-mail → Send node named "E-mail" for the item's voucher (`$json.uuid`), to a buyer; `options` its E-mail Options. */
export function buyerEmailNode(typeVersion: number, options?: INodeParameters): INode {
	return cfdiNode(
		'E-mail',
		{
			resource: 'email',
			operation: 'send',
			uuid: '={{ $json.uuid }}',
			to: 'buyer@example.com',
			subject: 'Your invoice',
			message: 'Attached.',
			...(options ? { emailOptions: options } : {}),
		},
		{ typeVersion },
	);
}

export function outputOf(run: IRun, nodeName: string): INodeExecutionData[] {
	const task = run.data.resultData.runData[nodeName]?.[0];
	return task?.data?.main?.[0] ?? [];
}

/** n8n-core starts an SSH-tunnel cleanup interval on load; stop it so jest can exit. */
export function shutdownEngine(): void {
	if (Container.has(SSHClientsManager)) Container.get(SSHClientsManager).onShutdown();
}
