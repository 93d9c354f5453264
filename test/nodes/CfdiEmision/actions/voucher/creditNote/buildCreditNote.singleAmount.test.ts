/** The taxes a credit note's single amount takes (actions/voucher/creditNote/buildCreditNote.ts), every amount from 0.02 to 20.00, and an amount that is the whole invoice. */
import Decimal from 'decimal.js';
import { readStampedCfdi } from '../../../../../../nodes/CfdiEmision/stampedXml/stampedCfdi';
import {
	buildCreditNote,
	creditedInvoiceFromCfdi,
	creditNoteMoney,
} from '../../../../../../nodes/CfdiEmision/actions/voucher/creditNote';
import {
	INVOICE_UUID,
	IVA16,
	SECOND_UUID,
	kindRefusal,
	validateWithKinds,
	ISR10,
	CREDITED_LINE,
	creditNoteInput as note,
} from '../../../../../support/kindFixtures';

describe('the taxes a single amount takes', () => {
	it('those of the related invoices when they agree, whatever their order or how the rate is written', () => {
		const invoices = [
			{ uuid: INVOICE_UUID, total: 11600, moneda: 'MXN', taxes: [IVA16, ISR10] },
			{
				uuid: SECOND_UUID,
				total: 11600,
				moneda: 'MXN',
				taxes: [
					{ ...ISR10, tasaOCuota: '0.100000' },
					{ ...IVA16, tasaOCuota: '0.16' },
				],
			},
		];
		// 1,060.00 = base 1,000.00 + IVA 160.00 − ISR 100.00.
		const voucher = buildCreditNote(note({ invoices, amount: 1060 }));
		expect(voucher.conceptos[0].impuestos).toEqual({
			traslados: [
				{ base: 1000, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 160 },
			],
			retenciones: [
				{ base: 1000, impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: 0.1, importe: 100 },
			],
		});
		expect(voucher).toMatchObject({ subTotal: 1000, total: 1060 });
	});

	it.each([
		['another rate', [{ ...IVA16, tasaOCuota: 0.08 }]],
		['the same rate withheld instead of transferred', [{ ...IVA16, withheld: true }]],
		['another tax', [{ ...IVA16, impuesto: '003' }]],
		['exempt', [{ impuesto: '002', tipoFactor: 'Exento' }]],
		['no taxes', []],
	])('related invoices with different taxes (%s) cannot share one amount', (_name, taxes) => {
		const invoices = [
			{ uuid: INVOICE_UUID, total: 1160, moneda: 'MXN', taxes: [IVA16] },
			{ uuid: SECOND_UUID, total: 1160, moneda: 'MXN', taxes },
		];
		expect(kindRefusal(() => buildCreditNote(note({ invoices, amount: 116 })))).toEqual({
			field: 'invoices',
			message:
				'The related invoices carry different taxes, so one amount cannot take the taxes of all of them.',
			fix: 'Give the credit note as lines with their taxes, or issue one credit note per invoice.',
		});
		// As lines, each with its taxes, the same credit is accepted.
		expect(buildCreditNote(note({ invoices, lines: [CREDITED_LINE] })).total).toBe(116);
	});

	it('an invoice without taxes gives an untaxed amount; the second of two untaxed invoices agrees with the first', () => {
		const invoices = [
			{ uuid: INVOICE_UUID, total: 1000, moneda: 'MXN' },
			{ uuid: SECOND_UUID, total: 1000, moneda: 'MXN' },
		];
		const voucher = buildCreditNote(note({ invoices, amount: 250 }));
		expect(voucher.conceptos[0]).toMatchObject({
			valorUnitario: 250,
			importe: 250,
			objetoImp: '01',
		});
		expect(voucher.conceptos[0]).not.toHaveProperty('impuestos');
		expect(voucher).toMatchObject({ subTotal: 250, total: 250 });
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('an invoice whose taxes stand on different bases cannot be credited as one amount, but as lines', () => {
		const invoices = [
			{
				uuid: INVOICE_UUID,
				total: 1700,
				moneda: 'MXN',
				taxes: [
					{ ...IVA16, base: 1000 },
					{ impuesto: '002', tipoFactor: 'Exento', base: 540 },
				],
			},
		];
		expect(kindRefusal(() => buildCreditNote(note({ invoices, amount: 100 })))).toEqual({
			field: 'amount',
			message:
				'The related invoice has taxes on different bases (several rates or exempt items), so one amount cannot be split among them.',
			fix: 'Give the credit note as lines, one per rate, with their taxes.',
		});
		// One base for a transfer and a withholding (the withholding's base is not compared): one amount.
		const oneBase = [
			{
				uuid: INVOICE_UUID,
				total: 10600,
				moneda: 'MXN',
				taxes: [
					{ ...IVA16, base: 10000 },
					{ ...ISR10, base: 9999 },
				],
			},
		];
		expect(buildCreditNote(note({ invoices: oneBase, amount: 1060 })).total).toBe(1060);
	});

	it("lines without taxes take the first invoice's rates (not its bases or amounts); a line's own taxes win", () => {
		const invoices = [
			{
				uuid: INVOICE_UUID,
				total: 11600,
				moneda: 'MXN',
				taxes: [
					{ ...IVA16, base: 10000, importe: 1600 },
					{ ...ISR10, base: 10000, importe: 1000 },
				],
			},
		];
		const voucher = buildCreditNote(
			note({
				invoices,
				lines: [
					CREDITED_LINE,
					{
						...CREDITED_LINE,
						descripcion: 'Exempt item',
						taxes: [{ impuesto: '002', tipoFactor: 'Exento' }],
					},
				],
			}),
		);
		expect(voucher.conceptos.map((c) => c.impuestos)).toEqual([
			{
				traslados: [
					{ base: 100, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 16 },
				],
				retenciones: [
					{ base: 100, impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: 0.1, importe: 10 },
				],
			},
			{ traslados: [{ base: 100, impuesto: '002', tipoFactor: 'Exento' }] },
		]);
		expect(voucher).toMatchObject({ subTotal: 200, total: 206 });
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});
});
describe('every single amount at 16 % from 0.02 to 20.00: the note reaches it, or the nearest total below', () => {
	// The oracle: a base b (cents) is taxed as b + round(b × 0.16) (Anexo 20: each concept's tax rounded
	// to the currency's decimals, half up); the amounts reachable are exactly those.
	const taxed = (base: Decimal) =>
		base.plus(base.mul('0.16').toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
	const reachable = new Map<string, Decimal>();
	for (let cents = 1; cents <= 2000; cents++) {
		const base = new Decimal(cents).div(100);
		reachable.set(taxed(base).toFixed(2), base);
	}

	it('reaches every reachable amount with its base and credits the others at the nearest reachable amount below', () => {
		const wrong: string[] = [];
		let unreachable = 0;
		for (let cents = 2; cents <= 2000; cents++) {
			const amount = new Decimal(cents).div(100);
			const voucher = buildCreditNote(note({ amount: amount.toFixed(2) }));
			let expected = amount;
			while (!reachable.has(expected.toFixed(2))) expected = expected.minus('0.01');
			if (!expected.equals(amount)) unreachable++;
			const concept = voucher.conceptos[0];
			if (
				new Decimal(voucher.total as number).toFixed(2) !== expected.toFixed(2) ||
				new Decimal(concept.valorUnitario).toFixed(2) !==
					(reachable.get(expected.toFixed(2)) as Decimal).toFixed(2)
			) {
				wrong.push(`${amount.toFixed(2)}: total ${voucher.total}, base ${concept.valorUnitario}`);
			}
		}
		expect(wrong).toEqual([]);
		// About 1 in 7 amounts has no base at 16 %.
		expect(unreachable).toBeGreaterThan(230);
		expect(unreachable).toBeLessThan(340);
	});
});
describe('a single amount that is the whole of the invoice (issue 27 item 8)', () => {
	// Two keyboards of 431.08 + IVA 68.97 each: the invoice totals 1,000.10, which no one base reaches
	// (862.15 gives 1,000.09 and 862.16 gives 1,000.11: the SAT rounds each concept's tax).
	const invoiceXml = `<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Serie="A" Folio="9" SubTotal="862.16" Total="1000.10" Moneda="MXN" TipoDeComprobante="I" MetodoPago="PUE">
  <cfdi:CfdiRelacionados TipoRelacion="04"><cfdi:CfdiRelacionado UUID="${INVOICE_UUID.toLowerCase()}"/></cfdi:CfdiRelacionados>
  <cfdi:Conceptos>
    <cfdi:Concepto ClaveProdServ="43211706" NoIdentificacion="KB-01" Cantidad="1" ClaveUnidad="H87" Unidad="Pieza" Descripcion="Teclado" ValorUnitario="431.08" Importe="431.08" ObjetoImp="02"><cfdi:Impuestos><cfdi:Traslados>
      <cfdi:Traslado Base="431.08" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="68.97"/></cfdi:Traslados></cfdi:Impuestos></cfdi:Concepto>
    <cfdi:Concepto ClaveProdServ="43211706" NoIdentificacion="KB-01" Cantidad="1" ClaveUnidad="H87" Unidad="Pieza" Descripcion="Teclado" ValorUnitario="431.08" Importe="431.08" ObjetoImp="02"><cfdi:Impuestos><cfdi:Traslados>
      <cfdi:Traslado Base="431.08" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="68.97"/></cfdi:Traslados></cfdi:Impuestos></cfdi:Concepto>
  </cfdi:Conceptos>
  <cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" UUID="${SECOND_UUID}"/></cfdi:Complemento>
</cfdi:Comprobante>`;
	const invoice = creditedInvoiceFromCfdi(readStampedCfdi(invoiceXml));

	it('the XML gives its concepts and relations', () => {
		const cfdi = readStampedCfdi(invoiceXml);
		expect(cfdi.relacionados).toEqual([{ tipoRelacion: '04', uuids: [INVOICE_UUID] }]);
		expect(cfdi.conceptos?.[0]).toEqual({
			claveProdServ: '43211706',
			noIdentificacion: 'KB-01',
			cantidad: '1',
			claveUnidad: 'H87',
			unidad: 'Pieza',
			descripcion: 'Teclado',
			valorUnitario: '431.08',
			taxes: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }],
		});
		expect(invoice.lines).toHaveLength(2);
	});

	it("1,000.10 credits 1,000.10 to the cent: the invoice's own lines, their taxes and the relation", () => {
		const voucher = buildCreditNote(note({ invoices: [invoice], amount: '1000.10' }));
		expect(voucher).toMatchObject({ tipoDeComprobante: 'E', subTotal: 862.16, total: 1000.1 });
		expect(voucher.conceptos.map((line) => [line.descripcion, line.valorUnitario])).toEqual([
			['Teclado', 431.08],
			['Teclado', 431.08],
		]);
		expect(voucher.cfdiRelacionados).toEqual([
			{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: SECOND_UUID }] },
		]);
		expect(validateWithKinds(voucher).errors).toEqual([]);
		const money = creditNoteMoney(note({ invoices: [invoice], amount: '1000.10' }));
		expect(money?.amount).toBe('1000.10');
	});

	it('a part of it stays one concept; the whole of an invoice whose lines are unknown stays the nearest below', () => {
		expect(buildCreditNote(note({ invoices: [invoice], amount: '500.05' })).conceptos).toHaveLength(
			1,
		);
		const { lines: _lines, ...withoutLines } = invoice;
		const nearest = buildCreditNote(note({ invoices: [withoutLines], amount: '1000.10' }));
		expect(nearest.conceptos).toHaveLength(1);
		expect(nearest.total).toBe(1000.09);
	});

	it('an amount before taxes of the whole total: refused saying the taxes go on top, never "credit at most" what was asked', () => {
		const refusal = kindRefusal(() =>
			buildCreditNote(note({ invoices: [invoice], amount: '1000.10', amountIncludesTax: false })),
		);
		expect(refusal).toEqual({
			field: 'amount',
			message:
				"The credit note total 1160.12 MXN is more than the related invoice's total (1000.10 MXN): the amount 1000.10 is before taxes, and the invoice's taxes are added on top.",
			fix: 'To credit the invoice in full, give 1000.10 MXN with Amount Includes Taxes on; or an amount before taxes of at most 862.15 MXN.',
		});
	});
});
