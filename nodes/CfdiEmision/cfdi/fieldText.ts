/**
 * How a loosely typed field (the user's input, an order, the service's answer) is read as text, so
 * every guard compares the same way. Pure.
 */

/** The field as trimmed text; '' when absent (undefined or null). Numbers become their decimal text. */
export const fieldText = (value: unknown): string =>
	value === undefined || value === null ? '' : String(value).trim();

/** Text that is given (a string, not empty or blank), as it is; undefined otherwise. */
export function givenText(value: unknown): string | undefined {
	return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The field as a code compared whatever its case (an RFC, a UUID, a currency, a series). */
export const fieldCode = (value: unknown): string => fieldText(value).toUpperCase();
