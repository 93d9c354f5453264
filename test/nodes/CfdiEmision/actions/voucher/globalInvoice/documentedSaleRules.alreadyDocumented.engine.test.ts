/**
 * What the service already documents of a global invoice's sales (actions/voucher/globalInvoice/documentedSaleRules.ts),
 * through n8n-core's engine against the sandbox: a sale goes either to its customer's invoice or into
 * one global invoice, so a sale declared in an overlapping global invoice, or invoiced to its customer
 * (the same sale), is left out.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { monthlyPeriod } from '../../../../../support/mexicoCityDates';
import { createParams, useSandboxEngine } from '../../../../../support/nodeTestKit';
import {
	dailyGlobalOfThisMonth,
	globalParams,
	sentBody,
	salesOfTickets,
} from '../../../../../support/kindsKit';
import { invoiceVoucher } from '../../../../../support/vouchers';

const kit = useSandboxEngine();
const V11 = { typeVersion: 1.1 };

// This month by the test's own arithmetic, not the node's clock (which would agree with its mistakes).
const { globalMonth: month, globalYear: year } = monthlyPeriod(0);
const json = (items: INodeExecutionData[]) => items[0]?.json as IDataObject;
const routesOf = () =>
	kit.sandbox.requests
		.filter((request) => request.server === 'api')
		.map((request) => request.route);
const stampedBodies = () =>
	[...kit.sandbox.vouchers.values()].filter((voucher) => voucher.state === 'stamped');
const ticketsOf = (body: Record<string, unknown>) =>
	(body.conceptos as IDataObject[]).map((concepto) => concepto.noIdentificacion);

describe('the overlapping daily global invoice', () => {
	test("T1-T3 declared yesterday; today's run of T1-T5 declares T4 and T5 only, and lists T1-T3 as left out", async () => {
		const first = await kit.engine.runNode(
			dailyGlobalOfThisMonth(),
			salesOfTickets('T1', 'T2', 'T3'),
			V11,
		);
		expect(json(first.items).status).toBe('stamped');
		const yesterday = String(json(first.items).uuid);
		kit.sandbox.clearLog();

		const { items, error } = await kit.engine.runNode(
			dailyGlobalOfThisMonth(),
			salesOfTickets('T1', 'T2', 'T3', 'T4', 'T5'),
			V11,
		);
		expect(error).toBeUndefined();
		expect(json(items)).toMatchObject({ status: 'stamped' });
		expect(ticketsOf(sentBody(kit.sandbox))).toEqual(['T4', 'T5']);
		const leftOut = json(items).leftOut as IDataObject[];
		expect(leftOut.map((sale) => [sale.itemIndex, sale.ticket, sale.uuid])).toEqual([
			[0, 'T1', yesterday],
			[1, 'T2', yesterday],
			[2, 'T3', yesterday],
		]);
		expect(leftOut[0]).toMatchObject({
			reason: 'already declared in a global invoice of an overlapping period',
			serie: 'F',
		});
		expect(String(leftOut[0].message)).toContain(
			`Ticket T1 is already declared in global invoice ${yesterday}`,
		);
		// The global invoice's tickets were read from its stamped XML.
		expect(routesOf().slice(0, 2)).toEqual(['listVouchers', 'downloadXml']);
		expect(stampedBodies()).toHaveLength(2);
	});

	test('every ticket already declared: nothing is stamped, the output says why', async () => {
		await kit.engine.runNode(dailyGlobalOfThisMonth(), salesOfTickets('T1', 'T2', 'T3'), V11);
		kit.sandbox.clearLog();
		const { items } = await kit.engine.runNode(
			dailyGlobalOfThisMonth(),
			salesOfTickets('T2', 'T3'),
			V11,
		);
		expect(json(items)).toMatchObject({
			status: 'skipped',
			skipped: { reason: 'alreadyInvoiced' },
		});
		expect(routesOf()).not.toContain('createVoucher');
		expect(stampedBodies()).toHaveLength(1);
	});

	test('the same daily run again is answered with its invoice (the duplicate check), not left out', async () => {
		const first = await kit.engine.runNode(
			dailyGlobalOfThisMonth(),
			salesOfTickets('T1', 'T2'),
			V11,
		);
		kit.sandbox.clearLog();
		const second = await kit.engine.runNode(
			dailyGlobalOfThisMonth(),
			salesOfTickets('T1', 'T2'),
			V11,
		);
		expect(json(second.items)).toMatchObject({
			status: 'alreadyStamped',
			uuid: json(first.items).uuid,
		});
		expect(json(second.items).leftOut).toBeUndefined();
		expect(routesOf()).not.toContain('downloadXml');
	});
});

/** This month's monthly global invoice (Year 0): one folio per period, G<year><month>-04. */
const monthly = () =>
	globalParams({ globalPeriodicity: '04', globalMonth: month, globalYear: 0, options: {} });

