/**
 * The money charged is the money invoiced: every tax-included amount reached to the cent, each
 * voucher's amounts within the SAT's limits (Anexo 20; the oracle test/support/satLimits.ts computes
 * them apart, with decimal.js). Through the builders and the reconciliation rule
 * (cfdi/reconcile.ts): a global invoice's sale, and a tax-included line (cfdi/pricing.ts).
 * Source of the figures: ../shared/notes/cfdi-rules.md "Amounts" (base 431.03 at 16 % allows 68.96
 * or 68.97; rounded to nearest, 13.8 % of the amounts 1.00-2,000.00 at 16 % are unreachable).
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';

import { globalInvoiceMoney } from '../../../../nodes/CfdiEmision/actions/voucher/globalInvoice/buildGlobalInvoice';
import type { TaxRate } from '../../../../nodes/CfdiEmision/cfdi/kinds/taxRates';
import { reconcile } from '../../../../nodes/CfdiEmision/cfdi/reconcile';
import { lineItemsToVoucher } from '../../../../nodes/CfdiEmision/orders/lineItems';
import { LINE_ITEMS_TO_TAXPAYER, monthlyGlobalInvoiceOf } from '../../../support/kindFixtures';
import { satCheckedTotal } from '../../../support/satLimits';

// `npm run mutate` lowers the runs (ORACLE_RUNS).
const SCALE = Math.min(1, Number(process.env.ORACLE_RUNS ?? 2000) / 2000);
const EXHAUSTIVE_CENTS = Math.max(2_000, Math.round(30_000 * SCALE));
// Every amount to 100,000.00 (at least to 2,000.00 under mutation testing, for the count of 27,572).
const ORACLE_CENTS = Math.max(200_000, Math.round(10_000_000 * SCALE));

const tasa = (impuesto: string, rate: string, withheld = false): TaxRate => ({
	impuesto,
	tipoFactor: 'Tasa',
	tasaOCuota: rate,
	...(withheld ? { withheld } : {}),
});
/** Every rate and tax the node writes on a line. */
const TAX_SETS: Record<string, TaxRate[]> = {
	'IVA 16 %': [tasa('002', '0.16')],
	'IVA 8 %': [tasa('002', '0.08')],
	'IVA 0 %': [tasa('002', '0')],
	'IEPS 26.5 % and IVA 16 %': [tasa('003', '0.265'), tasa('002', '0.16')],
	'IVA 16 % less ISR 10 % and IVA 10.6667 % withheld': [
		tasa('002', '0.16'),
		tasa('001', '0.10', true),
		tasa('002', '0.106667', true),
	],
};

function saleInvoiced(amount: string, taxes: TaxRate[]) {
	const { input, voucher } = monthlyGlobalInvoiceOf([amount], taxes);
	return reconcile(voucher, globalInvoiceMoney(input, voucher));
}

