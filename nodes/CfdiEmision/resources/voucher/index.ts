import type { INodeProperties } from 'n8n-workflow';

import { uuidField } from '../../shared/descriptions';
import { asCustomOperations } from '../../shared/runItems';
import { orderInputFields, stampingOptionsField, voucherInputFields } from '../../stamping';
import { buildVouchersFromOrders } from './buildFromOrder';
import { cancelFields, cancelVouchers } from './cancel';
import { createFields, createVoucher } from './create';
import { getFields, getVoucher } from './get';
import { getManyFields, getManyVouchers } from './getMany';
import { getStatusFields, getVoucherStatus } from './getStatus';
import { updateFields, updateVoucher } from './update';
import { validateVouchers } from './validate';

export const voucherOperations = asCustomOperations({
	buildFromOrder: buildVouchersFromOrders,
	cancel: cancelVouchers,
	create: createVoucher,
	get: getVoucher,
	getMany: getManyVouchers,
	getStatus: getVoucherStatus,
	update: updateVoucher,
	validate: validateVouchers,
});

export const voucherDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['voucher'] } },
		options: [
			{
				name: 'Build From Order',
				value: 'buildFromOrder',
				action: 'Build a voucher from an order',
				description: 'Turn a Shopify order into the voucher Create would send, by the same settings, without sending anything',
			},
			{
				name: 'Cancel',
				value: 'cancel',
				action: 'Cancel a voucher',
				description: 'Ask the SAT to cancel a stamped voucher, with or without a replacement (beyond the spec)',
			},
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
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many vouchers',
				description: 'List the issuer\'s stamped vouchers dated in a range, with their status (beyond the spec)',
			},
			{
				name: 'Get Status',
				value: 'getStatus',
				action: 'Get the status of a voucher',
				description: 'Whether a stamped voucher is valid, cancelled or waiting for its cancellation to be accepted (beyond the spec)',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update and stamp a pending voucher',
				description: 'Modify a pending voucher and stamp it',
			},
			{
				name: 'Validate',
				value: 'validate',
				action: 'Validate a voucher',
				description: 'Check a voucher against the CFDI 4.0 rules and compute its totals, without sending anything',
			},
		],
		default: 'create',
	},
	...getFields,
	uuidField('voucher', ['cancel', 'getStatus']),
	...cancelFields,
	...getStatusFields,
	...getManyFields,
	...createFields,
	...updateFields,
	...voucherInputFields,
	...orderInputFields,
	stampingOptionsField(['buildFromOrder', 'create', 'update', 'validate']),
];
