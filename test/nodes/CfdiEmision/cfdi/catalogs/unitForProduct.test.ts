import { CLAVE_PROD_SERV_CATALOG } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/codeCatalogs';
import {
	isServiceCode,
	unitForProduct,
} from '../../../../../nodes/CfdiEmision/cfdi/catalogs/unitForProduct';

describe('the unit of a form line left empty, from its product code (UNSPSC segments 70-94 are services)', () => {
	it.each([
		['84111506', 'E48'], // Servicios de facturación
		['80101500', 'E48'], // Servicios de consultoría de negocios y administración corporativa
		['70101500', 'E48'], // the first services segment
		['94101500', 'E48'], // the last services segment
		['90101501', 'E48'], // Restaurantes
		['43211706', 'H87'], // Teclados
		['95101501', 'H87'], // Parcela para vivienda unifamiliar: land, not a service
		['60101000', 'H87'], // Kits de matemáticas
		['01010101', 'H87'], // No existe en el catálogo
		['', 'H87'],
		['8411150', 'H87'], // not a code
	])('%s → %s', (code, unit) => {
		expect(unitForProduct(code)).toBe(unit);
	});

	it('the embedded catalog names the first code of each services segment as a service or an activity, and segment 95 as land', () => {
		for (const [code, word] of [
			['72101500', 'Servicios'],
			['80101500', 'Servicios'],
			['95101500', 'Lotes'],
		] as const) {
			expect(CLAVE_PROD_SERV_CATALOG.find(code)?.name).toContain(word);
		}
		expect(isServiceCode('72101500')).toBe(true);
		expect(isServiceCode('95101500')).toBe(false);
	});
});
