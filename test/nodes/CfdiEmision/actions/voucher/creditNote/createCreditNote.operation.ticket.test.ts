/**
 * Ticket in the Global Invoice (creditNote/createCreditNote.operation.ts) as the editor shows it on
 * Create Credit Note, under the name the credit note's reading takes it by (saleCreditFromFields.ts).
 */
import { voucherDescription } from '../../../../../../nodes/CfdiEmision/actions/voucher/Voucher.resource';
import { GLOBAL_SALE_TICKET } from '../../../../../../nodes/CfdiEmision/actions/voucher/globalInvoice/saleCreditFromFields';
import { fieldsShownFor } from '../../../../../support/resourceKit';

describe('Ticket in the Global Invoice', () => {
	test("Create Credit Note shows it, optional and empty by default (a credit note to the related invoice's customer)", () => {
		const ticket = fieldsShownFor(voucherDescription, 'voucher', 'createCreditNote').find(
			(field) => field.displayName === 'Ticket in the Global Invoice',
		);
		expect(ticket).toMatchObject({ name: GLOBAL_SALE_TICKET, type: 'string', default: '' });
		expect(ticket?.required).toBeFalsy();
		expect(ticket?.description).toContain(
			"Empty: a credit note to the related invoice's customer.",
		);
	});

	test('no other operation shows it', () => {
		for (const operation of ['create', 'createPaymentReceipt', 'createGlobalInvoice'])
			expect(
				fieldsShownFor(voucherDescription, 'voucher', operation).map((field) => field.name),
			).not.toContain(GLOBAL_SALE_TICKET);
	});
});
