/** What every conversion (order, line items, refund) returns, and how it reports a total that differs. */
import {
	addDecimal,
	compareDecimal,
	decimalAsGiven,
	decimalToNumber,
	isZero,
	subtractDecimal,
	sumDecimals,
	type Decimal,
} from '../cfdi/decimal';
import type { Voucher } from '../cfdi/types';
import type { SourceMoney } from '../cfdi/voucherSource';
import { showMoney, type PricingResult } from '../cfdi/pricing';

import type { SelfInvoiceReason } from './selfInvoice';

export type SkipReason = 'noTaxData' | 'cancelled' | 'nothingToInvoice' | SelfInvoiceReason;

export interface ConversionResult {
	/** The voucher to send; absent when the record was skipped. */
	voucher?: Voucher;
	/** What the source says the customer was charged (the order's total_price, the refund's amount). */
	orderTotal: number;
	/** The voucher's total as computed with the SAT's per-step rounding. */
	voucherTotal?: number;
	/** Present only when the two totals differ: both figures and why. */
	roundingNote?: string;
	skipped?: {
		reason: SkipReason;
		message: string;
		missing?: string[];
		/** otherRfcAtCheckout: the RFC the order carries from checkout, and the one the buyer asked for. */
		checkoutRfc?: string;
		requestedRfc?: string;
	};
	/** Lines left out, defaults applied, cents moved between lines. */
	notes: string[];
	/** The money the voucher must equal (the reconciliation rule, cfdi/reconcile.ts): the source total less the amounts left out on purpose. */
	source?: SourceMoney;
}

/** Where the source's figure comes from, for the reconciliation rule's messages. */
export interface SourceFigure {
	/** "the order's total_price", "Expected Total", "the money refunded". */
	from: string;
	/** The input member: "total_price", "expectedTotal", "refunds[0].transactions". */
	field: string;
	/** What to correct in the source, e.g. "the order's lines, taxes and total_price". */
	fix: string;
}

/** Why the voucher may not carry the whole amount charged (e.g. gift cards sold). */
export interface KnownDifference {
	amount: Decimal;
	reason: string;
}

/**
 * Compares the voucher with the source's own total and states the money the voucher must equal
 * (`source`, for the reconciliation rule). Differences are explained: amounts left out on purpose,
 * per-line tax rounding the balancing could not absorb, taxes the source charged that its rates do
 * not give, or a source total its lines do not add up to.
 */
export function finishConversion(
	pricing: PricingResult,
	sourceTotal: Decimal,
	notes: string[],
	leftOut: KnownDifference[],
	figure: SourceFigure,
): ConversionResult {
	const { voucher, voucherTotal, chargedTotal, decimals } = pricing;
	const result: ConversionResult = {
		voucher,
		orderTotal: decimalToNumber(sourceTotal),
		voucherTotal: decimalToNumber(voucherTotal),
		notes: [...notes, ...pricing.notes],
	};
	const leftOutSum = sumDecimals(leftOut.map((item) => item.amount));
	// sourceTotal − voucherTotal = rounding + amounts left out + whatever the source's own lines do not explain.
	const unexplained = subtractDecimal(subtractDecimal(sourceTotal, chargedTotal), leftOutSum);
	const details: string[] = [];
	if (!isZero(unexplained)) {
		details.push(
			`The source's lines, shipping and taxes add up to ${showMoney(addDecimal(chargedTotal, leftOutSum), decimals)}, not ${showMoney(sourceTotal, decimals)}: ${showMoney(unexplained, decimals)} is in the source itself`,
		);
	}
	if (pricing.gaps.length > 0) details.push(`${pricing.gaps.join('; ')}`);
	const kept = leftOut
		.filter((item) => !isZero(item.amount))
		.map((item) => `${showMoney(item.amount, decimals)} ${item.reason}`);
	result.source = {
		amount: decimalAsGiven(subtractDecimal(sourceTotal, leftOutSum), decimals),
		currency: String(voucher.moneda),
		from: kept.length ? `${figure.from} less ${kept.join(' and ')}` : figure.from,
		field: figure.field,
		fix: figure.fix,
		...(details.length ? { detail: `${details.join('. ')}.` } : {}),
	};
	if (compareDecimal(voucherTotal, sourceTotal) === 0) return result;

	const reasons: string[] = [...kept];
	const rounding = subtractDecimal(chargedTotal, voucherTotal);
	if (!isZero(rounding)) {
		reasons.push(
			pricing.gaps.length > 0
				? `${showMoney(rounding, decimals)} of taxes the source charged that its prices and tax rates do not give (${pricing.gaps.join('; ')})`
				: `${showMoney(rounding, decimals)} of per-line tax rounding: the SAT rounds each concept's tax to cents, and the amounts charged cannot all be reached that way`,
		);
	}
	if (!isZero(unexplained)) {
		reasons.push(
			`${showMoney(unexplained, decimals)} that the source's lines, shipping and taxes do not add up to (they sum to ${showMoney(addDecimal(chargedTotal, leftOutSum), decimals)})`,
		);
	}
	// The totals differ, so at least one of the three parts is not zero: there is always a reason.
	result.roundingNote = `The voucher total is ${showMoney(voucherTotal, decimals)} ${voucher.moneda}, the amount charged is ${showMoney(sourceTotal, decimals)}; the difference is ${reasons.join('; and ')}.`;
	return result;
}
