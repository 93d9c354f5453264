/**
 * Voucher: the operation selector the editor shows, and each operation's own fields shown for it
 * (and only for this resource); every operation offered runs (the router has it).
 */
import { voucherDescription } from '../../../../../nodes/CfdiEmision/actions/voucher/Voucher.resource';
import { router } from '../../../../../nodes/CfdiEmision/actions/router';
import * as buildFromOrder from '../../../../../nodes/CfdiEmision/actions/voucher/invoice/buildFromOrder.operation';
import * as cancel from '../../../../../nodes/CfdiEmision/actions/voucher/cancel.operation';
import * as create from '../../../../../nodes/CfdiEmision/actions/voucher/invoice/create.operation';
import * as createCreditNote from '../../../../../nodes/CfdiEmision/actions/voucher/creditNote/createCreditNote.operation';
import * as createGlobalInvoice from '../../../../../nodes/CfdiEmision/actions/voucher/globalInvoice/createGlobalInvoice.operation';
import * as createPaymentReceipt from '../../../../../nodes/CfdiEmision/actions/voucher/paymentReceipt/createPaymentReceipt.operation';
import * as get from '../../../../../nodes/CfdiEmision/actions/voucher/get.operation';
import * as getMany from '../../../../../nodes/CfdiEmision/actions/voucher/getMany.operation';
import * as getStatus from '../../../../../nodes/CfdiEmision/actions/voucher/getStatus.operation';
import * as update from '../../../../../nodes/CfdiEmision/actions/voucher/invoice/update.operation';
import * as validate from '../../../../../nodes/CfdiEmision/actions/voucher/invoice/validate.operation';
import {
	expectOperationShowsItsFields,
	operationSelector,
	operationValues,
} from '../../../../support/resourceKit';

const OPERATIONS = {
	buildFromOrder,
	cancel,
	create,
	createCreditNote,
	createGlobalInvoice,
	createPaymentReceipt,
	get,
	getMany,
	getStatus,
	update,
	validate,
};

describe('Voucher resource', () => {
	test('the selector offers the operations, shown for this resource only, with create first chosen', () => {
		const selector = operationSelector(voucherDescription);
		expect(operationValues(voucherDescription)).toEqual([
			'buildFromOrder',
			'cancel',
			'create',
			'createCreditNote',
			'createGlobalInvoice',
			'createPaymentReceipt',
			'get',
			'getMany',
			'getStatus',
			'update',
			'validate',
		]);
		expect(selector.displayOptions).toEqual({ show: { resource: ['voucher'] } });
		expect(selector.default).toBe('create');
	});

	test('every operation offered runs: the router has it, and nothing else for this resource', () => {
		expect(Object.keys(router.voucher).sort()).toEqual(operationValues(voucherDescription).sort());
	});

	test.each(Object.entries(OPERATIONS))(
		'%s shows its own fields, in its order',
		(operation, module) => {
			expectOperationShowsItsFields(voucherDescription, 'voucher', operation, module.description);
		},
	);

	test('no field of this resource shows for another resource', () => {
		for (const field of voucherDescription)
			expect(field.displayOptions?.show?.resource).toEqual(['voucher']);
	});
});
