/**
 * The one map from resource and operation to what runs (actions/router.ts): every resource the
 * editor offers has its operations there, and the node runs them as its custom operations.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import { CfdiEmision } from '../../../../nodes/CfdiEmision/CfdiEmision.node';
import { router } from '../../../../nodes/CfdiEmision/actions/router';

const node = new CfdiEmision();
const resources = (
	node.description.properties.find((field) => field.name === 'resource')!
		.options as INodePropertyOptions[]
).map((option) => String(option.value));

describe('router', () => {
	test('each resource the editor offers has its operations in the map, and the map no other', () => {
		expect(Object.keys(router).sort()).toEqual([...resources].sort());
	});

	test('each operation of the map is offered by its resource selector and runs as a custom operation', () => {
		for (const [resource, operations] of Object.entries(router)) {
			const selector = node.description.properties.find(
				(field) =>
					field.name === 'operation' &&
					(field.displayOptions?.show?.resource ?? []).includes(resource),
			)!;
			const offered = (selector.options as INodePropertyOptions[]).map((option) => option.value);
			for (const [operation, run] of Object.entries(operations)) {
				expect(offered).toContain(operation);
				expect(typeof run).toBe('function');
				const custom = node.customOperations as Record<string, Record<string, unknown>>;
				expect(custom[resource][operation]).toBe(run);
			}
		}
	});
});
