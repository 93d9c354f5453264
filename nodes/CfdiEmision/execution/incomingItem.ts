import type {
	IBinaryKeyData,
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
} from 'n8n-workflow';

import { STAMPED_MEANWHILE } from './stampedThisRun';

/** From version 1.1 the XML, PDF and e-mail operations pass the incoming item on (docs/creating-vouchers.md, "Node versions"). */
const KEEPS_INCOMING_FROM = 1.1;

/**
 * The output item of an operation that adds to a voucher (its XML file, its PDF, its e-mail):
 * from version 1.1 the incoming item's fields and files with the operation's own on top, so a
 * later step still has the recipient, the order or the other file without an expression pointing
 * back at an earlier node; version 1 returns only the operation's own fields and file, and the
 * incoming `status` and `stampedMeanwhile` (safety is not versioned: E-mail → Send reads them to
 * send only for a voucher stamped in this execution, see stampedThisRun.ts).
 */
export function addedToIncoming(
	ctx: IExecuteFunctions,
	itemIndex: number,
	json: IDataObject,
	binary?: IBinaryKeyData,
): INodeExecutionData {
	const incoming = ctx.getInputData()[itemIndex];
	if (ctx.getNode().typeVersion < KEEPS_INCOMING_FROM) {
		const status = incoming?.json?.status;
		// With its status, the mark of a voucher another execution stamped meanwhile (never e-mailed).
		const meanwhile =
			incoming?.json?.[STAMPED_MEANWHILE] === true ? { [STAMPED_MEANWHILE]: true } : {};
		const own =
			status !== undefined && !('status' in json) ? { ...json, status, ...meanwhile } : json;
		return binary ? { json: own, binary } : { json: own };
	}
	const files = { ...(incoming?.binary ?? {}), ...(binary ?? {}) };
	const item: INodeExecutionData = { json: { ...(incoming?.json ?? {}), ...json } };
	if (Object.keys(files).length) item.binary = files;
	return item;
}
