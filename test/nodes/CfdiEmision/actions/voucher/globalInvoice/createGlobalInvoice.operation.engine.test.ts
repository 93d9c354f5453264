/**
 * Voucher > Create Global Invoice through n8n-core's engine against the sandbox: the input items
 * (one sale each) as one voucher to the general public with InformacionGlobal, and example 06's
 * path. Its period, one set of settings and each sale once: globalInvoiceFromSales.engine.test.ts
 * beside it; the sales already documented: documentedSaleRules.*.test.ts.
 */
import type { INodeParameters, IRun } from 'n8n-workflow';

import { useSandboxEngine } from '../../../../../support/nodeTestKit';
import { satCheckedTotal } from '../../../../../support/satLimits';
import { routes } from '../../../../../support/sandboxCredential';
import {
	findElement,
	globalParams,
	issuingCalls,
	outputOf,
	runExample,
	SALES,
	sentBody,
	stampedXml,
} from '../../../../../support/kindsKit';

/* eslint-disable @typescript-eslint/no-explicit-any */
const kit = useSandboxEngine();

describe('voucher: create global invoice', () => {
	test('all the input items (one sale each) become one voucher to the general public, stamped with InformacionGlobal', async () => {
		const { items, error } = await kit.engine.runNode(globalParams(), SALES);
		expect(error).toBeUndefined();
		expect(issuingCalls(kit.sandbox).map((r) => r.route)).toEqual([
			'createVoucher',
			'updateVoucher',
		]);
		const body = sentBody(kit.sandbox) as any;
		expect(body.receptor).toEqual({
			rfc: 'XAXX010101000',
			nombre: 'PUBLICO EN GENERAL',
			usoCFDI: 'S01',
			regimenFiscalReceptor: '616',
			domicilioFiscalReceptor: '64000',
		});
		expect(body.informacionGlobal).toEqual({ periodicidad: '04', meses: '05', anio: 2024 });
		expect(
			body.conceptos.map((c: any) => [
				c.noIdentificacion,
				c.claveProdServ,
				c.claveUnidad,
				c.descripcion,
				c.valorUnitario,
			]),
		).toEqual([
			['T-0001', '01010101', 'ACT', 'Venta', 100],
			['T-0002', '01010101', 'ACT', 'Venta', 50],
			['T-0003', '01010101', 'ACT', 'Venta', 20],
		]);
		expect(body).toMatchObject({
			tipoDeComprobante: 'I',
			metodoPago: 'PUE',
			subTotal: 170,
			total: 197.2,
			fecha: '2024-06-01T09:00:00',
		});

		// One output item, paired with every sale.
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ status: 'stamped' });
		expect(items[0].pairedItem).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const xml = await stampedXml(kit.sandbox, String(items[0].json.uuid));
		expect(xml.children[0]).toMatchObject({
			name: 'cfdi:InformacionGlobal',
			attrs: { Periodicidad: '04', Meses: '05', Año: '2024' },
		});
		expect(
			findElement(xml, 'cfdi:Conceptos')?.children.map((c) => c.attrs.NoIdentificacion),
		).toEqual(['T-0001', 'T-0002', 'T-0003']);
	});

	test('each global invoice lists the sales it declares (ticket, amount), answered again too; the hint counts the input items it answers', async () => {
		const hintsOf = (run: IRun) =>
			(run.data.resultData.runData[run.data.resultData.lastNodeExecuted!]?.[0]?.hints ?? []).map(
				(hint) => hint.message,
			);
		const declared = SALES.map((sale) => ({ ticket: sale.ticket, amount: sale.total }));
		const first = await kit.engine.runNode(
			globalParams({ duplicateCheck: 'returnExisting' }),
			SALES,
		);
		expect(first.items.map((item) => [item.json.status, item.json.declaredSales])).toEqual([
			['stamped', declared],
		]);
		const again = await kit.engine.runNode(
			globalParams({ duplicateCheck: 'returnExisting' }),
			SALES,
		);
		expect(again.items.map((item) => [item.json.status, item.json.declaredSales])).toEqual([
			['alreadyStamped', declared],
		]);
		expect(hintsOf(again.run)).toEqual([
			"Items 0, 1, 2 were answered with an existing voucher (status alreadyStamped or alreadyPending): nothing was stamped for them, and the UUID given is the earlier voucher's (see duplicateCheck in the item).",
		]);
		expect(kit.sandbox.stampCount()).toBe(1);
	});

	test('sales at their own rate, amounts before taxes', async () => {
		const { error } = await kit.engine.runNode(
			globalParams({ salePricesIncludeTax: false, saleIvaRate: '={{ $json.rate }}' }),
			[
				{ ticket: 'A', total: 100, rate: '0.16' },
				{ ticket: 'B', total: 80, rate: '0' },
			],
		);
		expect(error).toBeUndefined();
		const body = sentBody(kit.sandbox) as any;
		expect(body).toMatchObject({ subTotal: 180, total: 196 });
		expect(body.impuestos.traslados.map((t: any) => [t.tasaOCuota, t.base, t.importe])).toEqual([
			[0.16, 100, 16],
			[0, 80, 0],
		]);
	});

	test("tax-included sales no base reaches by rounding to nearest (version 1.1): each sale to the cent, its IVA within the SAT's limits, named", async () => {
		// 1.05 and 50.06: at 16 % no base b gives b + round(b × 0.16) equal to them (each alone lands 0.01
		// off); b + (b × 0.16 rounded up) does, and the SAT accepts either rounding (Anexo 20's limits).
		const sales = [
			{ ticket: 'T-1', total: 1.05 },
			{ ticket: 'T-2', total: 50.06 },
			{ ticket: 'T-3', total: 116 },
		];
		const { items, error } = await kit.engine.runNode(globalParams(), sales, { typeVersion: 1.1 });
		expect(error).toBeUndefined();
		expect((sentBody(kit.sandbox) as any).total).toBe(167.11);
		expect(items[0].json).toMatchObject({
			status: 'stamped',
			reconciliation: {
				outcome: 'centsMoved',
				sourceTotal: '167.11',
				voucherTotal: '167.11',
				from: 'the sum of the 3 sales',
			},
		});
		const sent = sentBody(kit.sandbox) as any;
		// Each sale's line carries what the buyer paid: base + IVA = the sale.
		expect(
			sent.conceptos.map((concepto: any) => [
				concepto.noIdentificacion,
				concepto.importe,
				concepto.impuestos.traslados[0].importe,
			]),
		).toEqual([
			['T-1', 0.9, 0.15],
			['T-2', 43.15, 6.91],
			['T-3', 100, 16],
		]);
		expect(satCheckedTotal(sent).toFixed(2)).toBe('167.11');
		expect((items[0].json.reconciliation as any).note).toContain(
			`conceptos[1] (T-2, "Venta")'s IVA 16 % is 6.91 on base 43.15 (6.90 rounded; the SAT accepts 6.90 to 6.91)`,
		);
	});

	const wrong: Array<[string, INodeParameters, RegExp]> = [
		[
			'a bimonthly month with monthly periodicity',
			globalParams({ globalMonth: '13' }),
			/informacionGlobal\.meses "13" is a bimonthly period/,
		],
		[
			'a single month with bimonthly periodicity',
			globalParams({ globalPeriodicity: '05' }),
			/informacionGlobal\.meses "05" is a single month/,
		],
		[
			'periodicity 06',
			globalParams({ globalPeriodicity: '06' }),
			/informacionGlobal\.periodicidad "06" is not a c_Periodicidad code/,
		],
		[
			'a year two years back',
			globalParams({ globalYear: 2022 }),
			/informacionGlobal\.anio 2022 is neither the year of issue \(2024\) nor the previous one/,
		],
		[
			'a sale amount that is not a number',
			globalParams({ saleAmount: '={{ $json.ticket === "T-0002" ? "abc" : $json.total }}' }),
			/Item 0: Sale of input item 1 \(Sale Amount\): Sale 2 \(ticket "T-0002"\) has amount "abc", not a number/,
		],
		[
			'a sale without ticket number',
			globalParams({ saleTicket: '={{ $json.ticket === "T-0003" ? "" : $json.ticket }}' }),
			/Sale of input item 2 \(Sale Ticket Number\): Sale 3 has no ticket number/,
		],
		[
			'issuer RFC malformed',
			globalParams({ emisorRfc: 'EKU-9003173C9' }),
			/emisor\.rfc "EKU-9003173C9" is not a valid RFC/,
		],
		[
			'issuer name missing',
			globalParams({ emisorNombre: '={{ "" }}' }),
			/emisor\.nombre is missing/,
		],
		[
			'place of issue not a postal code',
			globalParams({ lugarExpedicion: '6400' }),
			/lugarExpedicion "6400" is not a 5-digit postal code/,
		],
		[
			'payment form not in the catalog',
			globalParams({ formaPago: '77' }),
			/formaPago "77" is not a c_FormaPago code/,
		],
		[
			'IVA at 15 %',
			globalParams({ saleIvaRate: '0.15' }),
			/conceptos\[0\]\.impuestos\.traslados\[0\]\.tasaOCuota 0\.15 is not valid/,
		],
		[
			'ISR withheld at 40 %',
			globalParams({ saleIsrWithheldRate: 40 }),
			/conceptos\[0\]\.impuestos\.retenciones\[0\]\.tasaOCuota 0\.4 is not valid/,
		],
		[
			'a fiscal legend without text',
			globalParams({ fiscalLegends: { legend: [{ textoLeyenda: '', norma: 'X' }] } }),
			/complemento\.leyendasFiscales\.leyenda\[0\]\.textoLeyenda is missing/,
		],
	];

	test.each(wrong)('stops locally with nothing sent: %s', async (_name, params, message) => {
		const { error } = await kit.engine.runNode(params, SALES);
		expect(error?.message).toMatch(message);
		expect(issuingCalls(kit.sandbox)).toEqual([]);
	});
});

