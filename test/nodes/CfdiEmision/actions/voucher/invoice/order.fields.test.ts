/**
 * The Order and Line Items input modes' fields (invoice/order.fields.ts) as the editor shows them:
 * the incoming item as the order by default, the document made of it, and the safe choices for a
 * sale already in a global invoice and for an order without tax data.
 */
import { voucherDescription } from '../../../../../../nodes/CfdiEmision/actions/voucher/Voucher.resource';
import { fieldsShownFor } from '../../../../../support/resourceKit';

const shown = (operation: string, name: string) =>
	fieldsShownFor(voucherDescription, 'voucher', operation).find((field) => field.name === name);

describe('the order fields', () => {
	test("Create, Order mode: the incoming item is the order, its invoice by default; the invoice's UUID asked for a receipt or a credit note, the refund for a credit note", () => {
		expect(shown('create', 'order')).toMatchObject({
			type: 'json',
			default: '={{ $json }}',
			required: true,
			displayOptions: { show: { inputMode: ['order'] } },
		});
		expect(shown('create', 'orderDocument')?.default).toBe('invoice');
		expect(shown('create', 'invoiceUuid')?.displayOptions?.show).toMatchObject({
			inputMode: ['order'],
			orderDocument: ['paymentReceipt', 'creditNote'],
		});
		expect(shown('create', 'refundId')?.displayOptions?.show).toMatchObject({
			inputMode: ['order'],
			orderDocument: ['creditNote'],
		});
	});

	test("a sale already in a global invoice fails by default, asked only for an order's invoice", () => {
		expect(shown('create', 'saleInGlobalInvoice')).toMatchObject({
			default: 'fail',
			displayOptions: { show: { inputMode: ['order'], orderDocument: ['invoice'] } },
		});
	});

	test('Order and Line Items: an item without tax data is skipped and passed on by default', () => {
		for (const name of ['withoutTaxData', 'skippedItems'])
			expect(shown('create', name)?.displayOptions?.show?.inputMode).toEqual([
				'order',
				'lineItems',
			]);
		expect(shown('create', 'withoutTaxData')?.default).toBe('skip');
		expect(shown('create', 'skippedItems')?.default).toBe('passOn');
		expect(shown('create', 'lineItems')).toMatchObject({
			default: '={{ $json.lines }}',
			displayOptions: { show: { inputMode: ['lineItems'] } },
		});
	});

	test('Build From Order, which has no Input Mode, shows the order without that condition', () => {
		const order = shown('buildFromOrder', 'order');
		expect(order?.default).toBe('={{ $json }}');
		expect(order?.displayOptions?.show?.inputMode).toBeUndefined();
	});
});
