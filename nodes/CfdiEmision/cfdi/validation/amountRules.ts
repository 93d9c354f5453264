import { isNegative, type Decimal } from '../decimal';
import { messageValue } from './describe';
import { amountOf, type UnknownRecord, type ValidationContext } from './context';

/**
 * Reads an amount member and reports a negative value or too many decimals (CFDI 4.0 allows no
 * negative numbers). Returns the amount only when it passed, so later checks can rely on it.
 * maxDecimals undefined (unknown currency) skips the decimals check.
 */
export function readAmount(
	ctx: ValidationContext,
	record: UnknownRecord | undefined,
	key: string,
	path: string,
	maxDecimals: number | undefined,
	decimalsCode = 'AMOUNT_DECIMALS',
): Decimal | undefined {
	const amount = amountOf(record, key);
	if (!amount || !ctx.isClean(path)) return undefined;
	const value = record?.[key];
	if (isNegative(amount)) {
		ctx.error(
			'AMOUNT_NEGATIVE',
			path,
			`${path} ${messageValue(value)} is negative.`,
			'CFDI 4.0 accepts no negative amounts; use a credit note (tipoDeComprobante "E") for refunds.',
			value,
		);
		return undefined;
	}
	if (maxDecimals !== undefined && amount.scale > maxDecimals) {
		ctx.error(
			decimalsCode,
			path,
			`${path} ${messageValue(value)} has more than ${maxDecimals} decimals.`,
			`Round it to ${maxDecimals} decimals${maxDecimals === ctx.decimals ? `, as ${messageValue(ctx.view.moneda)} allows` : ''}.`,
			value,
		);
		return undefined;
	}
	return amount;
}