describe('example 06: month-end global invoice (its "Try it" path)', () => {
	test('the sample sales become one global invoice for the previous month', async () => {
		const run = await runExample(kit.sandbox, 'globalInvoice', 'Try it: invoice sample sales');
		expect(run.data.resultData.error).toBeUndefined();
		const [outcome] = outputOf(run, 'Outcome');
		expect(outcome.json).toEqual({
			globalInvoiceUuid: expect.any(String),
			status: 'stamped',
			sales: 4,
		});
		const stored = [...kit.sandbox.vouchers.values()].find(
			(voucher) => voucher.uuid === outcome.json.globalInvoiceUuid,
		);
		const body = stored?.body as any;
		expect(body.conceptos.map((c: any) => c.noIdentificacion)).toEqual([
			'T-0001',
			'T-0002',
			'T-0003',
			'T-0004',
		]);
		expect(body).toMatchObject({ subTotal: 1070, total: 1241.2 });
		// The previous month in Mexico City, as the example's expressions compute it.
		const today = Object.fromEntries(
			new Intl.DateTimeFormat('en-US', {
				timeZone: 'America/Mexico_City',
				year: 'numeric',
				month: 'numeric',
			})
				.formatToParts(new Date())
				.map((part) => [part.type, part.value]),
		);
		const month = Number(today.month) === 1 ? 12 : Number(today.month) - 1;
		const year = Number(today.month) === 1 ? Number(today.year) - 1 : Number(today.year);
		expect(body.informacionGlobal).toEqual({
			periodicidad: '04',
			meses: String(month).padStart(2, '0'),
			anio: year,
		});
		expect(stored?.xml).toContain('<cfdi:InformacionGlobal Periodicidad="04"');
	});

	test('warns in the output when stamped more than 24 hours after the period closed; not when in time', async () => {
		const inTime = await kit.engine.runNode(globalParams(), SALES, { typeVersion: 1.1 });
		expect(inTime.error).toBeUndefined();
		expect(inTime.items[0].json).not.toHaveProperty('deadlineWarning');
		const late = await kit.engine.runNode(
			globalParams({
				globalMonth: '04',
				options: { noCalcularFecha: true, fecha: '2024-06-01T09:00:00' },
			}),
			SALES,
			{ typeVersion: 1.1 },
		);
		expect(late.error).toBeUndefined();
		expect(late.items[0].json).toMatchObject({
			status: 'stamped',
			deadlineWarning: expect.stringMatching(
				/^This global invoice is stamped 753 hours after its period closed \(2024-05-01 00:00 Mexico City time\)/,
			),
		});
	});

	test("the deadline is counted from a voucher date given as an instant, placed on Mexico City's clock", async () => {
		// April 2024 closed at 2024-05-01 00:00 in Mexico City (06:00 UTC): 05:30 UTC on 2 May is
		// 23:30 there, in time. May closed at 2024-06-01 00:00 there: 06:30 UTC on 2 June is 24 hours
		// 30 minutes after, late.
		const run = (globalMonth: string, fecha: string) =>
			kit.engine.runNode(
				globalParams({ globalMonth, options: { noCalcularFecha: true, fecha } }),
				SALES,
				{ typeVersion: 1.1 },
			);
		const inTime = await run('04', '2024-05-02T05:30:00Z');
		expect(inTime.error).toBeUndefined();
		expect(inTime.items[0].json.status).toBe('stamped');
		expect(inTime.items[0].json).not.toHaveProperty('deadlineWarning');
		const late = await run('05', '2024-06-02T06:30:00Z');
		expect(late.error).toBeUndefined();
		expect(late.items[0].json.deadlineWarning).toMatch(
			/^This global invoice is stamped 24 hours after its period closed \(2024-06-01 00:00 Mexico City time\)/,
		);
		expect(routes(kit.sandbox, 'createVoucher').map((r) => JSON.parse(r.body).fecha)).toEqual([
			'2024-05-01T23:30:00',
			'2024-06-02T00:30:00',
		]);
	});
});
