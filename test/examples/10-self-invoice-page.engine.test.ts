/**
 * Example 10, the self-invoice page, through n8n-core's engine: the form's submission as the
 * trigger's item, the order read from a the sandbox's store stand-in, the CFDI nodes against the
 * sandbox, the last page's title and message as the buyer reads them.
 */
import type { IDataObject } from 'n8n-workflow';

import { SHOP_ACCESS_TOKEN } from '../../sandbox';

import { loadExample } from '../support/examples';
import { outputOf } from '../support/engine/engine';
import { sentMails } from '../support/standInNodes';
import { corpusOrder } from '../support/corpusOrder';
import { recentGlobalParams, runExample, storeStandIn } from '../support/kindsKit';
import { ownerDecision } from '../support/standInOwnerNodes';
import { orderParams, useSandboxEngine } from '../support/nodeTestKit';

// The sandbox's store stand-in, empty: each test puts in the orders it needs.
const kit = useSandboxEngine({ shopOrders: [] });
const shop = storeStandIn(kit);

const BUYER = 'compras@robotica.example.com';
beforeEach(() => sentMails.splice(0));
const daysAgo = (days: number) =>
	new Date(Date.now() - days * 86_400_000).toISOString().replace(/\.\d+Z$/, '-00:00');

/** Example 1's order #1001 (1,508.00 paid), placed two days ago, without note attributes. */
function order(extra: IDataObject = {}): IDataObject {
	return { ...corpusOrder('example-1'), note_attributes: [], created_at: daysAgo(2), ...extra };
}

/** What the buyer types (the form's labels as n8n's Form Trigger outputs them). */
function submission(extra: IDataObject = {}): IDataObject {
	return {
		'Número de pedido': '1001',
		'Correo electrónico': BUYER,
		RFC: 'URE180429TM6',
		'Nombre o razón social': 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
		'Régimen fiscal': '601 - General de Ley Personas Morales',
		'Uso del CFDI': 'G03 - Gastos en general',
		'Código postal': '65000',
		submittedAt: new Date().toISOString(),
		formMode: 'production',
		...extra,
	};
}

/** The page's Form Trigger, where a submission starts the workflow. */
const FORM_TRIGGER = loadExample('selfInvoice').nodes.find(
	(node) => node.type === 'n8n-nodes-base.formTrigger',
)!.name;

/**
 * Runs the page on a submission; `failed` is the run's error when the workflow marked it failed for
 * the owner (a Stop and Error after the buyer's page), which is the only way it may fail.
 */
async function submit(form: IDataObject = submission()) {
	const run = await runExample(kit.sandbox, 'selfInvoice', FORM_TRIGGER, {
		input: form,
		shopUrl: kit.sandbox.shopUrl,
	});
	const error = run.data.resultData.error;
	if (error)
		expect(['Marcar la ejecución como fallida', 'Marcar: la tienda rechazó']).toContain(
			(error as { node?: { name: string } }).node?.name,
		);
	const page = (name: string) => outputOf(run, name).map((item) => item.json);
	const shown = [...page('Página: factura enviada'), ...page('Página: no se pudo facturar')];
	expect(shown).toHaveLength(1);
	const { completionTitle, completionMessage } = shown[0] as Record<string, string>;
	return {
		run,
		page: { completionTitle, completionMessage },
		failed: error?.message,
	};
}

/** The link back to the form with what the buyer typed (n8n's form fills a field from its label's query parameter). */
function correctionLink(form: IDataObject): string {
	const query = [
		'Número de pedido',
		'Correo electrónico',
		'RFC',
		'Nombre o razón social',
		'Régimen fiscal',
		'Uso del CFDI',
		'Código postal',
	]
		.map((field) => `${encodeURIComponent(field)}=${encodeURIComponent(String(form[field]))}`)
		.join('&');
	return `\n\n<a href="../form/solicita-tu-factura?${query}">Corregir mis datos</a>`;
}

