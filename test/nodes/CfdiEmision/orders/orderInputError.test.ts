/**
 * The error of a source record that cannot become a voucher (orders/orderInputError.ts): the member at fault
 * by its full path, the message and the fix, as the node shows them. Each conversion's refusals:
 * the orderToVoucher and lineItems tests here, and the kinds' receiptFromOrder and creditNoteFromRefund tests.
 */
import { OrderInputError } from '../../../../nodes/CfdiEmision/orders/orderInputError';
import { orderToVoucher } from '../../../../nodes/CfdiEmision/orders/orderToVoucher';
import { corpusOrder } from '../../../support/corpusOrder';

describe('OrderInputError', () => {
	test('carries the path, the message and the fix', () => {
		const error = new OrderInputError(
			'line_items[2].tax_lines[0].rate',
			'line_items[2].tax_lines[0].rate "x" is not a rate.',
			'Give the rate as a number such as 0.16.',
		);
		expect(error).toBeInstanceOf(Error);
		expect(error.path).toBe('line_items[2].tax_lines[0].rate');
		expect(error.message).toBe('line_items[2].tax_lines[0].rate "x" is not a rate.');
		expect(error.fix).toBe('Give the rate as a number such as 0.16.');
	});

	test('a conversion refuses with it, naming the order member at fault', () => {
		const order = corpusOrder('example-1');
		order.line_items[0].quantity = 'two';
		let thrown: unknown;
		try {
			orderToVoucher(order, {
				emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
				lugarExpedicion: '64000',
			});
		} catch (error) {
			thrown = error;
		}
		expect(thrown).toBeInstanceOf(OrderInputError);
		expect((thrown as OrderInputError).path).toBe('line_items[0].quantity');
	});
});
