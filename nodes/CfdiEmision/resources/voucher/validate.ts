import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { computeTotals, validateVoucher, type Voucher } from '../../cfdi';
import { LOCAL_ONLY } from '../../shared/requestSettings';
import { runItems } from '../../shared/runItems';
import { applyBodyOptions, BuiltVoucher, formComputesTotals, readIssuerDefaults, skippedItemOutput, voucherFromInput, withIssuerDefaults, type IssuerDefaults } from '../../voucherInput';

/**
 * The output of an offline check: the voucher as it would be sent, its findings and computed
 * totals, plus what the body builder says (e.g. an order's totals); a skipped item says why.
 */
export function checkedVoucherItem(ctx: IExecuteFunctions, itemIndex: number, built: IDataObject | BuiltVoucher, issuer: IssuerDefaults = {}): INodeExecutionData {
	const extra = built instanceof BuiltVoucher ? built.output : {};
	const body = built instanceof BuiltVoucher ? built.body : built;
	if (!body) return { json: extra };
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const given = applyBodyOptions(ctx, itemIndex, withIssuerDefaults(body, issuer), options);
	// A form voucher of version 1.1 comes computed, with the IVA bases over IEPS it gives kept.
	const formComputed = formComputesTotals(ctx, itemIndex);
	const totals = computeTotals(given as Voucher, { keepTaxBases: formComputed });
	const voucher = options.computeTotals === true && !formComputed ? (totals.voucher as IDataObject) : given;
	const result = validateVoucher(voucher);
	return {
		json: {
			valid: result.valid,
			errors: result.errors as unknown as IDataObject[],
			warnings: result.warnings as unknown as IDataObject[],
			computed: totals.computed as unknown as IDataObject,
			voucher,
			...extra,
		},
	};
}

/** The checked item, or nothing for an item skipped on purpose when "Skipped Items" is Drop. */
export function checkedVoucherItems(ctx: IExecuteFunctions, itemIndex: number, built: IDataObject | BuiltVoucher, issuer: IssuerDefaults = {}): INodeExecutionData[] {
	if (built instanceof BuiltVoucher && !built.body) return skippedItemOutput(ctx, itemIndex, built.output);
	return [checkedVoucherItem(ctx, itemIndex, built, issuer)];
}

/** Checks each voucher locally and shows the computed totals; no request, no credential. */
export async function validateVouchers(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const issuer = await readIssuerDefaults(ctx);
	return await runItems(ctx, LOCAL_ONLY, async (itemIndex) => ({ items: checkedVoucherItems(ctx, itemIndex, voucherFromInput(ctx, itemIndex), issuer) }));
}
