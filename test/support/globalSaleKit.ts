/**
 * Sale in a Global Invoice engine tests: example 1's order #1001 placed last month, one item run with
 * Continue On Fail, and last month's global invoice declaring 1001 beside two other sales.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { corpusOrder } from './corpusOrder';
import type { Engine } from './engine/engine';
import { recentGlobalParams } from './kindsKit';
import { lastMonthDay } from './mexicoCityDates';

/** Example 1's order #1001 (1,508.00, its buyer's tax data in note attributes), placed last month. */
export const lastMonthOrder = () => ({ ...corpusOrder('example-1'), created_at: lastMonthDay(5) });

/** Runs the node (version 1.1, Continue On Fail) and answers the first output item's JSON. */
export async function runFirstItem(
	engine: Engine,
	params: INodeParameters,
	items: IDataObject[] = [{}],
): Promise<IDataObject> {
	const { items: out, error } = await engine.runNode(params, items, {
		typeVersion: 1.1,
		continueOnFail: true,
	});
	expect(error).toBeUndefined();
	return out[0].json;
}

/** Last month's global invoice with tickets 1001 (the order), 1002 and 1003: its UUID. */
export async function stampLastMonthGlobal(engine: Engine): Promise<string> {
	const json = await runFirstItem(engine, recentGlobalParams(1, { formaPago: '04' }), [
		{ ticket: '1001', total: 1508 },
		{ ticket: '1002', total: 116 },
		{ ticket: '1003', total: 58 },
	]);
	expect(json.status).toBe('stamped');
	return String(json.uuid);
}

/**
 * A credit note (refund) of `ticket` (a concept's NoIdentificacion) of the general-public invoice
 * `invoice`, related 01, stamped; `options` are the credit note's (e.g. its own date).
 */
export async function creditGlobalTicket(
	engine: Engine,
	invoice: string,
	ticket: string,
	options?: IDataObject,
): Promise<IDataObject> {
	const json = await runFirstItem(engine, {
		resource: 'voucher',
		operation: 'createCreditNote',
		serie: 'NC',
		formaPago: '04',
		lugarExpedicion: '64000',
		creditedInvoices: { invoice: [{ uuid: invoice }] } as INodeParameters,
		globalSaleTicket: ticket,
		...(options ? { options: options as INodeParameters } : {}),
	});
	expect([json.status, json.error]).toEqual(['stamped', undefined]);
	return json;
}
