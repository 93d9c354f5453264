/**
 * Stand-ins for the nodes example 10 uses to reach the owner (see standInNodes.ts): Stop and Error
 * (fails the run with its message, as n8n shows a failed execution) and Send Email's "Send and Wait
 * for Response" (records the approval request and its Limit Wait Time, and answers at once with the
 * owner's decision a test sets in `ownerDecision`, where n8n would wait for the click). The Form Trigger stand-in declares
 * its Options so a Code node reads its Form Path (`$('…').params.options.path`).
 */
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

const stub = (
	name: string,
	displayName: string,
	inputs: boolean,
	properties: INodeTypeDescription['properties'],
): INodeTypeDescription =>
	({
		displayName,
		name,
		group: ['transform'],
		version: [1, 2, 2.1, 2.2],
		description: `${displayName} (demo stand-in)`,
		defaults: { name: displayName },
		inputs: inputs ? ['main'] : [],
		outputs: ['main'],
		properties,
	}) as INodeTypeDescription;

/**
 * The owner's answer to the next approval request: the approve or decline button, or `undefined` for
 * no click before the Limit Wait Time ran out (n8n then passes the node's input items on, unchanged).
 */
export const ownerDecision: { approved: boolean | undefined } = { approved: true };

export const stopAndErrorNode: INodeType = {
	description: stub('stopAndError', 'Stop and Error', true, [
		{ displayName: 'Error Message', name: 'errorMessage', type: 'string', default: '' },
	]),
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		throw new NodeOperationError(
			this.getNode(),
			this.getNodeParameter('errorMessage', 0) as string,
		);
	},
};

export const formTriggerNode: INodeType = {
	description: stub('formTrigger', 'n8n Form Trigger', false, [
		{ displayName: 'Options', name: 'options', type: 'json', default: {} },
	]),
	async execute(this: IExecuteFunctions) {
		return [this.getInputData()];
	},
};

/** Send and Wait for Response, approval type: one recorded request, then the decision as n8n outputs it. */
export function sendAndWait(
	context: IExecuteFunctions,
	sentMails: Array<Record<string, string>>,
): INodeExecutionData[][] {
	sentMails.push({
		node: context.getNode().name,
		from: context.getNodeParameter('fromEmail', 0) as string,
		to: context.getNodeParameter('toEmail', 0) as string,
		subject: context.getNodeParameter('subject', 0) as string,
		text: context.getNodeParameter('message', 0) as string,
		waitLimit: JSON.stringify(context.getNodeParameter('options.limitWaitTime.values', 0, {})),
	});
	if (ownerDecision.approved === undefined) return [context.getInputData()];
	return [[{ json: { data: { approved: ownerDecision.approved } } }]];
}
