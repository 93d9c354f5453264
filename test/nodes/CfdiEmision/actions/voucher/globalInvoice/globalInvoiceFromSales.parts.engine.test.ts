/**
 * A period's sales declared in several global invoices (Sales Per Global Invoice), through n8n-core's
 * engine against the sandbox: the split (every ticket once, in input order, a folio per part), a run
 * stopped after its first part and run again (the next parts, none repeated), and a ticket of the
 * second part credited against its part.
 */
import type { INodeParameters } from 'n8n-workflow';

import { findElement, globalParams, stampedXml } from '../../../../../support/kindsKit';
import { useSandboxEngine } from '../../../../../support/nodeTestKit';

/* eslint-disable @typescript-eslint/no-explicit-any */
const kit = useSandboxEngine();
const V11 = { typeVersion: 1.1 };

const sales = (count: number) =>
	Array.from({ length: count }, (_, index) => ({
		ticket: `T-${String(index + 1).padStart(4, '0')}`,
		total: 116 + index,
	}));
const parted = (extra: INodeParameters = {}) =>
	globalParams({ salesPerGlobalInvoice: 2, ...extra });

/** The tickets each stamped global invoice declares, read from its XML (NoIdentificacion). */
async function declaredTickets(uuids: string[]): Promise<string[][]> {
	return Promise.all(
		uuids.map(async (uuid) =>
			(findElement(await stampedXml(kit.sandbox, uuid), 'cfdi:Conceptos')?.children ?? []).map(
				(concept) => String(concept.attrs.NoIdentificacion),
			),
		),
	);
}
/** Create Credit Note of a global invoice's ticket (its whole amount unless `creditAmount`). */
const creditOfTicket = (uuid: string, ticket: string, extra: INodeParameters = {}) =>
	kit.engine.runNode(
		{
			resource: 'voucher',
			operation: 'createCreditNote',
			serie: 'NC',
			formaPago: '04',
			creditedInvoices: { invoice: [{ uuid }] } as INodeParameters,
			globalSaleTicket: ticket,
			options: { noCalcularFecha: true, fecha: '2024-06-10T10:00:00' },
			...extra,
		},
		[{}],
		V11,
	);
const stampedGlobals = () =>
	[...kit.sandbox.vouchers.values()].filter(
		(voucher: any) => voucher.stampCount > 0 && voucher.body?.informacionGlobal,
	);

describe('a period in several global invoices', () => {
	test('5 sales at 2 per invoice: 3 invoices in input order, each ticket once, a folio per part, each output paired with its sales', async () => {
		const { items, error } = await kit.engine.runNode(parted(), sales(5), V11);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.status)).toEqual(['stamped', 'stamped', 'stamped']);
		expect(items.map((item) => item.pairedItem)).toEqual([
			[{ item: 0 }, { item: 1 }],
			[{ item: 2 }, { item: 3 }],
			[{ item: 4 }],
		]);
		expect(await declaredTickets(items.map((item) => String(item.json.uuid)))).toEqual([
			['T-0001', 'T-0002'],
			['T-0003', 'T-0004'],
			['T-0005'],
		]);
		const folios = items.map((item) => String(item.json.folio));
		expect(folios).toEqual([
			expect.stringMatching(/^G202405-04-P1-[0-9A-F]{8}$/),
			expect.stringMatching(/^G202405-04-P2-[0-9A-F]{8}$/),
			expect.stringMatching(/^G202405-04-P3-[0-9A-F]{8}$/),
		]);
		expect(items.map((item) => item.json.globalInvoicePart)).toEqual([
			{ part: 1, parts: 3, sales: 2, firstTicket: 'T-0001', lastTicket: 'T-0002' },
			{ part: 2, parts: 3, sales: 2, firstTicket: 'T-0003', lastTicket: 'T-0004' },
			{ part: 3, parts: 3, sales: 1, firstTicket: 'T-0005', lastTicket: 'T-0005' },
		]);
		// Each part carries its own sales' money: 116 + 117, 118 + 119, 120.
		expect(items.map((item) => item.json.total)).toEqual([233, 237, 120]);
	});

	test('up to Sales Per Global Invoice: one invoice under the period folio, as before', async () => {
		const { items } = await kit.engine.runNode(parted({ salesPerGlobalInvoice: 5 }), sales(5), V11);
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ status: 'stamped', folio: 'G202405-04' });
		expect(items[0].json.globalInvoicePart).toBeUndefined();
	});

	test('a run stopped after its first part, run again: the next parts are stamped, the first is not repeated', async () => {
		// The second part's save is refused: the run stops with part 1 stamped.
		kit.sandbox.injectFault({
			route: 'createVoucher',
			kind: 'status',
			status: 503,
			after: 1,
			times: 10,
		});
		const first = await kit.engine.runNode(parted(), sales(5), V11);
		expect(first.error).toBeDefined();
		expect(stampedGlobals()).toHaveLength(1);
		kit.sandbox.clearFaults();

		const again = await kit.engine.runNode(parted(), sales(5), V11);
		expect(again.error).toBeUndefined();
		expect(again.items.map((item) => item.json.status)).toEqual(['stamped', 'stamped']);
		expect(again.items.map((item) => (item.json.globalInvoicePart as any).part)).toEqual([2, 3]);
		// The first part's sales are listed as declared, and pair with the first output.
		expect((again.items[0].json.leftOut as any[]).map((sale) => sale.ticket)).toEqual([
			'T-0001',
			'T-0002',
		]);
		const all = stampedGlobals();
		expect(all).toHaveLength(3);
		const declared = (
			await declaredTickets(all.map((voucher: any) => String(voucher.uuid)))
		).flat();
		expect(declared.sort()).toEqual(['T-0001', 'T-0002', 'T-0003', 'T-0004', 'T-0005']);

		// A third run finds every sale declared: nothing is sent.
		kit.sandbox.clearLog();
		const third = await kit.engine.runNode(parted(), sales(5), V11);
		expect(third.items.map((item) => item.json.status)).toEqual(['skipped']);
		expect(kit.sandbox.requests.filter((r) => r.route === 'createVoucher')).toHaveLength(0);
	});

	test('a ticket of the second part is credited against that part', async () => {
		const { items } = await kit.engine.runNode(parted(), sales(5), V11);
		const second = String(items[1].json.uuid);
		const credit = await creditOfTicket(second, 'T-0004');
		expect(credit.error).toBeUndefined();
		expect(credit.items[0].json).toMatchObject({
			status: 'stamped',
			total: 119,
			globalSale: { globalInvoice: second, ticket: 'T-0004' },
		});
	});

	test("Get Many's Sale filter finds a ticket in its part, with the ticket's amount and the part's credit note", async () => {
		const { items } = await kit.engine.runNode(parted(), sales(5), V11);
		const second = String(items[1].json.uuid);
		const note = await creditOfTicket(second, 'T-0003', { creditAmount: 18 });
		expect(note.error).toBeUndefined();
		const found = await kit.engine.runNode(
			{
				resource: 'voucher',
				operation: 'getMany',
				startDate: '2024-01-01',
				returnAll: true,
				filters: { sale: 'T-0003' },
			},
			[{}],
			V11,
		);
		expect(
			found.items
				.map(({ json }) => [json.role, json.uuid, json.saleAmount])
				.sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
		).toEqual([
			['creditNote', String(note.items[0].json.uuid), 18],
			['globalInvoice', second, 118],
		]);
	});
});
