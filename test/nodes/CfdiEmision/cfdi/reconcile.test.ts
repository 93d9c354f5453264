/**
 * The reconciliation rule (cfdi/reconcile.ts): every built voucher's total equals its source's money,
 * or is apart only by the cent the SAT's per-line rounding forces (named in a note), or is refused.
 * The three outcomes and which concepts can carry a cent; what the user reads:
 * reconcile.notes.test.ts; random vouchers against decimal.js: reconcile.property.test.ts.
 * Also covers: nodes/CfdiEmision/cfdi/voucherSource.ts (the source money and business key types the rule compares).
 */
import Decimal from 'decimal.js';

import { computeTotals } from '../../../../nodes/CfdiEmision/cfdi/computeTotals';
import { globalInvoiceMoney } from '../../../../nodes/CfdiEmision/actions/voucher/globalInvoice/buildGlobalInvoice';
import { reconcile, ReconciliationRefused } from '../../../../nodes/CfdiEmision/cfdi/reconcile';
import type { Concepto, Voucher } from '../../../../nodes/CfdiEmision/cfdi/types';
import { creditNoteMoney } from '../../../../nodes/CfdiEmision/actions/voucher/creditNote';
import {
	lineItemsToVoucher,
	type LineItemsSettings,
} from '../../../../nodes/CfdiEmision/orders/lineItems';
import {
	FORCED_REMAINDER_UNITS,
	ROUNDING_UNITS_PER_TAX_LINE,
} from '../../../../nodes/CfdiEmision/cfdi/reconcile';
import { CUSTOMER, ISSUER, validateWithKinds } from '../../../support/kindFixtures';
import {
	CENT,
	creditNote,
	firstUnreachable,
	globalInvoice,
	oracleTotal,
	SCALE,
} from '../../../support/reconcileCases';

