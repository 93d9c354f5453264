/**
 * The form's Subtotal and Total (invoice/inputMode.fields.ts) as the editor shows them: typed
 * in version 1; from 1.1 left at 0 to be computed from the lines, a typed amount checked.
 */
import { voucherDescription } from '../../../../../../nodes/CfdiEmision/actions/voucher/Voucher.resource';
import { fieldsShownFor } from '../../../../../support/resourceKit';

const versionOf = (show: unknown) => (JSON.stringify(show).includes('gte') ? '1.1' : '1');

describe('Subtotal and Total', () => {
	test.each(['create', 'update', 'validate'])(
		'%s, Fields mode: one declaration per version, two decimals, 0 by default; from 1.1 computed when left at 0',
		(operation) => {
			const totals = fieldsShownFor(voucherDescription, 'voucher', operation).filter((field) =>
				['subTotal', 'total'].includes(field.name),
			);
			expect(
				totals.map(
					(field) => `${field.name} ${versionOf(field.displayOptions?.show?.['@version'])}`,
				),
			).toEqual(['subTotal 1', 'total 1', 'subTotal 1.1', 'total 1.1']);
			for (const field of totals) {
				expect(field).toMatchObject({
					type: 'number',
					default: 0,
					typeOptions: { numberPrecision: 2 },
				});
				expect(field.displayOptions?.show?.inputMode).toEqual(['fields']);
				const computed = /^Leave at 0 to compute it from the line items/.test(
					String(field.description),
				);
				expect(computed).toBe(versionOf(field.displayOptions?.show?.['@version']) === '1.1');
				if (computed) expect(field.description).toContain('an amount typed here is checked');
			}
		},
	);
});
