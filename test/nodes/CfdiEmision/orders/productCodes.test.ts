/**
 * The SAT product and unit codes of an order's line (Product Codes table): the most specific rule
 * wins whatever the table's order (SKU, then product type, then vendor), names compared without case
 * or accents; the table's defaults, else 01010101 and H87.
 */
import { productCodesFor } from '../../../../nodes/CfdiEmision/orders/productCodes';
import type { ProductCodeSettings } from '../../../../nodes/CfdiEmision/orders/settings';

const TABLE: ProductCodeSettings = {
	defaultClaveProdServ: '53102700',
	defaultClaveUnidad: 'XUN',
	rules: [
		{ match: 'vendor', value: 'Cafetería Núñez', claveProdServ: '50201706', claveUnidad: 'KGM' },
		{ match: 'productType', value: 'Taza', claveProdServ: '52151600', unidad: 'Pieza' },
		{ match: 'sku', value: 'MUG-BLUE', claveProdServ: '52151605', untaxed: 'exempt' },
	],
};

describe('productCodesFor', () => {
	test('the SKU rule wins over product type and vendor, even listed last', () => {
		expect(
			productCodesFor({ sku: 'mug-blue', productType: 'Taza', vendor: 'Cafeteria Nunez' }, TABLE),
		).toEqual({ claveProdServ: '52151605', claveUnidad: 'XUN', untaxed: 'exempt' });
	});

	test('without a SKU rule, the product type; its unit name is kept, its missing unit code is the default', () => {
		expect(productCodesFor({ sku: 'OTHER', productType: ' taza ', vendor: 'x' }, TABLE)).toEqual({
			claveProdServ: '52151600',
			claveUnidad: 'XUN',
			unidad: 'Pieza',
		});
	});

	test('the vendor matches without accents or case', () => {
		expect(productCodesFor({ vendor: 'CAFETERIA NUNEZ' }, TABLE)).toEqual({
			claveProdServ: '50201706',
			claveUnidad: 'KGM',
		});
	});

	test("no rule matches: the table's defaults; no table: the SAT's generic codes", () => {
		expect(productCodesFor({ sku: 'NONE' }, TABLE)).toEqual({
			claveProdServ: '53102700',
			claveUnidad: 'XUN',
		});
		expect(productCodesFor({ sku: 'MUG-BLUE' })).toEqual({
			claveProdServ: '01010101',
			claveUnidad: 'H87',
		});
	});
});
