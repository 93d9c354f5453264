/**
 * A credit note built (actions/voucher/creditNote/buildCreditNote.ts).
 *
 * Also covers: nodes/CfdiEmision/cfdi/kinds/index.ts (the kinds' barrel these tests import),
 * nodes/CfdiEmision/actions/voucher/creditNote/index.ts (the credit note's face).
 */
import Decimal from 'decimal.js';
import { readStampedCfdi } from '../../../../../../nodes/CfdiEmision/cfdi/kinds/stampedCfdi';
import { KindInputError } from '../../../../../../nodes/CfdiEmision/cfdi/kinds/taxRates';
import {
	buildCreditNote,
	creditedInvoiceFromCfdi,
	creditNoteMoney,
	type CreditNoteInput,
} from '../../../../../../nodes/CfdiEmision/actions/voucher/creditNote';
import {
	creditNote,
	creditNoteInput,
	INVOICE_UUID,
	IVA16,
	SECOND_UUID,
	kindRefusal,
	validateWithKinds,
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

/**
 * Credit notes (actions/voucher/creditNote/buildCreditNote.ts) as a user meets them: what the note
 * credits at most (the related invoices' totals or balances, one currency), which taxes a single
 * amount takes, the concepts written for lines and for a single amount, and each refusal with its
 * field, figures and fix. Amounts are checked against decimal.js and the SAT's per-concept
 * rounding.
 */

const ISR10 = { impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: 0.1, withheld: true };

const note = creditNoteInput;

const LINE = {
	claveProdServ: '43232408',
	cantidad: 1,
	claveUnidad: 'H87',
	descripcion: 'Keyboard returned',
	valorUnitario: 100,
};

describe('what a credit note may credit at most', () => {
	it('the sum of the related invoices: 1,160.00 + 580.00 credits up to 1,740.00, a cent more is refused with both figures', () => {
		const invoices = [
			{ uuid: INVOICE_UUID, total: 1160, moneda: 'MXN', taxes: [IVA16] },
			{ uuid: SECOND_UUID, total: '580.00', moneda: 'MXN', taxes: [IVA16] },
		];
		const voucher = buildCreditNote(note({ invoices, amount: 1740 }));
		expect(voucher).toMatchObject({ subTotal: 1500, total: 1740 });
		expect(voucher.cfdiRelacionados).toEqual([
			{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: INVOICE_UUID }, { uuid: SECOND_UUID }] },
		]);
		expect(validateWithKinds(voucher).errors).toEqual([]);
		expect(
			kindRefusal(() =>
				buildCreditNote(note({ invoices, amount: '1740.01', amountIncludesTax: true })),
			),
		).toEqual({
			field: 'amount',
			message:
				"The credit note total 1740.01 MXN is more than the related invoice's total (1740.00 MXN).",
			fix: 'Credit at most 1740.00 MXN.',
		});
	});

	it('the balance still owed when one is given, even if only one of the invoices has it; lines are refused on the field "lines"', () => {
		const invoices = [
			{ uuid: INVOICE_UUID, total: 1160, moneda: 'MXN', taxes: [IVA16] },
			{ uuid: SECOND_UUID, total: 1160, saldo: 116, moneda: 'MXN', taxes: [IVA16] },
		];
		// 1,160.00 (no balance given: its total) + 116.00 (its balance) = 1,276.00.
		expect(buildCreditNote(note({ invoices, amount: 1276 })).total).toBe(1276);
		expect(
			kindRefusal(() => buildCreditNote(note({ invoices, lines: [{ ...LINE, cantidad: 12 }] }))),
		).toEqual({
			field: 'lines',
			message:
				'The credit note total 1392.00 MXN is more than the balance still owed on the related invoice (1276.00 MXN).',
			fix: 'Credit at most 1276.00 MXN.',
		});
	});

	it('a balance equal to the invoice total is accepted; a balance above it is refused before anything is built', () => {
		expect(
			buildCreditNote(
				note({
					invoices: [
						{ uuid: INVOICE_UUID, total: 1160, saldo: '1160.00', moneda: 'MXN', taxes: [IVA16] },
					],
					amount: 1160,
				}),
			).total,
		).toBe(1160);
		expect(
			kindRefusal(() =>
				buildCreditNote(
					note({
						invoices: [
							{ uuid: INVOICE_UUID, total: 1160, moneda: 'MXN' },
							{ uuid: SECOND_UUID, total: 1160, saldo: 1160.5, moneda: 'MXN' },
						],
						amount: 10,
					}),
				),
			),
		).toEqual({
			field: 'invoices[1].saldo',
			message: `The balance 1160.5 of invoice ${SECOND_UUID} is more than its total 1160.`,
			fix: 'Give what is still owed on the invoice: its total less what was paid or credited before.',
		});
	});

	it('a balance without the total is the limit', () => {
		const invoices = [{ uuid: INVOICE_UUID, saldo: 232, moneda: 'MXN', taxes: [IVA16] }];
		expect(buildCreditNote(note({ invoices, amount: 232 })).total).toBe(232);
		expect(kindRefusal(() => buildCreditNote(note({ invoices, amount: 232.01 }))).fix).toBe(
			'Credit at most 232.00 MXN.',
		);
	});

	it('an invoice with neither total nor balance is refused: the note could not be checked against what it owes', () => {
		const invoices = [
			{ uuid: INVOICE_UUID, total: 1160, moneda: 'MXN', taxes: [IVA16] },
			{ uuid: SECOND_UUID, total: '', moneda: 'MXN', taxes: [IVA16] },
		];
		expect(kindRefusal(() => buildCreditNote(note({ invoices, amount: 10 })))).toEqual({
			field: 'invoices[1].total',
			message: `The total of invoice ${SECOND_UUID} is not known, so the credit note cannot be checked against what the invoice still owes.`,
			fix: "Give the invoice's total (or its balance), or read the invoice from its XML.",
		});
	});

	it('one currency: an invoice in another currency than the note is refused, naming both', () => {
		const invoices = [
			{ uuid: INVOICE_UUID, total: 1160, moneda: 'MXN', taxes: [IVA16] },
			{ uuid: SECOND_UUID, total: 100, moneda: 'USD', taxes: [IVA16] },
		];
		expect(kindRefusal(() => buildCreditNote(note({ invoices, amount: 10 })))).toEqual({
			field: 'invoices[1].moneda',
			message: `Invoice ${SECOND_UUID} is in USD and the credit note in MXN: one note credits invoices of one currency.`,
			fix: "Issue one credit note per currency, each in its invoices' currency.",
		});
	});

	it("the note takes its invoices' currency, else MXN; an invoice without currency is taken as the note's", () => {
		const usd = buildCreditNote(
			note({
				tipoCambio: '17.25',
				invoices: [{ uuid: INVOICE_UUID, total: 116, moneda: 'USD', taxes: [IVA16] }],
				amount: 116,
			}),
		);
		expect(usd).toMatchObject({ moneda: 'USD', tipoCambio: 17.25, subTotal: 100, total: 116 });
		const unknown = buildCreditNote(
			note({ invoices: [{ uuid: INVOICE_UUID, total: 116, taxes: [IVA16] }], amount: 116 }),
		);
		expect(unknown).toMatchObject({ moneda: 'MXN', total: 116 });
		expect(unknown).not.toHaveProperty('tipoCambio');
		expect(
			buildCreditNote(
				note({
					moneda: 'EUR',
					tipoCambio: 20,
					invoices: [{ uuid: INVOICE_UUID, total: 116, taxes: [IVA16] }],
					amount: 116,
				}),
			).moneda,
		).toBe('EUR');
	});
});

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
		expect(buildCreditNote(note({ invoices, lines: [LINE] })).total).toBe(116);
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
					LINE,
					{
						...LINE,
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

describe('the concepts of a credit note', () => {
	it('a single amount is described after its relation type (SAT guide for egresos), or as the user says', () => {
		const described = (tipoRelacion: string, extra: Partial<CreditNoteInput> = {}) =>
			buildCreditNote(note({ tipoRelacion, amount: 116, ...extra })).conceptos[0];
		expect(described('01')).toMatchObject({
			claveProdServ: '84111506',
			claveUnidad: 'ACT',
			cantidad: '1',
			descripcion: 'Descuento o bonificacion',
		});
		expect(described('03').descripcion).toBe('Devolucion de mercancias');
		expect(described('07').descripcion).toBe('Aplicacion de anticipo');
		expect(
			described('01', {
				descripcion: 'Rebate for May',
				claveProdServ: '01010101',
				claveUnidad: 'E48',
			}),
		).toMatchObject({
			descripcion: 'Rebate for May',
			claveProdServ: '01010101',
			claveUnidad: 'E48',
		});
	});

	it('a line keeps its identification, unit name and discount; a blank discount is none', () => {
		const voucher = buildCreditNote(
			note({
				tipoRelacion: '03',
				lines: [
					{ ...LINE, cantidad: '2', noIdentificacion: 'SKU-7', unidad: 'Pieza', descuento: '20' },
					{ ...LINE, descuento: '' },
					{ ...LINE, descuento: 0 },
				],
			}),
		);
		expect(voucher.conceptos[0]).toMatchObject({
			noIdentificacion: 'SKU-7',
			unidad: 'Pieza',
			cantidad: '2',
			importe: 200,
			descuento: 20,
		});
		expect(voucher.conceptos[1]).not.toHaveProperty('noIdentificacion');
		expect(voucher.conceptos[1]).not.toHaveProperty('unidad');
		expect(voucher.conceptos[1]).not.toHaveProperty('descuento');
		expect(voucher.conceptos[2]).toMatchObject({ descuento: 0 });
		// (200 − 20) + 100 + 100 = 380 before tax, 60.80 of IVA: 440.80.
		expect(voucher).toMatchObject({ subTotal: 400, descuento: 20, total: 440.8 });
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('relates each invoice by its UUID as given, without the spaces around it', () => {
		const voucher = buildCreditNote(
			note({
				invoices: [{ uuid: `  ${INVOICE_UUID}\n`, total: 1160, moneda: 'MXN', taxes: [IVA16] }],
				amount: 116,
			}),
		);
		expect(voucher.cfdiRelacionados).toEqual([
			{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: INVOICE_UUID }] },
		]);
	});

	it('an empty list of lines is no lines: the single amount is credited', () => {
		expect(buildCreditNote(note({ lines: [], amount: 116 })).conceptos).toHaveLength(1);
		expect(buildCreditNote(note({ lines: [], amount: 116 })).conceptos[0].descripcion).toBe(
			'Descuento o bonificacion',
		);
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
		expect(creditNoteMoney(note({ amount: 116, lines: [LINE] }))).toBeUndefined();
		expect(creditNoteMoney(note({ amount: 116, lines: [] }))).toBeDefined();
		expect(creditNoteMoney(note({ amount: 100, amountIncludesTax: false }))).toBeUndefined();
		expect(creditNoteMoney(note({ amount: 0 }))).toBeUndefined();
		expect(creditNoteMoney(note({ amount: -5 }))).toBeUndefined();
		expect(creditNoteMoney(note({}))).toBeUndefined();
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
