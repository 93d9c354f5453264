/**
 * Voucher > Create Credit Note through n8n-core's engine against the sandbox: the note sent and
 * stamped, its related invoices read from their XML or typed in, and example 05's path.
 *
 * Also covers: nodes/CfdiEmision/actions/voucher/creditNote/creditNoteFromFields.ts,
 * nodes/CfdiEmision/api/relatedInvoices.ts (the credit note built for each item, and the read of
 * the related invoices a credit note refers to).
 */
import type { INodeParameters } from 'n8n-workflow';

import { useSandboxEngine } from '../../../../../support/nodeTestKit';
import { satCheckedTotal } from '../../../../../support/satLimits';
import {
	CUSTOMER,
	creditNoteParams,
	CUSTOMER_FIELDS,
	findElement,
	issuingCalls,
	ISSUER_FIELDS,
	runTryIt,
	sentBody,
	stampedXml,
	stampInvoice,
} from '../../../../../support/kindsKit';

/* eslint-disable @typescript-eslint/no-explicit-any */
const kit = useSandboxEngine();

const UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';

const noteParams = creditNoteParams;

/** A credit note with the invoice figures typed in (Read Related Invoices From Their XML off). */
function typedParams(
	extra: INodeParameters = {},
	invoice: Record<string, unknown> = {},
): INodeParameters {
	return noteParams([{ uuid: UUID, total: 1160, ...invoice }], {
		readRelatedXml: false,
		...ISSUER_FIELDS,
		...CUSTOMER_FIELDS,
		creditIvaRate: '0.16',
		creditAmount: 116,
		...extra,
	});
}

