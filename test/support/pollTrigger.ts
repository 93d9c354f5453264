import { Container } from '@n8n/di';
import { ExecutionLifecycleHooks, PollContext } from 'n8n-core';
import { TriggersAndPollers } from 'n8n-core/dist/execution-engine/triggers-and-pollers';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	WorkflowActivateMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { CREDENTIAL_ID, CREDENTIAL_TYPE, type Engine, outputOf } from './engine/engine';
import { PACKAGE_NAME } from './engine/nodeTypes';

export const TRIGGER_TYPE = `${PACKAGE_NAME}.cfdiEmisionTrigger`;
const TRIGGER_NAME = 'CFDI Trigger';

export function triggerNode(parameters: INodeParameters): INode {
	return {
		id: 'node-trigger',
		name: TRIGGER_NAME,
		type: TRIGGER_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: CREDENTIAL_ID, name: 'CFDI test' } },
	};
}

export interface PollResult {
	/** What poll() returned for the first output; null when it reported nothing. */
	items: INodeExecutionData[] | null;
	/** The workflow's static data after the poll, as n8n would store it (JSON). */
	staticData: IDataObject;
	/** The trigger node's part of it (what getWorkflowStaticData('node') returns). */
	nodeData: IDataObject;
	/** Whether n8n would see the static data as changed (and save it). */
	changed: boolean;
	/** Errors the poll reported through __emitError (n8n records each as a failed execution) while it went on. */
	reportedErrors: Error[];
}

let polls = 0;

/**
 * One scheduled poll the way n8n's ActiveWorkflows runs it: a PollContext in 'trigger' mode on an
 * active workflow whose static data comes from the database (here: the JSON of the last poll).
 */
export async function pollTrigger(
	engine: Engine,
	parameters: INodeParameters,
	staticData: IDataObject = {},
	activation: WorkflowActivateMode = 'activate',
): Promise<PollResult> {
	const node = triggerNode(parameters);
	const workflow = new Workflow({
		id: 'wf-trigger',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: engine.nodeTypes,
		staticData: JSON.parse(JSON.stringify(staticData)) as IDataObject,
		settings: { executionOrder: 'v1' },
	});
	const executionId = `poll-${++polls}`;
	const hooks = new ExecutionLifecycleHooks('trigger', executionId, {
		id: 'wf-trigger',
		name: 'trigger test',
		nodes: [node],
		connections: {},
		active: true,
		settings: {},
	} as never);
	const reportedErrors: Error[] = [];
	const context = new PollContext(
		workflow,
		node,
		engine.additionalData(hooks, executionId),
		'trigger',
		activation,
		() => undefined,
		(error: Error) => void reportedErrors.push(error),
	);
	const result = await Container.get(TriggersAndPollers).runPoll(workflow, node, context);
	const saved = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
	return {
		items: result ? result[0] : null,
		staticData: saved,
		nodeData: (saved[`node:${TRIGGER_NAME}`] ?? {}) as IDataObject,
		changed:
			(workflow.staticData as IDataObject & { __dataChanged?: boolean }).__dataChanged === true,
		reportedErrors,
	};
}

/** Fetch Test Event: the trigger alone in a manual run through WorkflowExecute. */
export async function fetchTestEvent(
	engine: Engine,
	parameters: INodeParameters,
): Promise<{ items: INodeExecutionData[]; error?: unknown }> {
	const node = triggerNode(parameters);
	const run = await engine.runWorkflow([node], {}, []);
	return { items: outputOf(run, node.name), error: run.data.resultData.error };
}