describe("the money charged is the money invoiced, within the SAT's limits", () => {
	test('order #2002: 500.00 at 16 % is 431.03 + IVA 68.97 (68.96 rounded to nearest; the SAT accepts 68.96 to 68.97), not 499.99', () => {
		const result = saleInvoiced('500.00', TAX_SETS['IVA 16 %']);
		const [concepto] = result.voucher.conceptos;
		expect([concepto.importe, concepto.impuestos?.traslados?.[0].importe]).toEqual([431.03, 68.97]);
		expect(result.voucher.total).toBe(500);
		expect(satCheckedTotal(result.voucher).toFixed(2)).toBe('500.00');
	});

	test.each(['IVA 16 %', 'IVA 8 %'])(
		`every amount from 0.01 to ${EXHAUSTIVE_CENTS / 100} at %s: invoiced exactly, valid under the limits`,
		(name) => {
			const missed: string[] = [];
			for (let cents = 1; cents <= EXHAUSTIVE_CENTS; cents++) {
				const amount = new Decimal(cents).div(100).toFixed(2);
				const result = saleInvoiced(amount, TAX_SETS[name]);
				if (result.voucherTotal !== amount || satCheckedTotal(result.voucher).toFixed(2) !== amount)
					missed.push(amount);
			}
			expect(missed).toEqual([]);
		},
		300_000,
	);

	test.each(Object.keys(TAX_SETS))(
		'property: any amount from 0.01 to 100,000.00 at %s, as a sale of a global invoice: exact and valid',
		(name) => {
			fc.assert(
				fc.property(fc.integer({ min: 1, max: 10_000_000 }), (cents) => {
					const amount = new Decimal(cents).div(100).toFixed(2);
					const result = saleInvoiced(amount, TAX_SETS[name]);
					expect(result.voucherTotal).toBe(amount);
					expect(satCheckedTotal(result.voucher).toFixed(2)).toBe(amount);
				}),
				{ numRuns: Math.max(100, Math.round(1500 * SCALE)) },
			);
		},
		300_000,
	);

	test.each(['0.16', '0.08'])(
		'property: tax-included lines (1-4, quantities 1-5) at %s, priced and reconciled: each line and the total as charged',
		(rate) => {
			fc.assert(
				fc.property(
					fc.array(
						fc.record({
							quantity: fc.integer({ min: 1, max: 5 }),
							cents: fc.integer({ min: 1, max: 10_000_000 }),
						}),
						{ minLength: 1, maxLength: 4 },
					),
					(lines) => {
						const result = lineItemsToVoucher(
							lines.map((line, index) => ({
								quantity: line.quantity,
								unitPrice: new Decimal(line.cents).div(100).toFixed(2),
								taxRate: rate,
								priceIncludesTax: true,
								description: `Line ${index}`,
							})),
							LINE_ITEMS_TO_TAXPAYER,
						);
						const charged = lines
							.reduce(
								(sum, line) => sum.plus(new Decimal(line.cents).mul(line.quantity)),
								new Decimal(0),
							)
							.div(100)
							.toFixed(2);
						const reconciled = reconcile(result.voucher as never, result.source as never);
						expect(reconciled.voucherTotal).toBe(charged);
						expect(satCheckedTotal(reconciled.voucher).toFixed(2)).toBe(charged);
						// Each line carries what was charged for it: base + its IVA.
						reconciled.voucher.conceptos.forEach((concepto, index) =>
							expect(
								new Decimal(String(concepto.importe))
									.minus(String(concepto.descuento ?? 0))
									.plus(String(concepto.impuestos?.traslados?.[0].importe ?? 0))
									.toFixed(2),
							).toBe(
								new Decimal(lines[index].cents).mul(lines[index].quantity).div(100).toFixed(2),
							),
						);
					},
				),
				{ numRuns: Math.max(100, Math.round(1000 * SCALE)) },
			);
		},
		300_000,
	);
});

describe('the oracle alone: every amount from 0.01 to 100,000.00 has a base the node looks at', () => {
	// The node's search: bases within 3 cents of amount ÷ (1 + rate), each tax rounded down or up.
	// Integer arithmetic over all 10,000,000 amounts per rate (a second), so the sampled properties
	// above stand for every amount.
	test.each([
		[16, 'IVA 16 %'],
		[8, 'IVA 8 %'],
	])(
		'at %i %%: none left out (rounded to nearest only, 13.8 %% of 1.00-2,000.00 at 16 %% are)',
		(percent) => {
			let unreachable = 0;
			let nearestMissesUpTo2000 = 0;
			for (let amount = 1; amount <= ORACLE_CENTS; amount++) {
				const plain = Math.round((amount * 100) / (100 + percent));
				let reached = false;
				// One cent either side of the plain split is enough; the node looks 3 either side.
				for (let base = Math.max(1, plain - 1); base <= plain + 1 && !reached; base++) {
					const product = base * percent; // the tax, in hundredths of a cent
					reached =
						base + Math.floor(product / 100) === amount ||
						base + Math.ceil(product / 100) === amount;
				}
				if (!reached) unreachable++;
				if (amount < 100 || amount > 200_000) continue;
				let nearest = false;
				for (let base = Math.max(1, plain - 3); base <= plain + 3; base++)
					if (base + Math.floor((base * percent + 50) / 100) === amount) nearest = true;
				if (!nearest) nearestMissesUpTo2000++;
			}
			expect(unreachable).toBe(0);
			if (percent === 16) expect(nearestMissesUpTo2000).toBe(27_572);
		},
	);
});
