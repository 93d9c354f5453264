/** A payment receipt's related documents (actions/voucher/paymentReceipt/paidDocument.ts): a document that cannot be computed is refused, naming the input, its figures and its fix. */

import {
	buildPaymentComplement,
	type PaidDocumentInput,
	type PaymentInput,
} from '../../../../../../nodes/CfdiEmision/actions/voucher/paymentReceipt';
import {
	IVA16,
	kindRefusal,
	paymentReceipt,
	SECOND_UUID,
	paidDocument as doc,
	paymentOf as payment,
} from '../../../../../support/kindFixtures';

describe('a related document that cannot be computed is refused, naming the input', () => {
	const path = 'payments[0].documents[1]';
	const refusedIn = (second: Partial<PaidDocumentInput>, extra: Partial<PaymentInput> = {}) =>
		kindRefusal(() =>
			paymentReceipt([payment([doc({}), doc({ idDocumento: SECOND_UUID, ...second })], extra)]),
		);

	it.each([
		['impSaldoAnt', { impSaldoAnt: 'all' }, 'the balance before this payment'],
		['impPagado', { impPagado: '' }, 'the amount paid'],
	] as const)('%s not a number', (member, second, what) => {
		const value = (second as Record<string, unknown>)[member];
		expect(refusedIn(second)).toEqual({
			field: `${path}.${member}`,
			message: `${path}.${member} ${JSON.stringify(value)} is not a number.`,
			fix: `Give ${what} as a decimal number.`,
		});
	});

	it('more paid than the balance', () => {
		expect(refusedIn({ impSaldoAnt: 100, impPagado: '100.01' })).toEqual({
			field: `${path}.impPagado`,
			message: `The amount paid (100.01) is more than the balance before this payment (100) of ${SECOND_UUID}.`,
			fix: 'Apply to this invoice at most its balance; put the rest on another invoice.',
		});
	});

	it('a balance above the invoice total (equal is the first installment)', () => {
		expect(refusedIn({ impSaldoAnt: '1160.01', invoiceTotal: 1160 })).toEqual({
			field: `${path}.impSaldoAnt`,
			message: `The balance before this payment (1160.01) is more than the invoice's total (1160) of ${SECOND_UUID}.`,
			fix: 'Give the invoice total for installment 1, else what the previous payment receipt left.',
		});
		expect(() =>
			paymentReceipt([payment([doc({ impSaldoAnt: 1160, invoiceTotal: '1160.00' })])]),
		).not.toThrow();
	});

	it('an invoice in another currency without equivalenciaDR', () => {
		expect(refusedIn({ monedaDR: 'EUR', impSaldoAnt: 100, impPagado: 100 })).toEqual({
			field: `${path}.equivalenciaDR`,
			message: 'The invoice is in EUR and the payment in MXN, so the equivalence is needed.',
			fix: 'Give equivalenciaDR: how many EUR one MXN pays, e.g. 0.05 for 20 MXN per EUR.',
		});
	});

	it('a tax of the invoice without its rate', () => {
		expect(
			refusedIn({ taxes: [IVA16, { impuesto: '002', tipoFactor: 'Tasa', withheld: true }] }),
		).toEqual({
			field: `${path}.taxes[1].tasaOCuota`,
			message: 'Tax 2 (002 Tasa) has no rate.',
			fix: 'Give tasaOCuota, e.g. 0.16.',
		});
	});

	it('an amount per unit (Cuota) without the invoice figures', () => {
		expect(
			refusedIn({ taxes: [{ impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: 6.4 }] }),
		).toEqual({
			field: `${path}.taxes`,
			message:
				'An amount per unit (tipoFactor "Cuota") cannot be split from the amount paid without the invoice figures.',
			fix: "Give each tax's base and the invoice total (or read the related invoice from its XML).",
		});
	});

	it('withheld rates that take the whole base or more', () => {
		for (const withheld of ['1.16', '1.5']) {
			expect(
				refusedIn({
					taxes: [
						IVA16,
						{ impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: withheld, withheld: true },
					],
				}),
			).toEqual({
				field: `${path}.taxes`,
				message: 'The withheld rates are not smaller than 1 + the transferred rates.',
				fix: 'Check the tax rates.',
			});
		}
	});

	it('a payment in another currency than MXN without its exchange rate; a payment without documents; no payment', () => {
		expect(
			kindRefusal(() =>
				paymentReceipt([
					payment([doc({})]),
					payment([doc({ monedaDR: 'USD', equivalenciaDR: 1, impSaldoAnt: 10, impPagado: 10 })], {
						monedaP: 'USD',
					}),
				]),
			),
		).toEqual({
			field: 'payments[1].tipoCambioP',
			message: 'The payment is in USD, so its exchange rate (tipoCambioP) is needed.',
			fix: 'Give tipoCambioP: MXN per 1 USD, e.g. 17.25.',
		});
		expect(kindRefusal(() => paymentReceipt([payment([doc({})]), payment([])]))).toEqual({
			field: 'payments[1].documents',
			message: 'The payment pays no invoice.',
			fix: 'Add at least one related invoice (its UUID and the amount paid).',
		});
		expect(kindRefusal(() => buildPaymentComplement([]))).toEqual({
			field: 'payments',
			message: 'There is no payment.',
			fix: 'Add the payment received.',
		});
	});
});