describe('reconcile: the three outcomes', () => {
	test('equal to the cent: the voucher is sent as built, no note', () => {
		const { input, voucher } = globalInvoice(['116.00', '58.00']);
		const result = reconcile(voucher, globalInvoiceMoney(input, voucher));
		expect(result).toMatchObject({
			outcome: 'equal',
			sourceTotal: '174.00',
			voucherTotal: '174.00',
			from: 'the sum of the 2 sales',
		});
		expect(result.note).toBeUndefined();
		expect(result.voucher).toBe(voucher);
	});

	test("a global invoice whose sales no base reaches at 16 % by rounding to nearest: each sale at its own amount, its IVA within the SAT's limits, named, total = the money collected", () => {
		// Amounts no base reaches at 16 % (the oracle below says which): each sale alone would be 0.01 off.
		const unreachable = [firstUnreachable('1.00'), firstUnreachable('50.00')];
		const amounts = [...unreachable, '500.00', '300.00'];
		const { input, voucher } = globalInvoice(amounts);
		const money = globalInvoiceMoney(input, voucher);
		expect(new Decimal(voucher.total as number).equals(new Decimal(money.amount))).toBe(false);
		const result = reconcile(voucher, money);
		expect(result.outcome).toBe('centsMoved');
		expect(result.voucherTotal).toBe(money.amount);
		expect(result.voucher.total).toBe(Number(money.amount));
		expect(oracleTotal(result.voucher).equals(new Decimal(money.amount))).toBe(true);
		expect(result.note).toMatch(
			/^The voucher total is the sum of the 4 sales, \d+\.\d\d MXN, to the cent: each concept's tax is rounded to cents, so a tax-included amount is reached by choosing bases and tax amounts within the SAT's limits \(Anexo 20\)/,
		);
		// 500.00: base 431.03, IVA 68.97 (68.96 rounded to nearest; the SAT's limits allow both).
		expect(result.note).toContain(
			`conceptos[2] (T-3, "Venta")'s IVA 16 % is 68.97 on base 431.03 (68.96 rounded; the SAT accepts 68.96 to 68.97)`,
		);
		expect(result.note).not.toContain('carries');
		// What the buyer paid for each sale is what its line carries.
		result.voucher.conceptos.forEach((concepto, index) =>
			expect(
				new Decimal(String(concepto.importe))
					.plus(String(concepto.impuestos?.traslados?.[0].importe))
					.toFixed(2),
			).toBe(amounts[index]),
		);
		expect(validateWithKinds(result.voucher).errors).toEqual([]);
	});

	test('500 tax-included sales (100 under npm run mutate): the invoice carries the money collected to the cent (before: it drifted)', () => {
		const amounts = Array.from({ length: Math.max(100, Math.round(500 * SCALE)) }, (_, index) =>
			new Decimal(37).plus(new Decimal(index).mul('1.37')).toFixed(2),
		);
		const { input, voucher } = globalInvoice(amounts);
		const money = globalInvoiceMoney(input, voucher);
		const result = reconcile(voucher, money);
		expect(['equal', 'centsMoved']).toContain(result.outcome);
		expect(result.voucher.total).toBe(Number(money.amount));
		expect(oracleTotal(result.voucher).toFixed(2)).toBe(money.amount);
	}, 120_000);

	test("a single amount no base reaches at 16 % by rounding to nearest: reached to the cent with its IVA rounded up, within the SAT's limits (before: 0.01 below)", () => {
		const amount = firstUnreachable('116.00');
		const { input, voucher } = creditNote(amount);
		expect(voucher.total).toBe(Number(new Decimal(amount).minus(CENT)));
		const result = reconcile(voucher, creditNoteMoney(input) as never);
		expect(result.outcome).toBe('centsMoved');
		expect(result.voucherTotal).toBe(amount);
		expect(oracleTotal(result.voucher).toFixed(2)).toBe(amount);
		const [tax] = result.voucher.conceptos[0].impuestos?.traslados ?? [];
		const product = new Decimal(String(tax.base)).mul('0.16');
		expect(String(tax.importe)).toBe(product.toDecimalPlaces(2, Decimal.ROUND_UP).toString());
		expect(product.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).lt(String(tax.importe))).toBe(true);
		expect(result.note).toBe(
			`The voucher total is the amount to credit, ${amount} MXN, to the cent: each concept's tax is rounded to cents, so a tax-included amount is reached by choosing bases and tax amounts within the SAT's limits (Anexo 20); conceptos[0] ("Descuento o bonificacion")'s IVA 16 % is ${new Decimal(String(tax.importe)).toFixed(2)} on base ${new Decimal(String(tax.base)).toFixed(2)} (${product.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2)} rounded; the SAT accepts ${product.toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2)} to ${new Decimal(String(tax.importe)).toFixed(2)}).`,
		);
	});

	test('crediting exactly the balance when no base reaches it by rounding to nearest: credited the balance to the cent, never more, not "Credit at most X"', () => {
		const amount = firstUnreachable('580.00');
		const { input, voucher } = creditNote(amount, { total: 1160, saldo: amount });
		expect(voucher.total).toBe(Number(new Decimal(amount).minus(CENT)));
		const result = reconcile(voucher, creditNoteMoney(input) as never);
		expect(result).toMatchObject({ outcome: 'centsMoved', voucherTotal: amount });
		expect(oracleTotal(result.voucher).toFixed(2)).toBe(amount);
	});

	const SETTINGS: LineItemsSettings = {
		emisor: ISSUER,
		lugarExpedicion: '64000',
		serie: 'W',
		recipient: { ...CUSTOMER, usoCFDI: 'G03' },
		formaPago: '03',
	};
	const LINES = [
		{
			quantity: 2,
			unitPrice: '580.00',
			taxRate: '16%',
			priceIncludesTax: true,
			description: 'Keyboard',
		},
		{ quantity: 1, unitPrice: 348, taxRate: 16, priceIncludesTax: true, description: 'Cable' },
	];

	test('Expected Total off by 100.00: refused before any request, with both figures, where the difference is and the fix', () => {
		const result = lineItemsToVoucher(LINES, { ...SETTINGS, expectedTotal: '1608.00' });
		let refusal: ReconciliationRefused | undefined;
		try {
			reconcile(result.voucher as Voucher, result.source as never);
		} catch (error) {
			refusal = error as ReconciliationRefused;
		}
		expect(refusal).toBeInstanceOf(ReconciliationRefused);
		expect(refusal?.name).toBe('ReconciliationRefused');
		expect(refusal?.field).toBe('settings.expectedTotal');
		expect(refusal?.message).toBe(
			"The voucher total is 1508.00 MXN but Expected Total is 1608.00: 100.00 less than the source, more than per-line tax rounding explains (at most 0.02 here). The source's lines, shipping and taxes add up to 1508.00, not 1608.00: 100.00 is in the source itself.",
		);
		expect(refusal?.fix).toContain(
			"Correct the source so that its figures agree (the lines' quantities, prices and tax rates, or Expected Total)",
		);
		expect(refusal?.fix).toContain('When Totals Differ to "Stamp With Note"');
	});

	test('the same with "Stamp With Note": stamped as built, the note gives both figures', () => {
		const result = lineItemsToVoucher(LINES, { ...SETTINGS, expectedTotal: '1608.00' });
		const outcome = reconcile(result.voucher as Voucher, result.source as never, 'stampWithNote');
		expect(outcome).toMatchObject({
			outcome: 'stampedWithNote',
			sourceTotal: '1608.00',
			voucherTotal: '1508.00',
		});
		expect(outcome.note).toMatch(
			/^Stamped as built \(When Totals Differ: Stamp With Note\)\. The voucher total is 1508\.00 MXN but Expected Total is 1608\.00/,
		);
	});

	test('a tax the source charged that the rate does not give is not called rounding: it is named, line by line', () => {
		const lines = [
			{
				quantity: 1,
				unitPrice: '1000.00',
				taxRate: '16%',
				taxAmount: '500.00',
				description: 'Service',
			},
		];
		const result = lineItemsToVoucher(lines, SETTINGS);
		expect(result.roundingNote).toContain(
			'of taxes the source charged that its prices and tax rates do not give (lines[0] was charged 1500.00 with its tax, but its price and tax rate give 1160.00)',
		);
		expect(result.roundingNote).not.toContain('per-line tax rounding');
		expect(() => reconcile(result.voucher as Voucher, result.source as never)).toThrow(
			/lines\[0\] was charged 1500\.00 with its tax, but its price and tax rate give 1160\.00/,
		);
	});

	test('the tolerance is explicit and in cents: one taxed concept may be 1 cent apart, not 2', () => {
		expect([ROUNDING_UNITS_PER_TAX_LINE, FORCED_REMAINDER_UNITS]).toEqual([1, 1]);
		const { voucher } = creditNote('116.00');
		const money = (amount: string) => ({
			amount,
			currency: 'MXN',
			from: 'the amount to credit',
			field: 'amount',
		});
		expect(reconcile(voucher, money('116.01')).outcome).toBe('centsMoved');
		expect(() => reconcile(voucher, money('116.03'))).toThrow(ReconciliationRefused);
	});

	test('a voucher in another currency than its source is refused', () => {
		const { voucher } = creditNote('116.00');
		let refusal: ReconciliationRefused | undefined;
		try {
			reconcile(voucher, { amount: '116.00', currency: 'USD', from: 'the refund' });
		} catch (error) {
			refusal = error as ReconciliationRefused;
		}
		expect(refusal?.message).toContain(
			'cannot be compared with the refund (116.00 USD): the voucher is in MXN',
		);
		expect(refusal?.fix).toBe('Issue the voucher in USD, the currency of its source.');
		expect(refusal?.field).toBe('');
	});
});

