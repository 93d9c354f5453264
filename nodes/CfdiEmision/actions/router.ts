/** The one map from resource and operation to the function that runs it (the node's customOperations). */
import { asCustomOperations } from '../execution/runItems';
import * as buildFromOrder from './voucher/buildFromOrder.operation';
import * as cancel from './voucher/cancel.operation';
import * as create from './voucher/create.operation';
import * as createCreditNote from './voucher/creditNote/createCreditNote.operation';
import * as createGlobalInvoice from './voucher/createGlobalInvoice.operation';
import * as createPaymentReceipt from './voucher/paymentReceipt/createPaymentReceipt.operation';
import * as get from './voucher/get.operation';
import * as getMany from './voucher/getMany.operation';
import * as getStatus from './voucher/getStatus.operation';
import * as update from './voucher/update.operation';
import * as validate from './voucher/validate.operation';
import * as download from './xml/download.operation';
import * as getLink from './pdf/getLink.operation';
import * as send from './email/send.operation';

export const router = {
	voucher: asCustomOperations({
		buildFromOrder: buildFromOrder.execute,
		cancel: cancel.execute,
		create: create.execute,
		createCreditNote: createCreditNote.execute,
		createGlobalInvoice: createGlobalInvoice.execute,
		createPaymentReceipt: createPaymentReceipt.execute,
		get: get.execute,
		getMany: getMany.execute,
		getStatus: getStatus.execute,
		update: update.execute,
		validate: validate.execute,
	}),
	xml: asCustomOperations({ download: download.execute }),
	pdf: asCustomOperations({ getLink: getLink.execute }),
	email: asCustomOperations({ send: send.execute }),
};
