/**
 * The reconciliation rule (cfdi/reconcile.ts) as properties: thousands of random global invoices,
 * credit notes, line-item invoices and payment receipts (Pagos 2.0), each total checked against the
 * SAT's per-line rounding written with decimal.js; every built voucher carries its source money to
 * the cent within the SAT's limits, or is refused. The pure cases: reconcile.test.ts.
 */ import Decimal from 'decimal.js';
import fc from 'fast-check';

import { globalInvoiceMoney } from '../../../../nodes/CfdiEmision/actions/voucher/globalInvoice/buildGlobalInvoice';
import { KindInputError } from '../../../../nodes/CfdiEmision/cfdi/kinds/taxRates';
import {
	reconcile,
	ReconciliationRefused,
	type Reconciliation,
} from '../../../../nodes/CfdiEmision/cfdi/reconcile';
import type { Voucher } from '../../../../nodes/CfdiEmision/cfdi/types';
import {
	buildCreditNote,
	creditNoteMoney,
	type CreditNoteInput,
} from '../../../../nodes/CfdiEmision/actions/voucher/creditNote';
import {
	lineItemsToVoucher,
	type LineItemsSettings,
} from '../../../../nodes/CfdiEmision/orders/lineItems';
import { CUSTOMER, INVOICE_UUID, ISSUER, validateWithKinds } from '../../../support/kindFixtures';
import {
	buildPaymentReceiptFor,
	CENT,
	CREDIT_HEAD,
	globalInvoice,
	IVA,
	oracleTotal,
	reaches,
	round2,
	runs,
} from '../../../support/reconcileCases';

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
