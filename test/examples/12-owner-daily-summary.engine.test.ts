/**
 * Example 12, the owner's daily summary, through n8n-core's engine: the cases examples 10 and 11
 * keep in the owner_alerts data table when they alert the owner (run here through the engine
 * against the sandbox and its store stand-in, the table shared across the runs as n8n keeps it), the
 * cancellations awaiting acceptance from Voucher → Get Many, one Spanish e-mail with all of them,
 * and none when nothing waits.
 */
import type { IDataObject } from 'n8n-workflow';

import { corpusOrder } from '../support/corpusOrder';
import type { TableRows } from '../support/dataTableStandIn';
import { outputOf } from '../support/engine/engine';
import { loadExample } from '../support/examples';
import { recentGlobalParams, runExample, storeStandIn } from '../support/kindsKit';
import { lastMonthDay } from '../support/mexicoCityDates';
import { orderParams, useSandboxEngine } from '../support/nodeTestKit';
import { sentMails } from '../support/standInNodes';
import { ownerDecision } from '../support/standInOwnerNodes';

const kit = useSandboxEngine({ shopOrders: [] });
const shop = storeStandIn(kit);
const BUYER = 'compras@robotica.example.com';
const OWNER = 'dueno@tu-tienda.example';
const FORM_TRIGGER = loadExample('selfInvoice').nodes.find(
	(node) => node.type === 'n8n-nodes-base.formTrigger',
)!.name;

let tables: TableRows;
beforeEach(() => {
	sentMails.splice(0);
	tables = {};
	ownerDecision.approved = true;
});

const daysAgo = (days: number) =>
	new Date(Date.now() - days * 86_400_000).toISOString().replace(/\.\d+Z$/, '-00:00');

/** Example 1's order (1,508.00 paid) as `number`, bought by BUYER; its tax data typed at checkout only `withTaxData`. */
function order(number: number, createdAt: string, withTaxData = false): IDataObject {
	const sample = corpusOrder('example-1');
	return {
		...sample,
		id: 5829364210000 + number,
		name: `#${number}`,
		order_number: number,
		note_attributes: withTaxData ? sample.note_attributes : [],
		created_at: createdAt,
	};
}

/** The buyer's request on example 10's page. */
async function selfInvoiceRequest(orderNumber: string) {
	return await runExample(kit.sandbox, 'selfInvoice', FORM_TRIGGER, {
		input: {
			'Número de pedido': orderNumber,
			'Correo electrónico': BUYER,
			RFC: 'URE180429TM6',
			'Nombre o razón social': 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
			'Régimen fiscal': '601 - General de Ley Personas Morales',
			'Uso del CFDI': 'G03 - Gastos en general',
			'Código postal': '65000',
			submittedAt: new Date().toISOString(),
			formMode: 'production',
		},
		shopUrl: kit.sandbox.shopUrl,
		tables,
	});
}

/** Example 12 from "Try it: run now": the run must succeed; returns what it e-mailed. */
async function runSummary() {
	sentMails.splice(0);
	const run = await runExample(kit.sandbox, 'ownerSummary', 'Try it: run now', { tables });
	expect(run.data.resultData.error).toBeUndefined();
	return { run, mails: [...sentMails] };
}

