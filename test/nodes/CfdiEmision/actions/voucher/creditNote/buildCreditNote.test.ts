/**
 * A credit note built (actions/voucher/creditNote/buildCreditNote.ts): the note itself, its refusals
 * (each with its field, figures and fix), the money it stands for and a related invoice read from
 * its XML. Beside it: buildCreditNote.limits (what it may credit at most), .singleAmount (the taxes
 * a single amount takes) and .concepts (the concepts written).
 *
 * Also covers: nodes/CfdiEmision/cfdi/kinds/index.ts (the kinds' barrel these tests import),
 * nodes/CfdiEmision/actions/voucher/creditNote/index.ts (the credit note's face).
 */
import { readStampedCfdi } from '../../../../../../nodes/CfdiEmision/stampedXml/stampedCfdi';
import { KindInputError } from '../../../../../../nodes/CfdiEmision/cfdi/kinds/taxRates';
import {
	buildCreditNote,
	creditedInvoiceFromCfdi,
	creditNoteMoney,
} from '../../../../../../nodes/CfdiEmision/actions/voucher/creditNote';
import {
	creditNote,
	creditNoteInput,
	INVOICE_UUID,
	IVA16,
	SECOND_UUID,
	kindRefusal,
	validateWithKinds,
	CREDITED_LINE,
	creditNoteInput as note,
} from '../../../../../support/kindFixtures';

const base = creditNoteInput();

describe('credit note (type E)', () => {
	it('credits a single amount with the related invoice taxes, taxes included', () => {
		const voucher = creditNote();
		expect(voucher).toMatchObject({
			tipoDeComprobante: 'E',
			metodoPago: 'PUE',
			formaPago: '03',
			moneda: 'MXN',
			exportacion: '01',
			subTotal: 100,
			total: 116,
		});
		expect(voucher.receptor.usoCFDI).toBe('G02');
		expect(voucher.cfdiRelacionados).toEqual([
			{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: INVOICE_UUID }] },
		]);
		expect(voucher.conceptos).toEqual([
			{
				claveProdServ: '84111506',
				cantidad: '1',
				claveUnidad: 'ACT',
				descripcion: 'Descuento o bonificacion',
				valorUnitario: 100,
				importe: 100,
				objetoImp: '02',
				impuestos: {
					traslados: [
						{ base: 100, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 16 },
					],
				},
			},
		]);
		expect(voucher.impuestos).toEqual({
			traslados: [
				{ base: 100, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 16 },
			],
			totalImpuestosTrasladados: 16,
		});
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('takes an amount before taxes when asked', () => {
		const voucher = buildCreditNote({ ...base, amount: 100, amountIncludesTax: false });
		expect(voucher).toMatchObject({ subTotal: 100, total: 116 });
	});

	it('credits returned goods as lines', () => {
		const voucher = buildCreditNote({
			...base,
			tipoRelacion: '03',
			lines: [
				{
					claveProdServ: '43232408',
					cantidad: 2,
					claveUnidad: 'H87',
					descripcion: 'Keyboard returned',
					valorUnitario: 350,
				},
			],
		});
		expect(voucher).toMatchObject({ subTotal: 700, total: 812 });
		expect(voucher.cfdiRelacionados).toEqual([
			{ tipoRelacion: '03', cfdiRelacionado: [{ uuid: INVOICE_UUID }] },
		]);
		expect(voucher.conceptos[0]).toMatchObject({ cantidad: '2', importe: 700, objetoImp: '02' });
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('refuses to credit more than the invoice total, or than its balance', () => {
		expect(() => buildCreditNote({ ...base, amount: 1160.01 })).toThrow(
			/1160\.01 MXN is more than the related invoice's total \(1160\.00 MXN\)/,
		);
		expect(() => buildCreditNote({ ...base, amount: 1160 })).not.toThrow();
		const withBalance = { ...base, invoices: [{ ...base.invoices[0], saldo: 580 }] };
		expect(() => buildCreditNote({ ...withBalance, amount: 600 })).toThrow(/balance still owed/);
		try {
			buildCreditNote({ ...withBalance, amount: 600 });
		} catch (error) {
			expect(error).toBeInstanceOf(KindInputError);
			expect((error as KindInputError).field).toBe('amount');
		}
	});

	it('refuses a relation type that is not a credit note one, and a note without its invoice', () => {
		expect(() => buildCreditNote({ ...base, tipoRelacion: '04', amount: 10 })).toThrow(
			/Relation type "04"/,
		);
		try {
			buildCreditNote({ ...base, tipoRelacion: '04', amount: 10 });
		} catch (error) {
			expect((error as KindInputError).fix).toMatch(
				/"01" \(credit note\), "03" \(return of goods\) or "07"/,
			);
		}
		expect(() => buildCreditNote({ ...base, invoices: [], amount: 10 })).toThrow(
			/relate the invoice/,
		);
		expect(() => buildCreditNote({ ...base })).toThrow(/neither lines nor an amount/);
	});

	it('asks for lines when the invoice has several bases', () => {
		const mixed = {
			...base,
			invoices: [
				{
					uuid: INVOICE_UUID,
					total: 1700,
					taxes: [
						{ ...IVA16, base: 1000 },
						{ impuesto: '002', tipoFactor: 'Exento', base: 540 },
					],
				},
			],
		};
		expect(() => buildCreditNote({ ...mixed, amount: 100 })).toThrow(/different bases/);
	});

	it('reads the related invoice from its stamped XML', () => {
		const xml = `<?xml version="1.0" encoding="utf-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Serie="A" Folio="7" Total="1160.00" SubTotal="1000.00" Moneda="MXN" TipoDeComprobante="I" MetodoPago="PUE">
  <cfdi:Conceptos><cfdi:Concepto Importe="1000.00"><cfdi:Impuestos><cfdi:Traslados>
    <cfdi:Traslado Base="1000.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="160.00"/>
  </cfdi:Traslados></cfdi:Impuestos></cfdi:Concepto></cfdi:Conceptos>
  <cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" UUID="${SECOND_UUID}"/></cfdi:Complemento>
</cfdi:Comprobante>`;
		const invoice = creditedInvoiceFromCfdi(readStampedCfdi(xml));
		expect(invoice).toEqual({
			uuid: SECOND_UUID,
			total: 1160,
			moneda: 'MXN',
			taxes: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, base: 1000, importe: 160 }],
		});
		const voucher = buildCreditNote({ ...base, invoices: [invoice], amount: 232 });
		expect(voucher).toMatchObject({ subTotal: 200, total: 232 });
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});
});

