/**
 * Example 11, last month's global invoice of the orders nobody invoiced, through n8n-core's engine:
 * the orders read from a the sandbox's store stand-in (the Shopify node's "get many" as an HTTP
 * Request for the same orders), the global invoice stamped in the sandbox.
 */
import type { IDataObject } from 'n8n-workflow';

import { outputOf } from '../support/engine/engine';
import { sentMails } from '../support/standInNodes';
import { corpusOrder } from '../support/corpusOrder';
import { runExample, storeStandIn } from '../support/kindsKit';
import { lastMonthDay } from '../support/mexicoCityDates';
import { orderParams, useSandboxEngine } from '../support/nodeTestKit';

// The sandbox's store stand-in, empty: each test puts in the orders it needs.
const kit = useSandboxEngine({ shopOrders: [] });
const shop = storeStandIn(kit);

beforeEach(() => sentMails.splice(0));

function order(number: number, extra: IDataObject = {}): IDataObject {
	return {
		...corpusOrder('example-1'),
		id: 5829364210000 + number,
		name: `#${number}`,
		order_number: number,
		created_at: lastMonthDay(number - 1000),
		...extra,
	};
}

/** Runs the Try-it path; `failsWith`: the execution must end failed (Fail the execution) with it. */
async function runMonthGlobal(failsWith?: RegExp) {
	const run = await runExample(kit.sandbox, 'monthGlobal', 'Try it: run now', {
		shopUrl: kit.sandbox.shopUrl,
	});
	if (failsWith) {
		expect(run.data.resultData.error?.message).toMatch(failsWith);
		expect(run.data.resultData.lastNodeExecuted).toBe('Fail the execution');
	} else expect(run.data.resultData.error).toBeUndefined();
	return outputOf(run, 'Create global invoice').map((item) => item.json);
}

/** The owner's alert: Spanish, about last month, without the node's codes or English sentences. */
function expectOwnerAlert(says: RegExp) {
	const [month, year] = [lastMonthDay(1).slice(5, 7), lastMonthDay(1).slice(0, 4)];
	expect(sentMails).toHaveLength(1);
	expect(sentMails[0]).toMatchObject({
		node: 'Alert the owner',
		to: 'dueno@tu-tienda.example',
		subject: `Factura global de ${month}/${year}: la tienda debe actuar`,
	});
	expect(sentMails[0].text).toMatch(says);
	expect(sentMails[0].text).not.toMatch(
		/needsAttention|stampUnclear|deadlineWarning|HTTP|\b[45]\d\d\b|Could not|the service/,
	);
}

/** Whether last month's global invoice, stamped now, is past the SAT's 24 hours: from the 2nd (Mexico City). */
function lateNow(): boolean {
	const day = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Mexico_City', day: 'numeric' });
	return Number(day.format(new Date())) >= 2;
}

