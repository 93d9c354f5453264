/**
 * Stamp, Stamping Mode and the Duplicate Check (fields/stamping.fields.ts) as the editor shows them:
 * the safe choices by default for every operation that creates a voucher.
 */
import { voucherDescription } from '../../../../../../nodes/CfdiEmision/actions/voucher/Voucher.resource';
import { fieldsShownFor } from '../../../../../support/resourceKit';

const shown = (operation: string, name: string) =>
	fieldsShownFor(voucherDescription, 'voucher', operation).find((field) => field.name === name);

describe('the stamping fields', () => {
	test.each(['create', 'createCreditNote', 'createGlobalInvoice', 'createPaymentReceipt'])(
		'%s: Stamp on, Two-Phase (shown only when stamping), Duplicate Check Return Existing over 24 hours (hidden when Off)',
		(operation) => {
			expect(shown(operation, 'stamp')?.default).toBe(true);
			expect(shown(operation, 'stampingMode')).toMatchObject({
				default: 'twoPhase',
				displayOptions: { show: { stamp: [true] } },
			});
			expect(shown(operation, 'duplicateCheck')?.default).toBe('returnExisting');
			for (const name of ['duplicateCheckKey', 'duplicateCheckWindow'])
				expect(shown(operation, name)?.displayOptions?.hide).toEqual({ duplicateCheck: ['off'] });
			expect(shown(operation, 'duplicateCheckWindow')?.default).toBe(24);
		},
	);

	test('Update stamps the voucher it names: Stamp on, no Duplicate Check', () => {
		expect(shown('update', 'stamp')?.default).toBe(true);
		expect(shown('update', 'duplicateCheck')).toBeUndefined();
	});
});
