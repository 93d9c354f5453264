import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { computeTotals, formatFinding, validateVoucher, type ValidationResult, type Voucher } from '../cfdi';
import { withIssuerDefaults, type IssuerDefaults } from './issuerDefaults';
import { applyBodyOptions, formComputesTotals } from './voucherBody';

export type ValidationMode = 'strict' | 'warn' | 'off';

export interface PreparedVoucher {
	body: IDataObject;
	/** Query members that come from the options (noCalcularFecha); emitir is the caller's. */
	qs: IDataObject;
	/** Present when local checks ran and found something worth reporting. */
	validation?: ValidationResult;
}

function computed(ctx: IExecuteFunctions, itemIndex: number, voucher: IDataObject): IDataObject {
	try {
		return computeTotals(voucher as Voucher).voucher as IDataObject;
	} catch (error) {
		throw new NodeOperationError(ctx.getNode(), `Item ${itemIndex}: the totals could not be computed: ${(error as Error).message}`, {
			itemIndex,
			description: 'Nothing was sent. "Compute Totals" needs each line\'s cantidad and valorUnitario and, for taxes, base rates such as tasaOCuota 0.16; fix the member named above, or turn "Compute Totals" off to send your own amounts.',
		});
	}
}

/** The error for a voucher that fails the local CFDI 4.0 checks: every finding, nothing sent. */
export function invalidVoucherError(ctx: IExecuteFunctions, itemIndex: number, result: ValidationResult): NodeOperationError {
	const lines = result.errors.map((finding) => formatFinding(finding, itemIndex));
	const error = new NodeOperationError(ctx.getNode(), lines.join('\n'), {
		itemIndex,
		description: `${result.errors.length === 1 ? 'This problem was' : `These ${result.errors.length} problems were`} found before sending, so nothing was sent to the service. Fix the voucher, turn on "Compute Totals" for amount problems, or set "Validation" to Warn to send it anyway.`,
	});
	error.context.outcome = { errors: result.errors as unknown as IDataObject[], warnings: result.warnings as unknown as IDataObject[] };
	return error;
}

/**
 * The body to send: the voucher a body builder gave, completed by the Options (additional fields,
 * fecha), the issuer from the credential where the node left it empty, totals computed when asked, and checked locally against the CFDI 4.0 rules before any
 * request (option "Validation").
 */
export function prepareVoucher(ctx: IExecuteFunctions, itemIndex: number, given: IDataObject, stampIntended: boolean, options: IDataObject, issuer: IssuerDefaults = {}): PreparedVoucher {
	let body = applyBodyOptions(ctx, itemIndex, withIssuerDefaults(given, issuer), options);
	// A form voucher of version 1.1 has its amounts computed already (IVA bases over IEPS kept).
	if (options.computeTotals === true && !formComputesTotals(ctx, itemIndex)) body = computed(ctx, itemIndex, body);
	const qs: IDataObject = options.noCalcularFecha === true ? { noCalcularFecha: true } : {};
	const mode = (options.validation as ValidationMode | undefined) ?? 'strict';
	if (mode === 'off') return { body, qs };
	const result = validateVoucher(body, { stamp: stampIntended });
	if (!result.valid && mode === 'strict') throw invalidVoucherError(ctx, itemIndex, result);
	return result.errors.length || result.warnings.length ? { body, qs, validation: result } : { body, qs };
}
