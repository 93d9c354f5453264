/**
 * Voucher → Validate, offline (no request, no credential): each item's voucher from the Input Mode
 * checked as Create would check it. Fields: `description` below (the Input Mode's:
 * inputMode.fields.ts). Rules: checkedVoucherItem below, over cfdi/computeTotals.ts,
 * cfdi/reconcile.ts and cfdi/validateVoucher.ts, worded as Create's refusal.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { computeTotals } from '../../../cfdi/computeTotals';
import { reconcile, ReconciliationRefused, type Reconciliation } from '../../../cfdi/reconcile';
import type { Voucher } from '../../../cfdi/types';
import { validateVoucher } from '../../../cfdi/validateVoucher';
import { RunSession } from '../../../api/sessionAndFailure';
import { LOCAL_ONLY } from '../../../execution/requestSettings';
import { runItems } from '../../../execution/runItems';
import { needsAttention } from '../../../execution/needsAttention';
import { skippedItemOutput } from '../../../execution/skippedUpstream';
import { BuiltVoucher } from '../../../voucherInput/builtVoucher';
import {
	localProblemsRefusal,
	localRefusal,
	totalsProblem,
	type DataProblem,
} from '../../../voucherInput/dataRefusal';
import { inFormFinding } from '../../../voucherInput/formLabels';
import {
	readIssuerDefaults,
	withIssuerDefaults,
	type IssuerDefaults,
} from '../../../voucherInput/issuerDefaults';
import { whenTotalsDiffer } from '../../../voucherInput/prepareVoucher';
import {
	applyBodyOptions,
	inputModeOf,
	takesAdditionalFields,
} from '../../../voucherInput/voucherBody';
import { readJsonParameter } from '../../../execution/itemParameters';
import { voucherFromInput } from './voucherFromInput';

import { options } from '../fields/stamping.fields';
import { inputModeFields } from './inputMode.fields';
import { VOUCHER_KINDS } from '../kindsTable';

export const description: INodeProperties[] = [...inputModeFields(), options];

/**
 * The output of an offline check: the voucher as it would be sent, its findings and computed
 * totals, plus what the body builder says (e.g. an order's totals); a skipped item says why.
 */
export function checkedVoucherItem(
	ctx: IExecuteFunctions,
	itemIndex: number,
	built: IDataObject | BuiltVoucher,
	issuer: IssuerDefaults = {},
): INodeExecutionData {
	const extra = built instanceof BuiltVoucher ? built.output : {};
	const body = built instanceof BuiltVoucher ? built.body : built;
	if (!body) return { json: extra };
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const input = inputModeOf(ctx, itemIndex);
	const additionalFields = takesAdditionalFields(options, input)
		? readJsonParameter(ctx, 'options.additionalFieldsJson', itemIndex, 'Additional Fields (JSON)')
		: undefined;
	const given = applyBodyOptions(withIssuerDefaults(body, issuer), options, additionalFields);
	// A form voucher of version 1.1 comes computed, with the IVA bases over IEPS it gives kept.
	const formComputed = input.formComputesTotals;
	const totals = computeTotals(given as Voucher, { keepTaxBases: formComputed });
	let voucher =
		options.computeTotals === true && !formComputed
			? (VOUCHER_KINDS.complete(totals.voucher) as IDataObject)
			: given;
	// The reconciliation rule, as stamping would apply it: the voucher with cents moved, or the refusal.
	const money = built instanceof BuiltVoucher ? built.source.money : undefined;
	let reconciliation: IDataObject | undefined;
	let totalsRefused: DataProblem | undefined;
	if (money) {
		try {
			const outcome: Reconciliation = reconcile(
				voucher as Voucher,
				money,
				whenTotalsDiffer(options),
			);
			voucher = outcome.voucher as IDataObject;
			const { voucher: _moved, ...summary } = outcome;
			void _moved;
			reconciliation = summary as unknown as IDataObject;
		} catch (error) {
			if (!(error instanceof ReconciliationRefused))
				throw new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
			totalsRefused = totalsProblem(error, money);
			reconciliation = {
				outcome: 'refused',
				from: money.from,
				sourceTotal: money.amount,
				message: error.message,
				fix: error.fix,
			};
		}
	}
	const result = validateVoucher(voucher, { kinds: VOUCHER_KINDS });
	// A voucher typed in the Fields form is spoken of in the form's words, as Create's refusal does.
	const inWords = input.form
		? (findings: typeof result.errors) =>
				findings.map((finding) => inFormFinding(finding, voucher as Voucher))
		: (findings: typeof result.errors) => findings;
	const errors = inWords(result.errors);
	// The refusal Create would give this voucher, in the same structure, for a page or a clerk to act on.
	const localProblems = localRefusal(errors, voucher)?.problems ?? [];
	// An order's totals are the shop's record, as Create says: needsAttention, never the buyer's refusal.
	const shopData = totalsRefused && input.order ? totalsRefused : undefined;
	const refusal = localProblemsRefusal(
		totalsRefused && !shopData ? [...localProblems, totalsRefused] : localProblems,
	);
	return {
		json: {
			valid: result.valid && reconciliation?.outcome !== 'refused',
			...(refusal ? { refusal: refusal as unknown as IDataObject } : {}),
			...(shopData
				? needsAttention('orderData', `${shopData.message} ${shopData.fix} Nothing was sent.`)
				: {}),
			// A new output member: node version 1.1 on (docs/creating-vouchers.md, "Node versions").
			...(reconciliation && ctx.getNode().typeVersion >= 1.1 ? { reconciliation } : {}),
			errors: errors as unknown as IDataObject[],
			warnings: inWords(result.warnings) as unknown as IDataObject[],
			computed: totals.computed as unknown as IDataObject,
			voucher,
			...extra,
		},
	};
}

/** The checked item, or nothing for an item skipped on purpose when "Skipped Items" is Drop. */
function checkedVoucherItems(
	ctx: IExecuteFunctions,
	itemIndex: number,
	built: IDataObject | BuiltVoucher,
	issuer: IssuerDefaults = {},
): INodeExecutionData[] {
	if (built instanceof BuiltVoucher && !built.body)
		return skippedItemOutput(ctx, itemIndex, built.output);
	return [checkedVoucherItem(ctx, itemIndex, built, issuer)];
}

/** What builds an item's voucher: Validate's input modes, or Build From Order's order. */
type BuildVoucher = typeof voucherFromInput;

/**
 * Checks each item's voucher locally and shows the computed totals; no request, no credential.
 * Validate and Build From Order differ only in how the voucher is built.
 */
export async function checkEachVoucher(
	ctx: IExecuteFunctions,
	build: BuildVoucher = voucherFromInput,
): Promise<INodeExecutionData[][]> {
	const issuer = await readIssuerDefaults(ctx);
	return await runItems(ctx, LOCAL_ONLY, RunSession.fromNode, async (itemIndex) => ({
		items: checkedVoucherItems(
			ctx,
			itemIndex,
			build(ctx, itemIndex, VOUCHER_KINDS, issuer),
			issuer,
		),
	}));
}

/** Checks each voucher locally and shows the computed totals; no request, no credential. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await checkEachVoucher(ctx);
}
