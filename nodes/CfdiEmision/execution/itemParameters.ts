import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { FOLIO_FISCAL_PATTERN as UUID_PATTERN } from '../cfdi/cancellation';
import { skippedUpstreamFor } from './skippedUpstream';

/** Paths of the numbers JSON cannot carry (1e999 parses to Infinity; an expression may give NaN). */
function nonFiniteNumbers(value: unknown, path = ''): string[] {
	if (typeof value === 'number')
		return Number.isFinite(value) ? [] : [path || '(the value itself)'];
	if (!value || typeof value !== 'object') return [];
	const entries = Array.isArray(value)
		? value.map((member, index) => [`${path}[${index}]`, member] as const)
		: Object.entries(value).map(
				([key, member]) => [path ? `${path}.${key}` : key, member] as const,
			);
	return entries.flatMap(([memberPath, member]) => nonFiniteNumbers(member, memberPath));
}

/** The number literals of a JSON text that do not fit a number (e.g. 1e999), in document order. */
function overflowingLiterals(text: string): string[] {
	const tokens = text.match(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g) ?? [];
	return tokens.filter((token) => !token.startsWith('"') && !Number.isFinite(Number(token)));
}

/** Whether any number in the value is not finite: a walk without the paths, as nearly every value has none. */
function hasNonFinite(value: unknown): boolean {
	if (typeof value === 'number') return !Number.isFinite(value);
	if (!value || typeof value !== 'object') return false;
	if (Array.isArray(value)) {
		for (const member of value) if (hasNonFinite(member)) return true;
		return false;
	}
	for (const key in value)
		if (
			Object.prototype.hasOwnProperty.call(value, key) &&
			hasNonFinite((value as Record<string, unknown>)[key])
		)
			return true;
	return false;
}

/** Refuses numbers that JSON would send as null, naming the member and the value as written. */
function refuseNonFinite(
	ctx: IExecuteFunctions,
	itemIndex: number,
	label: string,
	value: unknown,
	text?: string,
): void {
	if (!hasNonFinite(value)) return;
	const paths = nonFiniteNumbers(value);
	if (!paths.length) return;
	const literals = text === undefined ? [] : overflowingLiterals(text);
	const shown = (path: string, index: number) => {
		const number =
			literals.length === paths.length ? literals[index] : String(getPath(value, path));
		return `${path} = ${number}`;
	};
	throw new NodeOperationError(
		ctx.getNode(),
		`Item ${itemIndex}: "${label}" has a number that is not a finite number: ${paths.slice(0, 3).map(shown).join(', ')}${paths.length > 3 ? ` and ${paths.length - 3} more` : ''}.`,
		{
			itemIndex,
			description:
				'JSON cannot carry it (it would reach the service as null), so nothing was sent. Write the amount as a plain decimal number such as 1000.75; if it comes from an expression, check it for a division by zero or a missing value.',
		},
	);
}

function getPath(value: unknown, path: string): unknown {
	let current = value;
	for (const part of path.match(/[^.[\]]+/g) ?? [])
		current = (current as Record<string, unknown> | undefined)?.[part];
	return current;
}

/** The kind of a value, as the sentence "must be a JSON object, not ..." ends. */
function kindOf(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'an array';
	if (typeof value === 'string')
		return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)}`;
	if (typeof value === 'number' || typeof value === 'boolean')
		return `the ${typeof value} ${String(value)}`;
	return `a value of type ${typeof value}`;
}

/**
 * Reads a JSON parameter given as text or as a value (an expression may produce either); empty text
 * is undefined. `hint` says how to map the value, for the error on text that is not JSON. Numbers
 * JSON cannot carry (1e999, NaN, Infinity) are refused here, named by their member.
 */
export function readJsonValue(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	label: string,
	hint: string,
): unknown {
	const raw = ctx.getNodeParameter(name, itemIndex, undefined) as unknown;
	if (typeof raw !== 'string') {
		refuseNonFinite(ctx, itemIndex, label, raw);
		return raw;
	}
	const text = raw.trim();
	if (!text) return undefined;
	let value: unknown;
	try {
		value = JSON.parse(text) as unknown;
	} catch (error) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Item ${itemIndex}: "${label}" is not valid JSON (${(error as Error).message}).`,
			{ itemIndex, description: `Nothing was sent. ${hint}` },
		);
	}
	refuseNonFinite(ctx, itemIndex, label, value, text);
	return value;
}

