/**
 * Example 10, the self-invoice page, through n8n-core's engine: the form's submission as the
 * trigger's item, the order read from a the sandbox's store stand-in, the CFDI nodes against the
 * sandbox, the last page's title and message as the buyer reads them.
 */
import type { IDataObject } from 'n8n-workflow';

import { SHOP_ACCESS_TOKEN } from '../../sandbox';

import { outputOf } from '../support/engine/engine';
import { sentMails } from '../support/standInNodes';
import { storeStandIn } from '../support/kindsKit';
import { ownerDecision } from '../support/standInOwnerNodes';
import { orderParams, useSandboxEngine } from '../support/nodeTestKit';
import {
	BUYER,
	correctionLink,
	daysAgo,
	order,
	submission,
	selfInvoicePage,
} from '../support/selfInvoicePage';

// The sandbox's store stand-in, empty: each test puts in the orders it needs.
const kit = useSandboxEngine({ shopOrders: [] });
const shop = storeStandIn(kit);
beforeEach(() => sentMails.splice(0));
const { submit, stamped } = selfInvoicePage(kit);
describe('Example 10: the self-invoice page', () => {
	test("the buyer's paid order: one invoice to the form's recipient, e-mailed to the form's address; the page gives its UUID", async () => {
		shop.orders.push(order());
		const { run, page } = await submit();
		expect(stamped()).toHaveLength(1);
		const [voucher] = stamped();
		const receptor = voucher.body.receptor as IDataObject;
		expect([
			receptor.rfc,
			receptor.usoCFDI,
			receptor.regimenFiscalReceptor,
			receptor.domicilioFiscalReceptor,
		]).toEqual(['URE180429TM6', 'G03', '601', '65000']);
		expect([voucher.body.folio, voucher.body.total]).toEqual(['1001', 1508]);
		expect(
			kit.sandbox.emails.map((mail) => [mail.body.uuid ?? null, JSON.stringify(mail.body)]),
		).toHaveLength(1);
		expect(JSON.stringify(kit.sandbox.emails[0].body)).toContain(BUYER);
		expect(page.completionTitle).toBe('Tu factura está lista');
		expect(page.completionMessage).toBe(
			`Emitimos tu factura (folio fiscal ${voucher.uuid}) y la enviamos a ${BUYER}.`,
		);
		// Shopify was asked for the order by its name, cancelled or not, with the store's token.
		expect(
			shop.requests.map((request) => [
				request.pathname,
				request.query.name,
				request.query.status,
				request.headers['x-shopify-access-token'],
				request.status,
			]),
		).toEqual([['/admin/api/2025-01/orders.json', '#1001', 'any', SHOP_ACCESS_TOKEN, 200]]);
		expect(outputOf(run, 'Facturar el pedido')[0].json.status).toBe('stamped');
	});

	test('the same form submitted again (also "#1001"): nothing more stamped, the same invoice e-mailed again, the page says so', async () => {
		shop.orders.push(order());
		await submit();
		const [first] = stamped();
		const { page } = await submit(submission({ 'Número de pedido': '#1001' }));
		expect(stamped()).toHaveLength(1);
		expect(first.stampCount).toBe(1);
		expect(kit.sandbox.emails).toHaveLength(2);
		expect(JSON.stringify(kit.sandbox.emails[1].body)).toContain(String(first.uuid));
		expect(page.completionMessage).toBe(
			`Este pedido ya estaba facturado: te enviamos de nuevo la misma factura (folio fiscal ${first.uuid}) y la enviamos a ${BUYER}.`,
		);
	});

	test.each([
		[
			{},
			{ 'Correo electrónico': 'otra@persona.example.com' },
			'El correo no es el del pedido. Escribe el correo con el que compraste.',
			'buyer',
		],
		[
			{ financial_status: 'pending' },
			{},
			'El pedido aún no está pagado. Podrás facturarlo cuando se confirme el pago; avisamos a la tienda.',
			'owner',
		],
		[
			{ cancelled_at: daysAgo(1), financial_status: 'voided' },
			{},
			'El pedido fue cancelado, por eso no se puede facturar.',
			'nobody',
		],
		[
			{ financial_status: 'refunded' },
			{},
			'El pedido fue reembolsado por completo; no hay nada que facturar.',
			'nobody',
		],
		[
			// 33 days: past the 30-day window whatever the hour (the shop's date lags UTC by 6 hours).
			{ created_at: daysAgo(33) },
			{},
			'El plazo para facturar este pedido terminó; la venta se incluyó en la factura global del periodo. Avisamos a la tienda, que revisará tu solicitud.',
			'owner',
		],
	])(
		'order %j, form %j: refused, nothing sent, the page explains: %s (who acts: %s)',
		async (orderExtra, formExtra, message, who) => {
			shop.orders.push(order(orderExtra));
			const requestsBefore = kit.sandbox.requests.length;
			const { page, failed } = await submit(submission(formExtra));
			expect(page).toEqual({
				completionTitle: 'No pudimos emitir tu factura',
				// The buyer's own mistake comes with the form filled in again.
				completionMessage:
					who === 'buyer' ? message + correctionLink(submission(formExtra)) : message,
			});
			// Only the shop can act: the owner gets the alert and n8n shows a failed execution.
			expect(sentMails.map((mail) => mail.node)).toEqual(
				who === 'owner' ? ['Avisar a la tienda'] : [],
			);
			if (who === 'owner')
				expect(failed).toMatch(/^La tienda debe actuar: solicitud de factura del pedido #1001\. /);
			else expect(failed).toBeUndefined();
			expect(stamped()).toHaveLength(0);
			expect(kit.sandbox.emails).toHaveLength(0);
			// Refused before any request to the service.
			expect(
				kit.sandbox.requests
					.slice(requestsBefore)
					.filter((request) => request.route !== 'token' && request.server !== 'shop'),
			).toEqual([]);
		},
	);

	test("an order already invoiced to another RFC: refused, its invoice is not sent to this buyer, and the owner is alerted (only the shop can cancel the other RFC's invoice)", async () => {
		shop.orders.push(order());
		await submit();
		const { run, page } = await submit(
			submission({
				RFC: 'XIA190128J61',
				'Nombre o razón social': 'XENON INDUSTRIAL ARTICLES',
				'Código postal': '76343',
			}),
		);
		expect(page.completionMessage).toBe(
			'Este pedido ya fue facturado a otro RFC. Avisamos a la tienda, que revisará tu solicitud.',
		);
		expect(outputOf(run, 'Facturar el pedido')[0].json.needsAttention).toEqual({
			reason: 'invoicedToAnotherRfc',
			message: expect.stringContaining('Order #1001 is already invoiced to another RFC'),
		});
		expect(sentMails).toHaveLength(1);
		expect(sentMails[0]).toMatchObject({
			node: 'Avisar a la tienda',
			to: 'dueno@tu-tienda.example',
		});
		expect(sentMails[0].text).toContain('Qué pasó: El pedido ya se facturó a otro RFC.');
		expect(sentMails[0].text).not.toContain('invoicedToAnotherRfc');
		expect(stamped()).toHaveLength(1);
		expect(kit.sandbox.emails).toHaveLength(1);
	});

	describe('an order that carries tax data from checkout (issue 33 item 3)', () => {
		const checkout = (rfc: string) => [
			{ name: 'RFC', value: rfc },
			{ name: 'Razon social', value: 'XENON INDUSTRIAL ARTICLES' },
			{ name: 'Regimen fiscal', value: '601' },
			{ name: 'Codigo postal', value: '76343' },
		];

		test('another RFC given at checkout: nothing stamped, the page names both RFCs and what to do', async () => {
			shop.orders.push(order({ note_attributes: checkout('XIA190128J61') }));
			const { run, page } = await submit();
			expect(stamped()).toHaveLength(0);
			expect(
				kit.sandbox.requests.filter(
					(request) => request.route !== 'token' && request.server !== 'shop',
				),
			).toEqual([]);
			const item = outputOf(run, 'Facturar el pedido')[0].json;
			expect(item.status).toBe('skipped');
			expect(item.skipped).toMatchObject({
				reason: 'otherRfcAtCheckout',
				checkoutRfc: 'XIA190128J61',
				requestedRfc: 'URE180429TM6',
			});
			expect(String((item.skipped as IDataObject).message)).toContain('XIA190128J61');
			expect(page).toEqual({
				completionTitle: 'No pudimos emitir tu factura',
				completionMessage:
					'Al comprar diste el RFC XIA190128J61 y en este formulario escribiste URE180429TM6. Envía el formulario con el RFC que diste al comprar, o pide a la tienda que corrija los datos fiscales del pedido.' +
					correctionLink(submission()),
			});
			expect(kit.sandbox.emails).toHaveLength(0);
		});

		test('the same RFC given at checkout (typed in lower case with dashes on the page): invoiced to it', async () => {
			shop.orders.push(order({ note_attributes: checkout('XIA190128J61') }));
			const { page } = await submit(
				submission({
					RFC: 'xia-190128-j61',
					'Nombre o razón social': 'XENON INDUSTRIAL ARTICLES',
					'Código postal': '76343',
				}),
			);
			expect(stamped()).toHaveLength(1);
			const [voucher] = stamped();
			expect((voucher.body.receptor as IDataObject).rfc).toBe('XIA190128J61');
			expect(page.completionMessage).toBe(
				`Emitimos tu factura (folio fiscal ${voucher.uuid}) y la enviamos a ${BUYER}.`,
			);
		});
	});

	test('an order number the shop does not have: the page says so with the form filled in again, nothing sent; the owner is told and the run fails', async () => {
		shop.orders.push(order());
		const { page, failed } = await submit(submission({ 'Número de pedido': '9999' }));
		expect(page).toEqual({
			completionTitle: 'No encontramos tu pedido',
			completionMessage:
				'No hay ningún pedido #9999. Revisa el número en el correo de confirmación de tu compra. Avisamos a la tienda por si necesitas ayuda.' +
				correctionLink(submission({ 'Número de pedido': '9999' })),
		});
		expect(failed).toBe(
			'La tienda debe actuar: solicitud de factura del pedido #9999. El pedido no existe en la tienda (quizá el número está mal escrito).',
		);
		expect(sentMails.map((mail) => [mail.node, mail.subject])).toEqual([
			['Avisar a la tienda', 'Solicitud de factura del pedido #9999: la tienda debe actuar'],
		]);
		expect(sentMails[0].text).toContain(
			'Importe del pedido: no se conoce (el pedido no está en la tienda)',
		);
		expect(
			kit.sandbox.requests.filter(
				(request) => request.route !== 'token' && request.server !== 'shop',
			),
		).toEqual([]);
		expect(shop.requests.map((request) => [request.query.name, request.status])).toEqual([
			['#9999', 200],
		]);
	});

	test.each(['XAXX010101000', 'xexx-010101-000'])(
		'the generic RFC %s: refused before the order is read, the page says the sale goes into the global invoice and gives the form back filled in',
		async (rfc) => {
			shop.orders.push(order());
			const form = submission({ RFC: rfc, 'Nombre o razón social': 'PUBLICO EN GENERAL' });
			const { page, failed } = await submit(form);
			expect(page.completionTitle).toBe('Esta compra va en la factura global');
			expect(page.completionMessage).toContain(
				'la venta se incluye en la factura global de la tienda',
			);
			expect(page.completionMessage).toContain(correctionLink(form));
			expect(failed).toBeUndefined();
			expect(shop.requests).toEqual([]);
			expect(kit.sandbox.vouchers.size).toBe(0);
			expect(sentMails).toEqual([]);
		},
	);

	test('an order the shop invoiced to the general public (Without Tax Data) is a sale in a global invoice: the shop reviews it (motive 04), the buyer is not told it went to another RFC', async () => {
		shop.orders.push(order());
		const { items, error } = await kit.engine.runNode(
			orderParams({ withoutTaxData: 'generalPublic', serie: 'A' }),
			[order() as IDataObject],
			{ typeVersion: 1.1 },
		);
		expect(error).toBeUndefined();
		expect(items[0].json.recipientRfc).toBe('XAXX010101000');
		ownerDecision.approved = false;
		const { run, page } = await submit();
		ownerDecision.approved = true;
		const item = outputOf(run, 'Facturar el pedido')[0].json;
		expect(item.needsAttention).toEqual({
			reason: 'saleInGlobalInvoice',
			message: expect.stringContaining(`already in global invoice ${String(items[0].json.uuid)}`),
		});
		expect(page.completionTitle).toBe('Recibimos tu solicitud');
		expect(sentMails.map((mail) => mail.node)).toEqual([
			'Pedir aprobación a la tienda',
			'Avisar al comprador: sin factura',
		]);
		expect(stamped()).toHaveLength(1);
	});
});
