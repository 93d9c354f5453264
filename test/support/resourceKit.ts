/**
 * What the editor shows for one resource, read from its description: the operation selector's
 * options, and for each operation the fields it shows (n8n shows a field when the resource and the
 * operation are in its displayOptions.show). Used by the <Resource>.resource tests.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

export function operationSelector(description: INodeProperties[]): INodeProperties {
	const selector = description.find((field) => field.name === 'operation');
	if (!selector) throw new Error('no operation selector');
	return selector;
}

export function operationValues(description: INodeProperties[]): string[] {
	return (operationSelector(description).options as INodePropertyOptions[]).map((option) =>
		String(option.value),
	);
}

/** The fields (by name, with their declaration) an operation of the resource shows. */
export function fieldsShownFor(
	description: INodeProperties[],
	resource: string,
	operation: string,
): INodeProperties[] {
	return description.filter(
		(field) =>
			field.name !== 'operation' &&
			(field.displayOptions?.show?.resource ?? []).includes(resource) &&
			(field.displayOptions?.show?.operation ?? []).includes(operation),
	);
}

/** Each field of the operation's own description is shown for the operation, in the same order. */
export function expectOperationShowsItsFields(
	description: INodeProperties[],
	resource: string,
	operation: string,
	own: INodeProperties[],
): void {
	const shown = fieldsShownFor(description, resource, operation).map((field) => field.name);
	const ownNames = own.map((field) => field.name);
	// A field declared per operation (same name) is counted once per declaration shown here.
	expect(shown.filter((name) => ownNames.includes(name))).toEqual(ownNames);
}
