/**
 * formaPago and metodoPago of an order's invoice from what was paid (orders/paymentForm.ts), through
 * orderToVoucher: an authorized order is PPD with 99, a voided one is not invoiced, PUE on a pending
 * order is refused.
 */
import { orderToVoucher } from '../../../../nodes/CfdiEmision/orders/orderToVoucher';
import type { OrderSettings } from '../../../../nodes/CfdiEmision/orders/settings';
import { refusal } from '../../../support/refusal';
import { corpusOrder } from '../../../support/corpusOrder';

const ISSUER: OrderSettings = {
	emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
	lugarExpedicion: '64000',
	serie: 'A',
};

describe('documents only when the facts allow them: what was paid', () => {
	it('an authorized order (the card held, not charged) is invoiced PPD with 99, not as paid', () => {
		const order = corpusOrder('example-1');
		order.financial_status = 'authorized';
		const result = orderToVoucher(order, ISSUER);
		expect(result.voucher).toMatchObject({ metodoPago: 'PPD', formaPago: '99' });
		expect(result.notes).toContain(
			'The order is authorized: the invoice is PPD with formaPago 99, and each payment gets a payment receipt.',
		);
	});

	it('a voided order is not invoiced: skipped, saying why', () => {
		const order = corpusOrder('example-1');
		order.financial_status = 'voided';
		const result = orderToVoucher(order, ISSUER);
		expect(result.voucher).toBeUndefined();
		expect(result.skipped).toEqual({
			reason: 'cancelled',
			message: 'order #1001 was voided (its payment was never captured); it is not invoiced.',
		});
	});

	it('Payment Method PUE on a pending order is refused: its money was not received', () => {
		const order = corpusOrder('pending-bank-deposit');
		const refused = refusal(() => orderToVoucher(order, { ...ISSUER, paymentMethod: 'PUE' }));
		expect(refused.path).toBe('financial_status');
		expect(refused.message).toBe(
			'The order is pending: its money was not received in full, so it cannot be invoiced as paid (PUE).',
		);
	});
});
