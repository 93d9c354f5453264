/**
 * E-mail → Send's default subject and message name the kind of voucher sent (issue 41 item 4): a
 * credit note is not called an invoice. Each kind is created by its own Create operation and e-mailed
 * by the next node through n8n-core's engine; the test reads the e-mail request the sandbox received.
 * Also covers: nodes/CfdiEmision/cfdi/voucherSummary.ts (voucherKind on Create's output).
 */
import type { IConnections, IDataObject, INode, INodeParameters } from 'n8n-workflow';

import { cfdiNode, outputOf } from '../../../../support/engine/engine';
import {
	creditNoteParams,
	globalParams,
	ISSUER_FIELDS,
	receiptParams,
	SALES,
	stampInvoice,
} from '../../../../support/kindsKit';
import { FORM_PARTIES, useSandboxEngine } from '../../../../support/nodeTestKit';

const kit = useSandboxEngine();
const V11 = { typeVersion: 1.1 };

/** Create (any kind) → E-mail, the e-mail's Subject and Message left empty. */
async function createThenEmail(create: INodeParameters, input: IDataObject[], language = 'es') {
	const nodes: INode[] = [
		cfdiNode('Create', create, V11),
		cfdiNode(
			'E-mail',
			{ resource: 'email', operation: 'send', to: 'buyer@example.com', language },
			V11,
		),
	];
	const connections: IConnections = {
		Create: { main: [[{ node: 'E-mail', type: 'main', index: 0 }]] },
	};
	const before = kit.sandbox.emails.length;
	const run = await kit.engine.runWorkflow(
		nodes,
		connections,
		input.map((json) => ({ json })),
	);
	expect(run.data.resultData.error).toBeUndefined();
	const [created] = outputOf(run, 'Create');
	const mails = kit.sandbox.emails.slice(before);
	expect(mails).toHaveLength(1);
	expect(mails[0].body.cfdi.uuid).toBe(created.json.uuid);
	return { created: created.json, subject: mails[0].body.asunto, message: mails[0].body.mensaje };
}

const invoice = () => ({
	resource: 'voucher',
	operation: 'create',
	...FORM_PARTIES,
	serie: 'A',
	conceptos: {
		concepto: [{ descripcion: 'Keyboard', claveProdServ: '43232408', valorUnitario: 350 }],
	},
});

const ISSUER = ISSUER_FIELDS.emisorNombre;
const words = {
	es: { from: 'de', for: 'por' },
	en: { from: 'from', for: 'for' },
};

describe('the e-mail names the kind of voucher it carries (Spanish by default, English on request)', () => {
	test.each([
		['es', 'Tu factura', 'de tu factura'],
		['en', 'Your invoice', 'files of your invoice'],
	] as const)('an invoice (%s): "%s"', async (language, subject, inMessage) => {
		const { created, ...mail } = await createThenEmail(invoice(), [{}], language);
		expect(created.voucherKind).toBe('invoice');
		// A keyless form invoice's folio is a content code: named by its issuer and total.
		const name = `${words[language].from} ${ISSUER} ${words[language].for} $406.00 MXN`;
		expect(mail.subject).toBe(`${subject} ${name}`);
		expect(mail.message).toContain(`${inMessage} ${name} (folio fiscal ${String(created.uuid)})`);
	});

	test.each([
		['es', 'Tu nota de crédito', 'de tu nota de crédito'],
		['en', 'Your credit note', 'files of your credit note'],
	] as const)(
		'a credit note (%s): "%s", never called an invoice',
		async (language, subject, inMessage) => {
			const uuid = await stampInvoice(kit.sandbox, { paidAtIssue: true });
			const params = creditNoteParams([{ uuid }], { creditAmount: 116, formaPago: '03' });
			const { created, ...mail } = await createThenEmail(params, [{}], language);
			expect(created.voucherKind).toBe('creditNote');
			const name = `${words[language].from} ${ISSUER} ${words[language].for} $116.00 MXN`;
			expect(mail.subject).toBe(`${subject} ${name}`);
			expect(mail.message).toContain(`${inMessage} ${name} (folio fiscal ${String(created.uuid)})`);
			expect(`${mail.subject} ${mail.message}`).not.toMatch(/factura|invoice/i);
		},
	);

	// The SAT's filling guide of the payment complement ("Guía de llenado del comprobante al que se le
	// incorpore el complemento para recepción de pagos", CFDI 4.0) names the voucher "también
	// denominado Recibo Electrónico de Pago": the name a buyer meets on the SAT's pages and in shops.
	test.each([
		['es', 'Tu recibo electrónico de pago', 'de tu recibo electrónico de pago'],
		['en', 'Your payment receipt', 'files of your payment receipt'],
	] as const)(
		'a payment receipt (%s): "%s", for the amount paid',
		async (language, subject, inMessage) => {
			const uuid = await stampInvoice(kit.sandbox);
			const params = receiptParams([{ uuid, amountPaid: 580 }]);
			const { created, ...mail } = await createThenEmail(params, [{}], language);
			expect(created.voucherKind).toBe('paymentReceipt');
			const name = `P-${String(created.folio)} ${words[language].from} ${ISSUER} ${words[language].for} $580.00 MXN`;
			expect(mail.subject).toBe(`${subject} ${name}`);
			expect(mail.message).toContain(`${inMessage} ${name} (folio fiscal ${String(created.uuid)})`);
			expect(`${mail.subject} ${mail.message}`).not.toMatch(/factura|invoice/i);
		},
	);

	// No example e-mails a global invoice (its recipient is the general public), but a shop may send it
	// to its accountant: it is "the" global invoice, not the reader's own.
	test.each([
		['es', 'Factura global', 'de la factura global'],
		['en', 'Global invoice', 'files of the global invoice'],
	] as const)('a global invoice (%s): "%s"', async (language, subject, inMessage) => {
		const { created, ...mail } = await createThenEmail(globalParams(), SALES, language);
		expect(created.voucherKind).toBe('globalInvoice');
		const name = `F-${String(created.folio)} ${words[language].from} ${ISSUER} ${words[language].for} $197.20 MXN`;
		expect(mail.subject).toBe(`${subject} ${name}`);
		expect(mail.message).toContain(`${inMessage} ${name} (folio fiscal ${String(created.uuid)})`);
	});

	test.each([
		['es', 'Tu comprobante fiscal'],
		['en', 'Your CFDI'],
	] as const)(
		'an item of no known kind (%s, a UUID typed, no Create before it): "%s", never a guess',
		async (language, subject) => {
			const uuid = await stampInvoice(kit.sandbox);
			const { error } = await kit.engine.runNode(
				{ resource: 'email', operation: 'send', to: 'buyer@example.com', uuid, language },
				[{}],
				V11,
			);
			expect(error).toBeUndefined();
			expect(kit.sandbox.emails.at(-1)?.body.asunto).toBe(`${subject} ${uuid}`);
		},
	);
});
