/**
 * Voucher: the operation selector, then each operation's fields (each operation file lists its own;
 * a field several operations list is declared once, see resourceFields).
 */
import type { INodeProperties } from 'n8n-workflow';

import { resourceFields } from '../common.fields';
import * as buildFromOrder from './invoice/buildFromOrder.operation';
import * as cancel from './cancel.operation';
import * as create from './invoice/create.operation';
import * as createCreditNote from './creditNote/createCreditNote.operation';
import * as createGlobalInvoice from './globalInvoice/createGlobalInvoice.operation';
import * as createPaymentReceipt from './paymentReceipt/createPaymentReceipt.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as getStatus from './getStatus.operation';
import * as update from './invoice/update.operation';
import * as validate from './invoice/validate.operation';

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
				description:
					'Turn a Shopify order into the voucher Create would send, by the same settings, without sending anything',
			},
			{
				name: 'Cancel',
				value: 'cancel',
				action: 'Cancel a voucher',
				description:
					'Ask the SAT to cancel a stamped voucher, with or without a replacement (beyond the spec)',
			},
			{
				name: 'Create',
				value: 'create',
				action: 'Create a voucher',
				description: 'Create a voucher and stamp it, or save it as pending',
			},
			{
				name: 'Create Credit Note',
				value: 'createCreditNote',
				action: 'Create a credit note',
				description:
					'Credit note (type E) on invoices already issued: a discount, a return or an advance applied, with their taxes',
			},
			{
				name: 'Create Global Invoice',
				value: 'createGlobalInvoice',
				action: 'Create a global invoice',
				description:
					'One voucher to the general public for all the input items (one sale each), with the period it covers',
			},
			{
				name: 'Create Payment Receipt',
				value: 'createPaymentReceipt',
				action: 'Create a payment receipt',
				description:
					'Payment receipt (type P, Pagos 2.0) for a payment of invoices issued with payment method PPD',
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
				description:
					"List the issuer's stamped vouchers dated in a range, with their status (beyond the spec)",
			},
			{
				name: 'Get Status',
				value: 'getStatus',
				action: 'Get the status of a voucher',
				description:
					'Whether a stamped voucher is valid, cancelled or waiting for its cancellation to be accepted (beyond the spec)',
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
				description:
					'Check a voucher against the CFDI 4.0 rules and compute its totals, without sending anything',
			},
		],
		default: 'create',
	},
	...resourceFields('voucher', {
		buildFromOrder: buildFromOrder.description,
		cancel: cancel.description,
		create: create.description,
		createCreditNote: createCreditNote.description,
		createGlobalInvoice: createGlobalInvoice.description,
		createPaymentReceipt: createPaymentReceipt.description,
		get: get.description,
		getMany: getMany.description,
		getStatus: getStatus.description,
		update: update.description,
		validate: validate.description,
	}),
];
