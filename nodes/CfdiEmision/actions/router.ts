/** The one map from resource and operation to the function that runs it (the node's customOperations). */
import type { IExecuteFunctions } from 'n8n-workflow';

import { asCustomOperations, type Operation } from '../execution/runItems';
import { emailDescription } from './email/Email.resource';
import { checkingNumberSettings } from './numberSettings';
import { pdfDescription } from './pdf/Pdf.resource';
import { voucherDescription } from './voucher/Voucher.resource';
import { xmlDescription } from './xml/Xml.resource';
import * as buildFromOrder from './voucher/invoice/buildFromOrder.operation';
import * as cancel from './voucher/cancel.operation';
import * as create from './voucher/invoice/create.operation';
import * as createCreditNote from './voucher/creditNote/createCreditNote.operation';
import * as createGlobalInvoice from './voucher/globalInvoice/createGlobalInvoice.operation';
import * as createPaymentReceipt from './voucher/paymentReceipt/createPaymentReceipt.operation';
import * as get from './voucher/get.operation';
import * as getMany from './voucher/getMany.operation';
import * as getStatus from './voucher/getStatus.operation';
import * as update from './voucher/invoice/update.operation';
import * as validate from './voucher/invoice/validate.operation';
import * as download from './xml/download.operation';
import * as getLink from './pdf/getLink.operation';
import * as send from './email/send.operation';

/** The resources' settings, whose number settings every operation reads checked (numberSettings.ts). */
const SETTINGS = [...voucherDescription, ...xmlDescription, ...pdfDescription, ...emailDescription];

function checked<T extends Record<string, Operation>>(operations: T) {
	return asCustomOperations(
		Object.fromEntries(
			Object.entries(operations).map(([name, operation]) => [
				name,
				(ctx: IExecuteFunctions) => operation(checkingNumberSettings(ctx, SETTINGS)),
			]),
		) as T,
	);
}

export const router = {
	voucher: checked({
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
	xml: checked({ download: download.execute }),
	pdf: checked({ getLink: getLink.execute }),
	email: checked({ send: send.execute }),
};
