/**
 * The recipient as the SAT records it, in every input mode (prepareVoucher is the one place every
 * built voucher passes through): the request carries the name without the company type, in upper
 * case with single spaces, and the output item says what was changed.
 */
import type { INodeParameters } from 'n8n-workflow';
import { invoiceVoucher, ratesOnly, wrongUse } from '../../../support/vouchers';
import { createParams, FORM_PARTIES, useSandboxEngine } from '../../../support/nodeTestKit';
import { sentBody } from '../../../support/kindsKit';
import { routes } from '../../../support/sandboxCredential';

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
		expect(kit.sandbox.requests).toEqual([]);
		expect(items[0].json.recipient).toEqual({
			field: 'regimenFiscalReceptor',
			path: 'receptor.regimenFiscalReceptor',
			satCode: 'CFDI40158',
			message: expect.stringContaining('"612"'),
			fix: expect.stringContaining('601'),
		});
	});
});

const V11 = { typeVersion: 1.1 };

/** A form invoice for an individual (13-character RFC) with the regime of a company. */
const INDIVIDUAL_WITH_601: INodeParameters = {
	...FORM_PARTIES,
	receptorRfc: 'XIQB891116QE4',
	receptorNombre: 'BERENICE XIMO QUEZADA',
	receptorRegimenFiscal: '601',
	conceptos: {
		concepto: [{ descripcion: 'Keyboard', claveProdServ: '43232408', valorUnitario: 350 }],
	},
};

