/**
 * An item's input refused before anything was sent: n8n's error, with the words the editor shows,
 * and in its context the structured `refusal` a page or a clerk's list reads (docs/errors.md).
 * Every local refusal of an item's input is built here so each carries the same shape.
 */
import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';

import { localProblemsRefusal, type DataProblem } from './dataRefusal';

export function refusedInput(
	node: INode,
	itemIndex: number,
	headline: string,
	problem: DataProblem,
	/** Said after the fix in the error's description (e.g. the field and the value refused). */
	detail = '',
	/** What else the item's outcome says beside the refusal (a status, the figures). */
	outcome: IDataObject = {},
): NodeOperationError {
	const error = new NodeOperationError(node, `Item ${itemIndex}: ${headline}`, {
		itemIndex,
		description: `${problem.fix}${detail} Nothing was sent to the service.`,
	});
	error.context.outcome = {
		...outcome,
		refusal: localProblemsRefusal([problem]) as unknown as IDataObject,
	};
	return error;
}
