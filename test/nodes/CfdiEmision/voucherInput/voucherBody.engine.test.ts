/**
 * Also covers: nodes/CfdiEmision/voucherInput/voucherInputFields.ts, nodes/CfdiEmision/voucherInput/relatedParties.ts, nodes/CfdiEmision/voucherInput/index.ts (the voucher input fields typed here, the related parties and the voucherInput barrel).
 */
import { invoiceVoucher } from '../../../support/vouchers';
import { account, routes } from '../../../support/sandboxCredential';
import {
	createParams,
	ENGINE_GET_VOUCHER_SHAPE,
	useSandboxEngine,
	FORM_PARTIES,
} from '../../../support/nodeTestKit';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

const kit = useSandboxEngine();
const apiRoot = `/businessEmision/api/v1/emisores/${account.emisorId}`;

/** The same invoice as invoiceVoucher(), typed field by field. */
const fieldParams = {
	resource: 'voucher',
	operation: 'create',
	inputMode: 'fields',
	// The request as the form builds it; the Duplicate Check (on by default: a list read first and a
	// content folio) has its own tests (test/nodes/CfdiEmision/stamping/duplicateCheck*.test.ts).
	duplicateCheck: 'off',
	emisorRfc: 'EKU9003173C9',
	emisorNombre: 'ESCUELA KEMPER URGATE',
	emisorRegimenFiscal: '601',
	receptorRfc: 'URE180429TM6',
	receptorNombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
	receptorUsoCfdi: 'G03',
	receptorRegimenFiscal: '601',
	receptorDomicilioFiscal: '65000',
	conceptos: {
		concepto: [
			{
				claveProdServ: '43232408',
				cantidad: '2',
				claveUnidad: 'H87',
				descripcion: 'Keyboard',
				valorUnitario: 350,
				importe: 700,
				objetoImp: '01',
			},
			{
				claveProdServ: '81112101',
				cantidad: '1.5',
				claveUnidad: 'E48',
				descripcion: 'Support hours',
				valorUnitario: 200.5,
				importe: 300.75,
				objetoImp: '01',
			},
		],
	},
	tipoDeComprobante: 'I',
	serie: 'A',
	formaPago: '03',
	metodoPago: 'PUE',
	moneda: 'MXN',
	exportacion: '01',
	lugarExpedicion: '64000',
	subTotal: 1000.75,
	total: 1000.75,
};