describe('voucher: create credit note', () => {
	test("from the invoice UUID and an amount: reads the invoice XML, relates it (01) with the invoice's taxes, stamps", async () => {
		const invoice = await stampInvoice(kit.sandbox, { paidAtIssue: true });
		kit.sandbox.clearLog();
		const { items, error } = await kit.engine.runNode(
			noteParams([{ uuid: invoice }], { creditAmount: 116, formaPago: '03' }),
			[{}],
		);
		expect(error).toBeUndefined();
		expect(kit.sandbox.requests.filter((r) => r.server === 'api').map((r) => r.route)).toEqual([
			'downloadXml',
			// One read for the Duplicate Check and the credit notes already stamped against the invoice.
			'listVouchers',
			'createVoucher',
			'updateVoucher',
			'listVouchers',
		]);
		const body = sentBody(kit.sandbox) as any;
		expect(body).toMatchObject({
			tipoDeComprobante: 'E',
			metodoPago: 'PUE',
			formaPago: '03',
			moneda: 'MXN',
			subTotal: 100,
			total: 116,
			serie: 'NC',
		});
		expect(body.receptor).toEqual({ ...CUSTOMER, usoCFDI: 'G02' });
		expect(body.cfdiRelacionados).toEqual([
			{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: invoice }] },
		]);
		expect(body.conceptos[0]).toMatchObject({
			claveProdServ: '84111506',
			claveUnidad: 'ACT',
			valorUnitario: 100,
			importe: 100,
			objetoImp: '02',
		});
		expect(body.impuestos).toEqual({
			traslados: [
				{ base: 100, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 16 },
			],
			totalImpuestosTrasladados: 16,
		});

		const xml = await stampedXml(kit.sandbox, String(items[0].json.uuid));
		expect(xml.attrs.TipoDeComprobante).toBe('E');
		expect(findElement(xml, 'cfdi:CfdiRelacionados')?.attrs).toEqual({ TipoRelacion: '01' });
		expect(findElement(xml, 'cfdi:CfdiRelacionado')?.attrs).toEqual({ UUID: invoice });
	});

	test('a return of goods as line items, figures typed in, with a fiscal legend', async () => {
		const { items, error } = await kit.engine.runNode(
			typedParams({
				creditRelationType: '03',
				creditBy: 'lines',
				creditLines: {
					line: [
						{
							claveProdServ: '43232408',
							cantidad: 2,
							claveUnidad: 'H87',
							descripcion: 'Keyboard returned',
							valorUnitario: 350,
						},
					],
				},
				fiscalLegends: {
					legend: [
						{
							textoLeyenda: 'Devolucion por defecto de fabrica',
							disposicionFiscal: 'LIVA',
							norma: 'Articulo 7',
						},
					],
				},
			}),
			[{}],
		);
		expect(error).toBeUndefined();
		// The operation reads no XML; the ledger looks the invoice up (the sums do not depend on the
		// setting) and the sandbox does not hold it (404): nothing at this service relates it.
		expect(
			kit.sandbox.requests.filter((r) => r.route === 'downloadXml').map((r) => r.status),
		).toEqual([404]);
		const body = sentBody(kit.sandbox) as any;
		expect(body).toMatchObject({ subTotal: 700, total: 812 });
		expect(body.cfdiRelacionados).toEqual([
			{ tipoRelacion: '03', cfdiRelacionado: [{ uuid: UUID }] },
		]);
		expect(body.complemento.leyendasFiscales).toEqual({
			version: '1.0',
			leyenda: [
				{
					disposicionFiscal: 'LIVA',
					norma: 'Articulo 7',
					textoLeyenda: 'Devolucion por defecto de fabrica',
				},
			],
		});
		const xml = await stampedXml(kit.sandbox, String(items[0].json.uuid));
		expect(findElement(xml, 'leyendasFisc:Leyenda')?.attrs).toMatchObject({
			textoLeyenda: 'Devolucion por defecto de fabrica',
		});
	});

	test('the related invoice total limits the credit, read from its XML', async () => {
		const invoice = await stampInvoice(kit.sandbox, { paidAtIssue: true });
		kit.sandbox.clearLog();
		const { error } = await kit.engine.runNode(
			noteParams([{ uuid: invoice }], { creditAmount: 1200 }),
			[{}],
		);
		expect(error?.message).toBe(
			"Item 0: Amount: The credit note total 1200.00 MXN is more than the related invoice's total (1160.00 MXN).",
		);
		expect(error?.description).toBe('Credit at most 1160.00 MXN. Nothing was sent to the service.');
		expect(issuingCalls(kit.sandbox)).toEqual([]);
	});

	const wrong: Array<[string, INodeParameters, RegExp]> = [
		[
			'more than the invoice balance',
			typedParams({}, { balance: 100 }),
			/Amount: The credit note total 116\.00 MXN is more than the balance still owed/,
		],
		[
			'a relation type of another voucher kind',
			typedParams({ creditRelationType: '02' }),
			/Relation Type: Relation type "02" is not one a credit note uses/,
		],
		[
			'no related invoice',
			typedParams({ creditedInvoices: { invoice: [] } }),
			/Item 0: Related Invoices is empty/,
		],
		[
			'invoice UUID malformed',
			typedParams({}, { uuid: 'A-1' }),
			/cfdiRelacionados\[0\]\.cfdiRelacionado\[0\]\.uuid "A-1" is not a UUID/,
		],
		[
			'payment form not in the catalog',
			typedParams({ formaPago: '77' }),
			/formaPago "77" is not a c_FormaPago code/,
		],
		[
			'CFDI use of payment receipts',
			typedParams({ receptorUsoCfdi: 'CP01' }),
			/receptor\.usoCFDI "CP01" is only for vouchers of type "P"/,
		],
		[
			'line item code of 3 digits',
			typedParams({
				creditBy: 'lines',
				creditLines: {
					line: [
						{
							claveProdServ: '431',
							cantidad: 1,
							claveUnidad: 'H87',
							descripcion: 'X',
							valorUnitario: 10,
						},
					],
				},
			}),
			/conceptos\[0\]\.claveProdServ "431" is not an 8-digit/,
		],
		[
			'line item at price 0',
			typedParams({
				creditBy: 'lines',
				creditLines: {
					line: [
						{
							claveProdServ: '43232408',
							cantidad: 1,
							claveUnidad: 'H87',
							descripcion: 'X',
							valorUnitario: 0,
						},
					],
				},
			}),
			/conceptos\[0\]\.valorUnitario is 0/,
		],
		[
			'amount 0',
			typedParams({ creditAmount: 0 }),
			/Amount: The credit note has neither lines nor an amount/,
		],
		[
			'a currency not in the catalog',
			typedParams({ moneda: 'ZZZ' }),
			/moneda "ZZZ" is not a c_Moneda code/,
		],
		[
			'USD without its exchange rate',
			typedParams({ moneda: 'USD' }),
			/tipoCambio is missing; it is required when moneda is "USD"/,
		],
		['recipient name missing', typedParams({ receptorNombre: '' }), /receptor\.nombre is missing/],
		[
			'IVA at 15 %',
			typedParams({ creditIvaRate: '0.15' }),
			/conceptos\[0\]\.impuestos\.traslados\[0\]\.tasaOCuota 0\.15 is not valid/,
		],
		[
			'a related voucher of a wrong type code',
			typedParams({ relatedVouchers: { relation: [{ tipoRelacion: '09', uuids: UUID }] } }),
			/cfdiRelacionados\[1\]\.tipoRelacion "09" is not a c_TipoRelacion code/,
		],
	];

	test.each(wrong)('stops locally with nothing sent: %s', async (_name, params, message) => {
		const { error } = await kit.engine.runNode(params, [{}]);
		expect(error?.message).toMatch(message);
		expect(issuingCalls(kit.sandbox)).toEqual([]);
	});
	test("a single amount no base reaches by rounding to nearest (version 1.1): the amount asked to the cent, its IVA rounded up within the SAT's limits (before: 0.01 below)", async () => {
		const { items, error } = await kit.engine.runNode(typedParams({ creditAmount: 50.06 }), [{}], {
			typeVersion: 1.1,
		});
		expect(error).toBeUndefined();
		const sent = sentBody(kit.sandbox) as any;
		expect(sent.total).toBe(50.06);
		// base 43.15: 43.15 × 0.16 = 6.904, sent as 6.91 (the SAT accepts 6.90 to 6.91), not 6.90.
		expect(sent.conceptos[0].impuestos.traslados[0]).toMatchObject({ base: 43.15, importe: 6.91 });
		expect(sent.impuestos).toMatchObject({ totalImpuestosTrasladados: 6.91 });
		expect(satCheckedTotal(sent).toFixed(2)).toBe('50.06');
		expect(items[0].json).toMatchObject({
			status: 'stamped',
			reconciliation: {
				outcome: 'centsMoved',
				sourceTotal: '50.06',
				voucherTotal: '50.06',
				from: 'the amount to credit',
			},
		});
		expect((items[0].json.reconciliation as any).note).toContain(
			"'s IVA 16 % is 6.91 on base 43.15 (6.90 rounded; the SAT accepts 6.90 to 6.91)",
		);
	});

	test('an invoice whose total is unknown (XML not read, total empty): refused before any request, saying what is needed', async () => {
		const { error } = await kit.engine.runNode(typedParams({}, { total: '' }), [{}]);
		expect(error?.message).toMatch(
			/The total of invoice 5FB2822E-396D-4725-8521-CDC4BDD20CCF is not known, so the credit note cannot be checked against what the invoice still owes/,
		);
		expect((error as any)?.description).toContain(
			"Give the invoice's total (or its balance), or read the invoice from its XML.",
		);
		expect(issuingCalls(kit.sandbox)).toEqual([]);
	});
});

describe('example 05: refund → credit note (its "Try it" path)', () => {
	test('stamps the sample invoice, then a credit note of 116.00 relating it (01) with its IVA', async () => {
		const {
			invoice,
			outcome,
			voucher: note,
		} = await runTryIt(
			kit.sandbox,
			'creditNote',
			'Try it: refund part of a sample invoice',
			'creditNoteUuid',
		);
		expect(outcome).toEqual({
			creditNoteUuid: expect.any(String),
			status: 'stamped',
			invoiceUuid: invoice.uuid,
			refunded: 116,
		});
		const body = note?.body as any;
		expect(body).toMatchObject({
			tipoDeComprobante: 'E',
			metodoPago: 'PUE',
			formaPago: '03',
			subTotal: 100,
			total: 116,
		});
		expect(body.receptor).toMatchObject({
			rfc: 'URE180429TM6',
			nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
			usoCFDI: 'G02',
		});
		expect(body.conceptos[0].descripcion).toBe('Discount for late delivery');
		expect(note?.xml).toContain(`<cfdi:CfdiRelacionados TipoRelacion="01">`);
		expect(note?.xml).toContain(`<cfdi:CfdiRelacionado UUID="${String(invoice.uuid)}"/>`);
	});
});
