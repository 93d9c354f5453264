/**
 * The input modes' fields (invoice/inputMode.fields.ts) as the editor shows them in Create, Update
 * and Validate: the same fields in the same order, Create's Sale in a Global Invoice right below Order.
 * (The addresses, Subtotal and Total among them: inputMode.fields.address.test.ts, .totals.test.ts.)
 */
import * as create from '../../../../../../nodes/CfdiEmision/actions/voucher/invoice/create.operation';
import * as update from '../../../../../../nodes/CfdiEmision/actions/voucher/invoice/update.operation';
import * as validate from '../../../../../../nodes/CfdiEmision/actions/voucher/invoice/validate.operation';

const names = (description: Array<{ name: string }>) => description.map((field) => field.name);
/** The part of an operation's fields from Input Mode to the Line Items options. */
const inputPart = (description: Array<{ name: string }>) => {
	const all = names(description);
	return all.slice(all.indexOf('inputMode'), all.indexOf('lineItemsOptions') + 1);
};

describe('the input modes fields', () => {
	test('Update and Validate show the same input fields in the same order', () => {
		expect(inputPart(update.description)).toEqual(inputPart(validate.description));
		expect(inputPart(validate.description).slice(0, 3)).toEqual([
			'inputMode',
			'voucherJson',
			'emisorRfc',
		]);
	});

	test('Create shows them too, with Sale in a Global Invoice right below Order', () => {
		const created = inputPart(create.description);
		expect(created.filter((name) => name !== 'saleInGlobalInvoice')).toEqual(
			inputPart(validate.description),
		);
		expect(created[created.indexOf('order') + 1]).toBe('saleInGlobalInvoice');
	});

	test('the operations that stamp start with Stamp, its mode and the Duplicate Check', () => {
		expect(names(create.description).slice(0, 2)).toEqual(['stamp', 'stampingMode']);
		expect(names(create.description)).toContain('duplicateCheckWindow');
		expect(names(validate.description)).not.toContain('stamp');
	});
});
