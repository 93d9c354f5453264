/** Output (fields/stamping.fields.ts) as the editor shows it: from version 1.1, Simplified by default. */
import type { INodePropertyOptions } from 'n8n-workflow';

import { voucherDescription } from '../../../../../../nodes/CfdiEmision/actions/voucher/Voucher.resource';
import { fieldsShownFor } from '../../../../../support/resourceKit';

describe('Output', () => {
	test('every operation that sends a voucher offers it from version 1.1: Simplified (the default) or Raw', () => {
		for (const operation of [
			'create',
			'createCreditNote',
			'createGlobalInvoice',
			'createPaymentReceipt',
			'update',
		]) {
			const output = fieldsShownFor(voucherDescription, 'voucher', operation).find(
				(field) => field.name === 'output',
			);
			expect(output?.default).toBe('simplified');
			expect(output?.displayOptions?.hide).toEqual({ '@version': [1] });
			expect((output?.options as INodePropertyOptions[]).map((option) => option.value)).toEqual([
				'simplified',
				'raw',
			]);
		}
	});

	test('the operations that only read show none', () => {
		for (const operation of ['get', 'getMany', 'getStatus', 'validate'])
			expect(
				fieldsShownFor(voucherDescription, 'voucher', operation).map((field) => field.name),
			).not.toContain('output');
	});
});
