/**
 * Reading members of complements and other nested nodes with their full paths: each reader
 * reports a missing member, a wrong JSON type or a code outside its catalog once, and returns the
 * value only when it can be relied on. Paths use the service's member names (voucherShape).
 */
import { findEntry } from '../catalogs/lookup';
import type { CatalogEntry } from '../catalogs/catalogEntry';
import {
	addDecimal,
	compareDecimal,
	isNegative,
	isZero,
	parseDecimal,
	subtractDecimal,
	type Decimal,
} from '../decimal';
import { itemPath, memberPath, isRecord } from '../voucherShape';
import { messageValue } from './describe';
import { type UnknownRecord, type ValidationContext } from './context';
import { catalogFix } from './suggestions';

function absent(value: unknown): boolean {
	return (
		value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
	);
}

/** An object member; `required` is the fix when it is missing. */
export function readObject(
	ctx: ValidationContext,
	parent: UnknownRecord,
	key: string,
	parentPath: string,
	required?: string,
	code = 'REQUIRED',
): UnknownRecord | undefined {
	const path = memberPath(parentPath, key);
	const value = parent[key];
	if (value === undefined || value === null) {
		if (required) ctx.missing(path, required, code);
		return undefined;
	}
	if (!isRecord(value)) {
		ctx.error(
			'OBJECT_EXPECTED',
			path,
			`${path} ${messageValue(value)} is not an object.`,
			`Send ${path} as an object with named members.`,
			value,
		);
		return undefined;
	}
	return value;
}

export interface ListItem {
	item: UnknownRecord;
	path: string;
	index: number;
}

/** The object items of an array member; `required` is the fix when it is missing or empty. */
export function readList(
	ctx: ValidationContext,
	parent: UnknownRecord,
	key: string,
	parentPath: string,
	required?: string,
	code = 'REQUIRED',
): ListItem[] {
	const path = memberPath(parentPath, key);
	const value = parent[key];
	if (value === undefined || value === null) {
		if (required) ctx.missing(path, required, code);
		return [];
	}
	if (!Array.isArray(value)) {
		ctx.error(
			'ARRAY_EXPECTED',
			path,
			`${path} ${messageValue(value)} is not an array.`,
			`Send ${path} as an array of objects, even for one item.`,
			value,
		);
		return [];
	}
	if (value.length === 0 && required) {
		ctx.error(
			code === 'REQUIRED' ? 'LIST_EMPTY' : code,
			path,
			`${path} is empty.`,
			required,
			value,
		);
		return [];
	}
	const items: ListItem[] = [];
	value.forEach((item, index) => {
		const itemAt = itemPath(parentPath, key, index);
		if (isRecord(item)) items.push({ item, path: itemAt, index });
		else
			ctx.error(
				'OBJECT_EXPECTED',
				itemAt,
				`${itemAt} ${messageValue(item)} is not an object.`,
				`Send each item of ${path} as an object.`,
				item,
			);
	});
	return items;
}

/** A text member; `required` is the fix when it is missing. */
export function readText(
	ctx: ValidationContext,
	record: UnknownRecord,
	key: string,
	parentPath: string,
	required?: string,
	code = 'REQUIRED',
): string | undefined {
	const path = memberPath(parentPath, key);
	const value = record[key];
	if (absent(value)) {
		if (required) ctx.missing(path, required, code);
		return undefined;
	}
	if (typeof value !== 'string') {
		const asText = typeof value === 'number' ? ` Send it as text: "${value}".` : '';
		ctx.error(
			'STRING_EXPECTED',
			path,
			`${path} ${messageValue(value)} is not a string.`,
			asText ? asText.trim() : 'Send it as text.',
			value,
		);
		return undefined;
	}
	return value;
}

