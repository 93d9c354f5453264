/**
 * Sale in a Global Invoice: Replace the Global Invoice, when a live document relates the global
 * invoice (a credit note of one of its tickets), through n8n-core's engine against the sandbox. The
 * SAT refuses to cancel a voucher a valid one relates (the sandbox's FAC205), so motive 04's last
 * step would fail after the replacement and the buyer's invoice were stamped, every ticket then
 * declared twice. The node asks the run's ledger first and stamps nothing; the item carries
 * needsAttention globalInvoiceRelated naming the note; once the note is cancelled the next run
 * completes the motive-04 path. Also on a re-run after an earlier run stamped the replacement, and
 * for an order the node invoiced to the general public.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import {
	creditGlobalTicket,
	lastMonthOrder,
	runFirstItem,
	stampLastMonthGlobal,
} from '../../../../../support/globalSaleKit';
import { orderParams, useSandboxEngine } from '../../../../../support/nodeTestKit';
import { writesSince } from '../../../../../support/kindsKit';
import { apiClient, validVoucher } from '../../../../../support/sandboxHelpers';

const kit = useSandboxEngine();
const ORDER = lastMonthOrder;
const run = (params: INodeParameters, items?: IDataObject[]) =>
	runFirstItem(kit.engine, params, items);
const stampGlobal = () => stampLastMonthGlobal(kit.engine);

const creditTicket = (invoice: string, ticket: string) =>
	creditGlobalTicket(kit.engine, invoice, ticket);

const cancel = async (uuid: string, motive = '02') =>
	expect((await run({ resource: 'voucher', operation: 'cancel', uuid, motive })).status).toBe(
		'cancelled',
	);

const invoice = () =>
	run(orderParams({ saleInGlobalInvoice: 'replace' }), [ORDER() as IDataObject]);

const writes = (mark: number) => writesSince(kit.sandbox, mark);
const stored = (uuid: unknown) =>
	[...kit.sandbox.vouchers.values()].find((voucher) => voucher.uuid === uuid)!;
const stampedTo = (rfc: string) =>
	[...kit.sandbox.vouchers.values()].filter(
		(voucher) => voucher.stampCount > 0 && (voucher.body.receptor as IDataObject).rfc === rfc,
	);

/** The refusal every case must show: nothing written, the note named with the fix. */
function expectRefused(item: IDataObject, global: string, note: IDataObject, mark: number) {
	expect(writes(mark)).toEqual([]);
	expect(String(item.error)).toContain(`global invoice ${global}`);
	const attention = item.needsAttention as IDataObject;
	expect(attention.reason).toBe('globalInvoiceRelated');
	const message = String(attention.message);
	expect(message).toContain(String(note.uuid));
	const { serie, folio } = stored(note.uuid).body;
	expect(message).toContain(
		`credit note ${[serie, folio].filter(Boolean).join('-')} (UUID ${String(note.uuid)})`,
	);
	expect(message).toMatch(/cancel/i);
	expect(message).toContain('run the request again');
	// One list read (the Duplicate Check's, shared with the ledger): no second one for the look-up.
	const reads = kit.sandbox.requests.slice(mark).filter((r) => r.route === 'listVouchers');
	expect(reads).toHaveLength(1);
}

describe('Replace the Global Invoice when a live document relates the global invoice', () => {
	test('a credit note of another ticket relates it: nothing stamped, needsAttention names the note; once the note is cancelled the next run replaces, invoices the buyer and cancels last', async () => {
		const global = await stampGlobal();
		const folio = String(stored(global).body.folio);
		const note = await creditTicket(global, '1002');
		const mark = kit.sandbox.requests.length;
		const refused = await invoice();
		expectRefused(refused, global, note, mark);
		expect(stampedTo('URE180429TM6')).toEqual([]);

		await cancel(String(note.uuid));
		const again = kit.sandbox.requests.length;
		const done = await invoice();
		expect(done.status).toBe('stamped');
		expect(done.needsAttention).toBeUndefined();
		expect(writes(again)).toEqual([
			`save ${folio}-S1 to XAXX010101000`,
			`stamp ${folio}-S1 to XAXX010101000`,
			'save 1001 to URE180429TM6',
			'stamp 1001 to URE180429TM6',
			`cancel ${global} 04`,
		]);
		expect(kit.sandbox.cancellations.get(global)).toMatchObject({
			state: 'cancelled',
			motivo: '04',
		});
	});

	test("a re-run after an earlier run stamped the replacement: the buyer's invoice is not stamped while the note relates the original", async () => {
		const global = await stampGlobal();
		// The first run stamps the replacement and is refused the buyer's invoice.
		kit.sandbox.injectFault({ route: 'createVoucher', kind: 'status', status: 400, after: 1 });
		const stopped = await invoice();
		expect(stopped.error).toBeDefined();
		expect(stampedTo('XAXX010101000')).toHaveLength(2);
		const note = await creditTicket(global, '1003');
		const mark = kit.sandbox.requests.length;
		expectRefused(await invoice(), global, note, mark);
		expect(stampedTo('URE180429TM6')).toEqual([]);
		expect(kit.sandbox.cancellations.get(global)).toBeUndefined();
	});

	test("the buyer's invoice stamped by an earlier run, the cancellation left: no cancel request while the note relates the original, the item says which note", async () => {
		const global = await stampGlobal();
		kit.sandbox.injectFault({ route: 'cancelVoucher', kind: 'status', status: 500 });
		const first = await invoice();
		expect(first.status).toBe('stamped');
		const note = await creditTicket(global, '1002');
		const mark = kit.sandbox.requests.length;
		const again = await invoice();
		expect(again.status).toBe('alreadyStamped');
		expect(writes(mark)).toEqual([]);
		expect(again.needsAttention).toEqual({
			reason: 'globalInvoiceRelated',
			message: expect.stringContaining(String(note.uuid)),
		});
	});

	test('an order the node invoiced to the general public, one line then refunded with a credit note: nothing stamped for the buyer', async () => {
		const publicInvoice = await run(orderParams({ withoutTaxData: 'generalPublic' }), [
			{ ...ORDER(), note_attributes: [] } as IDataObject,
		]);
		expect([publicInvoice.status, publicInvoice.recipientRfc]).toEqual([
			'stamped',
			'XAXX010101000',
		]);
		// A refund of the order's own invoice stamped elsewhere (its product lines are no tickets, so
		// the node's ticket credit refuses them): a live credit note relating it.
		const api = await apiClient(kit.sandbox);
		const note = await api.stamp(
			validVoucher({
				tipoDeComprobante: 'E',
				serie: 'NC',
				folio: '7',
				receptor: {
					rfc: 'XAXX010101000',
					nombre: 'PUBLICO EN GENERAL',
					usoCFDI: 'S01',
					regimenFiscalReceptor: '616',
					domicilioFiscalReceptor: '42501',
				},
				informacionGlobal: { periodicidad: '01', meses: '05', anio: 2024 },
				cfdiRelacionados: [
					{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: String(publicInvoice.uuid) }] },
				],
			}),
		);
		const mark = kit.sandbox.requests.length;
		expectRefused(await invoice(), String(publicInvoice.uuid), note, mark);
		expect(stampedTo('URE180429TM6')).toEqual([]);
	});
});
