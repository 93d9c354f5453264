/**
 * The reconciliation rule (cfdi/reconcile.ts): every built voucher's total equals its source's money,
 * or is apart only by the cent the SAT's per-line rounding forces (named in a note), or is refused.
 * Pure tests, then property tests with decimal.js as the oracle of the SAT's per-line rounding.
 * Also covers: nodes/CfdiEmision/cfdi/voucherSource.ts (the source money and business key types the rule compares).
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';

import {
	buildGlobalInvoice,
	globalInvoiceMoney,
	KindInputError,
	reconcile,
	ReconciliationRefused,
	type GlobalInvoiceInput,
	computeTotals,
	type Concepto,
	type Reconciliation,
	type Voucher,
} from '../../../../nodes/CfdiEmision/cfdi';
import {
	buildCreditNote,
	creditNoteMoney,
	type CreditNoteInput,
} from '../../../../nodes/CfdiEmision/actions/voucher/creditNote';
import {
	buildPaymentReceipt,
	type PaymentInput,
} from '../../../../nodes/CfdiEmision/actions/voucher/paymentReceipt';
import { lineItemsToVoucher, type LineItemsSettings } from '../../../../nodes/CfdiEmision/orders';
import {
	FORCED_REMAINDER_UNITS,
	ROUNDING_UNITS_PER_TAX_LINE,
} from '../../../../nodes/CfdiEmision/cfdi/reconcile';
import { CUSTOMER, INVOICE_UUID, ISSUER, validateWithKinds } from '../../../support/kindFixtures';
import { satCheckedTotal } from '../../../support/satLimits';

// `npm run mutate` lowers the runs (ORACLE_RUNS) so that each mutant's test run stays short.
const SCALE = Math.min(1, Number(process.env.ORACLE_RUNS ?? 2000) / 2000);
const runs = (count: number): number => Math.max(50, Math.round(count * SCALE));

const round2 = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const CENT = new Decimal('0.01');

/**
 * The oracle, written from the SAT's rules (Anexo 20; cfdi-rules "Amounts"), not from the package:
 * importe = round(cantidad × valorUnitario); each IVA line = round((importe − descuento) × rate);
 * total = Σ importe − Σ descuento + Σ line taxes.
 */
/** The total as the SAT adds the voucher's own amounts, each checked against its limits (decimal.js). */
const oracleTotal = (voucher: Voucher): Decimal => satCheckedTotal(voucher);

const SALE_HEAD = {
	emisor: ISSUER,
	lugarExpedicion: '64000',
	formaPago: '01',
	periodicidad: '04',
	meses: '05',
	anio: new Date().getFullYear(),
};
const IVA = (rate: string) => [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: rate }];

function globalInvoice(
	amounts: string[],
	rate = '0.16',
): { input: GlobalInvoiceInput; voucher: Voucher } {
	const input: GlobalInvoiceInput = {
		...SALE_HEAD,
		taxes: IVA(rate),
		sales: amounts.map((amount, index) => ({ ticket: `T-${index + 1}`, amount })),
	};
	return { input, voucher: buildGlobalInvoice(input) };
}

const CREDIT_HEAD = {
	emisor: ISSUER,
	receptor: CUSTOMER,
	lugarExpedicion: '64000',
	formaPago: '03',
	tipoRelacion: '01',
};

function creditNote(
	amount: string,
	invoice: { total?: number | string; saldo?: number | string } = { total: 100000 },
	rate = '0.16',
): { input: CreditNoteInput; voucher: Voucher } {
	const input: CreditNoteInput = {
		...CREDIT_HEAD,
		invoices: [{ uuid: INVOICE_UUID, moneda: 'MXN', taxes: IVA(rate), ...invoice }],
		amount,
	};
	return { input, voucher: buildCreditNote(input) };
}

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

