import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * The canvas subtitle in the editor's words ("Create: Voucher", "Get Link: PDF"), as n8n's own
 * nodes show it: an expression looking the pair up among the display names of the Resource
 * selector's options and of each resource's Operation selector; a pair it does not know shows the
 * values.
 */
export function operationSubtitle(
	resources: INodePropertyOptions[],
	properties: INodeProperties[],
): string {
	const names: Record<string, string> = {};
	for (const resource of resources) {
		const selector = properties.find(
			(property) =>
				property.name === 'operation' &&
				property.displayOptions?.show?.resource?.includes(resource.value),
		);
		for (const operation of (selector?.options ?? []) as INodePropertyOptions[])
			names[`${String(resource.value)}:${String(operation.value)}`] =
				`${operation.name}: ${resource.name}`;
	}
	return `={{ (${JSON.stringify(names)})[$parameter["resource"] + ":" + $parameter["operation"]] || $parameter["operation"] + ": " + $parameter["resource"] }}`;
}
