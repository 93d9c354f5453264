/** Example 10, the self-invoice page, through n8n-core's engine: a late request for an order already in the global invoice (the shop reviews it, the owner decides). */
import type { IDataObject } from 'n8n-workflow';

import { loadExample } from '../support/examples';
import { outputOf } from '../support/engine/engine';
import { sentMails } from '../support/standInNodes';
import { recentGlobalParams, storeStandIn } from '../support/kindsKit';
import { ownerDecision } from '../support/standInOwnerNodes';
import { useSandboxEngine } from '../support/nodeTestKit';
import { BUYER, order, selfInvoicePage } from '../support/selfInvoicePage';

// The sandbox's store stand-in, empty: each test puts in the orders it needs.
const kit = useSandboxEngine({ shopOrders: [] });
const shop = storeStandIn(kit);
beforeEach(() => sentMails.splice(0));
const { submit, stamped } = selfInvoicePage(kit);
describe('Example 10: the self-invoice page', () => {
	describe('a late request for an order already in the global invoice: the buyer is told the shop will review it, the owner decides in one click', () => {
		/** The month's global invoice declaring sale 1001 (and another), then the buyer's request. */
		async function lateRequest() {
			shop.orders.push(order());
			const { items, error } = await kit.engine.runNode(
				recentGlobalParams(0, { formaPago: '04' }),
				[
					{ ticket: '1001', total: 1508 },
					{ ticket: '1002', total: 116 },
				],
				{ typeVersion: 1.1 },
			);
			expect(error).toBeUndefined();
			const submitted = await submit();
			const item = outputOf(submitted.run, 'Facturar el pedido')[0].json;
			expect(item.needsAttention).toEqual({
				reason: 'saleInGlobalInvoice',
				message: expect.stringContaining(
					'A buyer asked for an invoice of sale 1001, which is already in global invoice',
				),
			});
			expect(submitted.page).toEqual({
				completionTitle: 'Recibimos tu solicitud',
				completionMessage: `Tus datos están bien. La tienda revisará tu solicitud y te enviará la factura a ${BUYER}.`,
			});
			// The owner's request for approval: Spanish, every datum of the request, no internal code.
			const [approval] = sentMails;
			expect(approval).toMatchObject({
				node: 'Pedir aprobación a la tienda',
				to: 'dueno@tu-tienda.example',
				subject: 'Factura del pedido #1001: ¿sustituir la factura global?',
			});
			for (const line of [
				'Qué pasó: La venta ya está incluida en una factura global timbrada.',
				'Aprobar: se timbra de nuevo la factura global sin esta venta',
				'Rechazar: se avisa al comprador por correo',
				`Folios fiscales que menciona: ${String(items[0].json.uuid)}`,
				'Pedido: #1001',
				'Importe del pedido: 1508.00 MXN',
				`Correo del comprador: ${BUYER}`,
				'RFC: URE180429TM6',
				'Nombre o razón social: UNIVERSIDAD ROBOTICA ESPAÑOLA',
				'Régimen fiscal: 601 - General de Ley Personas Morales',
				'Uso del CFDI: G03 - Gastos en general',
				'Código postal: 65000',
			])
				expect(approval.text).toContain(line);
			expect(approval.text).not.toMatch(/saleInGlobalInvoice|needsAttention/);
			return { ...submitted, globalUuid: String(items[0].json.uuid) };
		}

		afterEach(() => {
			ownerDecision.approved = true;
		});

		test('approved: the same run replaces the global invoice (motive 04, replacement first), invoices the buyer and e-mails the invoice; the run succeeds', async () => {
			ownerDecision.approved = true;
			const { run, failed, globalUuid } = await lateRequest();
			expect(failed).toBeUndefined();
			const [replaced] = outputOf(run, 'Sustituir la factura global y facturar');
			expect(replaced.json.status).toBe('stamped');
			const buyers = stamped().filter(
				(voucher) => (voucher.body.receptor as IDataObject).rfc === 'URE180429TM6',
			);
			expect(buyers.map((voucher) => [voucher.body.folio, voucher.stampCount])).toEqual([
				['1001', 1],
			]);
			// Motive 04: the replacement (without ticket 1001) stamped before the original was cancelled.
			const replacement = [...kit.sandbox.vouchers.values()].find(
				(voucher) =>
					voucher.uuid ===
					(replaced.json.globalInvoice as { replacement: { uuid: string } }).replacement.uuid,
			)!;
			expect(replacement.state).toBe('stamped');
			expect([
				kit.sandbox.cancellations.get(globalUuid)?.motivo,
				kit.sandbox.cancellations.get(globalUuid)?.state,
			]).toEqual(['04', 'cancelled']);
			expect(replacement.stampedAt!).toBeLessThanOrEqual(
				kit.sandbox.cancellations.get(globalUuid)!.requestedAt,
			);
			// The buyer's invoice, and only it, e-mailed to the buyer by the service.
			expect(kit.sandbox.emails).toHaveLength(1);
			expect(JSON.stringify(kit.sandbox.emails[0].body)).toContain(BUYER);
			expect(JSON.stringify(kit.sandbox.emails[0].body)).toContain(String(buyers[0].uuid));
			expect(sentMails.map((mail) => mail.node)).toEqual(['Pedir aprobación a la tienda']);
			// Nothing lasting changed: the page's own node still fails a sale in a global invoice.
			const node = loadExample('selfInvoice').nodes.find(
				(candidate) => candidate.name === 'Facturar el pedido',
			)!;
			expect(node.parameters.saleInGlobalInvoice).toBeUndefined();
		});

		test("declined: nothing stamped, the buyer gets a Spanish e-mail saying why, and the run fails with the owner's decision (a request that ended without its invoice is never a success)", async () => {
			ownerDecision.approved = false;
			const { run, failed } = await lateRequest();
			expect(failed).toBe(
				'La tienda rechazó facturar el pedido #1001: la venta queda en la factura global y se avisó al comprador por correo.',
			);
			expect(outputOf(run, 'Sustituir la factura global y facturar')).toEqual([]);
			expect(stamped()).toHaveLength(1);
			expect(kit.sandbox.emails).toHaveLength(0);
			expect(sentMails.map((mail) => [mail.node, mail.to, mail.subject])).toEqual([
				[
					'Pedir aprobación a la tienda',
					'dueno@tu-tienda.example',
					'Factura del pedido #1001: ¿sustituir la factura global?',
				],
				['Avisar al comprador: sin factura', BUYER, 'Tu solicitud de factura del pedido #1001'],
			]);
			expect(sentMails[1].text).toContain(
				'La venta ya está incluida en la factura global de la tienda',
			);
		});

		test('no answer within the Limit Wait Time (7 days): nothing stamped or cancelled, the buyer is not told a decision nobody made, the owner is alerted again with the request, and the run fails', async () => {
			ownerDecision.approved = undefined;
			const { run, failed, globalUuid } = await lateRequest();
			// The wait is limited (n8n's own option), so no execution waits for ever.
			expect(JSON.parse(sentMails[0].waitLimit!)).toEqual({
				limitType: 'afterTimeInterval',
				resumeAmount: 7,
				resumeUnit: 'days',
			});
			expect(outputOf(run, 'Sustituir la factura global y facturar')).toEqual([]);
			expect(stamped()).toHaveLength(1);
			expect(kit.sandbox.cancellations.size).toBe(0);
			expect(kit.sandbox.emails).toHaveLength(0);
			expect(sentMails.map((mail) => [mail.node, mail.to, mail.subject])).toEqual([
				[
					'Pedir aprobación a la tienda',
					'dueno@tu-tienda.example',
					'Factura del pedido #1001: ¿sustituir la factura global?',
				],
				[
					'Avisar a la tienda',
					'dueno@tu-tienda.example',
					'Factura del pedido #1001: la aprobación quedó sin respuesta',
				],
			]);
			const alert = sentMails[1].text;
			for (const line of [
				'Qué pasó: Nadie aprobó ni rechazó en 7 días la sustitución de la factura global',
				'No se timbró ni se canceló nada',
				'Qué puedes hacer: Para facturar, pide al comprador que envíe el formulario de nuevo',
				`Folios fiscales que menciona: ${globalUuid}`,
				'Pedido: #1001',
				'Importe del pedido: 1508.00 MXN',
				`Correo del comprador: ${BUYER}`,
				'RFC: URE180429TM6',
				'Código postal: 65000',
			])
				expect(alert).toContain(line);
			expect(alert).not.toMatch(/sinRespuesta|needsAttention/);
			expect(failed).toBe(
				'La tienda debe actuar: solicitud de factura del pedido #1001. Nadie aprobó ni rechazó en 7 días la sustitución de la factura global por esta venta, y los botones de aquel correo ya no funcionan. No se timbró ni se canceló nada; el comprador solo sabe que la tienda revisará su solicitud.',
			);
		});
	});
});
