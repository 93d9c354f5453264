/**
 * Balances across a payment receipt (actions/voucher/paymentReceipt/paidBalances.ts): one invoice
 * listed more than once counts once against its balance. Figures from the SAT's Pagos 2.0 filling
 * guide.
 */

import * as voucherShape from '../../../../../../nodes/CfdiEmision/cfdi/voucherShape';
import type { Voucher } from '../../../../../../nodes/CfdiEmision/cfdi/types';

import {
	INVOICE_UUID,
	kindRefusal,
	paymentReceipt,
	SECOND_UUID,
	paidDocument as doc,
	paymentOf as payment,
	validateWithKinds,
} from '../../../../../support/kindFixtures';

/* eslint-disable @typescript-eslint/no-explicit-any */
const complement = (voucher: Voucher): any =>
	voucherShape.complementOf(voucher as Record<string, unknown>, 'payments');

describe('one invoice listed more than once counts once against its balance', () => {
	const listed = (
		installment: number,
		before: number | string,
		paid: number | string,
		id = INVOICE_UUID,
	) => doc({ idDocumento: id, numParcialidad: installment, impSaldoAnt: before, impPagado: paid });

	it('installments given out of order are read in order; its UUID compares whatever its case or spaces', () => {
		const voucher = paymentReceipt([
			payment([listed(3, 290, 290), listed(2, 580, 290, ` ${INVOICE_UUID.toLowerCase()} `)]),
		]);
		expect(validateWithKinds(voucher).errors.map((e) => e.code)).not.toContain('DR_BALANCE');
		expect(
			complement(voucher).pago[0].doctoRelacionado.map((dr: any) => dr.impSaldoInsoluto),
		).toEqual([0, 290]);
	});

	it('across two payments of the receipt, naming the payment and document at fault, amounts in the invoice currency', () => {
		expect(
			kindRefusal(() =>
				paymentReceipt([
					payment([listed(1, 1160, 580)]),
					payment([doc({ idDocumento: SECOND_UUID }), listed(2, '600', 580)]),
				]),
			),
		).toEqual({
			field: 'payments[1].documents[1].impSaldoAnt',
			message: `Invoice ${INVOICE_UUID} is listed twice: installment 2 starts from a balance of 600.00, but installment 1 left 580.00 (1160.00 − 580.00); the same invoice counts once against its balance.`,
			fix: "Set installment 2's previous balance to 580.00, or list the invoice once with the sum paid.",
		});
		const clp = (installment: number, before: number, paid: number) =>
			doc({
				monedaDR: 'CLP',
				equivalenciaDR: 20,
				numParcialidad: installment,
				impSaldoAnt: before,
				impPagado: paid,
				taxes: [],
			});
		expect(
			kindRefusal(() => paymentReceipt([payment([clp(1, 10000, 4000), clp(2, 10000, 100)])]))
				.message,
		).toContain('starts from a balance of 10000, but installment 1 left 6000 (10000 − 4000)');
	});

	it('installments that skip name the numbers to use; the same installment twice is refused', () => {
		expect(
			kindRefusal(() => paymentReceipt([payment([listed(2, 580, 290), listed(4, 290, 290)])])),
		).toEqual({
			field: 'payments[0].documents[1].numParcialidad',
			message: `Invoice ${INVOICE_UUID} is listed as installments 2 and 4: the installments of one receipt follow each other.`,
			fix: 'Number them 2 and 3.',
		});
		expect(
			kindRefusal(() => paymentReceipt([payment([listed(1, 1160, 580), listed(1, 580, 580)])])),
		).toMatchObject({
			field: 'payments[0].documents[1].numParcialidad',
			fix: 'Give each payment of the invoice its own installment number (1, 2, 3...), or list the invoice once with the sum paid.',
		});
	});

	it('different invoices are not compared', () => {
		expect(() =>
			paymentReceipt([payment([listed(1, 1160, 580), listed(1, 1160, 580, SECOND_UUID)])]),
		).not.toThrow();
	});
});
