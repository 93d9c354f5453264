/**
 * The invoice's voucher body from its Input Mode (invoice/voucherFromInput.ts) through n8n-core's
 * engine against the sandbox: answers that do not match what was asked, and the form's taxes the
 * SAT accepts. Create's request per input mode and stamping mode: create.operation.engine.test.ts.
 *
 * Also covers: nodes/CfdiEmision/voucherInput/voucherBody.ts, nodes/CfdiEmision/voucherInput/relatedParties.ts, nodes/CfdiEmision/voucherInput/refusedInput.ts (the issuer, recipient and normalisation every kind's body shares, the related parties, and a form line refused before anything is sent).
 */
import { invoiceVoucher } from '../../../../../support/vouchers';
import { routes } from '../../../../../support/sandboxCredential';
import { createParams, useSandboxEngine, FORM_PARTIES } from '../../../../../support/nodeTestKit';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

const kit = useSandboxEngine();

describe('voucher: answers that do not match what was asked', () => {
	test('a pending save that comes back stamped is taken as stamped, never stamped again', async () => {
		const uuid = '0B6A5E0C-1C1B-4C7B-9E0B-5B8C1A2B3C4D';
		kit.sandbox.injectFault({
			route: 'createVoucher',
			kind: 'status',
			status: 200,
			body: JSON.stringify({
				esValido: true,
				idComprobante: 77,
				errores: null,
				uuid,
				subEstatusId: 2,
				descripcion: null,
			}),
		});
		const { items, error } = await kit.engine.runNode(createParams(), [{}]);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ idComprobante: 77, uuid, status: 'stamped' });
		expect(routes(kit.sandbox, 'updateVoucher')).toHaveLength(0);
	});

	test('a stamp request answered "not stamped" without errores is a failure that quotes descripcion', async () => {
		kit.sandbox.injectFault({
			route: 'createVoucher',
			kind: 'status',
			status: 200,
			body: JSON.stringify({
				esValido: false,
				idComprobante: 0,
				errores: null,
				uuid: null,
				subEstatusId: 0,
				descripcion: 'Error al timbrar',
			}),
		});
		const { error } = await kit.engine.runNode(
			createParams(invoiceVoucher(), { stampingMode: 'direct' }),
			[{}],
		);
		expect(error?.message).toBe(
			'Item 0: The service refused the voucher: not stamped: Error al timbrar',
		);
	});

	test('two-phase: a refused stamp leaves the voucher pending and the error names its id', async () => {
		const { error } = await kit.engine.runNode(
			createParams(invoiceVoucher({ subTotal: 999 }), { options: { validation: 'off' } }),
			[{}],
		);
		const [stored] = [...kit.sandbox.vouchers.values()];
		expect(stored.state).toBe('pending');
		expect(error?.message).toMatch(/^Item 0: The service refused the voucher: CFDI40108/);
		expect(error?.description).toContain(`stored as pending with idComprobante ${stored.id}`);
	});
});

/**
 * The form's taxes through the n8n-core engine (Voucher > Create, Fields mode, version 1.1): what the
 * SAT would refuse is refused before anything is sent, naming the item, the line and the field.
 */

const V1_1 = { typeVersion: 1.1 };

const form = (line: INodeParameters, extra: INodeParameters = {}): INodeParameters => ({
	...FORM_PARTIES,
	conceptos: {
		concepto: [
			{ descripcion: 'Keyboard', claveProdServ: '43232408', valorUnitario: 350 },
			{
				descripcion: 'Consulting',
				claveProdServ: '80111600',
				claveUnidad: 'E48',
				valorUnitario: 1000,
				...line,
			},
		],
	},
	...extra,
});

const stamps = () => routes(kit.sandbox, 'createVoucher').length;

