/**
 * The recipient as the SAT records it, in every input mode (prepareVoucher is the one place every
 * built voucher passes through): the request carries the name without the company type, in upper
 * case with single spaces, and the output item says what was changed.
 */
import { invoiceVoucher } from '../../../support/vouchers';
import { createParams, FORM_PARTIES, useSandboxEngine } from '../../../support/nodeTestKit';
import { sentBody } from '../../../support/kindsKit';

const kit = useSandboxEngine();

/** The sandbox's register has H&E951128469 as "HERRERIA & ELECTRICOS", 06002, regime 601. */
const REGISTERED = {
	rfc: 'H&E951128469',
	nombre: 'HERRERIA & ELECTRICOS',
	usoCFDI: 'G03',
	regimenFiscalReceptor: '601',
	domicilioFiscalReceptor: '06002',
};

describe('the recipient as the SAT records it', () => {
	test('JSON mode: "S.A. de C.V." left out, upper case, codes trimmed; stamped, and the output says what changed', async () => {
		const voucher = invoiceVoucher({
			receptor: {
				...REGISTERED,
				rfc: 'h&e951128469',
				nombre: 'Herreria  &  Electricos, S.A. de C.V.',
				usoCFDI: ' g03',
			},
		});
		const { items, error } = await kit.engine.runNode(createParams(voucher), [{}], {
			typeVersion: 1.1,
		});
		expect(error).toBeUndefined();
		expect(sentBody(kit.sandbox).receptor).toEqual(REGISTERED);
		expect(items[0].json).toMatchObject({
			status: 'stamped',
			recipientName: 'HERRERIA & ELECTRICOS',
		});
		expect(items[0].json.recipientNormalized).toEqual([
			{
				field: 'receptor.rfc',
				from: 'h&e951128469',
				to: 'H&E951128469',
				why: 'RFC trimmed and in upper case, as the SAT writes it',
			},
			{
				field: 'receptor.nombre',
				from: 'Herreria  &  Electricos, S.A. de C.V.',
				to: 'HERRERIA & ELECTRICOS',
				why: 'spacing collapsed; upper case, as the SAT registers it; company type "S.A. DE C.V." left out: the Constancia de Situación Fiscal omits it',
			},
			{ field: 'receptor.usoCFDI', from: ' g03', to: 'G03', why: 'code trimmed and in upper case' },
		]);
	});

	test('Fields mode (version 1.1): the typed legal name is normalised the same way', async () => {
		const { items, error } = await kit.engine.runNode(
			{
				resource: 'voucher',
				operation: 'create',
				...FORM_PARTIES,
				receptorRfc: REGISTERED.rfc,
				receptorNombre: 'herreria & electricos sa de cv',
				receptorRegimenFiscal: '601',
				receptorDomicilioFiscal: '06002',
				receptorUsoCfdi: 'G03',
				conceptos: {
					concepto: [{ descripcion: 'Keyboard', claveProdServ: '43211706', valorUnitario: 350 }],
				},
			},
			[{}],
			{ typeVersion: 1.1 },
		);
		expect(error).toBeUndefined();
		expect((sentBody(kit.sandbox).receptor as Record<string, unknown>).nombre).toBe(
			'HERRERIA & ELECTRICOS',
		);
		expect(items[0].json.recipientNormalized).toEqual([
			expect.objectContaining({
				field: 'receptor.nombre',
				from: 'herreria & electricos sa de cv',
				to: 'HERRERIA & ELECTRICOS',
			}),
		]);
	});

	test('a recipient already as the SAT records it: sent as given, no recipientNormalized member', async () => {
		const { items, error } = await kit.engine.runNode(
			createParams(invoiceVoucher({ receptor: REGISTERED })),
			[{}],
		);
		expect(error).toBeUndefined();
		expect(sentBody(kit.sandbox).receptor).toEqual(REGISTERED);
		expect(items[0].json).not.toHaveProperty('recipientNormalized');
	});

	test('a local refusal of the recipient (regime of a person for a company) carries the field part; nothing sent', async () => {
		const { items } = await kit.engine.runNode(
			createParams(invoiceVoucher({ receptor: { ...REGISTERED, regimenFiscalReceptor: '612' } })),
			[{}],
			{ continueOnFail: true },
		);
		expect(kit.sandbox.requests.filter((r) => r.route === 'createVoucher')).toEqual([]);
		expect(items[0].json.recipient).toEqual({
			field: 'regimenFiscalReceptor',
			path: 'receptor.regimenFiscalReceptor',
			satCode: 'CFDI40158',
			message: expect.stringContaining('"612"'),
			fix: expect.stringContaining('601'),
		});
	});
});