describe('a voucher typed in the form is refused in the form’s words', () => {
	test('a regime that does not fit the RFC names Recipient Tax Regime, with the JSON path as a detail', async () => {
		const { error } = await kit.engine.runNode(INDIVIDUAL_WITH_601, [{}], V11);
		expect(error?.message).toMatch(
			/^Item 0: Recipient Tax Regime "601" does not apply to an individual[^;]*; Recipient RFC is "XIQB891116QE4"\. /,
		);
		expect(error?.message).not.toContain('receptor.');
		expect(error?.description).toBe(
			"This problem was found before sending, so nothing was sent to the service. In the voucher's JSON: receptor.regimenFiscalReceptor.",
		);
		expect(error?.description).not.toMatch(/Compute Totals|Validation/);
		expect(kit.sandbox.requests).toEqual([]);
	});

	test('a line problem names the line and its field: "line 2\'s Product or Service Code"', async () => {
		const { error } = await kit.engine.runNode(
			{
				...FORM_PARTIES,
				conceptos: {
					concepto: [
						{ descripcion: 'Keyboard', claveProdServ: '43232408', valorUnitario: 350 },
						{
							descripcion: 'Support',
							claveProdServ: { __rl: true, mode: 'code', value: '12345678' },
							valorUnitario: 100,
						},
					],
				},
			},
			[{}],
			V11,
		);
		expect(error?.message).toBe(
			'Item 0: line 2\'s Product or Service Code "12345678" is not in the SAT catalog c_ClaveProdServ. ' +
				'Pick the product or service code from the list (search by name in Spanish, e.g. "servicios de facturación"), or use "01010101" (not in the catalog) only where the SAT allows it.',
		);
		expect(error?.message).not.toMatch(/conceptos\[/);
		expect(error?.description).toContain("In the voucher's JSON: conceptos[1]");
		expect(kit.sandbox.requests).toEqual([]);
	});
});

describe('a voucher given as JSON keeps its paths, and the advice that fits', () => {
	test('the same regime problem in JSON names the path and offers Validation, not Compute Totals', async () => {
		const voucher = invoiceVoucher();
		Object.assign(voucher.receptor as object, {
			rfc: 'XIQB891116QE4',
			nombre: 'BERENICE XIMO QUEZADA',
		});
		const { error } = await kit.engine.runNode(createParams(voucher), [{}], V11);
		expect(error?.message).toMatch(/^Item 0: receptor\.regimenFiscalReceptor "601" does not apply/);
		expect(error?.description).toBe(
			'This problem was found before sending, so nothing was sent to the service. To send it anyway, set "Validation" to Warn.',
		);
		expect(kit.sandbox.requests).toEqual([]);
	});

	test('an amount problem in JSON offers Compute Totals', async () => {
		const { error } = await kit.engine.runNode(
			createParams(invoiceVoucher({ total: 999 })),
			[{}],
			V11,
		);
		expect(error?.message).toMatch(/\btotal\b/);
		expect(error?.description).toContain('turn on "Compute Totals"');
		expect(kit.sandbox.requests).toEqual([]);
	});
});

describe('local CFDI 4.0 checks before sending', () => {
	test('strict (default): a finding stops the item with the field, value and fix, and nothing is sent at all', async () => {
		const { error } = await kit.engine.runNode(createParams(wrongUse), [{}]);
		expect(error?.message).toBe(
			'Item 0: receptor.usoCFDI "G01" is not allowed for regimenFiscalReceptor "616". Use "S01" or "G02".',
		);
		expect(error?.description).toContain('nothing was sent to the service');
		expect(kit.sandbox.requests).toHaveLength(0);
	});

	test('every finding of an item is reported together', async () => {
		const { error } = await kit.engine.runNode(
			createParams({ ...wrongUse, formaPago: '77', lugarExpedicion: '640' }),
			[{}],
		);
		const lines = String(error?.message).split('\n');
		expect(lines.length).toBeGreaterThanOrEqual(3);
		expect(lines.every((line) => line.startsWith('Item 0: '))).toBe(true);
		expect(error?.message).toContain('formaPago "77"');
		expect(error?.message).toContain('lugarExpedicion "640"');
		expect(kit.sandbox.requests).toHaveLength(0);
	});

	test('with Continue On Fail the invalid item is an error item with structured findings; the valid ones are stamped', async () => {
		const { items } = await kit.engine.runNode(
			{ ...createParams(), voucherJson: '={{ JSON.stringify($json.voucher) }}' },
			[{ voucher: invoiceVoucher() }, { voucher: wrongUse }],
			{ continueOnFail: true },
		);
		expect(items[0].json.status).toBe('stamped');
		expect(items[1].json.errors).toEqual([
			expect.objectContaining({ path: 'receptor.usoCFDI', value: 'G01' }),
		]);
		expect(routes(kit.sandbox, 'createVoucher')).toHaveLength(1);
	});

	test('warn: the findings go into the output and the voucher is sent', async () => {
		const { items } = await kit.engine.runNode(
			createParams(wrongUse, { stampingMode: 'direct', options: { validation: 'warn' } }),
			[{}],
		);
		expect(routes(kit.sandbox, 'createVoucher')).toHaveLength(1);
		expect(items[0].json.status).toBe('stamped');
		expect(items[0].json.validation).toMatchObject({
			valid: false,
			errors: [expect.objectContaining({ path: 'receptor.usoCFDI' })],
		});
	});

	test('compute totals: only quantities, prices and rates are given; the body carries SAT-consistent amounts and stamps', async () => {
		const { items, error } = await kit.engine.runNode(
			createParams(ratesOnly, { stampingMode: 'direct', options: { computeTotals: true } }),
			[{}],
		);
		expect(error).toBeUndefined();
		const body = JSON.parse(routes(kit.sandbox, 'createVoucher')[0].body);
		// 3 x 333.333 = 999.999 -> 1000.00; 1.5 x 200.1234 = 300.1851 -> 300.19
		expect(body.conceptos.map((c: { importe: number }) => c.importe)).toEqual([1000, 300.19]);
		expect(body.conceptos[0].impuestos.traslados[0]).toMatchObject({ base: 1000, importe: 160 });
		expect(body.conceptos[1].impuestos.traslados[0]).toMatchObject({
			base: 300.19,
			importe: 24.02,
		});
		expect(body.subTotal).toBe(1300.19);
		expect(body.impuestos.totalImpuestosTrasladados).toBe(184.02);
		expect(body.total).toBe(1484.21);
		expect(items[0].json.status).toBe('stamped');
	});
});