const stamped = () =>
	[...kit.sandbox.vouchers.values()].filter((voucher) => voucher.stampCount > 0);

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

	describe("refused data: the buyer reads the page's own field and what to do, in Spanish", () => {
		/** A registered test RFC of the sandbox: an individual, regime 612, fiscal postal code 01160. */
		const KARLA = {
			RFC: 'FUNK671228PH6',
			'Nombre o razón social': 'KARLA FUENTE NOLASCO',
			'Régimen fiscal': '612 - Personas Físicas con Actividades Empresariales y Profesionales',
			'Código postal': '01160',
		};
		const serviceCalls = (from: number) =>
			kit.sandbox.requests
				.slice(from)
				.filter((request) => request.route !== 'token' && request.server !== 'shop');

		test.each([
			[
				'a malformed RFC (11 characters)',
				{ ...KARLA, RFC: 'FUNK67122PH' },
				{
					by: 'localCheck',
					sent: false,
					field: 'Recipient RFC',
					path: 'receptor.rfc',
					code: 'RFC_PATTERN',
					value: 'FUNK67122PH',
				},
				'Revisa el campo «RFC» («FUNK67122PH»): escribe tu RFC como aparece en tu Constancia de Situación Fiscal (12 caracteres si es de una empresa, 13 si es de una persona). Corrige el dato y envía el formulario de nuevo.',
			],
			[
				"a regime that does not fit the RFC (601, a company's, for an individual)",
				{ ...KARLA, 'Régimen fiscal': '601 - General de Ley Personas Morales' },
				{
					by: 'localCheck',
					sent: false,
					field: 'Recipient Tax Regime',
					path: 'receptor.regimenFiscalReceptor',
					code: 'CFDI40158',
					value: '601',
				},
				'Revisa el campo «Régimen fiscal» («601»): elige el régimen fiscal de tu Constancia de Situación Fiscal; debe corresponder a tu RFC (de empresa o de persona). Corrige el dato y envía el formulario de nuevo.',
			],
		])(
			'%s: checked before sending, nothing sent, no "SAT" on the page',
			async (_case, form, refusal, message) => {
				shop.orders.push(order());
				const mark = kit.sandbox.requests.length;
				const { run, page } = await submit(submission(form));
				const item = outputOf(run, 'Facturar el pedido')[0].json;
				expect(item.refusal).toMatchObject(refusal);
				expect((item.refusal as IDataObject).fix).toEqual(expect.any(String));
				expect(item.needsAttention).toBeUndefined();
				expect(page).toEqual({
					completionTitle: 'Revisa tus datos fiscales',
					completionMessage: message + correctionLink(submission(form)),
				});
				expect(page.completionMessage.replace(correctionLink(submission(form)), '')).not.toMatch(
					/SAT|receptor\.|Item \d|\.\.| the /,
				);
				// Checked locally: only the Duplicate Check's list read (no create, no stamp).
				expect(serviceCalls(mark).map((request) => request.route)).not.toContain('createVoucher');
				expect(kit.sandbox.vouchers.size).toBe(0);
				expect(sentMails).toEqual([]);
			},
		);

		test('a postal code the SAT refuses (CFDI40147): the service refused it, the page names «Código postal»; the corrected form stamps, one voucher left', async () => {
			shop.orders.push(order());
			const { run, page } = await submit(submission({ ...KARLA, 'Código postal': '06000' }));
			const item = outputOf(run, 'Facturar el pedido')[0].json;
			expect(item.refusal).toMatchObject({
				by: 'service',
				sent: true,
				field: 'Recipient Fiscal Postal Code',
				path: 'receptor.domicilioFiscalReceptor',
				code: 'CFDI40147',
				value: '06000',
			});
			expect(page).toEqual({
				completionTitle: 'Revisa tus datos fiscales',
				completionMessage:
					'El SAT no aceptó el dato «Código postal» («06000») para tu RFC: escribe el código postal del domicilio fiscal de tu Constancia de Situación Fiscal (5 dígitos). Corrige el dato y envía el formulario de nuevo.' +
					correctionLink(submission({ ...KARLA, 'Código postal': '06000' })),
			});
			expect(sentMails).toEqual([]);
			const corrected = await submit(submission(KARLA));
			expect(corrected.page.completionTitle).toBe('Tu factura está lista');
			// Stamping Mode Direct: the refused submission stored nothing, no pending draft beside the invoice.
			expect(
				[...kit.sandbox.vouchers.values()].map((voucher) => [
					voucher.body.folio,
					voucher.state,
					voucher.stampCount,
				]),
			).toEqual([['1001', 'stamped', 1]]);
		});
	});

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

describe("Example 10's form page speaks the buyer's language (issue 32 item 6e)", () => {
	/**
	 * n8n's Form Trigger (2.8.4 and 2.41.1) takes a placeholder on text fields only: it hides the
	 * Placeholder parameter for a dropdown and its page writes "Select an option ..." there itself.
	 * So the text fields carry Spanish placeholders and the description says, in Spanish, how to
	 * answer the two lists.
	 */
	test('every placeholder the page can show is Spanish, none is set where n8n ignores it, and the description explains the lists', () => {
		const workflow = loadExample('selfInvoice');
		const trigger = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.formTrigger')!;
		const parameters = trigger.parameters as {
			formDescription: string;
			formFields: {
				values: Array<{ fieldLabel: string; fieldType?: string; placeholder?: string }>;
			};
		};
		const fields = parameters.formFields.values;
		const lists = fields.filter((field) => field.fieldType === 'dropdown');
		expect(lists.map((field) => field.fieldLabel)).toEqual(['Régimen fiscal', 'Uso del CFDI']);
		for (const field of lists) expect(field.placeholder).toBeUndefined();
		expect(
			fields
				.filter((field) => field.fieldType !== 'dropdown')
				.map((field) => [field.fieldLabel, field.placeholder]),
		).toEqual([
			['Número de pedido', '#1001'],
			['Correo electrónico', 'el correo con el que compraste'],
			['RFC', 'el de tu Constancia (12 o 13 caracteres)'],
			['Nombre o razón social', 'como en tu Constancia, sin "S.A. de C.V."'],
			['Código postal', '06000'],
		]);
		expect(parameters.formDescription).toContain(
			'En «Régimen fiscal» y «Uso del CFDI», abre la lista y elige una opción.',
		);
	});
});
