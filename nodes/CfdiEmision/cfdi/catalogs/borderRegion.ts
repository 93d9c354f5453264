/**
 * Where IVA 8 % can be charged: the border-region stimulus (a credit of half the 16 % IVA, so the
 * rate charged is 8 %) for sales made at a home, branch or establishment in the northern or southern
 * border region.
 *
 * Sources:
 * - Decreto de estímulos fiscales región fronteriza norte (DOF 31 December 2018, extended since):
 *   the municipalities of Baja California, Sonora, Chihuahua, Coahuila, Nuevo León and Tamaulipas it
 *   lists.
 * - Decreto de estímulos fiscales región fronteriza sur (DOF 30 December 2020, extended since): the
 *   municipalities of Campeche, Chiapas, Tabasco and Quintana Roo it lists.
 * - The SAT's c_CodigoPostal (catCFDI) marks each postal code of those municipalities in its column
 *   "Estímulo Franja Fronteriza"; phpcfdi/resources-sat-catalogs carries it as
 *   `cfdi_40_codigos_postales.estimulo_frontera`. A postal code's first two digits give its state
 *   (SEPOMEX's numbering, as the catalog's c_Estado column shows: 21-22 BCN, 24 CAM, 25-27 COA, ...).
 *
 * What is embedded: the postal-code ranges of the ten states that hold a border-region municipality.
 * A place of issue outside them (Mexico City's 06600, Guadalajara's 44100) can never carry IVA 8 %, and
 * is refused with the code named. Inside them the municipality decides and the stamping service,
 * which holds the catalog, is the judge: the catalog's per-code column (a 3 MB table) could not be
 * obtained when this was written (nor on 2026-11-27: the stored snapshot of
 * phpcfdi/resources-sat-catalogs leaves out its database/data/cfdi_40_codigos_postales.sql, and no
 * other public copy with a source was found), so a Hermosillo code (83000, Sonora, outside the region)
 * is not refused here: a voucher charging IVA 8 % gets a warning on its item instead
 * (validation/borderRate.ts). Narrowing these ranges to the marked codes is a data change only.
 */

/** [first, last] postal codes (inclusive) of a state with border-region municipalities. */
export interface BorderRange {
	from: string;
	to: string;
	state: string;
	region: 'north' | 'south';
}

export const BORDER_REGION_STATES: ReadonlyArray<BorderRange> = Object.freeze([
	{ from: '21000', to: '22999', state: 'Baja California', region: 'north' },
	{ from: '24000', to: '24999', state: 'Campeche', region: 'south' },
	{ from: '25000', to: '27999', state: 'Coahuila', region: 'north' },
	{ from: '29000', to: '30999', state: 'Chiapas', region: 'south' },
	{ from: '31000', to: '33999', state: 'Chihuahua', region: 'north' },
	{ from: '64000', to: '67999', state: 'Nuevo León', region: 'north' },
	{ from: '77000', to: '77999', state: 'Quintana Roo', region: 'south' },
	{ from: '83000', to: '85999', state: 'Sonora', region: 'north' },
	{ from: '86000', to: '86999', state: 'Tabasco', region: 'south' },
	{ from: '87000', to: '89999', state: 'Tamaulipas', region: 'north' },
]);

/** The range a five-digit postal code falls in, or undefined outside every border-region state. */
export function borderRegionOf(postalCode: unknown): BorderRange | undefined {
	const code =
		typeof postalCode === 'string' || typeof postalCode === 'number'
			? String(postalCode).trim()
			: '';
	if (!/^\d{5}$/.test(code)) return undefined;
	return BORDER_REGION_STATES.find((range) => code >= range.from && code <= range.to);
}

/** Whether a place of issue may carry IVA 8 %: a five-digit code in a border-region state. */
export function mayChargeBorderIva(postalCode: unknown): boolean {
	return borderRegionOf(postalCode) !== undefined;
}
