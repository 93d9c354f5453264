/**
 * The service refusing the recipient's data: the item's error carries, beside the message, the
 * field to correct, the SAT code and the fix (`recipient`, and every one in `recipientProblems`), so
 * a page can show it next to the field; without Continue On Fail the fix is in the description.
 */
import type { INodeParameters } from 'n8n-workflow';
import { stampOutput } from '../../../../nodes/CfdiEmision/stamping/stampAnswer';
import { invoiceVoucher, satGuidePaymentComplement } from '../../../support/vouchers';
import { createParams, FORM_PARTIES, useSandboxEngine } from '../../../support/nodeTestKit';
import { receiptParams, stampInvoice } from '../../../support/kindsKit';

const kit = useSandboxEngine();

/** The sandbox's register has H&E951128469 as "HERRERIA & ELECTRICOS", 06002, regime 601. */
const REGISTERED = {
	rfc: 'H&E951128469',
	nombre: 'HERRERIA & ELECTRICOS',
	usoCFDI: 'G03',
	regimenFiscalReceptor: '601',
	domicilioFiscalReceptor: '06002',
};

describe("the service's refusal of the recipient, on its field", () => {
	test('a postal code not registered for the RFC: CFDI40147 on domicilioFiscalReceptor, with the fix', async () => {
		const { items } = await kit.engine.runNode(
			createParams(
				invoiceVoucher({ receptor: { ...REGISTERED, domicilioFiscalReceptor: '06600' } }),
			),
			[{}],
			{ continueOnFail: true },
		);
		expect(items).toHaveLength(1);
		const json = items[0].json;
		expect(json.error).toMatch(/^Item 0: The service refused the voucher: CFDI40147: /);
		expect(json.status).toBe('rejected');
		const expected = {
			field: 'domicilioFiscalReceptor',
			path: 'receptor.domicilioFiscalReceptor',
			satCode: 'CFDI40147',
			message: expect.stringContaining('DomicilioFiscalReceptor'),
			fix: "Use the postal code of the fiscal address on the buyer's Constancia de Situación Fiscal (5 digits).",
		};
		expect(json.recipient).toEqual(expected);
		expect(json.recipientProblems).toEqual([expected]);
		expect(kit.sandbox.stampCount()).toBe(0);
	});

	test('name and regime refused together: each on its field, the fixes in the description', async () => {
		// A name the node cannot put right (not the registered one) and a regime other than 601.
		const { error } = await kit.engine.runNode(
			createParams(
				invoiceVoucher({
					receptor: {
						...REGISTERED,
						nombre: 'HERRERIA Y ELECTRICOS',
						regimenFiscalReceptor: '603',
					},
				}),
			),
			[{}],
		);
		expect(error?.message).toContain('CFDI40145');
		expect(error?.description).toContain(
			"receptor.nombre: Write the legal name exactly as on the buyer's Constancia de Situación Fiscal",
		);
		expect(error?.description).toContain(
			'receptor.regimenFiscalReceptor: Use the tax regime registered',
		);
		const { items } = await kit.engine.runNode(
			createParams(
				invoiceVoucher({
					receptor: {
						...REGISTERED,
						nombre: 'HERRERIA Y ELECTRICOS',
						regimenFiscalReceptor: '603',
					},
				}),
			),
			[{}],
			{ continueOnFail: true },
		);
		expect(
			(items[0].json.recipientProblems as Array<{ field: string; satCode: string }>).map((p) => [
				p.field,
				p.satCode,
			]),
		).toEqual([
			['nombre', 'CFDI40145'],
			['regimenFiscalReceptor', 'CFDI40158'],
		]);
	});

	test('a refusal of something else carries no recipient part', async () => {
		const { items } = await kit.engine.runNode(
			createParams(invoiceVoucher({ serie: 'ZZ' })),
			[{}],
			{ continueOnFail: true },
		);
		expect(items[0].json.error).toContain('FAC112');
		expect(items[0].json).not.toHaveProperty('recipient');
	});
});

const V11 = { typeVersion: 1.1 };

/** A one-line IVA 16 % invoice typed in the form: no series, no folio. */
const FORM_INVOICE: INodeParameters = {
	...FORM_PARTIES,
	conceptos: {
		concepto: [{ descripcion: 'Keyboard', claveProdServ: '43232408', valorUnitario: 350 }],
	},
};

