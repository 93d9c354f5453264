/**
 * The reads of a Create Global Invoice run (actions/voucher/globalInvoice/priorDeclarations.ts) through n8n's
 * engine against the sandbox: the period's declarations and the Duplicate Check come from the run's
 * one list read (stamping/runVoucherList.ts), and each live global invoice of the period is read once.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { monthlyPeriod } from '../../../../../support/mexicoCityDates';
import { useSandboxEngine } from '../../../../../support/nodeTestKit';
import { dailyGlobalOfThisMonth, sentBody, salesOfTickets } from '../../../../../support/kindsKit';

const kit = useSandboxEngine();
const V11 = { typeVersion: 1.1 };

// This month by the test's own arithmetic, not the node's clock.
const { globalMonth: month, globalYear: year } = monthlyPeriod(0);
const json = (items: INodeExecutionData[]) => items[0]?.json as IDataObject;
/** The service's routes the run sent before its first issuing call (the after-run look-up is later). */
const routesBeforeSending = () => {
	const routes = kit.sandbox.requests
		.filter((request) => request.server === 'api')
		.map((request) => request.route);
	const sent = routes.indexOf('createVoucher');
	return sent < 0 ? routes : routes.slice(0, sent);
};

describe("a global invoice's reads before stamping", () => {
	test('two global invoices of the period and eight sales: one list read (two before) and each global invoice read once', async () => {
		const first = await kit.engine.runNode(
			dailyGlobalOfThisMonth(),
			salesOfTickets('T1', 'T2', 'T3'),
			V11,
		);
		const second = await kit.engine.runNode(
			dailyGlobalOfThisMonth(),
			salesOfTickets('T4', 'T5'),
			V11,
		);
		expect([json(first.items).status, json(second.items).status]).toEqual(['stamped', 'stamped']);
		kit.sandbox.clearLog();

		const tickets = ['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8'];
		const { items, error } = await kit.engine.runNode(
			dailyGlobalOfThisMonth(),
			salesOfTickets(...tickets),
			V11,
		);
		expect(error).toBeUndefined();
		expect(json(items).status).toBe('stamped');
		// Only the sales no global invoice declares: the declarations were read.
		expect(
			(sentBody(kit.sandbox).conceptos as IDataObject[]).map((c) => c.noIdentificacion),
		).toEqual(['T6', 'T7', 'T8']);
		const before = routesBeforeSending();
		expect(before.filter((route) => route === 'listVouchers')).toHaveLength(1);
		const xml = kit.sandbox.requests
			.filter((request) => request.route === 'downloadXml')
			.map((request) => request.pathname.split('/').pop());
		expect(xml.filter((uuid) => uuid === json(first.items).uuid)).toHaveLength(1);
		expect(xml.filter((uuid) => uuid === json(second.items).uuid)).toHaveLength(1);
	});

	test('the same run again: answered with its invoice from the one list read', async () => {
		const tickets = salesOfTickets('T1', 'T2');
		const first = await kit.engine.runNode(dailyGlobalOfThisMonth(), tickets, V11);
		kit.sandbox.clearLog();
		const again = await kit.engine.runNode(dailyGlobalOfThisMonth(), tickets, V11);
		expect(json(again.items)).toMatchObject({
			status: 'alreadyStamped',
			uuid: json(first.items).uuid,
		});
		expect(routesBeforeSending().filter((route) => route === 'listVouchers')).toHaveLength(1);
	});

	test("dated by the sender (the Duplicate Check's backdating allowance reaches further back): still one list read", async () => {
		const dated = dailyGlobalOfThisMonth({
			options: { noCalcularFecha: true, fecha: `${year}-${month}-01T09:00:00` },
		});
		await kit.engine.runNode(dailyGlobalOfThisMonth(), salesOfTickets('T1', 'T2'), V11);
		kit.sandbox.clearLog();
		const { items, error } = await kit.engine.runNode(dated, salesOfTickets('T1', 'T2', 'T3'), V11);
		expect(error).toBeUndefined();
		expect(json(items).status).toBe('stamped');
		expect(routesBeforeSending().filter((route) => route === 'listVouchers')).toHaveLength(1);
	});
});