describe('reconcile: which concepts can carry a cent', () => {
	const line = (valorUnitario: number, impuestos?: Concepto['impuestos']): Concepto =>
		({
			claveProdServ: '01010101',
			cantidad: 1,
			claveUnidad: 'H87',
			descripcion: 'Item',
			valorUnitario,
			objetoImp: impuestos ? '02' : '01',
			...(impuestos ? { impuestos } : {}),
		}) as Concepto;
	const tax = (impuesto: string, tipoFactor: string, tasaOCuota?: number) => ({
		impuesto,
		tipoFactor,
		...(tasaOCuota === undefined ? {} : { tasaOCuota }),
	});
	const voucherOf = (conceptos: Concepto[], moneda = 'MXN') =>
		computeTotals({ tipoDeComprobante: 'I', moneda, conceptos } as unknown as Voucher, {
			decimals: moneda === 'JPY' ? 0 : 2,
		}).voucher;
	const order = (amount: string, currency = 'MXN') => ({
		amount,
		currency,
		from: "the order's total_price",
		field: 'total_price',
	});

	test('a line without taxes next to a taxed one: the taxed line carries the cent, the other is counted as it is', () => {
		const voucher = voucherOf([
			line(50),
			line(100, { traslados: [tax('002', 'Tasa', 0.16)] } as never),
		]);
		const result = reconcile(voucher, order('166.01'));
		expect(result).toMatchObject({ outcome: 'centsMoved', voucherTotal: '166.01' });
		expect(result.voucher.total).toBe(166.01);
		expect(result.note).toContain(
			'conceptos[1] ("Item") carries 0.01 more than its amount as built (116.00)',
		);
	});

	test('a line taxed only by a withholding at a rate can carry a cent', () => {
		const voucher = voucherOf([
			line(100, { retenciones: [tax('002', 'Tasa', 0.106667)] } as never),
		]);
		expect(reconcile(voucher, order('89.34'))).toMatchObject({
			outcome: 'centsMoved',
			voucherTotal: '89.34',
		});
	});

	test.each([
		['without taxes', undefined],
		['at 0 %', { traslados: [tax('002', 'Tasa', 0)] }],
		['exempt', { traslados: [tax('002', 'Exento')] }],
		[
			'with a tax per unit (Cuota)',
			{ traslados: [tax('003', 'Cuota', 1.5), tax('002', 'Tasa', 0.16)] },
		],
	])(
		'a voucher whose only line is %s has no rounding to explain a cent: refused',
		(_, impuestos) => {
			const voucher = voucherOf([line(100, impuestos as never)]);
			const off = (Number(voucher.total) + 0.01).toFixed(2);
			expect(() => reconcile(voucher, order(off))).toThrow(
				`: 0.01 less than the source, more than per-line tax rounding explains (at most 0.01 here).`,
			);
			expect(() => reconcile(voucher, order(off))).toThrow(
				expect.objectContaining({
					fix: expect.stringContaining('figures agree (its lines, taxes and total)'),
				}),
			);
		},
	);

	test('a currency without decimals moves whole units', () => {
		const voucher = voucherOf(
			[line(1000, { traslados: [tax('002', 'Tasa', 0.16)] } as never)],
			'JPY',
		);
		const result = reconcile(voucher, order('1161', 'JPY'));
		expect(result).toMatchObject({
			outcome: 'centsMoved',
			sourceTotal: '1161',
			voucherTotal: '1161',
		});
		expect(result.note).toContain('carries 1 more than its amount as built (1160)');
	});
});