describe("a monthly global invoice of a period that already has one (another run's sales)", () => {
	test('other sales of the month: stamped under a folio of their own, never answered with the first invoice', async () => {
		const first = await kit.engine.runNode(monthly(), salesOfTickets('T1', 'T2', 'T3'), V11);
		expect(json(first.items)).toMatchObject({ status: 'stamped' });
		const firstUuid = String(json(first.items).uuid);
		const periodFolio = `G${year}${month}-04`;
		expect(stampedBodies()[0].body.folio).toBe(periodFolio);

		const { items, error } = await kit.engine.runNode(monthly(), salesOfTickets('T4', 'T5'), V11);
		expect(error).toBeUndefined();
		expect(json(items).status).toBe('stamped');
		expect(json(items).uuid).not.toBe(firstUuid);
		const second = stampedBodies()[1].body;
		expect(ticketsOf(second)).toEqual(['T4', 'T5']);
		expect(String(second.folio)).toMatch(new RegExp(`^${periodFolio}-[0-9A-F]{8}$`));

		// Run again: both invoices are found, nothing is stamped a third time.
		const again = await kit.engine.runNode(monthly(), salesOfTickets('T4', 'T5'), V11);
		expect([json(again.items).status, json(again.items).uuid]).toEqual([
			'alreadyStamped',
			json(items).uuid,
		]);
		expect(stampedBodies()).toHaveLength(2);
	});

	test('a late ticket: the month run again with T1-T4 declares T4 alone, T1-T3 listed as left out', async () => {
		const first = await kit.engine.runNode(monthly(), salesOfTickets('T1', 'T2', 'T3'), V11);
		const firstUuid = String(json(first.items).uuid);
		const { items } = await kit.engine.runNode(
			monthly(),
			salesOfTickets('T1', 'T2', 'T3', 'T4'),
			V11,
		);
		expect(json(items).status).toBe('stamped');
		expect(ticketsOf(stampedBodies()[1].body)).toEqual(['T4']);
		expect((json(items).leftOut as IDataObject[]).map((sale) => [sale.ticket, sale.uuid])).toEqual([
			['T1', firstUuid],
			['T2', firstUuid],
			['T3', firstUuid],
		]);
	});

	test("the period's global invoice cancelled, the month run again: the new one takes a folio of its own, never the cancelled one's (before: G<period>-04 twice, one cancelled, one valid)", async () => {
		const first = await kit.engine.runNode(monthly(), salesOfTickets('T1', 'T2', 'T3'), V11);
		const firstUuid = String(json(first.items).uuid);
		const periodFolio = `G${year}${month}-04`;
		const cancel = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'cancel', uuid: firstUuid, motivo: '02' },
			[{}],
		);
		expect(cancel.error).toBeUndefined();
		expect(kit.sandbox.cancellations.get(firstUuid)).toMatchObject({ state: 'cancelled' });
		const { items, error } = await kit.engine.runNode(
			monthly(),
			salesOfTickets('T1', 'T2', 'T3'),
			V11,
		);
		expect(error).toBeUndefined();
		expect(json(items).status).toBe('stamped');
		const folios = [...kit.sandbox.vouchers.values()]
			.filter((voucher) => voucher.stampCount > 0)
			.map((voucher) => String(voucher.body.folio));
		expect(folios[0]).toBe(periodFolio);
		expect(folios[1]).toMatch(new RegExp(`^${periodFolio}-[0-9A-F]{8}$`));
		// Run again: found, not stamped a third time.
		const again = await kit.engine.runNode(monthly(), salesOfTickets('T1', 'T2', 'T3'), V11);
		expect([json(again.items).status, json(again.items).uuid]).toEqual([
			'alreadyStamped',
			json(items).uuid,
		]);
	});

	test('the same month run again with the same sales is answered with its invoice (the duplicate check)', async () => {
		const first = await kit.engine.runNode(monthly(), salesOfTickets('T1', 'T2', 'T3'), V11);
		const { items } = await kit.engine.runNode(monthly(), salesOfTickets('T1', 'T2', 'T3'), V11);
		expect([json(items).status, json(items).uuid]).toEqual([
			'alreadyStamped',
			json(first.items).uuid,
		]);
		expect(stampedBodies()).toHaveLength(1);
	});
});

describe('a ticket invoiced to its customer is left out only when it is the same sale', () => {
	/** An invoice to a customer, folio = the ticket, of `total` (no taxes). */
	const individual = (folio: string, total: number, serie = 'A') =>
		createParams(
			invoiceVoucher({
				serie,
				folio,
				conceptos: [
					{
						claveProdServ: '01010101',
						cantidad: '1',
						claveUnidad: 'H87',
						descripcion: `Sale ${folio}`,
						valorUnitario: total,
						importe: total,
						objetoImp: '01',
					},
				],
				subTotal: total,
				total,
			}),
		);

	test('same folio and the same amount (116.00): left out, with the invoice', async () => {
		const invoice = await kit.engine.runNode(individual('T2', 116), [{}], V11);
		expect(json(invoice.items).status).toBe('stamped');
		kit.sandbox.clearLog();
		const { items } = await kit.engine.runNode(
			dailyGlobalOfThisMonth(),
			salesOfTickets('T1', 'T2', 'T3'),
			V11,
		);
		expect(ticketsOf(sentBody(kit.sandbox))).toEqual(['T1', 'T3']);
		expect(json(items).leftOut).toEqual([
			expect.objectContaining({
				itemIndex: 1,
				ticket: 'T2',
				reason: 'already invoiced to its customer',
				uuid: json(invoice.items).uuid,
				recipientRfc: 'URE180429TM6',
			}),
		]);
	});

	test('an unrelated invoice of another series with the ticket as folio (5,800.00): the sale is declared, and a note says why', async () => {
		const unrelated = await kit.engine.runNode(individual('T2', 5800, 'B'), [{}], V11);
		expect(json(unrelated.items).status).toBe('stamped');
		kit.sandbox.clearLog();
		const { items } = await kit.engine.runNode(
			dailyGlobalOfThisMonth(),
			salesOfTickets('T1', 'T2', 'T3'),
			V11,
		);
		expect(ticketsOf(sentBody(kit.sandbox))).toEqual(['T1', 'T2', 'T3']);
		expect(json(items).leftOut).toBeUndefined();
		const [note] = json(items).globalInvoiceNotes as string[];
		expect(note).toContain('Ticket T2 (116.00 MXN) is included');
		expect(note).toContain(
			`${json(unrelated.items).uuid} (series B, recipient URE180429TM6, total 5800)`,
		);
	});
});
