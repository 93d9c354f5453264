/**
 * The voucher an operation points at (fields/reference.fields.ts) as the editor shows it: Cancel
 * and Get Status by UUID, Get and Update by Voucher ID; typed in version 1, from version 1.1 a
 * locator that defaults to the incoming item's.
 */
import { voucherDescription } from '../../../../../../nodes/CfdiEmision/actions/voucher/Voucher.resource';
import { fieldsShownFor } from '../../../../../support/resourceKit';

const declared = (operation: string, name: string) =>
	fieldsShownFor(voucherDescription, 'voucher', operation).filter((field) => field.name === name);

describe('the voucher an operation points at', () => {
	test.each(['cancel', 'getStatus'])(
		'%s: UUID, from 1.1 the incoming item\'s "uuid"',
		(operation) => {
			const [v1, later] = declared(operation, 'uuid');
			expect(v1).toMatchObject({ type: 'string', required: true, default: '' });
			expect(v1.displayOptions?.show?.['@version']).toEqual([1]);
			expect(later).toMatchObject({
				type: 'resourceLocator',
				default: { __rl: true, mode: 'uuid', value: '={{ $json.uuid }}' },
				displayOptions: { hide: { '@version': [1] } },
			});
			expect(declared(operation, 'voucherId')).toEqual([]);
		},
	);

	test.each(['get', 'update'])(
		'%s: Voucher ID, from 1.1 the incoming item\'s "voucherId" or "idComprobante"',
		(operation) => {
			const [v1, later] = declared(operation, 'voucherId');
			expect(v1).toMatchObject({ type: 'number', required: true, default: 0 });
			expect(later).toMatchObject({
				type: 'resourceLocator',
				default: { __rl: true, mode: 'id', value: '={{ $json.voucherId ?? $json.idComprobante }}' },
			});
			expect(declared(operation, 'uuid')).toEqual([]);
		},
	);
});
