/**
 * The unit code (c_ClaveUnidad) a form line gets when its Unit Code is left empty, from its product
 * or service code (c_ClaveProdServ). Pure.
 *
 * c_ClaveProdServ follows the United Nations Standard Products and Services Code (UNSPSC): its first
 * two digits are the segment, and segments 70 to 94 are services (UNSPSC's own division; in the
 * embedded catalog, generated/claveProdServText.ts: 70 "Explotaciones pesqueras", 72 "Servicios de apoyo
 * para la construcción", 80 "Servicios de consultoría de negocios", 84 financial services, 86
 * education, 90 "Restaurantes", up to 94 "Asociaciones de negocios"). Segment 95 is land and
 * buildings (real estate, not a service); 10 to 60 are goods. A service is sold by E48 "Unidad de
 * servicio"; anything else by H87 "Pieza", the form's former preset (01010101 "No existe en el
 * catálogo" included).
 */
export const SERVICE_UNIT = 'E48';
export const PIECE_UNIT = 'H87';

/** Whether a c_ClaveProdServ code is a service's (UNSPSC segments 70 to 94). */
export function isServiceCode(claveProdServ: string): boolean {
	const code = claveProdServ.trim();
	if (!/^\d{8}$/.test(code)) return false;
	const segment = Number(code.slice(0, 2));
	return segment >= 70 && segment <= 94;
}

/** The unit of a line whose Unit Code is empty: E48 for a service's product code, else H87. */
export function unitForProduct(claveProdServ: string): string {
	return isServiceCode(claveProdServ) ? SERVICE_UNIT : PIECE_UNIT;
}
