/** SAT product and unit codes for a line, from the product-code table. */
import {
	DEFAULT_PRODUCT_CODE,
	DEFAULT_UNIT_CODE,
	normalizeName,
	type ProductCodeRule,
	type ProductCodeSettings,
	type ProductMatchField,
	type UntaxedTreatment,
} from './settings';

export interface ProductCodes {
	claveProdServ: string;
	claveUnidad: string;
	unidad?: string;
	untaxed?: UntaxedTreatment;
}

/** The product fields a rule can match. */
export type ProductKeys = Partial<Record<ProductMatchField, unknown>>;

// The most specific field wins whatever the rules' order: a SKU names one product, a vendor many.
const SPECIFICITY: ProductMatchField[] = ['sku', 'productType', 'vendor'];

export function productCodesFor(
	keys: ProductKeys,
	settings: ProductCodeSettings = {},
): ProductCodes {
	const rules = settings.rules ?? [];
	let rule: ProductCodeRule | undefined;
	for (const field of SPECIFICITY) {
		const value = normalizeName(keys[field]);
		if (!value) continue;
		rule = rules.find(
			(candidate) => candidate.match === field && normalizeName(candidate.value) === value,
		);
		if (rule) break;
	}
	return {
		claveProdServ: rule?.claveProdServ || settings.defaultClaveProdServ || DEFAULT_PRODUCT_CODE,
		claveUnidad: rule?.claveUnidad || settings.defaultClaveUnidad || DEFAULT_UNIT_CODE,
		...(rule?.unidad ? { unidad: rule.unidad } : {}),
		...(rule?.untaxed ? { untaxed: rule.untaxed } : {}),
	};
}