/** Reads a JSON object parameter given as text or as an object (an expression may produce either). */
export function readJsonParameter(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	label: string,
): IDataObject {
	const value = readJsonValue(
		ctx,
		name,
		itemIndex,
		label,
		'Enter a JSON object, or map one from a previous node with an expression such as {{ $json.voucher }}.',
	);
	// Empty text reads as {}; null is a value, usually an expression that found nothing.
	if (value === undefined) return {};
	if (!value || typeof value !== 'object' || Array.isArray(value)) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Item ${itemIndex}: "${label}" must be a JSON object ({ ... }), not ${kindOf(value)}.`,
			{
				itemIndex,
				description:
					value === null
						? "Nothing was sent. An expression that maps a missing field gives null: check that the previous node's item has the field (e.g. {{ $json.voucher }}), or enter the object itself."
						: 'Nothing was sent. Enter one object with the members as named in the API (e.g. { "serie": "A", ... }); to send several, give one per input item.',
			},
		);
	}
	return value as IDataObject;
}

export function readUuid(ctx: IExecuteFunctions, itemIndex: number): string {
	const uuid = String(voucherReferenceValue(ctx, 'uuid', itemIndex) ?? '').trim();
	if (!UUID_PATTERN.test(uuid)) {
		// An item skipped upstream (e.g. an order without tax data) has no UUID: passed on, not failed.
		const skipped = uuid ? undefined : skippedUpstreamFor(ctx, itemIndex, 'UUID');
		if (skipped) throw skipped;
		throw new NodeOperationError(
			ctx.getNode(),
			`Item ${itemIndex}: UUID "${uuid}" is not a voucher UUID.`,
			{
				itemIndex,
				description:
					'Use the 36-character UUID (folio fiscal) of a stamped voucher, such as the "uuid" returned by the Create operation.',
			},
		);
	}
	// The XML carries the UUID in upper case: one voucher, one spelling (file names, requests).
	return uuid.toUpperCase();
}

export function readVoucherId(ctx: IExecuteFunctions, itemIndex: number): number {
	const raw = voucherReferenceValue(ctx, 'voucherId', itemIndex);
	const id = typeof raw === 'number' ? raw : Number(String(raw ?? '').trim());
	if (!Number.isInteger(id) || id <= 0) {
		const skipped =
			String(raw ?? '').trim() && id !== 0 ? undefined : skippedUpstreamFor(ctx, itemIndex, 'ID');
		if (skipped) throw skipped;
		throw new NodeOperationError(
			ctx.getNode(),
			`Item ${itemIndex}: Voucher ID "${String(raw)}" is not a voucher id.`,
			{
				itemIndex,
				description:
					'Use the positive integer "idComprobante" returned when the voucher was saved as pending.',
			},
		);
	}
	return id;
}

/** Deep-merges plain objects; arrays and other values from `extra` replace what was there. */
export function mergeMembers(base: IDataObject, extra: IDataObject): IDataObject {
	const merged: IDataObject = { ...base };
	for (const [key, value] of Object.entries(extra)) {
		const current = merged[key];
		merged[key] =
			value &&
			typeof value === 'object' &&
			!Array.isArray(value) &&
			current &&
			typeof current === 'object' &&
			!Array.isArray(current)
				? mergeMembers(current as IDataObject, value as IDataObject)
				: value;
	}
	return merged;
}

/** The raw value of a voucher reference parameter, whichever version saved it. */
export function voucherReferenceValue(
	ctx: IExecuteFunctions,
	name: 'uuid' | 'voucherId',
	itemIndex: number,
): unknown {
	return ctx.getNodeParameter(name, itemIndex, '', { extractValue: true }) as unknown;
}

/** The code of a picker's value: a resource locator gives its value, a plain value (version 1, JSON) stays as it is. */
export function codeOf(value: unknown): unknown {
	if (
		value &&
		typeof value === 'object' &&
		!Array.isArray(value) &&
		'mode' in value &&
		'value' in value
	)
		return (value as { value: unknown }).value;
	return value;
}
