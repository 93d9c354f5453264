import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { routes } from '../../../support/sandboxCredential';
import { FORM_PARTIES, useSandboxEngine } from '../../../support/nodeTestKit';

const kit = useSandboxEngine();

/**
 * The one-line IVA 16 % invoice of version 1.1, with only the fields a user must touch: the issuer
 * (RFC, name, place of issue), the recipient (RFC, name, postal code) and one line (description,
 * product code, unit price). Every other value is the form's default.
 */
const ONE_LINE_IVA: INodeParameters = {
	...FORM_PARTIES,
	conceptos: {
		concepto: [{ descripcion: 'Keyboard', claveProdServ: '43232408', valorUnitario: 350 }],
	},
};

const V1_1 = { typeVersion: 1.1 };

function form(lines: INodeParameters[], extra: INodeParameters = {}): INodeParameters {
	return { ...ONE_LINE_IVA, conceptos: { concepto: lines }, ...extra };
}

function sentBodies(): IDataObject[] {
	return routes(kit.sandbox, 'createVoucher').map(
		(request) => JSON.parse(request.body) as IDataObject,
	);
}

describe('Fields mode (version 1.1): taxes per line, amounts computed', () => {
	test('a one-line IVA 16 % invoice from nine fields: the line tax, subtotal, taxes and total are computed and it stamps', async () => {
		const { items, error } = await kit.engine.runNode(ONE_LINE_IVA, [{}], V1_1);
		expect(error).toBeUndefined();
		const [body] = sentBodies();
		expect(body.conceptos).toEqual([
			{
				claveProdServ: '43232408',
				cantidad: '1',
				claveUnidad: 'H87',
				descripcion: 'Keyboard',
				valorUnitario: 350,
				importe: 350,
				objetoImp: '02',
				impuestos: {
					traslados: [
						{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, base: 350, importe: 56 },
					],
				},
			},
		]);
		expect(body).toMatchObject({
			subTotal: 350,
			total: 406,
			moneda: 'MXN',
			tipoDeComprobante: 'I',
			impuestos: {
				traslados: [
					{ base: 350, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 56 },
				],
				totalImpuestosTrasladados: 56,
			},
		});
		expect(items[0].json.status).toBe('stamped');
	});

	test('two lines at IVA 16 % and one exempt line: per-line rounding, exempt base grouped apart, totals computed', async () => {
		const lines = [
			{ descripcion: 'Keyboard', claveProdServ: '43232408', cantidad: '2', valorUnitario: 350 },
			{
				descripcion: 'Support hours',
				claveProdServ: '81112101',
				claveUnidad: 'E48',
				cantidad: '1.5',
				valorUnitario: 200.5,
			},
			{
				descripcion: 'Course',
				claveProdServ: '86101700',
				claveUnidad: 'E48',
				valorUnitario: 500,
				iva: 'exempt',
			},
		];
		const { items, error } = await kit.engine.runNode(form(lines), [{}], V1_1);
		expect(error).toBeUndefined();
		const [body] = sentBodies();
		const conceptos = body.conceptos as IDataObject[];
		expect(conceptos.map((line) => [line.importe, line.impuestos])).toEqual([
			[
				700,
				{
					traslados: [
						{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, base: 700, importe: 112 },
					],
				},
			],
			// 300.75 × 0.16 = 48.12 exactly at two decimals.
			[
				300.75,
				{
					traslados: [
						{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, base: 300.75, importe: 48.12 },
					],
				},
			],
			[500, { traslados: [{ impuesto: '002', tipoFactor: 'Exento', base: 500 }] }],
		]);
		expect(body.impuestos).toEqual({
			traslados: [
				{ base: 1000.75, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 160.12 },
				{ base: 500, impuesto: '002', tipoFactor: 'Exento' },
			],
			totalImpuestosTrasladados: 160.12,
		});
		expect([body.subTotal, body.total]).toEqual([1500.75, 1660.87]);
		expect(items[0].json.status).toBe('stamped');
	});

	test('a typed Total that differs from the computed one is refused before any request, with both figures', async () => {
		const { error } = await kit.engine.runNode({ ...ONE_LINE_IVA, total: 350 }, [{}], V1_1);
		expect(error?.message).toBe(
			'Item 0: Total is 350 but the subtotal minus discounts plus transferred taxes minus withheld taxes, from the line items is 406.',
		);
		expect(error?.description).toContain('set Total to 0 to use the computed amount');
		expect(kit.sandbox.requests.filter((request) => request.server === 'api')).toHaveLength(0);
	});

	test('a typed Subtotal and Total that match the computed ones are accepted', async () => {
		const { error } = await kit.engine.runNode(
			{ ...ONE_LINE_IVA, subTotal: 350, total: 406 },
			[{}],
			V1_1,
		);
		expect(error).toBeUndefined();
		expect(sentBodies()[0]).toMatchObject({ subTotal: 350, total: 406 });
	});

	test('Price Includes Tax: 116.00 with IVA splits into 100.00 + 16.00, and the voucher adds up to the price charged', async () => {
		const lines = [
			{
				descripcion: 'Mug',
				claveProdServ: '52151600',
				cantidad: '3',
				valorUnitario: 116,
				priceIncludesTax: true,
			},
			// 99.99 tax included: a price whose plain split does not land on the cent.
			{
				descripcion: 'Cap',
				claveProdServ: '53102500',
				valorUnitario: 99.99,
				priceIncludesTax: true,
			},
		];
		const { error } = await kit.engine.runNode(form(lines), [{}], V1_1);
		expect(error).toBeUndefined();
		const [body] = sentBodies();
		const conceptos = body.conceptos as IDataObject[];
		expect(conceptos[0]).toMatchObject({ valorUnitario: 100, importe: 300 });
		expect(body.total).toBe(447.99);
	});

	test('IEPS at a rate with IVA: the IVA is charged on the amount plus the IEPS', async () => {
		const lines = [
			{
				descripcion: 'Chocolate',
				claveProdServ: '50161813',
				cantidad: '10',
				valorUnitario: 20,
				ieps: 'tasa',
				iepsRate: 0.08,
			},
		];
		const { error } = await kit.engine.runNode(form(lines), [{}], V1_1);
		expect(error).toBeUndefined();
		const [body] = sentBodies();
		expect((body.conceptos as IDataObject[])[0].impuestos).toEqual({
			traslados: [
				{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, base: 216, importe: 34.56 },
				{ impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: 0.08, base: 200, importe: 16 },
			],
		});
		expect([body.subTotal, body.total]).toEqual([200, 250.56]);
	});

	test('withholdings: ISR 10 % and two thirds of the IVA on professional fees, totals net of them', async () => {
		const lines = [
			{
				descripcion: 'Consulting fees',
				claveProdServ: '80111600',
				claveUnidad: 'E48',
				valorUnitario: 10000,
				isrRetencion: '0.10',
				ivaRetencion: '0.106667',
			},
		];
		const { error } = await kit.engine.runNode(form(lines), [{}], V1_1);
		expect(error).toBeUndefined();
		const [body] = sentBodies();
		expect((body.conceptos as IDataObject[])[0].impuestos).toEqual({
			traslados: [
				{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, base: 10000, importe: 1600 },
			],
			retenciones: [
				{ impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: 0.1, base: 10000, importe: 1000 },
				{
					impuesto: '002',
					tipoFactor: 'Tasa',
					tasaOCuota: 0.106667,
					base: 10000,
					importe: 1066.67,
				},
			],
		});
		expect(body.impuestos).toMatchObject({
			totalImpuestosTrasladados: 1600,
			totalImpuestosRetenidos: 2066.67,
		});
		expect(body.total).toBe(9533.33);
	});

	test('a line discount: the amount is quantity × unit price, the tax applies to it minus the discount', async () => {
		const lines = [
			{
				descripcion: 'Keyboard',
				claveProdServ: '43232408',
				cantidad: '2',
				valorUnitario: 350,
				descuento: 50,
			},
		];
		await kit.engine.runNode(form(lines), [{}], V1_1);
		const [body] = sentBodies();
		expect((body.conceptos as IDataObject[])[0]).toMatchObject({
			importe: 700,
			descuento: 50,
			impuestos: { traslados: [{ base: 650, importe: 104 }] },
		});
		expect([body.subTotal, body.descuento, body.total]).toEqual([700, 50, 754]);
	});

	test('a line with Tax Object 01 carries no taxes, whatever its (hidden) IVA says', async () => {
		const lines = [
			{
				descripcion: 'Donation receipt handling',
				claveProdServ: '84111506',
				claveUnidad: 'ACT',
				valorUnitario: 100,
				objetoImp: '01',
			},
		];
		const { error } = await kit.engine.runNode(form(lines), [{}], V1_1);
		expect(error).toBeUndefined();
		const [body] = sentBodies();
		expect((body.conceptos as IDataObject[])[0].impuestos).toBeUndefined();
		expect(body.impuestos).toBeUndefined();
		expect(body.total).toBe(100);
	});

	test('an IEPS rate missing is refused before any request, naming the line and the field', async () => {
		const lines = [
			{ descripcion: 'Soda', claveProdServ: '50202300', valorUnitario: 20, ieps: 'tasa' },
		];
		const { error } = await kit.engine.runNode(form(lines), [{}], V1_1);
		expect(error?.message).toBe(
			'Item 0: Line Items > Line Item 1 > IEPS Rate or Quota 0 is not a rate above 0.',
		);
		expect(kit.sandbox.requests.filter((request) => request.server === 'api')).toHaveLength(0);
	});

	test('Price Includes Tax with IEPS is refused with the way out', async () => {
		const lines = [
			{
				descripcion: 'Soda',
				claveProdServ: '50202300',
				valorUnitario: 20,
				ieps: 'tasa',
				iepsRate: 0.08,
				priceIncludesTax: true,
			},
		];
		const { error } = await kit.engine.runNode(form(lines), [{}], V1_1);
		expect(error?.message).toMatch(
			/^Item 0: Line Items > Line Item 1 > Price Includes Tax is on for a line with IEPS/,
		);
		expect(error?.description).toContain('give the unit price without taxes');
	});

	test('Additional Fields (JSON) lines are added after the form lines (neither dropped), and computed with them', async () => {
		const jsonLine = {
			claveProdServ: '81112101',
			cantidad: '1',
			claveUnidad: 'E48',
			descripcion: 'Installation',
			valorUnitario: 100,
			objetoImp: '02',
			impuestos: { traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16 }] },
		};
		const options = {
			additionalFieldsJson: JSON.stringify({ folio: '77', conceptos: [jsonLine] }),
		};
		const { error } = await kit.engine.runNode({ ...ONE_LINE_IVA, options }, [{}], V1_1);
		expect(error).toBeUndefined();
		const [body] = sentBodies();
		expect(
			(body.conceptos as IDataObject[]).map((line) => [line.descripcion, line.importe]),
		).toEqual([
			['Keyboard', 350],
			['Installation', 100],
		]);
		expect([body.folio, body.subTotal, body.total]).toEqual(['77', 450, 522]);
	});

	test('a voucher-level impuestos in Additional Fields (JSON) is refused: the form computes it from the lines', async () => {
		const options = {
			additionalFieldsJson: JSON.stringify({ impuestos: { totalImpuestosTrasladados: 56 } }),
		};
		const { error } = await kit.engine.runNode({ ...ONE_LINE_IVA, options }, [{}], V1_1);
		expect(error?.message).toBe(
			'Item 0: "Additional Fields (JSON)" has impuestos, but in the Fields input mode the voucher\'s taxes are computed from the line items.',
		);
		expect(kit.sandbox.requests.filter((request) => request.server === 'api')).toHaveLength(0);
	});

	test('a total in Additional Fields (JSON) is checked like a typed one', async () => {
		const options = { additionalFieldsJson: JSON.stringify({ total: 400 }) };
		const { error } = await kit.engine.runNode({ ...ONE_LINE_IVA, options }, [{}], V1_1);
		expect(error?.message).toBe(
			'Item 0: Additional Fields (JSON) > total is 400 but the subtotal minus discounts plus transferred taxes minus withheld taxes, from the line items is 406.',
		);
	});

	test('Validate shows the computed voucher of the form', async () => {
		const { items, error } = await kit.engine.runNode(
			{ ...ONE_LINE_IVA, operation: 'validate' },
			[{}],
			V1_1,
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			valid: true,
			computed: { subTotal: 350, total: 406 },
			voucher: { total: 406 },
		});
	});

	test('version 1 keeps its form: no taxes are added, and a line with Tax Object 02 and no taxes is refused as before', async () => {
		const { error } = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'create', ...ONE_LINE_IVA, subTotal: 350, total: 350 },
			[{}],
		);
		expect(error?.message).toContain(
			'line 1\'s Tax Object is "02" (subject to tax) but the concept has no taxes.',
		);
		expect(kit.sandbox.requests.filter((request) => request.server === 'api')).toHaveLength(0);
	});
});
