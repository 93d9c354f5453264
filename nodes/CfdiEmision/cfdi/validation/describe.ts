/** A value as it appears in a message: strings quoted, other values as JSON. */
export function messageValue(value: unknown): string {
	if (typeof value === 'string') return JSON.stringify(value);
	if (value === undefined) return 'undefined';
	// JSON would print NaN and Infinity as null, hiding the value the user must fix.
	if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** `"A"`, `"A" or "B"`, `"A", "B" or "C"`. */
export function listCodes(codes: ReadonlyArray<string>): string {
	const quoted = codes.map((code) => JSON.stringify(code));
	if (quoted.length <= 1) return quoted.join('');
	return `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

/** "Use ..." sentence for a list of acceptable codes. */
export function useCodes(codes: ReadonlyArray<string>): string {
	return `Use ${listCodes(codes)}.`;
}