describe('the simplified stamping output (version 1.1)', () => {
	test('a form invoice gives its subtotal and taxes, and no series member when it has none', async () => {
		const { items, error } = await kit.engine.runNode(FORM_INVOICE, [{}], V11);
		expect(error).toBeUndefined();
		const json = items[0].json;
		expect(Object.keys(json)).toEqual([
			'status',
			'uuid',
			'voucherId',
			// What it is to its recipient: E-mail → Send's default subject names it ("Tu factura").
			'voucherKind',
			// The Duplicate Check's folio (the sale's key); the form set no series.
			'folio',
			'recipientRfc',
			'recipientName',
			// E-mail → Send's default subject names the issuer when the folio is a content code.
			'issuerName',
			'subtotal',
			'taxes',
			'total',
			'currency',
			'message',
		]);
		expect(json).toMatchObject({
			status: 'stamped',
			voucherKind: 'invoice',
			subtotal: 350,
			taxes: 56,
			total: 406,
		});
		expect(Object.values(json)).not.toContain(null);
	});

	test('withheld taxes and a discount are shown where the voucher has them', () => {
		const body = invoiceVoucher({
			descuento: 100.75,
			total: 868,
			impuestos: { totalImpuestosTrasladados: 144, totalImpuestosRetenidos: 176 },
		});
		const output = stampOutput(
			{ kind: 'done', status: 'stamped', result: { idComprobante: 9, uuid: 'abc' } },
			undefined,
			{ format: 'simplified', body },
		);
		expect(output).toMatchObject({
			series: 'A',
			subtotal: 1000.75,
			discount: 100.75,
			taxes: 144,
			withheldTaxes: 176,
			total: 868,
		});
	});

	test('a payment receipt shows what was paid, not its own zero subtotal', () => {
		const output = stampOutput(
			{ kind: 'done', status: 'stamped', result: { idComprobante: 9, uuid: 'abc' } },
			undefined,
			{
				format: 'simplified',
				body: {
					tipoDeComprobante: 'P',
					subTotal: 0,
					total: 0,
					moneda: 'XXX',
					complementos: [{ complementoPago20: satGuidePaymentComplement() }],
				},
			},
		);
		expect(output).not.toHaveProperty('subtotal');
		expect(output).not.toHaveProperty('series');
		expect(output).toMatchObject({ uuid: 'ABC', voucherId: 9, voucherKind: 'paymentReceipt' });
	});
});

describe('version 1.1 output: simplified by default, raw on request, version 1 unchanged', () => {
	test('Create leads with the status and uses the key names of Get Status', async () => {
		const { items } = await kit.engine.runNode(
			createParams(invoiceVoucher({ folio: '77' })),
			[{}],
			V11,
		);
		const json = items[0].json;
		expect(Object.keys(json)).toEqual([
			'status',
			'uuid',
			'voucherId',
			'voucherKind',
			'series',
			'folio',
			'recipientRfc',
			'recipientName',
			// E-mail → Send's default subject names the issuer when the folio is a content code.
			'issuerName',
			'subtotal',
			'total',
			'currency',
			'message',
		]);
		expect(json).toMatchObject({
			status: 'stamped',
			series: 'A',
			folio: '77',
			recipientRfc: 'URE180429TM6',
			recipientName: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
			total: 1000.75,
			currency: 'MXN',
		});
		expect(json.message).toBe('Stamped A-77 for URE180429TM6: 1000.75 MXN.');
		const status = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'getStatus' },
			[json],
			V11,
		);
		// One name per concept: what Create says is what Get Status says.
		for (const key of [
			'status',
			'uuid',
			'voucherId',
			'series',
			'folio',
			'recipientRfc',
			'total',
			'currency',
		])
			expect(status.items[0].json[key]).toEqual(json[key]);
	});

	test('a pending save says so and gives the voucher id', async () => {
		const { items } = await kit.engine.runNode(
			createParams(invoiceVoucher(), { stamp: false }),
			[{}],
			V11,
		);
		expect(items[0].json).toMatchObject({
			status: 'pending',
			voucherId: expect.any(Number),
		});
		// Not stamped: no UUID member at all, rather than uuid: null.
		expect(items[0].json).not.toHaveProperty('uuid');
		expect(items[0].json.message).toBe(
			`Saved a series A voucher for URE180429TM6: 1000.75 MXN as pending voucher ${items[0].json.voucherId} (not stamped: stamp it with Update).`,
		);
	});

	test('Output = Raw, and version 1, give the service answer as before', async () => {
		const raw = await kit.engine.runNode(
			createParams(invoiceVoucher(), { output: 'raw' }),
			[{}],
			V11,
		);
		// Another voucher (its own folio): the same content again would return the first one.
		const version1 = await kit.engine.runNode(createParams(invoiceVoucher({ folio: '2' })), [{}]);
		for (const { items } of [raw, version1]) {
			expect(Object.keys(items[0].json)).toEqual([
				'esValido',
				'idComprobante',
				'errores',
				'uuid',
				'subEstatusId',
				'descripcion',
				'status',
			]);
			expect(items[0].json).toMatchObject({ esValido: true, status: 'stamped' });
		}
	});

	test("a payment receipt shows each invoice's balance left", async () => {
		const invoice = await stampInvoice(kit.sandbox);
		const { items, error } = await kit.engine.runNode(
			receiptParams([{ uuid: invoice, amountPaid: 580 }]),
			[{}],
			V11,
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ status: 'stamped', total: 580, currency: 'MXN' });
		expect(items[0].json.invoices).toEqual([
			{
				uuid: invoice,
				series: expect.anything(),
				folio: expect.anything(),
				installment: 1,
				previousBalance: 1160,
				paid: 580,
				balanceLeft: 580,
				currency: 'MXN',
			},
		]);
	});
});
