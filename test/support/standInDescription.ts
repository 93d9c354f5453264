/** The node description every stand-in declares (n8n keeps only the parameters a node type declares). */
import type { INodeTypeDescription } from 'n8n-workflow';

export function description(
	name: string,
	displayName: string,
	inputs: boolean,
	properties: INodeTypeDescription['properties'] = [],
): INodeTypeDescription {
	return {
		displayName,
		name,
		group: ['transform'],
		version: [1, 2],
		description: `${displayName} (demo stand-in)`,
		defaults: { name: displayName },
		inputs: inputs ? ['main'] : [],
		outputs: ['main'],
		properties,
	} as INodeTypeDescription;
}
