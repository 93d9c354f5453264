/**
 * Sale in a Global Invoice when a general-public voucher that is not a global invoice names the
 * sale's ticket, through n8n-core's engine against the sandbox. The service's list gives no voucher
 * type, so a credit note to the general public on the sale's ticket of the global invoice (its
 * concept's NoIdentificacion is the ticket) is listed next to the global invoice; dated before it
 * (Use Voucher Date), it came first and was taken as the global invoice holding the sale: under Fail
 * the buyer was told the sale is in the credit note, under Replace the credit note was cancelled with
 * motive 04 and the global invoice kept declaring the sale. Only a type-I voucher with
 * InformacionGlobal (or the order's own invoice to the general public) holds a sale.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import {
	creditGlobalTicket,
	lastMonthOrder,
	runFirstItem,
	stampLastMonthGlobal,
} from '../../../../../support/globalSaleKit';
import { writesSince } from '../../../../../support/kindsKit';
import { orderParams, useSandboxEngine } from '../../../../../support/nodeTestKit';

const kit = useSandboxEngine();
const ORDER = lastMonthOrder;
const run = (params: INodeParameters, items?: IDataObject[]) =>
	runFirstItem(kit.engine, params, items);
const stampGlobal = () => stampLastMonthGlobal(kit.engine);

/** Mexico City's wall clock `hours` ago, as a CFDI Fecha. */
const hoursAgo = (hours: number) =>
	new Date(Date.now() - (6 + hours) * 3_600_000).toISOString().slice(0, 19);

/** A credit note of ticket 1001 of `global`, to the general public, dated two hours ago (before the global invoice's stamp). */
const creditSaleTicket = (global: string) =>
	creditGlobalTicket(kit.engine, global, '1001', { noCalcularFecha: true, fecha: hoursAgo(2) });

const invoice = (saleInGlobalInvoice: string) =>
	run(orderParams({ saleInGlobalInvoice }), [ORDER() as IDataObject]);

const stored = (uuid: unknown) =>
	[...kit.sandbox.vouchers.values()].find((voucher) => voucher.uuid === uuid)!;

describe('Sale in a Global Invoice: a credit note on the sale’s ticket is not a global invoice', () => {
	test('Fail: the error names the global invoice, not the credit note; nothing is written', async () => {
		const global = await stampGlobal();
		const note = await creditSaleTicket(global);
		expect(stored(note.uuid).fecha! < stored(global).fecha!).toBe(true);
		const mark = kit.sandbox.requests.length;
		const item = await invoice('fail');
		expect(writesSince(kit.sandbox, mark)).toEqual([]);
		expect(String(item.error)).toContain(`Sale 1001 is already in global invoice ${global} (`);
		expect(String(item.error)).not.toContain(String(note.uuid));
		expect((item.globalInvoice as IDataObject).uuid).toBe(global);
		expect(String((item.needsAttention as IDataObject).message)).toContain(global);
	});

	test('Replace: refused naming the credit note that relates the global invoice (dated before it); once the note is cancelled, the global invoice is the one replaced and cancelled with motive 04', async () => {
		const global = await stampGlobal();
		const note = await creditSaleTicket(global);
		const mark = kit.sandbox.requests.length;
		const item = await invoice('replace');
		// Not the credit note cancelled with motive 04, nor the buyer's invoice stamped while the
		// global invoice (which the note keeps "no cancelable") still declares the sale.
		expect(writesSince(kit.sandbox, mark)).toEqual([]);
		expect(kit.sandbox.cancellations.get(String(note.uuid))).toBeUndefined();
		expect(String(item.error)).toContain(`Sale 1001 is in global invoice ${global}`);
		const attention = item.needsAttention as IDataObject;
		expect(attention.reason).toBe('globalInvoiceRelated');
		expect(String(attention.message)).toContain(String(note.uuid));

		const cancelled = await run({
			resource: 'voucher',
			operation: 'cancel',
			uuid: String(note.uuid),
			motive: '02',
		});
		expect(cancelled.status).toBe('cancelled');
		const again = kit.sandbox.requests.length;
		const done = await invoice('replace');
		expect([done.status, done.needsAttention]).toEqual(['stamped', undefined]);
		const folio = String(stored(global).body.folio);
		expect(writesSince(kit.sandbox, again)).toEqual([
			`save ${folio}-S1 to XAXX010101000`,
			`stamp ${folio}-S1 to XAXX010101000`,
			'save 1001 to URE180429TM6',
			'stamp 1001 to URE180429TM6',
			`cancel ${global} 04`,
		]);
		expect(done.globalInvoice).toMatchObject({
			cancelled: { uuid: global, motive: '04' },
			replacement: { folio: `${folio}-S1`, tickets: ['1002', '1003'], replaces: global },
		});
		expect(kit.sandbox.cancellations.get(global)).toMatchObject({
			state: 'cancelled',
			motivo: '04',
		});
	});
});
