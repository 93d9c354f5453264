import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { computeTotals } from '../cfdi/computeTotals';
import type { KindRules } from '../cfdi/kindRules';
import {
	normalizeRecipient,
	recipientOutcome,
	RECIPIENT_FIXES,
	type RecipientChange,
	type RecipientField,
	type RecipientProblem,
} from '../cfdi/recipientData';
import {
	reconcile,
	ReconciliationRefused,
	type Reconciliation,
	type WhenTotalsDiffer,
} from '../cfdi/reconcile';
import type { ValidationResult, Voucher } from '../cfdi/types';
import { validateVoucher } from '../cfdi/validateVoucher';
import { formatFinding } from '../cfdi/validation/formatFinding';
import type { VoucherSource } from '../cfdi/voucherSource';
import { inFormFinding } from './formLabels';
import { localProblemsRefusal, localRefusal, totalsProblem } from './dataRefusal';
import { needsAttention } from '../execution/needsAttention';
import { applyBodyOptions, type VoucherInputMode } from './voucherBody';

export type ValidationMode = 'strict' | 'warn' | 'off';

export interface PreparedVoucher {
	body: IDataObject;
	/** Query members that come from the options (noCalcularFecha); emitir is the caller's. */
	qs: IDataObject;
	/** Present when local checks ran and found something worth reporting. */
	validation?: ValidationResult;
	/** Present when the builder stated its source's money: how the voucher's total compares with it. */
	reconciliation?: Reconciliation;
	/** Present when the recipient was put as the SAT records it: each change (output `recipientNormalized`). */
	recipientChanges?: RecipientChange[];
}

/**
 * "When Totals Differ": the option when given; otherwise Refuse, in every node version (issue 27
 * item 8: a node saved as version 1 does not stamp what version 1.1 refuses).
 */
export function whenTotalsDiffer(options: IDataObject): WhenTotalsDiffer {
	return options.whenTotalsDiffer === 'stampWithNote' ? 'stampWithNote' : 'refuse';
}

/**
 * The reconciliation rule (cfdi/reconcile.ts) on a built voucher whose builder stated its source's
 * money: the voucher to send (cents moved when per-line rounding forces it) or the refusal as the
 * item's error, before any request.
 */
export function reconciledVoucher(
	node: INode,
	itemIndex: number,
	body: IDataObject,
	source: VoucherSource | undefined,
	options: IDataObject,
	fromOrder: boolean,
): { body: IDataObject; reconciliation?: Reconciliation } {
	if (!source?.money) return { body };
	try {
		const reconciliation = reconcile(body as Voucher, source.money, whenTotalsDiffer(options));
		return { body: reconciliation.voucher as IDataObject, reconciliation };
	} catch (error) {
		if (!(error instanceof ReconciliationRefused))
			throw new NodeOperationError(node, error as Error, { itemIndex });
		const where = error.field ? ` The figure comes from ${error.field}.` : '';
		const refused = new NodeOperationError(node, `Item ${itemIndex}: ${error.message}`, {
			itemIndex,
			description: `${error.fix} Nothing was sent.${where}`,
		});
		refused.context.outcome = fromOrder
			? needsAttention('orderData', `${error.message} ${error.fix} Nothing was sent.`)
			: {
					refusal: localProblemsRefusal([
						totalsProblem(error, source.money),
					]) as unknown as IDataObject,
				};
		throw refused;
	}
}

function computed(
	node: INode,
	itemIndex: number,
	voucher: IDataObject,
	kinds: KindRules,
): IDataObject {
	try {
		return kinds.complete(computeTotals(voucher as Voucher).voucher) as IDataObject;
	} catch (error) {
		throw new NodeOperationError(
			node,
			`Item ${itemIndex}: the totals could not be computed: ${(error as Error).message}`,
			{
				itemIndex,
				description:
					'Nothing was sent. "Compute Totals" needs each line\'s cantidad and valorUnitario and, for taxes, base rates such as tasaOCuota 0.16; fix the member named above, or turn "Compute Totals" off to send your own amounts.',
			},
		);
	}
}

/** Where the voucher came from, for the error's words and advice. */
export interface VoucherOrigin {
	/** Typed in the Fields form: the error names the form's fields, the JSON path is a detail. */
	form?: boolean;
	/** The amounts are computed (the form of version 1.1, or Compute Totals on). */
	computed?: boolean;
}

// The members Compute Totals fills: a problem there is one Compute Totals can fix.
const COMPUTED_AMOUNT =
	/(^|\.)(subTotal|total|descuento|importe|base|importeP|totalImpuestos(Trasladados|Retenidos))$|^impuestos\b|\.impuestos\.(traslados|retenciones)\[\d+\]\.(importe|base)$/;