describe('form taxes the SAT accepts (issue 27, item 7)', () => {
	test('IVA withheld above the IVA charged on its line: refused, nothing sent', async () => {
		const { error } = await kit.engine.runNode(
			form({ iva: '0.08', ivaRetencion: '0.16' }, { lugarExpedicion: '22000' }),
			[{}],
			V1_1,
		);
		expect(error?.message).toBe(
			'Item 0: Line Items > Line Item 2 > IVA Withheld is 16 %, more than the IVA charged on the line (8 %): the withholding is a part of the IVA charged.',
		);
		expect(error?.description).toContain('Nothing was sent to the service.');
		expect(stamps()).toBe(0);
	});

	test('IVA withheld on an exempt line: refused', async () => {
		const { error } = await kit.engine.runNode(
			form({ iva: 'exempt', ivaRetencion: '0.106667' }),
			[{}],
			V1_1,
		);
		expect(error?.message).toBe(
			'Item 0: Line Items > Line Item 2 > IVA Withheld is 10.6667 %, but the line is exempt from IVA: IVA can only be withheld from IVA charged.',
		);
		expect(stamps()).toBe(0);
	});

	test('IVA 8 % with the place of issue in Mexico City (06600): refused with the postal code', async () => {
		const { error } = await kit.engine.runNode(
			form({ iva: '0.08' }, { lugarExpedicion: '06600' }),
			[{}],
			V1_1,
		);
		expect(error?.message).toBe(
			'Item 0: Line Items > Line Item 2 > IVA is 8 %, but the Place of Issue (lugarExpedicion) 06600 is not in the northern or southern border region: IVA 8 % is the border-region stimulus, charged only on sales made there.',
		);
		expect(error?.description).toContain('"Allow IVA 8 % Outside the Border Region"');
		expect(stamps()).toBe(0);
	});

	test('IVA 8 % in Tijuana (22000) stamps: line tax 80.00 on 1,000.00', async () => {
		const { items, error } = await kit.engine.runNode(
			form({ iva: '0.08' }, { lugarExpedicion: '22000' }),
			[{}],
			V1_1,
		);
		expect(error).toBeUndefined();
		expect(items[0].json.status).toBe('stamped');
		const [request] = routes(kit.sandbox, 'createVoucher');
		const body = JSON.parse(request.body) as IDataObject;
		expect((body.conceptos as IDataObject[])[1].impuestos).toEqual({
			traslados: [
				{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.08, base: 1000, importe: 80 },
			],
		});
	});

	test('IVA 8 % outside the region with "Allow IVA 8 % Outside the Border Region" on: stamps, the item warned', async () => {
		const { items, error } = await kit.engine.runNode(
			form(
				{ iva: '0.08' },
				{ lugarExpedicion: '06600', options: { allowBorderIvaAnywhere: true } },
			),
			[{}],
			V1_1,
		);
		expect(error).toBeUndefined();
		expect(stamps()).toBe(1);
		const validation = items[0].json.validation as { warnings: IDataObject[] };
		expect(validation.warnings).toEqual([
			expect.objectContaining({
				code: 'IVA8_OUTSIDE_BORDER',
				path: 'lugarExpedicion',
				value: '06600',
			}),
		]);
	});

	test('IVA 8 % in Monterrey (64000, Nuevo León, outside its border municipality): stamped, and the item says the service judges it (issue 33)', async () => {
		const { items, error } = await kit.engine.runNode(
			form({ iva: '0.08' }, { lugarExpedicion: '64000' }),
			[{}],
			V1_1,
		);
		expect(error).toBeUndefined();
		expect(items[0].json.status).toBe('stamped');
		expect(stamps()).toBe(1);
		const validation = items[0].json.validation as { valid: boolean; warnings: IDataObject[] };
		expect(validation.valid).toBe(true);
		expect(validation.warnings).toEqual([
			{
				code: 'IVA8_BORDER_UNVERIFIED',
				path: 'lugarExpedicion',
				value: '64000',
				message:
					'line 2 charges IVA 8 %, the border-region stimulus (estímulo fiscal región fronteriza), and the Place of Issue Postal Code (lugarExpedicion) 64000 is in Nuevo León, a state with border municipalities, but only their postal codes qualify. The SAT\'s c_CodigoPostal marks them (column "Estímulo Franja Fronteriza"); that column is not embedded in this node, so 64000 was not checked here: the stamping service will judge it.',
				fix: "If 64000 is not the postal code of a branch in a border municipality, charge 16 % on that line, or give the issuing branch's postal code as the Place of Issue Postal Code (lugarExpedicion).",
			},
		]);
	});

	test('IVA 16 % in Monterrey: no border warning on the item', async () => {
		const { items, error } = await kit.engine.runNode(
			form({ iva: '0.16' }, { lugarExpedicion: '64000' }),
			[{}],
			V1_1,
		);
		expect(error).toBeUndefined();
		const validation = items[0].json.validation as { warnings: IDataObject[] } | undefined;
		expect(
			(validation?.warnings ?? []).filter((warning) => String(warning.code).startsWith('IVA8_')),
		).toEqual([]);
	});
});

describe('issue 32 item 6c: a form line whose Unit Code is left empty (version 1.1, no preset)', () => {
	const line = (claveProdServ: string, extra: Record<string, unknown> = {}) => ({
		descripcion: 'Line',
		claveProdServ: { __rl: true, mode: 'list', value: claveProdServ },
		valorUnitario: 100,
		...extra,
	});

	test('gets E48 "Unidad de servicio" for a service\'s product code, H87 "Pieza" for goods; a typed unit is kept', async () => {
		const { error } = await kit.engine.runNode(
			{
				...FORM_PARTIES,
				conceptos: {
					concepto: [
						// 84111506 "Servicios de facturación" (segment 84, services).
						line('84111506'),
						// 43211706 "Teclados" (segment 43, goods).
						line('43211706'),
						// 95101501 "Parcela para vivienda unifamiliar" (segment 95: land, not a service).
						line('95101501'),
						line('84111506', { claveUnidad: { __rl: true, mode: 'code', value: 'ACT' } }),
					],
				},
			},
			[{}],
			{ typeVersion: 1.1 },
		);
		expect(error).toBeUndefined();
		const [sent] = routes(kit.sandbox, 'createVoucher').map(
			(request) => JSON.parse(request.body) as { conceptos: Array<{ claveUnidad: string }> },
		);
		expect(sent.conceptos.map((concepto) => concepto.claveUnidad)).toEqual([
			'E48',
			'H87',
			'H87',
			'ACT',
		]);
	});

	test('the field is empty by default from 1.1; version 1 keeps H87', async () => {
		const { CfdiEmision } = await import('../../../../../../nodes/CfdiEmision/CfdiEmision.node');
		const lineFields = new CfdiEmision().description.properties
			.filter((field) => field.name === 'conceptos' && field.type === 'fixedCollection')
			.flatMap((field) =>
				((field.options ?? []) as Array<{ values?: Array<{ name: string; default: unknown }> }>)
					.flatMap((option) => option.values ?? [])
					.filter((value) => value.name === 'claveUnidad')
					.map((value) => ({
						v11: JSON.stringify(field.displayOptions?.show?.['@version']).includes('gte'),
						default: value.default,
					})),
			);
		const v11 = lineFields.filter((field) => field.v11);
		const v1 = lineFields.filter((field) => !field.v11);
		expect(v11.length).toBeGreaterThan(0);
		expect(v1.length).toBeGreaterThan(0);
		for (const field of v11) expect(field.default).toMatchObject({ value: '' });
		for (const field of v1) expect(field.default).toBe('H87');
	});
});
