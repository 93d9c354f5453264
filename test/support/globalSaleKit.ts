/**
 * Sale in a Global Invoice engine tests: example 1's order #1001 placed last month, one item run with
 * Continue On Fail, and last month's global invoice declaring 1001 beside two other sales.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { corpusOrder } from './corpusOrder';
import type { Engine } from './engine/engine';
import { recentGlobalParams } from './kindsKit';
import { lastMonthDay } from './mexicoCityDates';
import { orderParams } from './nodeTestKit';

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
 * Create Credit Note of `ticket` (a concept's NoIdentificacion) of the general-public invoice
 * `invoice`, related 01; `options` are the credit note's (e.g. its own date).
 */
export const globalTicketCreditParams = (
	invoice: string,
	ticket: string,
	options?: IDataObject,
): INodeParameters => ({
	resource: 'voucher',
	operation: 'createCreditNote',
	serie: 'NC',
	formaPago: '04',
	lugarExpedicion: '64000',
	creditedInvoices: { invoice: [{ uuid: invoice }] } as INodeParameters,
	globalSaleTicket: ticket,
	...(options ? { options: options as INodeParameters } : {}),
});

/** That credit note (globalTicketCreditParams), stamped: its output item's JSON. */
export async function creditGlobalTicket(
	engine: Engine,
	invoice: string,
	ticket: string,
	options?: IDataObject,
): Promise<IDataObject> {
	const json = await runFirstItem(engine, globalTicketCreditParams(invoice, ticket, options));
	expect([json.status, json.error]).toEqual(['stamped', undefined]);
	return json;
}

/**
 * Order #2002, without tax data, its keyboard's SKU "1001" (another sale's ticket), invoiced to the
 * general public (type I, daily InformacionGlobal): the stamped item's JSON. `createdAt`: when the
 * order was placed (its period), else the corpus order's own date.
 */
export async function order2002ToGeneralPublic(
	engine: Engine,
	createdAt?: string,
): Promise<IDataObject> {
	const order = corpusOrder('example-1');
	Object.assign(order, {
		id: 5829364210002,
		name: '#2002',
		order_number: 2002,
		note_attributes: [],
		...(createdAt ? { created_at: createdAt } : {}),
	});
	order.line_items[0].sku = '1001';
	const json = await runFirstItem(engine, orderParams({ withoutTaxData: 'generalPublic' }), [
		order,
	]);
	expect([json.status, json.recipientRfc, json.folio]).toEqual([
		'stamped',
		'XAXX010101000',
		'2002',
	]);
	return json;
}