/** A text member that must be a code of a catalog (codes as given, or the entries' codes). */
export function readCode(
	ctx: ValidationContext,
	record: UnknownRecord,
	key: string,
	parentPath: string,
	catalog: ReadonlyArray<CatalogEntry>,
	catalogName: string,
	code: string,
	required?: string,
): string | undefined {
	const path = memberPath(parentPath, key);
	const raw = record[key];
	if (typeof raw === 'number' && !absent(raw)) {
		ctx.error(
			'STRING_EXPECTED',
			path,
			`${path} ${messageValue(raw)} is not a string.`,
			catalogFix(catalog, catalogName, String(raw)).replace(/^Use /, 'Send it as text: '),
			raw,
		);
		return undefined;
	}
	const value = readText(ctx, record, key, parentPath, required);
	if (value === undefined) return undefined;
	if (findEntry(catalog, value)) return value;
	ctx.error(
		code,
		path,
		`${path} ${messageValue(value)} is not a ${catalogName} code.`,
		catalogFix(catalog, catalogName, value),
		value,
	);
	return undefined;
}

export interface NumberRules {
	/** Fix text when the member is missing. */
	required?: string;
	requiredCode?: string;
	/** Most decimals allowed. */
	decimals?: number;
	decimalsCode?: string;
	/** Greater than zero (code when it is not). */
	positiveCode?: string;
	/** A whole number. */
	integer?: boolean;
}

/** A JSON number member, checked for sign and decimals; the value only when it passed. */
export function readNumber(
	ctx: ValidationContext,
	record: UnknownRecord,
	key: string,
	parentPath: string,
	rules: NumberRules = {},
): Decimal | undefined {
	const path = memberPath(parentPath, key);
	const value = record[key];
	if (absent(value)) {
		if (rules.required) ctx.missing(path, rules.required, rules.requiredCode ?? 'REQUIRED');
		return undefined;
	}
	if (typeof value !== 'number' || !Number.isFinite(value)) {
		const numeric = typeof value === 'string' && parseDecimal(value) ? value.trim() : undefined;
		ctx.error(
			'NUMBER_EXPECTED',
			path,
			`${path} ${messageValue(value)} is not a number.`,
			numeric
				? `Send it as a JSON number without quotes: ${numeric}.`
				: 'Send a decimal number, e.g. 100.50.',
			value,
		);
		return undefined;
	}
	const amount = parseDecimal(value) as Decimal;
	if (isNegative(amount) || (rules.positiveCode && isZero(amount))) {
		const code = rules.positiveCode ?? 'AMOUNT_NEGATIVE';
		ctx.error(
			code,
			path,
			`${path} ${messageValue(value)} is not greater than 0.`,
			'Use an amount greater than 0.',
			value,
		);
		return undefined;
	}
	if (rules.integer && amount.scale > 0) {
		ctx.error(
			'INTEGER_EXPECTED',
			path,
			`${path} ${messageValue(value)} is not a whole number.`,
			'Use a whole number, e.g. 1.',
			value,
		);
		return undefined;
	}
	if (rules.decimals !== undefined && amount.scale > rules.decimals) {
		ctx.error(
			rules.decimalsCode ?? 'AMOUNT_DECIMALS',
			path,
			`${path} ${messageValue(value)} has more than ${rules.decimals} decimals.`,
			`Round it to ${rules.decimals} decimals.`,
			value,
		);
		return undefined;
	}
	return amount;
}

/** A member that must not be there. */
export function forbid(
	ctx: ValidationContext,
	record: UnknownRecord,
	key: string,
	parentPath: string,
	code: string,
	why: string,
	fix = 'Remove it.',
): void {
	if (record[key] === undefined || record[key] === null) return;
	const path = memberPath(parentPath, key);
	ctx.error(code, path, `${path} must not be present ${why}.`, fix, record[key]);
}

/** true when |a − b| ≤ tolerance (an exact comparison when the tolerance is zero). */
export function near(a: Decimal, b: Decimal, tolerance: Decimal): boolean {
	return (
		compareDecimal(a, subtractDecimal(b, tolerance)) >= 0 &&
		compareDecimal(a, addDecimal(b, tolerance)) <= 0
	);
}