describe("Example 11: last month's global invoice of the rest", () => {
	test('paid orders only, at what was finally paid; the order a buyer invoiced is left out; a second run stamps nothing', async () => {
		shop.orders.push(
			order(1001),
			order(1002, { note_attributes: [] }),
			order(1003, { note_attributes: [], financial_status: 'refunded' }),
			order(1004, {
				note_attributes: [],
				financial_status: 'partially_refunded',
				current_total_price: '1160.00',
			}),
			order(1005, { note_attributes: [], financial_status: 'pending' }),
			order(1006, {
				note_attributes: [],
				cancelled_at: lastMonthDay(7),
				financial_status: 'voided',
			}),
		);
		// #1001's buyer invoiced it (folio 1001, e.g. on the self-invoice page).
		const individual = await kit.engine.runNode(orderParams(), [shop.orders[0] as IDataObject]);
		expect(individual.items[0].json.status).toBe('stamped');

		// Stamped after the SAT's 24 hours (any day but the 1st): the owner is told, the run fails.
		const late = lateNow();
		const [global] = await runMonthGlobal(late ? /se timbró tarde/ : undefined);
		expect(global.status).toBe('stamped');
		if (late)
			expectOwnerAlert(
				/se timbró \d+ horas después de cerrar el mes; el SAT la pide dentro de las 24 horas/,
			);
		else expect(sentMails).toEqual([]);
		sentMails.splice(0);
		expect(global.leftOut).toEqual([
			expect.objectContaining({ ticket: '1001', uuid: individual.items[0].json.uuid }),
		]);
		const stored = [...kit.sandbox.vouchers.values()].find(
			(voucher) => voucher.uuid === global.uuid,
		)!;
		const conceptos = stored.body.conceptos as IDataObject[];
		// Shopify lists the newest first.
		expect(conceptos.map((concepto) => concepto.noIdentificacion)).toEqual(['1004', '1002']);
		// 1,508.00 + 1,160.00 collected, IVA included.
		expect(stored.body.total).toBe(2668);
		// The orders it holds, as the owner looks them up (ticket, what was paid).
		const declared = [
			{ ticket: '1004', amount: 1160 },
			{ ticket: '1002', amount: 1508 },
		];
		expect(global.declaredSales).toEqual(declared);
		expect((stored.body.receptor as IDataObject).rfc).toBe('XAXX010101000');

		// Shopify was asked for last month's orders, any status.
		const [asked] = shop.requests;
		expect([asked.query.status, asked.query.limit, asked.status]).toEqual(['any', '250', 200]);
		expect(asked.query.created_at_min?.slice(0, 10)).toBe(lastMonthDay(1).slice(0, 10));

		const [again] = await runMonthGlobal();
		expect([again.status, again.uuid]).toEqual(['alreadyStamped', global.uuid]);
		expect(again.declaredSales).toEqual(declared);
		expect(stored.stampCount).toBe(1);
		// Answered again: nothing new for the owner, the run succeeds.
		expect(sentMails).toEqual([]);
	});

	test('the service refuses the global invoice (HTTP 400): nothing stamped, the owner is e-mailed in Spanish and the execution ends failed', async () => {
		shop.orders.push(order(1002, { note_attributes: [] }));
		kit.sandbox.injectFault({ route: 'createVoucher', kind: 'status', status: 400, times: 100 });
		const [global] = await runMonthGlobal(/necesita a la tienda/);
		expect(global.error).toEqual(expect.stringContaining('Could not'));
		expect(kit.sandbox.stampCount()).toBe(0);
		expectOwnerAlert(/no aceptó la factura global/);
	});

	test('the service answers 503: nothing stamped, the owner is told to run it again later (no double stamp), the execution ends failed', async () => {
		shop.orders.push(order(1002, { note_attributes: [] }));
		kit.sandbox.injectFault({ route: 'createVoucher', kind: 'status', status: 503, times: 100 });
		const [global] = await runMonthGlobal(/necesita a la tienda/);
		expect(global.error).toEqual(expect.any(String));
		expect(kit.sandbox.stampCount()).toBe(0);
		expectOwnerAlert(/no estaba disponible\. Ejecuta este flujo otra vez más tarde/);
	});

	test('Create Global Invoice fails as a whole, before its item loop (the look-up of what the month already declared is refused): one error item, the owner is e-mailed once', async () => {
		shop.orders.push(order(1002, { note_attributes: [] }), order(1004, { note_attributes: [] }));
		kit.sandbox.injectFault({ route: 'listVouchers', kind: 'status', status: 400, times: 100 });
		const output = await runMonthGlobal(/necesita a la tienda/);
		// One error item for the whole node, not the two sales passed on unchanged.
		expect(output).toEqual([
			expect.objectContaining({ error: expect.any(String), failedBeforeItems: true }),
		]);
		expect(kit.sandbox.requests.filter((request) => request.route === 'createVoucher')).toEqual([]);
		expectOwnerAlert(/factura global/);
	});

	test("a month of 260 orders: read over Shopify's two pages (250, then 10 through the Link header's page_info), all in one global invoice", async () => {
		kit.sandbox.addShopOrders(
			Array.from({ length: 260 }, (_, index) => ({
				number: 3001 + index,
				createdAt: Date.parse(lastMonthDay(1 + (index % 28))),
				email: `buyer${index}@example.com`,
				lines: [{ title: 'Cable USB-C', quantity: 1, price: '116.00' }],
			})),
		);
		const [global] = await runMonthGlobal(lateNow() ? /se timbró tarde/ : undefined);
		expect(global.status).toBe('stamped');
		const stored = [...kit.sandbox.vouchers.values()].find(
			(voucher) => voucher.uuid === global.uuid,
		)!;
		const tickets = (stored.body.conceptos as IDataObject[]).map(
			(concepto) => concepto.noIdentificacion,
		);
		expect(new Set(tickets).size).toBe(260);
		expect(stored.body.total).toBe(260 * 116);
		expect(
			shop.requests.map((request) => [Object.keys(request.query).sort(), request.status]),
		).toEqual([
			[['created_at_max', 'created_at_min', 'limit', 'status'], 200],
			[['limit', 'page_info'], 200],
		]);
	});
});