describe('credit notes that cannot be built are refused, saying what to give', () => {
	it.each([
		['0', 0],
		['a negative amount', -116],
		['text', 'all of it'],
		['an empty amount', ''],
	])('an amount of %s and no lines', (_name, amount) => {
		expect(kindRefusal(() => buildCreditNote(note({ amount })))).toEqual({
			field: 'lines',
			message: 'The credit note has neither lines nor an amount.',
			fix: 'Give the credited lines, or the amount to credit.',
		});
	});

	it('a relation type a credit note does not use', () => {
		expect(kindRefusal(() => buildCreditNote(note({ tipoRelacion: '04', amount: 10 })))).toEqual({
			field: 'tipoRelacion',
			message: 'Relation type "04" is not one a credit note uses.',
			fix: 'Use "01" (credit note), "03" (return of goods) or "07" (advance applied).',
		});
	});

	it.each([
		['no invoice', []],
		['an invoice without UUID', [{ uuid: '', total: 100 }]],
		[
			'a blank UUID after a good one',
			[
				{ uuid: INVOICE_UUID, total: 100 },
				{ uuid: '   ', total: 100 },
			],
		],
	])('%s', (_name, invoices) => {
		expect(kindRefusal(() => buildCreditNote(note({ invoices, amount: 10 })))).toEqual({
			field: 'invoices',
			message: 'A credit note must relate the invoice it corrects.',
			fix: 'Give the UUID of each related invoice.',
		});
	});
});

