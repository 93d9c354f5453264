/** Example 10, the self-invoice page, through n8n-core's engine: refused data (the buyer reads the page's own field and what to do, in Spanish), and the form page in the buyer's language. */
import type { IDataObject } from 'n8n-workflow';

import { loadExample } from '../support/examples';
import { outputOf } from '../support/engine/engine';
import { sentMails } from '../support/standInNodes';
import { storeStandIn } from '../support/kindsKit';
import { useSandboxEngine } from '../support/nodeTestKit';
import { correctionLink, order, submission, selfInvoicePage } from '../support/selfInvoicePage';

// The sandbox's store stand-in, empty: each test puts in the orders it needs.
const kit = useSandboxEngine({ shopOrders: [] });
const shop = storeStandIn(kit);
beforeEach(() => sentMails.splice(0));
const { submit } = selfInvoicePage(kit);
describe('Example 10: the self-invoice page', () => {
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