describe('reconcile: what the user reads', () => {
	const money = (amount: string, over: Record<string, string> = {}) => ({
		amount,
		currency: 'MXN',
		from: 'the amount to credit',
		field: 'amount',
		...over,
	});

	test('a cent moved on a voucher without per-line source amounts is measured against the line as built', () => {
		const { voucher } = creditNote('116.00');
		expect(reconcile(voucher, money('116.01')).note).toBe(
			`The voucher total is the amount to credit, 116.01 MXN, to the cent: each concept's tax is rounded to cents, so a tax-included amount is reached by choosing bases and tax amounts within the SAT's limits (Anexo 20); conceptos[0] ("Descuento o bonificacion") carries 0.01 more than its amount as built (116.00).`,
		);
		const less = reconcile(voucher, money('115.99'));
		expect(less).toMatchObject({
			outcome: 'centsMoved',
			voucherTotal: '115.99',
			sourceTotal: '115.99',
		});
		expect(less.note).toContain('carries 0.01 less than its amount as built (116.00)');
	});

	test('the note names five concepts and counts the others', () => {
		// Eight tax-included sales no base reaches at 16 % by rounding to nearest: each IVA is rounded up.
		const amounts = ['1.05', '1.12', '1.20', '1.27', '1.34', '1.41', '1.49', '1.56'];
		expect(amounts.some((amount) => reaches(amount))).toBe(false);
		const { input, voucher } = globalInvoice(amounts);
		const result = reconcile(voucher, globalInvoiceMoney(input, voucher));
		expect(result.outcome).toBe('centsMoved');
		expect(result.voucherTotal).toBe('10.44');
		expect(result.note?.match(/'s IVA 16 % is \d\.\d\d on base/g)).toHaveLength(5);
		expect(result.note).toMatch(/; and 3 more concepts likewise\.$/);
		expect(result.note).toContain('the SAT accepts 0.14 to 0.15); conceptos[1] (T-2, "Venta")');
	});

	test('a voucher above its source: "more than the source"; the source\'s own detail and fix are quoted', () => {
		const { voucher } = creditNote('116.00');
		let refusal: ReconciliationRefused | undefined;
		try {
			reconcile(
				voucher,
				money('100.00', { detail: 'The refund lines add up to 116.00.', fix: 'the refund' }),
			);
		} catch (error) {
			refusal = error as ReconciliationRefused;
		}
		expect(refusal?.field).toBe('amount');
		expect(refusal?.message).toBe(
			'The voucher total is 116.00 MXN but the amount to credit is 100.00: 16.00 more than the source, more than per-line tax rounding explains (at most 0.01 here). The refund lines add up to 116.00.',
		);
		expect(refusal?.fix).toMatch(
			/^Correct the source so that its figures agree \(the refund\), or set/,
		);
		expect(() => reconcile(voucher, money('120.00'))).toThrow(
			/^The voucher total is 116\.00 MXN but the amount to credit is 120\.00: 4\.00 less than the source, more than per-line tax rounding explains \(at most 0\.01 here\)\.$/,
		);
	});

	test('a source figure that is not an amount is refused naming it', () => {
		const { voucher } = creditNote('116.00');
		expect(() => reconcile(voucher, money('abc'))).toThrow(
			expect.objectContaining({
				message: 'The source\'s money "abc" (the amount to credit) is not an amount.',
				fix: 'Give the source amount as a decimal number.',
			}),
		);
	});

	test("a payment receipt is measured by its payments: equal, a gap named as the receipt's amount, or payments in two currencies refused", () => {
		const doc = (uuid: string, monedaDR: string, impPagado: string) => ({
			idDocumento: uuid,
			monedaDR,
			numParcialidad: 1,
			impSaldoAnt: '1000.00',
			impPagado,
		});
		const pago = (monedaP: string, paid: string, uuid: string) => ({
			fechaPago: '2024-05-09T12:00:00',
			formaDePagoP: '03',
			monedaP,
			...(monedaP === 'MXN' ? {} : { tipoCambioP: '17.000000' }),
			documents: [doc(uuid, monedaP, paid)],
		});
		const OTHER = '8C3B1B0A-6F1E-4E2B-9D5C-2A7E4F1B3C9D';
		const source = (amount: string) => ({ amount, currency: 'MXN', from: 'the payments recorded' });
		const receipt = buildPaymentReceiptFor([
			pago('MXN', '300.00', INVOICE_UUID),
			pago('MXN', '200.00', OTHER),
		]);
		expect(reconcile(receipt, source('500.00'))).toMatchObject({
			outcome: 'equal',
			voucherTotal: '500.00',
		});
		expect(() => reconcile(receipt, source('500.01'))).toThrow(
			/^The amount of the payment receipt is 500\.00 MXN but the payments recorded is 500\.01: 0\.01 less/,
		);
		const mixed = buildPaymentReceiptFor([
			pago('MXN', '300.00', INVOICE_UUID),
			pago('USD', '200.00', OTHER),
		]);
		expect(() => reconcile(mixed, source('500.00'))).toThrow(
			'The amount of the payment receipt cannot be compared with the payments recorded (500.00 MXN): the voucher is in no single currency.',
		);
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

/** Whether some base b gives b + round(b × 0.16) = amount (rounding to nearest only, as before the SAT's limits were used). */
function reaches(amount: string, rate = '0.16'): boolean {
	const target = new Decimal(amount);
	const plain = round2(target.div(new Decimal(1).plus(rate)));
	for (let step = -3; step <= 3; step++) {
		const base = plain.plus(CENT.mul(step));
		if (base.plus(round2(base.mul(rate))).equals(target)) return true;
	}
	return false;
}

function firstUnreachable(from: string): string {
	let amount = new Decimal(from);
	while (reaches(amount.toFixed(2))) amount = amount.plus(CENT);
	return amount.toFixed(2);
}

// ---------------------------------------------------------------------------------------------
// Property tests: thousands of random global invoices, credit notes and line-item invoices
// ---------------------------------------------------------------------------------------------

const amountArb = fc
	.integer({ min: 1, max: 2_000_000 })
	.map((cents) => new Decimal(cents).div(100).toFixed(2));
const rateArb = fc.constantFrom('0.16', '0.08', '0');

/** Counts every run and every disagreement with the oracle; the test asserts 0 at the end. */
const tally = { runs: 0, disagreements: 0, refused: 0, moved: 0, remainder: 0 };

function check(result: Reconciliation, money: string, label: string): void {
	tally.runs++;
	const oracle = oracleTotal(result.voucher);
	const total = new Decimal(result.voucher.total as number);
	const gap = new Decimal(money).minus(total);
	const agrees =
		oracle.equals(total) &&
		result.voucherTotal === total.toFixed(2) &&
		// Taxes at a rate: every amount is reached within the SAT's limits, so no remainder is left.
		(result.outcome === 'equal' || result.outcome === 'centsMoved') &&
		gap.isZero();
	if (result.outcome === 'centsMoved') tally.moved++;
	if (result.outcome === 'roundingRemainder') tally.remainder++;
	if (!agrees) {
		tally.disagreements++;
		throw new Error(
			`${label}: ${result.outcome}, voucher ${total.toFixed(2)} (oracle ${oracle.toFixed(2)}), source ${money}`,
		);
	}
}

describe("property: every built voucher carries its source money to the cent, each amount within the SAT's limits, or is refused", () => {
	afterAll(() => {
		// The counts the README's closing note reports.
		process.stdout.write(`reconcile properties: ${JSON.stringify(tally)}\n`);
	});

	test('global invoices of 1-40 tax-included sales at 16 / 8 / 0 %: total = Σ sales', () => {
		fc.assert(
			fc.property(
				fc.array(amountArb, { minLength: 1, maxLength: 40 }),
				rateArb,
				(amounts, rate) => {
					const { input, voucher } = globalInvoice(amounts, rate);
					const money = globalInvoiceMoney(input, voucher);
					expect(money.amount).toBe(
						amounts.reduce((sum, amount) => sum.plus(amount), new Decimal(0)).toFixed(2),
					);
					const result = reconcile(voucher, money);
					check(result, money.amount, `sales ${amounts.join(',')} at ${rate}`);
					expect(result.outcome).not.toBe('roundingRemainder');
				},
			),
			{ numRuns: runs(1500) },
		);
	}, 300_000);

	test('single-amount credit notes: total = amount to the cent, never above; capped by the balance', () => {
		fc.assert(
			fc.property(amountArb, rateArb, fc.integer({ min: 0, max: 3 }), (amount, rate, capCase) => {
				// capCase 0: the balance is the amount itself; 1: above it; 2: below it (refused); 3: no total known (refused).
				const invoice =
					capCase === 0
						? { total: amount }
						: capCase === 1
							? { total: new Decimal(amount).plus(10).toFixed(2) }
							: capCase === 2
								? { total: new Decimal(amount).minus(CENT).toFixed(2) }
								: {};
				const input: CreditNoteInput = {
					...CREDIT_HEAD,
					invoices: [{ uuid: INVOICE_UUID, moneda: 'MXN', taxes: IVA(rate), ...invoice }],
					amount,
				};
				if (
					capCase >= 2 &&
					(capCase === 3 ||
						new Decimal(amount).gt(new Decimal((invoice as { total: string }).total)))
				) {
					let refused = false;
					let built: Voucher | undefined;
					try {
						built = buildCreditNote(input);
					} catch (error) {
						refused = error instanceof KindInputError;
					}
					// Above the balance: refused unless the nearest reachable amount below fits under it.
					tally.runs++;
					if (capCase === 3 || reaches(amount, rate) || rate === '0') {
						tally.refused++;
						expect(refused).toBe(true);
					} else {
						// Built at that amount below, within the balance.
						expect(refused).toBe(false);
						const total = new Decimal(built?.total as number);
						expect(total.lte((invoice as { total: string }).total)).toBe(true);
						expect(total.lt(amount)).toBe(true);
					}
					return;
				}
				const voucher = buildCreditNote(input);
				const money = creditNoteMoney(input) as never;
				const result = reconcile(voucher, money);
				check(result, amount, `credit ${amount} at ${rate}`);
				// Moved only where rounding to nearest alone does not reach the amount.
				expect(result.outcome).toBe(reaches(amount, rate) || rate === '0' ? 'equal' : 'centsMoved');
				expect(new Decimal(result.voucher.total as number).toFixed(2)).toBe(amount);
			}),
			{ numRuns: runs(2000) },
		);
	}, 300_000);

	test('line items with tax-included prices, Expected Total the amounts charged (equal) or off by more than rounding (refused)', () => {
		const SETTINGS: LineItemsSettings = {
			emisor: ISSUER,
			lugarExpedicion: '64000',
			serie: 'W',
			recipient: { ...CUSTOMER, usoCFDI: 'G03' },
			formaPago: '03',
		};
		const line = fc.record({
			quantity: fc.integer({ min: 1, max: 9 }),
			unitPrice: amountArb,
			rate: rateArb,
		});
		fc.assert(
			fc.property(
				fc.array(line, { minLength: 1, maxLength: 8 }),
				fc.integer({ min: -3, max: 3 }),
				fc.integer({ min: 0, max: 1 }),
				(lines, offCents, far) => {
					const charged = lines.reduce(
						(sum, entry) => sum.plus(new Decimal(entry.unitPrice).mul(entry.quantity)),
						new Decimal(0),
					);
					const off = far
						? new Decimal(offCents === 0 ? 1 : offCents).mul(lines.length + 5)
						: new Decimal(0);
					const expected = charged.plus(off).toFixed(2);
					// A charge the offset takes to zero or below is no sale: not a case, said so (not a silent pass).
					fc.pre(new Decimal(expected).gt(0));
					const result = lineItemsToVoucher(
						lines.map((entry, index) => ({
							quantity: entry.quantity,
							unitPrice: entry.unitPrice,
							taxRate: entry.rate,
							priceIncludesTax: true,
							description: `Line ${index}`,
						})),
						{ ...SETTINGS, expectedTotal: expected },
					);
					const voucher = result.voucher as Voucher;
					if (far) {
						tally.runs++;
						tally.refused++;
						expect(() => reconcile(voucher, result.source as never)).toThrow(ReconciliationRefused);
						return;
					}
					check(
						reconcile(voucher, result.source as never),
						expected,
						`lines ${JSON.stringify(lines)}`,
					);
				},
			),
			{ numRuns: runs(1000) },
		);
	}, 300_000);

	test('0 disagreements with the oracle', () => {
		expect(tally.disagreements).toBe(0);
		expect(tally.runs).toBeGreaterThan(runs(4000));
	});
});

describe('property: payment receipts (Pagos 2.0) against decimal.js', () => {
	const UUIDS = [
		'5FB2822E-396D-4725-8521-CDC4BDD20CCF',
		'8C3B1B0A-6F1E-4E2B-9D5C-2A7E4F1B3C9D',
		'0A7F3B52-6C1D-4E8F-9A2B-3C4D5E6F7A8B',
	];
	const payment = fc.record({
		currency: fc.constantFrom('MXN', 'USD', 'EUR'),
		rate: fc
			.integer({ min: 1_000_000, max: 30_000_000 })
			.map((micro) => new Decimal(micro).div(1_000_000).toFixed(6)),
		paid: fc.array(
			fc.record({
				invoice: fc.integer({ min: 0, max: 2 }),
				balance: amountArb,
				share: fc.integer({ min: 1, max: 120 }),
			}),
			{ minLength: 1, maxLength: 3 },
		),
	});

	test('Totales = round(Σ Monto × TipoCambioP, 2) once; an invoice paid above its balance in one receipt is refused', () => {
		let done = 0;
		let refused = 0;
		fc.assert(
			fc.property(fc.array(payment, { minLength: 1, maxLength: 4 }), (payments) => {
				done++;
				// Each invoice starts from its first balance; every later listing starts where the one before left.
				const left = new Map<number, Decimal>();
				const installments = new Map<number, number>();
				let owedOnce = true;
				const inputs = payments.map((entry) => ({
					fechaPago: '2024-05-09T12:00:00',
					formaDePagoP: '03',
					monedaP: entry.currency,
					...(entry.currency === 'MXN' ? {} : { tipoCambioP: entry.rate }),
					documents: entry.paid.map((doc) => {
						const before = left.get(doc.invoice) ?? new Decimal(doc.balance);
						const paid = Decimal.max(round2(before.mul(doc.share).div(100)), CENT);
						if (paid.gt(before)) owedOnce = false;
						left.set(doc.invoice, before.minus(paid));
						const installment = (installments.get(doc.invoice) ?? 0) + 1;
						installments.set(doc.invoice, installment);
						return {
							idDocumento: UUIDS[doc.invoice],
							monedaDR: entry.currency,
							numParcialidad: installment,
							impSaldoAnt: before.toFixed(2),
							impPagado: paid.toFixed(2),
						};
					}),
				}));
				let voucher: Voucher;
				try {
					voucher = buildPaymentReceiptFor(inputs);
				} catch (error) {
					// Refused exactly when some installment pays more than what is left.
					expect(error).toBeInstanceOf(KindInputError);
					expect(owedOnce).toBe(false);
					refused++;
					return;
				}
				expect(owedOnce).toBe(true);
				const complement = (voucher.complemento as Record<string, any>).complementoPago20; // eslint-disable-line @typescript-eslint/no-explicit-any
				const oracle = round2(
					payments.reduce(
						(sum, entry, index) =>
							sum.plus(
								new Decimal(complement.pago[index].monto).mul(
									entry.currency === 'MXN' ? 1 : entry.rate,
								),
							),
						new Decimal(0),
					),
				);
				expect(complement.totales.montoTotalPagos).toBe(oracle.toNumber());
				expect(validateWithKinds(voucher).errors).toEqual([]);
			}),
			{ numRuns: runs(1000) },
		);
		tally.runs += done;
		tally.refused += refused;
		expect(done).toBe(runs(1000));
	}, 300_000);
});

function buildPaymentReceiptFor(payments: PaymentInput[]): Voucher {
	return buildPaymentReceipt({
		emisor: ISSUER,
		receptor: CUSTOMER,
		lugarExpedicion: '64000',
		serie: 'P',
		fecha: '2024-05-10T09:00:00',
		payments,
	});
}