describe('the money a credit note stands for (for the reconciliation rule)', () => {
	it('a single tax-included amount, in the currency of the note with its decimals', () => {
		expect(creditNoteMoney(note({ amount: '116.5' }))).toEqual({
			amount: '116.50',
			currency: 'MXN',
			from: 'the amount to credit',
			field: 'amount',
			fix: 'the amount',
		});
		expect(
			creditNoteMoney(
				note({
					amount: 116,
					amountIncludesTax: true,
					invoices: [{ uuid: INVOICE_UUID, total: 116, moneda: 'USD' }],
				}),
			),
		).toMatchObject({ amount: '116.00', currency: 'USD' });
		expect(creditNoteMoney(note({ amount: 116, moneda: 'EUR' }))).toMatchObject({
			currency: 'EUR',
		});
		expect(
			creditNoteMoney(note({ amount: 116, invoices: [{ uuid: INVOICE_UUID, total: 116 }] })),
		).toMatchObject({ currency: 'MXN' });
	});

	it('none for lines, an amount before taxes, or no amount to credit', () => {
		expect(creditNoteMoney(note({ amount: 116, lines: [CREDITED_LINE] }))).toBeUndefined();
		expect(creditNoteMoney(note({ amount: 116, lines: [] }))).toBeDefined();
		expect(creditNoteMoney(note({ amount: 100, amountIncludesTax: false }))).toBeUndefined();
		expect(creditNoteMoney(note({ amount: 0 }))).toBeUndefined();
		expect(creditNoteMoney(note({ amount: -5 }))).toBeUndefined();
		expect(creditNoteMoney(note({}))).toBeUndefined();
	});
});
describe('a related invoice read from its stamped XML', () => {
	const xml = (
		attributes: string,
		uuid = `UUID="${SECOND_UUID}"`,
	) => `<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Total="1160.00" Moneda="MXN" ${attributes}>
  <cfdi:Conceptos><cfdi:Concepto><cfdi:Impuestos><cfdi:Traslados><cfdi:Traslado Base="1000.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="160.00"/></cfdi:Traslados></cfdi:Impuestos></cfdi:Concepto></cfdi:Conceptos>
  <cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" ${uuid}/></cfdi:Complemento>
</cfdi:Comprobante>`;

	it('takes the balance still owed when given (not when blank)', () => {
		const cfdi = readStampedCfdi(xml('TipoDeComprobante="I"'));
		expect(creditedInvoiceFromCfdi(cfdi, 580)).toMatchObject({
			uuid: SECOND_UUID,
			total: 1160,
			saldo: 580,
		});
		expect(creditedInvoiceFromCfdi(cfdi, '')).not.toHaveProperty('saldo');
		expect(creditedInvoiceFromCfdi(cfdi)).not.toHaveProperty('saldo');
		// A voucher that does not say its type is taken as the invoice it is said to be.
		expect(creditedInvoiceFromCfdi(readStampedCfdi(xml(''))).uuid).toBe(SECOND_UUID);
	});

	it('refuses an XML without UUID (not stamped) and a voucher that is not an income invoice', () => {
		expect(
			kindRefusal(() => creditedInvoiceFromCfdi(readStampedCfdi(xml('TipoDeComprobante="I"', '')))),
		).toEqual({
			field: 'invoices',
			message: 'The related XML has no TimbreFiscalDigital UUID: it is not a stamped CFDI.',
			fix: 'Check the UUID of the related invoice.',
		});
		expect(
			kindRefusal(() => creditedInvoiceFromCfdi(readStampedCfdi(xml('TipoDeComprobante="E"')))),
		).toEqual({
			field: 'invoices',
			message: `Voucher ${SECOND_UUID} is of type E, not an income invoice (I): a credit note corrects an invoice.`,
			fix: 'Relate the income invoice the credit note corrects (a credit note or a payment receipt is not credited).',
		});
		expect(() => creditedInvoiceFromCfdi(readStampedCfdi(xml('TipoDeComprobante="P"')))).toThrow(
			/type P, not an income invoice/,
		);
	});
});
