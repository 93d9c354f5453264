import type { INodeProperties } from 'n8n-workflow';

import { asCustomOperations } from '../../shared/runItems';
import { stampingOptionsField, voucherInputFields } from '../../stamping';
import { createFields, createVoucher } from './create';
import { getFields, getVoucher } from './get';
import { updateFields, updateVoucher } from './update';
import { validateVouchers } from './validate';

export const voucherOperations = asCustomOperations({ create: createVoucher, get: getVoucher, update: updateVoucher, validate: validateVouchers });

export const voucherDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['voucher'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a voucher',
				description: 'Create a voucher and stamp it, or save it as pending',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a pending voucher',
				description: 'Retrieve a voucher saved as pending',
			},
			{
				name: 'Validate',
				value: 'validate',
				action: 'Validate a voucher',
				description: 'Check a voucher against the CFDI 4.0 rules and compute its totals, without sending anything',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update and stamp a pending voucher',
				description: 'Modify a pending voucher and stamp it',
			},
		],
		default: 'create',
	},
	...getFields,
	...createFields,
	...updateFields,
	...voucherInputFields,
	stampingOptionsField(['create', 'update', 'validate']),
];
