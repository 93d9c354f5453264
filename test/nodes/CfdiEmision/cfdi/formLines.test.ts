/**
 * The form's line items as CFDI concepts (cfdi/formLines.ts): taxes per line computed by
 * computeTotals, typed totals checked against the computed ones. The taxes each line may carry:
 * formLineTaxes.test.ts beside this one.
 *
 * Also covers: nodes/CfdiEmision/cfdi/formLineInput.ts (the form line, its error naming the field, the options).
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';

import {
	computeFormVoucher,
	conceptsFromFormLines,
	FormLineError,
	type FormLineInput,
} from '../../../../nodes/CfdiEmision/cfdi/formLines';
import type { Voucher } from '../../../../nodes/CfdiEmision/cfdi/types';
import { invoiceVoucher } from '../../../support/vouchers';
import { validateWithKinds } from '../../../support/kindFixtures';

// The sandbox invoice's header (issuer, recipient, payment), without its lines and amounts.
const { conceptos: _lines, subTotal: _subTotal, total: _total, ...header } = invoiceVoucher();

function formVoucher(lines: FormLineInput[]): Voucher {
	const { conceptos } = conceptsFromFormLines(lines, 'MXN');
	return computeFormVoucher({ ...header, conceptos } as Voucher, []);
}

const round2 = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

describe('form lines: taxes per line computed by computeTotals', () => {
	test('oracle (decimal.js): lines at IVA 16 / 8 / 0 % or exempt with discounts give the SAT totals, and pass the local checks', () => {
		const line = fc.record({
			quantity: fc.integer({ min: 1, max: 5000 }).map((n) => new Decimal(n).div(100)),
			price: fc.integer({ min: 1, max: 10_000_000 }).map((n) => new Decimal(n).div(10_000)),
			discountShare: fc.integer({ min: 0, max: 50 }),
			iva: fc.constantFrom('0.16', '0.08', '0', 'exempt'),
		});
		fc.assert(
			fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), (lines) => {
				const inputs = lines.map((l, index) => {
					const importe = round2(l.quantity.mul(l.price));
					const descuento = round2(importe.mul(l.discountShare).div(100));
					return {
						input: {
							descripcion: `Line ${index}`,
							claveProdServ: '01010101',
							claveUnidad: 'H87',
							cantidad: l.quantity.toString(),
							valorUnitario: l.price.toNumber(),
							descuento: descuento.toNumber(),
							iva: l.iva,
						},
						importe,
						descuento,
						tax: l.iva === 'exempt' ? new Decimal(0) : round2(importe.minus(descuento).mul(l.iva)),
					};
				});
				const voucher = formVoucher(inputs.map((entry) => entry.input));
				const subTotal = inputs.reduce((sum, entry) => sum.plus(entry.importe), new Decimal(0));
				const descuento = inputs.reduce((sum, entry) => sum.plus(entry.descuento), new Decimal(0));
				const taxes = inputs.reduce((sum, entry) => sum.plus(entry.tax), new Decimal(0));
				expect(voucher.subTotal).toBe(subTotal.toNumber());
				expect(voucher.total).toBe(subTotal.minus(descuento).plus(taxes).toNumber());
				if (
					!inputs.some(
						(entry) => entry.importe.isZero() || entry.importe.minus(entry.descuento).isZero(),
					)
				) {
					expect(validateWithKinds(voucher as never).errors).toEqual([]);
				}
			}),
			{ numRuns: 200 },
		);
	});

	test('the common case is one line: IVA 16 %, price without tax, Tax Object 02 are the defaults', () => {
		const { conceptos } = conceptsFromFormLines(
			[
				{
					descripcion: 'Keyboard',
					claveProdServ: '43232408',
					claveUnidad: 'H87',
					cantidad: '1',
					valorUnitario: 350,
				},
			],
			'MXN',
		);
		expect(conceptos[0]).toMatchObject({
			objetoImp: '02',
			impuestos: { traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16 }] },
		});
	});

	test('an IVA rate above 16 % is refused naming the line and the field', () => {
		expect(() =>
			conceptsFromFormLines(
				[{ descripcion: 'x', cantidad: '1', valorUnitario: 1, iva: '0.25' }],
				'MXN',
			),
		).toThrow(
			new FormLineError(
				'Line Items > Line Item 1 > IVA',
				'Line Items > Line Item 1 > IVA "0.25" is not a rate between 0 and 0.16.',
				'',
			),
		);
	});

	test('price includes tax: what was charged is what the voucher totals, to the cent (oracle: quantity × price)', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 20 }),
				fc.integer({ min: 1, max: 500_000 }),
				(quantity, cents) => {
					const price = new Decimal(cents).div(100);
					const voucher = formVoucher([
						{
							descripcion: 'x',
							claveProdServ: '01010101',
							claveUnidad: 'H87',
							cantidad: String(quantity),
							valorUnitario: price.toNumber(),
							priceIncludesTax: true,
						},
					]);
					// Per-line rounding skips some totals; a single line may land a cent or so away, never more than 3.
					expect(
						Math.abs(new Decimal(voucher.total as number).minus(price.mul(quantity)).toNumber()),
					).toBeLessThanOrEqual(0.03);
				},
			),
			{ numRuns: 200 },
		);
	});
});