describe("Example 12: the owner's daily summary of what waits", () => {
	test('nothing waits (a fresh n8n: no table yet, no cancellation pending): no e-mail, the run succeeds', async () => {
		// An invoice stamped and valid is nothing to act on.
		const stamped = await kit.engine.runNode(orderParams(), [order(1001, daysAgo(2), true)]);
		expect(stamped.items[0].json.status).toBe('stamped');
		const { run, mails } = await runSummary();
		expect(mails).toEqual([]);
		expect(outputOf(run, 'Summary for the owner (Spanish)')).toEqual([]);
		// The table exists from now on, empty.
		expect(tables.owner_alerts).toEqual([]);
	});

	test('a request for an unknown order (example 10), a global invoice the service refused (example 11) and a cancellation awaiting acceptance: ONE Spanish summary with all three; once settled, none', async () => {
		// Example 10: an order the store does not have. The owner is alerted and the case kept.
		const unknown = await selfInvoiceRequest('9999');
		expect(unknown.data.resultData.error?.message).toMatch(/La tienda debe actuar/);
		// Example 11: the service answers 503 for last month's global invoice.
		shop.orders.push(order(1002, lastMonthDay(3)));
		kit.sandbox.injectFault({ route: 'createVoucher', kind: 'status', status: 503, times: 100 });
		const global = await runExample(kit.sandbox, 'monthGlobal', 'Try it: run now', {
			shopUrl: kit.sandbox.shopUrl,
			tables,
		});
		expect(global.data.resultData.error?.message).toMatch(/necesita a la tienda/);
		kit.sandbox.clearFaults();
		expect(sentMails.map((mail) => mail.node)).toEqual(['Avisar a la tienda', 'Alert the owner']);
		expect(tables.owner_alerts.map((row) => [row.source, row.order, row.kind, row.status])).toEqual(
			[
				['Página de facturación', '#9999', 'alert', 'waiting'],
				[
					'Factura global',
					`Factura global de ${lastMonthDay(1).slice(5, 7)}/${lastMonthDay(1).slice(0, 4)}`,
					'alert',
					'waiting',
				],
			],
		);
		// A buyer's invoice of 1,508.00 cancelled: the recipient must accept it.
		const stamped = await kit.engine.runNode(orderParams(), [order(1003, daysAgo(1), true)]);
		const invoiceUuid = String(stamped.items[0].json.uuid);
		const cancel = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'cancel', uuid: invoiceUuid, motive: '02' },
			[{}],
		);
		expect(cancel.items[0].json.subEstatusId).toBe(4);

		const { mails } = await runSummary();
		expect(mails).toHaveLength(1);
		const [summary] = mails;
		const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(
			new Date(),
		);
		expect(summary).toMatchObject({
			node: 'Send the summary',
			to: OWNER,
			subject: `Pendientes de la tienda del ${today}: 3 por resolver`,
		});
		const { text } = summary;
		for (const line of [
			// The request for an unknown order, as the buyer typed it.
			'1. #9999 (Página de facturación, ',
			`   Comprador: UNIVERSIDAD ROBOTICA ESPAÑOLA <${BUYER}>`,
			'   RFC: URE180429TM6',
			'   Importe: no se conoce (el pedido no está en la tienda)',
			'   Qué pasó: El pedido no existe en la tienda (quizá el número está mal escrito).',
			'   Qué hacer: Busca el pedido por el correo del comprador',
			// The month's global invoice the service did not take.
			'2. Factura global de ',
			'   Comprador: Público en general',
			'   RFC: XAXX010101000',
			'   Importe: 1508.00 MXN en 1 venta del mes',
			'   Qué pasó: La factura global del mes necesita a la tienda.',
			'   Qué hacer: El servicio de facturación no estaba disponible. Ejecuta este flujo otra vez más tarde',
			// The cancellation the recipient has not accepted.
			`3. Factura A-1003 (folio fiscal ${invoiceUuid}, del `,
			'   Comprador: UNIVERSIDAD ROBOTICA ESPAÑOLA\n',
			'   Importe: 1508.00 MXN',
			'   Qué pasó: Pediste cancelarla y el receptor aún no la acepta',
		])
			expect(text).toContain(line);
		expect(text).toContain(`Ejecución de n8n: ${String(tables.owner_alerts[0].executionId)}`);
		expect(text).not.toMatch(/needsAttention|pendingAcceptance|saleInGlobalInvoice|undefined|null/);

		// The owner settles the two cases in the table; the recipient accepts the cancellation.
		for (const row of tables.owner_alerts) row.status = 'settled';
		kit.sandbox.resolveCancellation(invoiceUuid, 'accepted');
		expect((await runSummary()).mails).toEqual([]);
	});

	test("a sale already in a global invoice (example 10's approval): answered, its case is settled by the same run and the summary sends nothing", async () => {
		shop.orders.push(order(1001, daysAgo(2)));
		const { error } = await kit.engine.runNode(
			recentGlobalParams(0, { formaPago: '04' }),
			[{ ticket: '1001', total: 1508 }],
			{ typeVersion: 1.1 },
		);
		expect(error).toBeUndefined();
		// The stand-in of Send and Wait answers at once with the owner's decline (n8n waits for the click).
		ownerDecision.approved = false;
		const request = await selfInvoiceRequest('1001');
		// A decline fails the execution with the owner's decision (nothing waits: the buyer was told).
		expect(request.data.resultData.error?.message).toBe(
			'La tienda rechazó facturar el pedido #1001: la venta queda en la factura global y se avisó al comprador por correo.',
		);
		expect(tables.owner_alerts.map((row) => [row.order, row.kind, row.status, row.choice])).toEqual(
			[
				[
					'#1001',
					'approval',
					'settled',
					'Decide con los botones del correo «Factura del pedido #1001: ¿sustituir la factura global?».',
				],
			],
		);
		expect((await runSummary()).mails).toEqual([]);
		// Before the click the case waits: the summary lists it with the e-mail to answer.
		tables.owner_alerts[0].status = 'waiting';
		const [summary] = (await runSummary()).mails;
		expect(summary.subject).toMatch(/: 1 por resolver$/);
		expect(summary.text).toContain(
			'   Cómo decidir: Decide con los botones del correo «Factura del pedido #1001: ¿sustituir la factura global?».',
		);
		expect(summary.text).toContain('Qué hacer: - Aprobar: se timbra de nuevo la factura global');
	});

	test("example 10's approval unanswered within its Limit Wait Time: the dead approval is settled, the owner's new alert waits in the summary", async () => {
		shop.orders.push(order(1001, daysAgo(2)));
		const { error } = await kit.engine.runNode(
			recentGlobalParams(0, { formaPago: '04' }),
			[{ ticket: '1001', total: 1508 }],
			{ typeVersion: 1.1 },
		);
		expect(error).toBeUndefined();
		// The stand-in of Send and Wait passes its input on, as n8n does when the wait runs out.
		ownerDecision.approved = undefined;
		const request = await selfInvoiceRequest('1001');
		expect(request.data.resultData.error?.message).toMatch(
			/^La tienda debe actuar: .*Nadie aprobó/,
		);
		expect(tables.owner_alerts.map((row) => [row.order, row.kind, row.status])).toEqual([
			['#1001', 'approval', 'settled'],
			['#1001', 'alert', 'waiting'],
		]);
		const [summary] = (await runSummary()).mails;
		expect(summary.subject).toMatch(/: 1 por resolver$/);
		expect(summary.text).toContain('Nadie aprobó ni rechazó en 7 días');
	});
});
