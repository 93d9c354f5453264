/**
 * The local CFDI 4.0 checks, run in the order SHARED_CHECKS and checksWith give below, each imported
 * from its file under validation/ (Carta Porte's parts in validation/cartaPorteGoods.ts and
 * cartaPorteLocations.ts; the UUID format a related voucher must have in cancellation.ts). The
 * kinds' own checks are handed down (`kinds`) by actions/voucher/kindsTable.ts.
 */
import type { Finding, ValidateOptions, ValidationResult } from './types';
import type { KindRules } from './kindRules';
import { ValidationContext, viewOf } from './validation/context';
import { isRecord } from './voucherShape';
import { messageValue } from './validation/describe';
import { checkBorderRate } from './validation/borderRate';
import { checkCartaPorte } from './validation/cartaPorte';
import { checkCodes } from './validation/codes';
import { checkConceptAmounts } from './validation/conceptAmounts';
import { checkComercioExterior } from './validation/comercioExterior';
import { checkConceptTaxes } from './validation/conceptTaxes';
import { checkFiscalLegends } from './validation/fiscalLegends';
import { checkFormats } from './validation/formats';
import { checkIssuer } from './validation/issuer';
import { checkRecipient } from './validation/recipientRules';
import { checkRelatedVouchers } from './validation/relatedVouchers';
import { checkRequiredFields } from './validation/requiredFields';
import { checkSchemaFacets } from './validation/schemaFacets';
import { checkVoucherTaxes } from './validation/voucherTaxes';
import { checkVoucherTotals } from './validation/voucherTotals';
import { checkVoucherType } from './validation/voucherType';

// Order matters: later checks skip values on which an earlier check already reported an error.
const SHARED_CHECKS = [
	checkRequiredFields,
	checkCodes,
	checkFormats,
	checkIssuer,
	checkRecipient,
	checkVoucherType,
	checkConceptAmounts,
	checkConceptTaxes,
	checkBorderRate,
	checkVoucherTaxes,
	checkVoucherTotals,
];

/**
 * The shared checks, then the kinds' own (handed down) around the related vouchers', the shared
 * checks of the complements any voucher may carry, the schema's limits.
 */
const checksWith = (kinds: KindRules | undefined) => [
	...SHARED_CHECKS,
	...(kinds?.checks ?? []),
	checkRelatedVouchers,
	...(kinds?.checksAfterRelated ?? []),
	checkFiscalLegends,
	checkCartaPorte,
	checkComercioExterior,
	// Last: the schema's generic limits, on every value no check above has reported.
	checkSchemaFacets,
];

/**
 * Checks a CFDI 4.0 voucher body before it is sent, collecting every finding (not only the
 * first). Each error names the path, the value and the fix; codes are local ('RFC_PATTERN') or
 * the SAT rejection they prevent ('CFDI40108', 'CRP20244'). Every kind is checked: invoices,
 * credit notes, related vouchers, fiscal legends, Carta Porte 3.1 and Comercio Exterior 2.0, and
 * the kinds in their own folders by the rules they hand down (`kinds`: payment vouchers with
 * Pagos 2.0, global invoices' InformacionGlobal; without it their members are not checked).
 * Unknown extra members are allowed.
 */
export function validateVoucher(
	voucher: unknown,
	options: ValidateOptions & { kinds?: KindRules } = {},
): ValidationResult {
	if (!isRecord(voucher)) {
		const error: Finding = {
			code: 'NOT_AN_OBJECT',
			path: '',
			value: voucher,
			message: `The voucher is ${Array.isArray(voucher) ? 'an array' : messageValue(voucher)}, not an object.`,
			fix: 'Send one voucher object per item, with emisor, receptor, conceptos and the voucher members.',
		};
		return { valid: false, errors: [error], warnings: [] };
	}
	const ctx = new ValidationContext(viewOf(voucher), options.stamp ?? true);
	for (const check of checksWith(options.kinds)) check(ctx);
	return { valid: ctx.errors.length === 0, errors: ctx.errors, warnings: ctx.warnings };
}