/** The error for a voucher that fails the local CFDI 4.0 checks: every finding, nothing sent. */
export function invalidVoucherError(
	node: INode,
	itemIndex: number,
	result: ValidationResult,
	origin: VoucherOrigin = {},
	voucher: IDataObject = {},
): NodeOperationError {
	const findings = result.errors.map((finding) =>
		origin.form ? inFormFinding(finding, voucher) : finding,
	);
	const lines = findings.map((finding) => formatFinding(finding, itemIndex));
	const amounts = result.errors.some((finding) => COMPUTED_AMOUNT.test(finding.path));
	const advice = [
		`${result.errors.length === 1 ? 'This problem was' : `These ${result.errors.length} problems were`} found before sending, so nothing was sent to the service.`,
	];
	if (amounts && !origin.computed)
		advice.push('For the amount problems, turn on "Compute Totals" to have them computed.');
	if (origin.form) {
		const paths = result.errors.map((finding) => finding.path).filter(Boolean);
		if (paths.length) advice.push(`In the voucher's JSON: ${[...new Set(paths)].join(', ')}.`);
	} else advice.push('To send it anyway, set "Validation" to Warn.');
	const error = new NodeOperationError(node, lines.join('\n'), {
		itemIndex,
		description: advice.join(' '),
	});
	const recipient = recipientFindings(result);
	error.context.outcome = {
		errors: findings as unknown as IDataObject[],
		warnings: result.warnings as unknown as IDataObject[],
		...(recipientOutcome(recipient) as unknown as IDataObject),
		// Every finding as one structure (label, path, code, value, fix, nothing sent), for a page to word.
		refusal: localRefusal(findings, voucher) as unknown as IDataObject,
	};
	return error;
}

const RECIPIENT_FIELDS = Object.keys(RECIPIENT_FIXES) as RecipientField[];

/** The local findings on the recipient's data, placed on their field like the service's refusals. */
function recipientFindings(result: ValidationResult): RecipientProblem[] {
	return result.errors.flatMap((finding) => {
		const field = RECIPIENT_FIELDS.find((name) => finding.path === `receptor.${name}`);
		return field
			? [
					{
						field,
						path: finding.path,
						satCode: /^CFDI\d+$/.test(finding.code) ? finding.code : '',
						message: finding.message,
						fix: finding.fix,
					},
				]
			: [];
	});
}

/**
 * What planStampJob read of the item beside its voucher: its input mode, and the Options' Additional
 * Fields (JSON) when they join the body (takesAdditionalFields).
 */
export interface ItemInput extends VoucherInputMode {
	additionalFields?: IDataObject;
}

/**
 * The body to send: the voucher a body builder gave (the issuer from the credential already in),
 * completed by the Options (additional fields, fecha), totals computed when asked, and checked
 * locally against the CFDI 4.0 rules before any request (option "Validation"); `kinds`: what the
 * kinds in their own folders add to both. `node`: the node an error names.
 */
export function prepareVoucher(
	node: INode,
	itemIndex: number,
	given: IDataObject,
	stampIntended: boolean,
	options: IDataObject,
	kinds: KindRules,
	input: ItemInput,
	source?: VoucherSource,
): PreparedVoucher {
	let body = applyBodyOptions(given, options, input.additionalFields);
	// The recipient as the SAT records it, whatever built the voucher (before the key checks see it).
	const normalized = normalizeRecipient(body);
	body = normalized.voucher;
	const recipientChanges = normalized.changes.length
		? { recipientChanges: normalized.changes }
		: {};
	// A form voucher of version 1.1 has its amounts computed already (IVA bases over IEPS kept).
	if (options.computeTotals === true && !input.formComputesTotals)
		body = computed(node, itemIndex, body, kinds);
	// The one place every builder's voucher passes through: its total against its source's money.
	const reconciled = reconciledVoucher(node, itemIndex, body, source, options, input.order);
	body = reconciled.body;
	const extra = {
		...(reconciled.reconciliation ? { reconciliation: reconciled.reconciliation } : {}),
		...recipientChanges,
	};
	const qs: IDataObject = options.noCalcularFecha === true ? { noCalcularFecha: true } : {};
	const mode = (options.validation as ValidationMode | undefined) ?? 'strict';
	if (mode === 'off') return { body, qs, ...extra };
	const result = validateVoucher(body, { stamp: stampIntended, kinds });
	if (!result.valid && mode === 'strict')
		throw invalidVoucherError(
			node,
			itemIndex,
			result,
			{
				form: input.form,
				computed: options.computeTotals === true || input.formComputesTotals,
			},
			body,
		);
	return result.errors.length || result.warnings.length
		? { body, qs, validation: result, ...extra }
		: { body, qs, ...extra };
}

/**
 * The output members that say how the voucher's total met its source's money, when it did not
 * simply equal it: `reconciliation` (node version 1.1 on); for version 1, whose output has no such
 * member, the note joins the order's or the lines' `notes`, when the output has them.
 */
export function withReconciliation(
	typeVersion: number,
	output: IDataObject,
	reconciliation: Reconciliation | undefined,
): IDataObject {
	if (!reconciliation?.note) return output;
	if (typeVersion >= 1.1) {
		const { outcome, sourceTotal, voucherTotal, from, note } = reconciliation;
		return { ...output, reconciliation: { outcome, sourceTotal, voucherTotal, from, note } };
	}
	for (const member of ['order', 'lineItems']) {
		const summary = output[member] as IDataObject | undefined;
		if (summary && Array.isArray(summary.notes))
			return {
				...output,
				[member]: { ...summary, notes: [...(summary.notes as string[]), reconciliation.note] },
			};
	}
	return output;
}
