/**
 * Create in Order mode with an order written in UTC at a month's edge (issue 39: a sale's moment is
 * an instant), through n8n-core's engine against the sandbox: 2026-11-01T05:30:00Z, as Shopify's API
 * writes it, is 31 October 23:30 in Mexico City. The month declared, the self-invoice window and
 * the payment date are those of Mexico City's calendar. Each case runs under any `TZ`; the expected
 * dates are written out, never taken from this machine's clock.
 */
import type { IDataObject } from 'n8n-workflow';

import { corpusOrder, paidByDeposit, type Order } from '../../../../../support/corpusOrder';
import { routes } from '../../../../../support/sandboxCredential';
import { orderParams, useSandboxEngine } from '../../../../../support/nodeTestKit';

const kit = useSandboxEngine();

/** 31 October 2026 23:30 in Mexico City, written in UTC. */
const LAST_HALF_HOUR_OF_OCTOBER = '2026-11-01T05:30:00Z';

/**
 * Invoice the General Public, dated 1 November 2026 (Use Voucher Date) so the year of issue that
 * informacionGlobal's year is checked against is fixed, not this machine's.
 */
const generalPublicParams = orderParams({
	withoutTaxData: 'generalPublic',
	stampingMode: 'direct',
	options: { noCalcularFecha: true, fecha: '2026-11-01T12:00:00' },
});

function sentBodies(): IDataObject[] {
	return routes(kit.sandbox, 'createVoucher').map(
		(request) => JSON.parse(request.body) as IDataObject,
	);
}

/** An order without tax data (general public) placed at `at`, every timestamp of it in UTC. */
function orderAt(at: string, key = 'no-tax-data-general-public'): Order {
	return { ...corpusOrder(key), created_at: at, processed_at: at, updated_at: at };
}

/**
 * The process's clock set to `at` for the node (its "today") and the sandbox alike, still running;
 * timers stay real so the engine and HTTP work as they do.
 */
function clockAt(at: string): void {
	jest.useFakeTimers({
		now: Date.parse(at),
		advanceTimers: true,
		doNotFake: [
			'hrtime',
			'nextTick',
			'performance',
			'queueMicrotask',
			'setImmediate',
			'clearImmediate',
			'setInterval',
			'clearInterval',
			'setTimeout',
			'clearTimeout',
		],
	});
}

afterEach(() => jest.useRealTimers());

describe("An order written in UTC at a month's edge, on Mexico City's calendar", () => {
	test('Invoice the General Public: the order of 31 October 23:30 (05:30 UTC on 1 November) declares October', async () => {
		const { items, error } = await kit.engine.runNode(generalPublicParams, [
			orderAt(LAST_HALF_HOUR_OF_OCTOBER),
		]);
		expect(error).toBeUndefined();
		expect(items[0].json.status).toBe('stamped');
		expect(
			sentBodies().map((body) => [(body.receptor as IDataObject).rfc, body.informacionGlobal]),
		).toEqual([['XAXX010101000', { periodicidad: '01', meses: '10', anio: 2026 }]]);
	});

	test('Invoice the General Public: half an hour after midnight in Mexico City (06:30 UTC) is November', async () => {
		const { error } = await kit.engine.runNode(generalPublicParams, [
			orderAt('2026-11-01T06:30:00Z'),
		]);
		expect(error).toBeUndefined();
		expect(sentBodies().map((body) => body.informacionGlobal)).toEqual([
			{ periodicidad: '01', meses: '11', anio: 2026 },
		]);
	});

	describe('Self-invoice Until Month End, the day taken from an injected clock', () => {
		const selfInvoice = (order: Order) =>
			kit.engine.runNode(
				orderParams({
					orderOptions: { buyerEmail: String(order.email), selfInvoiceUntilMonthEnd: true },
					withoutTaxData: 'generalPublic',
				}),
				[order],
				{ typeVersion: 1.1 },
			);

		test("on 28 November (noon in Mexico City) the buyer of October's order is refused as October's window says, nothing sent", async () => {
			clockAt('2026-11-28T18:00:00Z');
			const order = orderAt(LAST_HALF_HOUR_OF_OCTOBER);
			const { items, error } = await selfInvoice(order);
			expect(error).toBeUndefined();
			expect(items[0].json).toMatchObject({
				status: 'skipped',
				skipped: {
					reason: 'outsideWindow',
					message:
						"order #1016 is dated 2026-10-31: invoices are given until the end of the order's month (2026-10-31).",
				},
			});
			expect(items[0].json).not.toHaveProperty('uuid');
			expect(sentBodies()).toEqual([]);
		});

		test('on 31 October 23:45 in Mexico City (05:45 UTC on 1 November) the same request is inside the window: stamped', async () => {
			clockAt('2026-11-01T05:45:00Z');
			const { items, error } = await selfInvoice(orderAt(LAST_HALF_HOUR_OF_OCTOBER));
			expect(error).toBeUndefined();
			expect(items[0].json.status).toBe('stamped');
			expect(sentBodies()).toHaveLength(1);
		});
	});

	test("a payment receipt of a payment processed at 05:30 UTC on 1 November: fechaPago is 31 October 23:30, Mexico City's wall clock", async () => {
		const pending = { ...corpusOrder('pending-bank-deposit'), created_at: '2026-10-30T16:00:00Z' };
		const invoice = await kit.engine.runNode(orderParams(), [pending]);
		expect(invoice.error).toBeUndefined();
		const paid = {
			...paidByDeposit(pending, LAST_HALF_HOUR_OF_OCTOBER),
			invoiceUuid: String(invoice.items[0].json.uuid),
		};
		kit.sandbox.clearLog();
		const { items, error } = await kit.engine.runNode(
			orderParams({ orderDocument: 'paymentReceipt', invoiceUuid: '={{ $json.invoiceUuid }}' }),
			[paid],
		);
		expect(error).toBeUndefined();
		expect(items[0].json.status).toBe('stamped');
		const [body] = sentBodies() as Array<{
			complemento: { complementoPago20: { pago: Array<{ fechaPago: string }> } };
		}>;
		expect(body.complemento.complementoPago20.pago.map((pago) => pago.fechaPago)).toEqual([
			'2026-10-31T23:30:00',
		]);
	});
});
