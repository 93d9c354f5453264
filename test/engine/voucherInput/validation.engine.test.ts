import { invoiceVoucher } from '../../support/vouchers';
import { Engine } from '../../support/engine/engine';
import { createParams, useSandboxEngine } from '../../support/nodeTestKit';
import { routes } from '../../support/sandboxCredential';

const kit = useSandboxEngine();

/** A person without tax obligations (regime 616) given a use code that regime does not allow. */
const wrongUse = invoiceVoucher({
	receptor: {
		rfc: 'MASO451221PM4',
		nombre: 'MARIA OLIVIA MARTINEZ SAGAZ',
		usoCFDI: 'G01',
		regimenFiscalReceptor: '616',
		domicilioFiscalReceptor: '80290',
	},
});

/** Quantities, prices and rates only: importe, taxes, subTotal and total are left to the node. */
const ratesOnly = invoiceVoucher({
	conceptos: [
		{
			claveProdServ: '43232408',
			cantidad: '3',
			claveUnidad: 'H87',
			descripcion: 'Keyboard',
			valorUnitario: 333.333,
			objetoImp: '02',
			impuestos: { traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16 }] },
		},
		{
			claveProdServ: '81112101',
			cantidad: '1.5',
			claveUnidad: 'E48',
			descripcion: 'Support',
			valorUnitario: 200.1234,
			objetoImp: '02',
			impuestos: { traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.08 }] },
		},
	],
	subTotal: 0,
	total: 0,
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

describe('voucher: validate', () => {
	test('returns valid, errors, warnings and computed totals for each item with no network call and no credential', async () => {
		const offline = new Engine();
		const { items, error } = await offline.runNode(
			{
				resource: 'voucher',
				operation: 'validate',
				inputMode: 'json',
				voucherJson: '={{ JSON.stringify($json.voucher) }}',
			},
			[{ voucher: invoiceVoucher() }, { voucher: wrongUse }, { voucher: ratesOnly }],
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		expect(items[0].json).toMatchObject({
			valid: true,
			errors: [],
			computed: { subTotal: 1000.75, total: 1000.75 },
		});
		expect(items[1].json).toMatchObject({
			valid: false,
			errors: [
				expect.objectContaining({
					path: 'receptor.usoCFDI',
					value: 'G01',
					code: expect.any(String),
				}),
			],
		});
		expect(items[2].json).toMatchObject({
			valid: false,
			computed: { subTotal: 1300.19, totalImpuestosTrasladados: 184.02, total: 1484.21 },
		});
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(offline.credentials.count('decrypt')).toBe(0);
		expect(kit.sandbox.requests).toHaveLength(0);
	});

	test('with Compute Totals the computed voucher is valid and returned for the next node', async () => {
		const { items } = await new Engine().runNode(
			{
				resource: 'voucher',
				operation: 'validate',
				inputMode: 'json',
				voucherJson: JSON.stringify(ratesOnly),
				options: { computeTotals: true },
			},
			[{}],
		);
		expect(items[0].json).toMatchObject({
			valid: true,
			voucher: { subTotal: 1300.19, total: 1484.21 },
		});
	});
});
