/**
 * Voucher → Create: the invoice from its Input Mode (Fields, JSON, Order, Line Items), stamped or
 * saved as pending. Traced from here:
 * - Fields: `description` below, in the editor's order; the Input Mode's are listed in
 *   inputMode.fields.ts, Stamp, Stamping Mode and the Duplicate Check's in
 *   ../fields/stamping.fields.ts.
 * - Requests: the run's client's calls (api/runClient.ts, where each says its method and path):
 *   `createVoucher` (Direct: stamped in one call; Two-Phase: saved pending, then
 *   `stampPendingVoucher` on its id, an unclear stamp read back by `readVoucher` and
 *   `findVoucherOnList`), and before the first, the Duplicate Check's `readWholeWindow`; a sale in a
 *   global invoice (Order mode) adds the steps below, from ../globalInvoice/. When each goes out is
 *   the protocol's (stamping/sendJob.ts).
 * - Rules: checked before any request by voucherInput/prepareVoucher.ts (in the order they run:
 *   Compute Totals, cfdi/reconcile.ts, cfdi/validateVoucher.ts and its rule files).
 * - Test: test/nodes/CfdiEmision/actions/voucher/invoice/create.operation.engine.test.ts.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { runStamping } from '../../../stamping/runStamping';
import {
	resolveSaleInGlobalInvoice as checkSaleInGlobalInvoice,
	type SaleInGlobalInvoice,
} from '../globalInvoice/saleInGlobalInvoice';
import { cancelReplacedGlobal } from '../globalInvoice/globalCancellation';
import { withHalfReplaced } from '../globalInvoice/halfReplaced';
import { withRelationsAndLegends } from '../../../voucherInput/kindInputReaders';
import { saleInGlobalInvoice } from './order.fields';
import { options, output, stampingFields } from '../fields/stamping.fields';
import { inputModeFields } from './inputMode.fields';
import { fiscalLegends, relatedVouchers } from '../fields/voucherKind.fields';
import { BuiltVoucher } from '../../../voucherInput/builtVoucher';
import type { IssuerDefaults } from '../../../voucherInput/issuerDefaults';
import { voucherFromInput } from './voucherFromInput';
import { runParameter } from '../../../execution/runParameters';
import { VOUCHER_KINDS } from '../kindsTable';

export const description: INodeProperties[] = [
	...stampingFields(),
	...inputModeFields([saleInGlobalInvoice]),
	relatedVouchers,
	fiscalLegends,
	options,
	output,
];

/** The item's voucher from the Input Mode, with its Related Vouchers and Fiscal Legends. */
function voucherWithExtras(
	ctx: IExecuteFunctions,
	itemIndex: number,
	issuer: IssuerDefaults,
): IDataObject | BuiltVoucher {
	const built = voucherFromInput(ctx, itemIndex, VOUCHER_KINDS, issuer);
	if (!(built instanceof BuiltVoucher)) return withRelationsAndLegends(ctx, itemIndex, built);
	// A skipped order has no body to add to.
	return built.body
		? new BuiltVoucher(
				withRelationsAndLegends(ctx, itemIndex, built.body),
				built.output,
				built.source,
			)
		: built;
}

/** Sale in a Global Invoice for this item: only an order's invoice to its buyer has it, in every node version. */
function saleInGlobalMode(
	context: IExecuteFunctions,
	itemIndex: number,
): SaleInGlobalInvoice | undefined {
	if (runParameter<string>(context, 'inputMode', itemIndex, 'fields') !== 'order') return undefined;
	if (context.getNodeParameter('orderDocument', itemIndex, 'invoice') !== 'invoice')
		return undefined;
	return context.getNodeParameter('saleInGlobalInvoice', itemIndex, 'fail') as SaleInGlobalInvoice;
}

/** Creates each item's voucher from the input fields, and stamps it or saves it as pending. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runStamping(ctx, {
		buildVoucher: voucherWithExtras,
		target: () => ({ kind: 'create' }),
		kinds: VOUCHER_KINDS,
		beforeSend: async (context, job, run, generalPublic, relating) => {
			// Is the sale in a global invoice? Fail, or stamp its replacement without the sale first
			// (`downloadVoucherXml` and `readVoucher` of the global invoice, the replacement stamped).
			const mode = saleInGlobalMode(context, job.itemIndex);
			return mode
				? await checkSaleInGlobalInvoice(job, run, mode, generalPublic, relating)
				: undefined;
		},
		// An order the node invoiced to the general public is a global invoice holding the sale.
		mayBeInGlobalInvoice: (context, itemIndex) =>
			saleInGlobalMode(context, itemIndex) !== undefined,
		afterStamped: async (context, job, run, generalPublic, relating) => {
			// Motive 04's last step: the replaced global invoice cancelled (`cancelVoucher`, then
			// `findVoucherByUuid` for its state) once the buyer's invoice is stamped.
			const mode = saleInGlobalMode(context, job.itemIndex);
			return mode ? await cancelReplacedGlobal(job, run, mode, generalPublic, relating) : undefined;
		},
		// The buyer's invoice refused after the replacement was stamped: the error names both global invoices.
		whenRefused: withHalfReplaced,
	});
}
