/**
 * The kinds table (VOUCHER_KINDS): what the voucher kinds in their own folders hand the shared
 * totals and checks, which import no kind. Moved from cfdi/validateVoucher.test.ts with its cases.
 * Also covers: nodes/CfdiEmision/actions/voucher/paymentReceipt/receiptKindRules.ts (the payment receipt's rules in the table: Pagos 2.0 checked, its complement completed).
 */
import { computeTotals } from '../../../../../nodes/CfdiEmision/cfdi/computeTotals';
import type { KindRules } from '../../../../../nodes/CfdiEmision/cfdi/kindRules';
import { validateVoucher } from '../../../../../nodes/CfdiEmision/cfdi/validateVoucher';
import { VOUCHER_KINDS } from '../../../../../nodes/CfdiEmision/actions/voucher/kindsTable';
import { changed, paymentReceipt } from '../../../../support/kindFixtures';

describe('a kind in its own folder hands its rules down (KindRules)', () => {
	const overpaid = changed(paymentReceipt(), (v) => {
		v.complemento.complementoPago20.pago[0].doctoRelacionado[0].impPagado = 5_000;
	});

	it('without the kinds the shared checks do not read a payment complement; the kinds table checks Pagos 2.0', () => {
		const shared = validateVoucher(overpaid).errors.map((error) => error.path);
		expect(shared.filter((path) => path.startsWith('complemento.complementoPago20'))).toEqual([]);
		expect(
			validateVoucher(overpaid, { kinds: VOUCHER_KINDS }).errors.some((error) =>
				error.path.startsWith('complemento.complementoPago20.pago[0].doctoRelacionado[0]'),
			),
		).toBe(true);
	});

	it("a kind's checks run after the shared checks, and computeTotals leaves its members to the kind", () => {
		const order: string[] = [];
		const kinds: KindRules = {
			complete: (voucher) => ({ ...voucher, completedBy: 'the kind' }),
			checks: [(ctx) => void order.push(`kind after ${ctx.errors.length} errors`)],
		};
		validateVoucher(
			changed(paymentReceipt(), (v) => (v.moneda = 'MXN')),
			{ kinds },
		);
		expect(order).toEqual(['kind after 1 errors']);
		const totals = computeTotals(
			changed(paymentReceipt(), (v) => delete v.complemento.complementoPago20.totales),
		);
		expect(totals.voucher.complemento).toEqual(
			changed(paymentReceipt(), (v) => delete v.complemento.complementoPago20.totales).complemento,
		);
		expect(kinds.complete(totals.voucher)).toMatchObject({ completedBy: 'the kind' });
		expect(VOUCHER_KINDS.complete(totals.voucher).complemento).toEqual(
			paymentReceipt().complemento,
		);
	});
});