describe('voucher: create', () => {
	test('fields mode, direct stamping: the exact request and the returned item', async () => {
		const { items, error } = await kit.engine.runNode({ ...fieldParams, stampingMode: 'direct' }, [
			{ orderId: 1 },
		]);
		expect(error).toBeUndefined();
		const [create] = routes(kit.sandbox, 'createVoucher');
		expect(create.method).toBe('POST');
		expect(create.pathname).toBe(`${apiRoot}/comprobantes`);
		expect(create.query).toEqual({ emitir: 'true' });
		expect(create.headers['content-type']).toMatch(/^application\/json/);
		expect(create.headers.authorization).toMatch(/^Bearer /);
		expect(JSON.parse(create.body)).toEqual(invoiceVoucher());

		const stored = [...kit.sandbox.vouchers.values()];
		expect(stored).toHaveLength(1);
		expect(items).toEqual([
			{
				json: {
					esValido: true,
					idComprobante: stored[0].id,
					errores: null,
					uuid: stored[0].uuid,
					subEstatusId: 2,
					descripcion: null,
					status: 'stamped',
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('two-phase stamping (the default): a pending save, then PUT emitir=true on the returned id', async () => {
		const { items, error } = await kit.engine.runNode(fieldParams, [{}]);
		expect(error).toBeUndefined();
		const [save, stamp] = kit.sandbox.requests.filter((r) => r.server === 'api');
		expect([save.method, save.pathname, save.query]).toEqual([
			'POST',
			`${apiRoot}/comprobantes`,
			{ emitir: 'false' },
		]);
		expect(JSON.parse(save.body)).toEqual(invoiceVoucher());
		const [stored] = [...kit.sandbox.vouchers.values()];
		expect([stamp.method, stamp.pathname, stamp.query]).toEqual([
			'PUT',
			`${apiRoot}/comprobantes/${stored.id}`,
			{ emitir: 'true' },
		]);
		expect(JSON.parse(stamp.body)).toEqual({ ...invoiceVoucher(), id: stored.id });
		expect(stored.stampCount).toBe(1);
		expect(items[0].json).toEqual({
			esValido: true,
			idComprobante: stored.id,
			errores: null,
			uuid: stored.uuid,
			subEstatusId: 2,
			descripcion: null,
			status: 'stamped',
		});
	});

	test('JSON mode sends the same body as fields mode for the same voucher', async () => {
		await kit.engine.runNode(fieldParams, [{}]);
		await kit.engine.runNode(createParams(invoiceVoucher(), { duplicateCheck: 'off' }), [{}]);
		const [fromFields, fromJson] = routes(kit.sandbox, 'createVoucher');
		expect(JSON.parse(fromJson.body)).toEqual(JSON.parse(fromFields.body));
	});

	test('stamp off saves a pending voucher (emitir=false); the voucher date option sets noCalcularFecha and fecha', async () => {
		const { items } = await kit.engine.runNode(
			createParams(invoiceVoucher(), {
				stamp: false,
				options: { noCalcularFecha: true, fecha: '2026-11-20T09:15:00' },
			}),
			[{}],
		);
		const [create] = routes(kit.sandbox, 'createVoucher');
		expect(create.query).toEqual({ emitir: 'false', noCalcularFecha: 'true' });
		expect(JSON.parse(create.body).fecha).toBe('2026-11-20T09:15:00');
		expect(items[0].json).toMatchObject({
			esValido: false,
			uuid: null,
			subEstatusId: 0,
			status: 'pending',
		});
		expect(kit.sandbox.vouchers.get(Number(items[0].json.idComprobante))?.state).toBe('pending');
	});

	test('additional fields (JSON) are merged into the body', async () => {
		await kit.engine.runNode(
			{
				...fieldParams,
				options: {
					additionalFieldsJson:
						'{"folio":"1001","receptor":{"direccionIDFacturador":7},"condicionesDePago":"30 days"}',
				},
			},
			[{}],
		);
		const body = JSON.parse(routes(kit.sandbox, 'createVoucher')[0].body);
		expect(body.folio).toBe('1001');
		expect(body.condicionesDePago).toBe('30 days');
		expect(body.receptor).toEqual({
			...(invoiceVoucher().receptor as object),
			direccionIDFacturador: 7,
		});
	});

	test('a refused stamp is an error listing every code, with the item index, and nothing is stored', async () => {
		const { error } = await kit.engine.runNode(
			createParams(invoiceVoucher({ serie: 'ZZ', subTotal: 999 }), {
				options: { validation: 'off' },
			}),
			[{}],
		);
		expect(error?.message).toMatch(/^Item 0: The service refused the voucher: /);
		expect(error?.message).toContain('FAC112');
		expect(kit.sandbox.vouchers.size).toBe(0);
	});

	test('"series busy" (FAC119) is retried with a pause and then succeeds', async () => {
		kit.sandbox.injectFault({ route: 'createVoucher', kind: 'seriesBusy', times: 2 });
		const { items, error } = await kit.engine.runNode(
			createParams(invoiceVoucher(), { options: { retryDelayMs: 1 } }),
			[{}],
		);
		expect(error).toBeUndefined();
		expect(items[0].json.status).toBe('stamped');
		expect(routes(kit.sandbox, 'createVoucher').length).toBe(3);
		expect(kit.sandbox.stampCount()).toBe(1);
	});

	test('Continue On Fail: one output per input, the bad item as an error item, the others stamped', async () => {
		const { items, error } = await kit.engine.runNode(
			{ ...createParams(), voucherJson: '={{ JSON.stringify($json.voucher) }}' },
			[
				{ voucher: invoiceVoucher({ folio: '1' }) },
				{ voucher: invoiceVoucher({ serie: 'ZZ' }) },
				// Another sale (another folio): the same content again would return the first voucher.
				{ voucher: invoiceVoucher({ folio: '3' }) },
			],
			{ continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json.status).toBe('stamped');
		expect(items[1].json.error).toMatch(/^Item 1: The service refused the voucher: FAC112/);
		expect(items[1].json.errores).toEqual([expect.objectContaining({ codigo: 'FAC112' })]);
		expect(items[2].json.status).toBe('stamped');
		expect(kit.sandbox.stampCount()).toBe(2);
	});

	test('without Continue On Fail the error says which items were already stamped', async () => {
		const { error } = await kit.engine.runNode(
			{ ...createParams(), voucherJson: '={{ JSON.stringify($json.voucher) }}' },
			[
				{ voucher: invoiceVoucher() },
				{ voucher: invoiceVoucher({ serie: 'ZZ' }) },
				{ voucher: invoiceVoucher() },
			],
		);
		const [first] = [...kit.sandbox.vouchers.values()];
		expect(error?.message).toMatch(/^Item 1: /);
		expect(error?.description).toContain(`item 0: stamped UUID ${first.uuid}`);
		// Stamping stops at the failed item: item 2 was never sent.
		expect(routes(kit.sandbox, 'createVoucher')).toHaveLength(2);
	});

	test('invalid JSON in the voucher is reported with the item index and nothing is sent', async () => {
		const { error } = await kit.engine.runNode({ ...createParams(), voucherJson: '{"emisor": ' }, [
			{},
		]);
		expect(error?.message).toMatch(/^Item 0: "Voucher \(JSON\)" is not valid JSON/);
		expect(kit.sandbox.requests).toHaveLength(0);
	});
});

describe('voucher: get and update', () => {
	async function savePending(): Promise<number> {
		const { items } = await kit.engine.runNode(createParams(invoiceVoucher(), { stamp: false }), [
			{},
		]);
		kit.sandbox.clearLog();
		return Number(items[0].json.idComprobante);
	}

	test('get returns the pending voucher', async () => {
		const id = await savePending();
		const { items, error } = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'get', voucherId: id },
			[{}],
		);
		expect(error).toBeUndefined();
		const [get] = routes(kit.sandbox, 'getVoucher');
		expect(get.method).toBe('GET');
		expect(get.pathname).toBe(`${apiRoot}/comprobantes/${id}`);
		// The service's answer as it is: with the state members only when the service sends them.
		const state =
			ENGINE_GET_VOUCHER_SHAPE === 'bodyOnly'
				? {}
				: { subEstatusId: 0, uuid: null, esValido: false };
		expect(items).toEqual([
			{ json: { ...invoiceVoucher(), id, ...state }, pairedItem: { item: 0 } },
		]);
	});

	test('update sends PUT with the body id equal to the path id and stamps the voucher', async () => {
		const id = await savePending();
		const { items, error } = await kit.engine.runNode(
			{ ...createParams(invoiceVoucher({ serie: 'B' })), operation: 'update', voucherId: id },
			[{}],
		);
		expect(error).toBeUndefined();
		const [put] = routes(kit.sandbox, 'updateVoucher');
		expect(put.method).toBe('PUT');
		expect(put.pathname).toBe(`${apiRoot}/comprobantes/${id}`);
		expect(put.query).toEqual({ emitir: 'true' });
		expect(JSON.parse(put.body)).toEqual({ ...invoiceVoucher({ serie: 'B' }), id });
		const stored = kit.sandbox.vouchers.get(id)!;
		expect(stored.state).toBe('stamped');
		expect(items[0].json).toEqual({
			esValido: true,
			idComprobante: id,
			errores: null,
			uuid: stored.uuid,
			subEstatusId: 2,
			descripcion: null,
			status: 'stamped',
		});
	});

	test('without Continue On Fail, update with a bad voucher id on a later item stamps none of the earlier ones', async () => {
		const id = await savePending();
		kit.sandbox.clearLog();
		const { error } = await kit.engine.runNode(
			{
				...createParams(invoiceVoucher({ serie: 'B' })),
				operation: 'update',
				voucherId: '={{ $json.id }}',
			},
			[{ id }, { id: '12a' }],
		);
		expect(error?.message).toBe('Item 1: Voucher ID "12a" is not a voucher id.');
		expect(error?.description).toContain('The other items were not sent either');
		expect(kit.sandbox.requests).toHaveLength(0);
		expect(kit.sandbox.vouchers.get(id)?.state).toBe('pending');
	});

	test('a voucher id that is not a positive integer is refused before any request', async () => {
		const { error } = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'get', voucherId: '12a' },
			[{}],
		);
		expect(error?.message).toBe('Item 0: Voucher ID "12a" is not a voucher id.');
		expect(kit.sandbox.requests).toHaveLength(0);
	});
});

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
		expect(error?.description).toContain('Nothing was sent.');
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

	test('IVA 8 % outside the region with "Allow IVA 8 % Outside the Border Region" on: stamps', async () => {
		const { error } = await kit.engine.runNode(
			form(
				{ iva: '0.08' },
				{ lugarExpedicion: '06600', options: { allowBorderIvaAnywhere: true } },
			),
			[{}],
			V1_1,
		);
		expect(error).toBeUndefined();
		expect(stamps()).toBe(1);
	});
});
