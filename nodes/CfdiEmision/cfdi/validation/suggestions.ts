import { catalogCodes } from '../catalogs/lookup';
import type { CatalogEntry } from '../catalogs/catalogEntry';
import { listCodes } from './describe';

// Short catalogs are listed in full; long ones get the closest codes.
const FULL_LIST_LIMIT = 25;
const CLOSEST_COUNT = 3;

function editDistance(a: string, b: string): number {
	const previous = Array.from({ length: b.length + 1 }, (_, j) => j);
	for (let i = 1; i <= a.length; i++) {
		let diagonal = previous[0];
		previous[0] = i;
		for (let j = 1; j <= b.length; j++) {
			const above = previous[j];
			previous[j] = Math.min(
				previous[j] + 1,
				previous[j - 1] + 1,
				diagonal + (a[i - 1] === b[j - 1] ? 0 : 1),
			);
			diagonal = above;
		}
	}
	return previous[b.length];
}

function commonPrefix(a: string, b: string): number {
	let length = 0;
	while (length < a.length && length < b.length && a[length] === b[length]) length++;
	return length;
}

/** The code a value was probably meant to be: same text ignoring case, or missing leading zeros. */
export function obviousCode(
	catalog: ReadonlyArray<CatalogEntry>,
	value: string,
): string | undefined {
	const codes = catalogCodes(catalog);
	const trimmed = value.trim();
	return codes.find(
		(code) =>
			code.toUpperCase() === trimmed.toUpperCase() ||
			(/^\d+$/.test(trimmed) && code === trimmed.padStart(code.length, '0')),
	);
}

/** Fix text for a value outside a catalog: the obvious code, the full list, or the closest codes. */
export function catalogFix(
	catalog: ReadonlyArray<CatalogEntry>,
	catalogName: string,
	value: unknown,
): string {
	const codes = catalogCodes(catalog);
	const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
	const obvious = text ? obviousCode(catalog, text) : undefined;
	if (obvious) return `Use ${JSON.stringify(obvious)} (${describeCode(catalog, obvious)}).`;
	if (codes.length <= FULL_LIST_LIMIT) return `Use a ${catalogName} code: ${listCodes(codes)}.`;
	const wanted = text.toUpperCase();
	const closest = codes
		.map((code, order) => ({
			code,
			order,
			distance: editDistance(code.toUpperCase(), wanted),
			prefix: commonPrefix(code.toUpperCase(), wanted),
		}))
		.sort((a, b) => a.distance - b.distance || b.prefix - a.prefix || a.order - b.order)
		.slice(0, CLOSEST_COUNT)
		.map((candidate) => candidate.code);
	return `Use a ${catalogName} code; the closest are ${listCodes(closest)}.`;
}

function describeCode(catalog: ReadonlyArray<CatalogEntry>, code: string): string {
	return catalog.find((entry) => entry.code === code)?.description ?? code;
}
